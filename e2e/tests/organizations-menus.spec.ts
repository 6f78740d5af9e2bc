import {
  expect,
  openFromMenu,
  openMenuFolder,
  type Page,
  shoot as shootScreen,
  signIn,
  test,
  tokenOf,
} from '../fixtures.ts';

/** The pointer out of the way first: a row under it would show hovered in the picture. */
async function shoot(page: Page, name: string) {
  await page.mouse.move(5, 5);
  await shootScreen(page, `organizations-menus-${name}.png`);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

test.describe('menus, icons and organisations as admin', () => {
  // Long user journeys on a 2-core machine shared with other suites.
  test.describe.configure({ timeout: 150_000 });
  test.use({ signedInAs: 'admin' });

  test('adds a menu with an icon from the gallery, drags it under Projects, sees the navigation follow', async ({
    page,
  }) => {
    await page.goto('/#/sysMenu');
    const tree = page.getByTestId('menu-tree');
    await tree.getByText('System (System)', { exact: true }).click();
    await expect(page.getByLabel('Code')).toHaveValue('System');
    await page.getByRole('button', { name: 'Add child' }).click();
    await page.getByLabel('Code').fill('E2eScreen');
    await page.getByLabel('Name', { exact: true }).fill('E2E screen');
    await page.getByLabel('Chinese name').fill('端到端');
    await page.getByLabel('URL').fill('/e2eScreen/Manager');

    // The icon comes from the same gallery as /icons.
    await page.getByRole('button', { name: 'Choose an icon' }).click();
    const gallery = page.locator('.ant-modal').filter({ hasText: 'Choose an icon' });
    await gallery.getByLabel('Search icons by name').fill('rocket');
    await expect(gallery.getByRole('button', { name: 'RocketOutlined' })).toBeVisible();
    await expect(gallery.getByRole('button', { name: 'HomeOutlined' })).toHaveCount(0);
    await gallery.getByRole('button', { name: 'RocketOutlined' }).click();
    await expect(gallery).toBeHidden();
    await expect(page.getByLabel('Icon')).toHaveValue('RocketOutlined');
    await page.getByRole('checkbox', { name: 'Search' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Menu saved')).toBeVisible();
    await expect(tree.getByText('E2E screen (E2eScreen)')).toBeVisible();

    // The navigation shows it under System at once.
    const nav = page.getByTestId('menu');
    await openMenuFolder(page, 'System');
    await expect(nav.getByRole('menuitem', { name: /E2E screen/ })).toHaveCount(1);
    await shoot(page, 'sysmenu-en');

    // Drag it onto the Projects folder (lower half of the row: into it). The tree of every System menu
    // is taller than the screen: a tall window keeps both rows in view for the mouse.
    await page.setViewportSize({ width: 1366, height: 1600 });
    const row = (title: string) => tree.locator(`.ant-tree-node-content-wrapper[title="${title}"]`);
    const from = await row('E2E screen (E2eScreen)').boundingBox();
    const to = await row('Projects (Project)').boundingBox();
    if (!from || !to) throw new Error('tree rows not laid out');
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 24, from.y + from.height / 2 - 4, { steps: 3 });
    await page.mouse.move(to.x + 20, to.y + to.height * 0.7, { steps: 12 });
    await page.mouse.up();
    await expect(toast(page, 'Menu moved')).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 820 });

    await page.reload();
    await expect(nav).toBeVisible();
    await nav.getByText('Projects', { exact: true }).click();
    const moved = nav.getByRole('menuitem', { name: /E2E screen/ });
    await expect(moved).toBeVisible();
    // Its icon is one the gallery offered, drawn by name.
    await expect(moved.locator('[aria-label="rocket"]')).toBeVisible();
    const projects = nav.locator('li.ant-menu-submenu').filter({ hasText: 'Projects' });
    await expect(projects).toContainText('E2E screen');
    await expect(nav.locator('li.ant-menu-submenu').filter({ hasText: 'System' })).not.toContainText('E2E screen');

    // A folder with children stays: the server says why.
    await tree.getByText('Projects (Project)', { exact: true }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'has sub-menus; move or delete them first')).toBeVisible();

    // Clean up through the screen: delete the new menu.
    await tree.getByText('E2E screen (E2eScreen)').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Menu deleted')).toBeVisible();
    await expect(tree.getByText('E2E screen (E2eScreen)')).toHaveCount(0);
    await expect(nav).not.toContainText('E2E screen');
  });

  test('the menu editor in Chinese', async ({ page }) => {
    await page.goto('/#/sysMenu');
    await page.getByText('简体中文').click();
    const tree = page.getByTestId('menu-tree');
    await tree.getByText('菜单管理 (SysMenu)').click();
    await expect(page.getByLabel('编码')).toHaveValue('SysMenu');
    await expect(page.getByLabel('编码')).toBeDisabled();
    await shoot(page, 'sysmenu-zh');
    await page.getByText('English', { exact: true }).click();
  });

  test('searches the icon gallery and copies a name to the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openFromMenu(page, 'System', 'Icons');
    await expect(page).toHaveURL(/#\/icons$/);
    const list = page.getByRole('list', { name: 'Icons' });
    // The full set is its own chunk, fetched when the gallery first shows.
    await expect(page.getByText(/^\d+ icons$/)).toBeVisible({ timeout: 30_000 });
    await expect(list.getByRole('button', { name: 'HomeOutlined', exact: true })).toHaveCount(1);
    // All three styles are offered.
    for (const name of ['StarOutlined', 'StarFilled', 'StarTwoTone']) {
      await expect(list.getByRole('button', { name, exact: true })).toHaveCount(1);
    }
    const total = Number((await page.getByText(/^\d+ icons$/).textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThan(700);
    await shoot(page, 'icons-en');

    await page.getByLabel('Search icons by name').fill('cloudupload');
    await expect(page.getByText('1 icons')).toBeVisible();
    await list.getByRole('button', { name: 'CloudUploadOutlined' }).click();
    await expect(toast(page, 'Copied CloudUploadOutlined')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CloudUploadOutlined');
  });

  test('adds, edits and deletes an organisation, and lists a unit’s users', async ({ page }) => {
    await page.goto('/#/Organization');
    const tree = page.getByTestId('organization-tree');
    await tree.getByText('Project management office (PMO)').click();
    await expect(page.getByRole('cell', { name: 'Paula Meyer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', '#/User');
    await shoot(page, 'organization-en');

    await tree.getByText('Headquarters (HQ)').click();
    await page.getByRole('button', { name: 'Add child' }).click();
    await page.getByLabel('Code').fill('E2E-OPS');
    await page.getByLabel('Name', { exact: true }).fill('E2E operations');
    await page.getByLabel('Type').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Team', { exact: true }).click();
    await page.getByLabel('Manager').click();
    await page.getByLabel('Manager').fill('paula');
    await page.locator('.ant-select-dropdown:visible').getByText('Paula Meyer (pm)').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Organisation saved')).toBeVisible();
    await expect(tree.getByText('E2E operations (E2E-OPS)')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('E2E field operations');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(tree.getByText('E2E field operations (E2E-OPS)')).toBeVisible();
    await page.reload();
    await tree.getByText('E2E field operations (E2E-OPS)').click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('E2E field operations');
    await expect(page.locator('.ant-form').getByText('Paula Meyer')).toBeVisible();

    // A used code is a field error, not a toast.
    await page.getByLabel('Code').fill('HQ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Already used by another organisation')).toBeVisible();
    await page.getByLabel('Code').fill('E2E-OPS');

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Organisation deleted')).toBeVisible();
    await expect(tree.getByText(/E2E field operations/)).toHaveCount(0);

    // A unit with users stays.
    await tree.getByText('Project management office (PMO)').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'still has users')).toBeVisible();
  });

  test('edits the button catalogue: adds, renames and deletes a custom button', async ({ page }) => {
    await page.goto('/#/Button');
    await page.getByRole('button', { name: 'Add button' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Add button' });
    await dialog.getByLabel('Code').fill('E2ePrint');
    await dialog.getByLabel('Name', { exact: true }).fill('Print');
    await dialog.getByLabel('Chinese name').fill('打印');
    await dialog.getByLabel('Function name').fill('print');
    await dialog.getByLabel('Icon').fill('PrinterOutlined');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Button saved')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'E2ePrint' });
    await expect(row).toContainText('PrinterOutlined');
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ant-modal').getByLabel('Name', { exact: true }).fill('Print list');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Print list');
    // Built-ins offer no delete.
    await expect(
      page.getByRole('row').filter({ hasText: 'Search' }).first().getByRole('button', { name: 'Delete' }),
    ).toHaveCount(0);
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Button deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'E2ePrint' })).toHaveCount(0);
  });
});

test('pm sees none of these screens and their calls answer 403', async ({ page }) => {
  await signIn(page, 'pm');
  const nav = page.getByTestId('menu');
  await nav.getByText('System', { exact: true }).click();
  await expect(nav.getByRole('menuitem', { name: /Dictionary items/ })).toBeVisible();
  for (const name of ['Menus', 'Icons', 'Organisations', 'Button catalogue']) {
    await expect(nav.getByRole('menuitem', { name })).toHaveCount(0);
  }
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  for (const url of ['/api/menu/getAll', '/api/Button/getAll', '/api/Organization/getTree']) {
    expect((await page.request.get(url, { headers })).status()).toBe(403);
  }
  const add = await page.request.post('/api/Organization/add', {
    headers,
    data: { parentId: null, code: 'X', name: 'X', type: 'team', managerId: null, sort: 0 },
  });
  expect(add.status()).toBe(403);
});

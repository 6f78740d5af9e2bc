import type { Page } from '@playwright/test';
import { expect, openDropdown, shoot, stamp, test } from '../fixtures.ts';
import { dialog, toast, toolbarButton, toolbarDialog } from '../grid-helpers.ts';

/** Opens a screen and waits for its heading (a cold server's first list can take a while on a busy machine). */
async function open(page: Page, path: string, heading: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
}

/**
 * The same conventions on every screen: the title is the menu's name, a dialog names one record,
 * one search button, More works from the keyboard, the navigation shows where you are however you
 * got there, the menu editor keeps its form in view, and /File takes uploads.
 */
test.describe('consistency and keyboard', () => {
  test.use({ signedInAs: 'admin' });

  test('More opens from the keyboard: Enter, ArrowDown, Enter runs the second action; Escape closes it', async ({
    page,
  }) => {
    // Admin's /Employee: Search, Add, Edit, Delete inline; Import and Export under More.
    await open(page, '/Employee', 'Employees');
    const more = toolbarButton(page, 'More');
    const menu = openDropdown(page);
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem')).toHaveText([/Import/, /Export/]);
    // As a menu button does: the menu takes the focus on its first item; the arrows move it.
    await expect(menu.getByRole('menuitem', { name: /Import/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /Export/ })).toBeFocused();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(menu).toHaveCount(0);

    // ArrowDown and Space open it too; Escape closes it and gives the focus back.
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /Import/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await page.keyboard.press('Space');
    await expect(menu.getByRole('menuitem', { name: /Import/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    // And a plain click (no hover wait) opens it.
    await more.click();
    await expect(menu.getByRole('menuitem', { name: /Export/ })).toBeVisible();
  });

  test('the page title and the grid heading are the menu name, in the reader’s language', async ({ page }) => {
    // The menu calls this screen "Project information"; its entity is "Projects".
    await page.goto('/#/ProjectInformation');
    await expect(page.getByRole('heading', { name: 'Project information', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Project information - Trestle');
    await page.goto('/#/Button');
    await expect(page).toHaveTitle('Button catalogue - Trestle');
    await page.getByText('简体中文').click();
    await expect(page).toHaveTitle('按钮管理 - Trestle');
    await page.goto('/#/Employee');
    await expect(page.getByRole('heading', { name: '员工管理', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('员工管理 - Trestle');
    await page.getByText('English', { exact: true }).click();
    await expect(page).toHaveTitle('Employees - Trestle');
  });

  test('the add and edit dialogs name one record: "Add employee", "新建员工"; one search button per screen', async ({
    page,
  }) => {
    await open(page, '/Employee', 'Employees');
    await page.getByTestId('grid-advanced-toggle').click();
    await expect(page.getByTestId('grid-search-panel')).toBeVisible();
    const searchButtons = page.getByRole('main').getByRole('button', { name: /(^|\s)(Search|查询)$/ });
    await expect(searchButtons).toHaveCount(1);
    await expect(await toolbarDialog(page, 'Add', 'Add employee')).toBeVisible();
    await shoot(page, 'add-employee-en.png');
    await dialog(page, 'Add employee').getByRole('button', { name: 'Cancel' }).click();

    await page.getByText('简体中文').click();
    await expect(searchButtons).toHaveCount(1);
    await expect(await toolbarDialog(page, '新建', '新建员工')).toBeVisible();
    await shoot(page, 'add-employee-zh.png');
    await dialog(page, '新建员工')
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    await page.getByText('English', { exact: true }).click();

    // Tenants have a quick search and a toolbar Search: still one button.
    await page.goto('/#/TenantMan');
    await expect(page.getByTestId('tenant-search').getByRole('searchbox')).toBeVisible();
    await expect(searchButtons).toHaveCount(1);
  });

  test('the navigation highlights the screen however it was reached: typed, back button, /Manager url', async ({
    page,
  }) => {
    const nav = page.getByTestId('menu');
    const selected = (name: string) => nav.locator('.ant-menu-item-selected').filter({ hasText: name });
    await page.goto('/#/home');
    await expect(selected('Home')).toBeVisible();
    // Typed: the System folder opens to show it.
    await page.goto('/#/Button');
    await expect(selected('Button catalogue')).toBeVisible();
    await page.goto('/#/UserInfo/Manager');
    await expect(page).toHaveURL(/#\/UserInfo$/);
    await expect(selected('Personal center')).toBeVisible();
    await expect(nav.locator('.ant-menu-item-selected')).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/#\/Button$/);
    await expect(selected('Button catalogue')).toBeVisible();
    await nav.getByRole('menuitem', { name: /Data permissions/ }).click();
    await expect(selected('Data permissions')).toBeVisible();
    await shoot(page, 'nav-highlight-en.png');
  });

  test('the menu editor keeps its form in view while the tree scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 600 });
    await page.goto('/#/sysMenu');
    const tree = page.getByTestId('menu-tree');
    await tree.getByText('Home (Home)', { exact: true }).click();
    const form = page.getByTestId('menu-form-card');
    await expect(form.getByLabel('Code')).toHaveValue('Home');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const box = await form.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 600).toBeLessThan(100);
    await expect(form.getByLabel('Code')).toBeInViewport();
  });

  test('/File uploads a real file, which then shows in the list', async ({ page }) => {
    await open(page, '/File', 'Files');
    const name = `e2e-upload-${stamp()}.pdf`;
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('main')
      .getByRole('button', { name: /Upload/ })
      .click();
    await (await chooser).setFiles({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await expect(toast(page, `Uploaded ${name}`)).toBeVisible();
    const row = page.getByTestId('file-table').getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('application/pdf');
    await expect(row).toContainText('admin');
  });
});

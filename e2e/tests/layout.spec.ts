import { expect, openDropdown, type Page, signIn, test } from '../fixtures.ts';

/** Hovers the header button with the user's name (the dropdown opens after 250 ms) and picks an item. */
async function pickFromUserMenu(page: Page, userTrueName: string, item: string) {
  await page.getByRole('button', { name: new RegExp(userTrueName) }).hover();
  await openDropdown(page).getByRole('menuitem', { name: item }).click();
}

test.describe('layout, breadcrumb, menus and language', () => {
  test('the left layout is the default; Top from the user menu switches and survives a reload', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByTestId('layout-left')).toBeVisible();
    await expect(page.getByTestId('layout-top')).toHaveCount(0);
    await pickFromUserMenu(page, 'Administrator', 'Top');
    await expect(page.getByTestId('layout-top')).toBeVisible();
    await expect(page.getByTestId('layout-left')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('layout-top')).toBeVisible();
    await expect(page.getByTestId('menu')).toContainText('Personal center');
    await pickFromUserMenu(page, 'Administrator', 'Left');
    await expect(page.getByTestId('layout-left')).toBeVisible();
  });

  test('the user menu lists Personal center, the Layout group and Sign out; Personal center opens /UserInfo', async ({
    page,
  }) => {
    await signIn(page, 'pm');
    await page.getByRole('button', { name: /Paula Meyer/ }).hover();
    for (const item of ['Personal center', 'Left', 'Top', 'Sign out']) {
      await expect(openDropdown(page).getByRole('menuitem', { name: item })).toBeVisible();
    }
    await expect(openDropdown(page).getByText('Layout', { exact: true })).toBeVisible();
    await openDropdown(page).getByRole('menuitem', { name: 'Personal center' }).click();
    await expect(page).toHaveURL(/#\/UserInfo$/);
  });

  test('the breadcrumb reads My position / Home and then the menu path of the screen', async ({ page }) => {
    await signIn(page, 'admin');
    const crumb = page.getByTestId('breadcrumb');
    await expect(crumb).toHaveText('My position/Home');
    await page.goto('/#/Button');
    await expect(crumb).toHaveText('My position/Home/System/Button catalogue');
    await page.goto('/#/UserInfo');
    await expect(crumb).toHaveText('My position/Home/Personal center');
    // Home is a link back on every other screen.
    await crumb.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(crumb).toHaveText('My position/Home');
  });

  test('admin sees System > Button catalogue in the menu', async ({ page }) => {
    await signIn(page, 'admin');
    const nav = page.getByTestId('menu');
    await expect(nav.getByRole('menuitem', { name: /Home/ })).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: /Personal center/ })).toBeVisible();
    await nav.getByText('System').click();
    await nav.getByRole('menuitem', { name: /Button catalogue/ }).click();
    await expect(page).toHaveURL(/#\/Button$/);
  });

  test('pm sees Home, Personal center, Projects and under System only Dictionary items (no Button catalogue)', async ({
    page,
  }) => {
    await signIn(page, 'pm');
    const nav = page.getByTestId('menu');
    await expect(nav.getByRole('menuitem', { name: /Personal center/ })).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: /Home/ })).toBeVisible();
    await expect(nav.getByText('Projects', { exact: true })).toBeVisible();
    // pm's grants under System: DictionaryList (Search) only.
    await nav.getByText('System', { exact: true }).click();
    await expect(nav.getByRole('menuitem', { name: /Dictionary items/ })).toBeVisible();
    await expect(nav).not.toContainText('Button catalogue');
    await expect(nav.getByRole('menuitem', { name: /^Dictionaries$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Button catalogue/ })).toHaveCount(0);
  });

  test('简体中文 turns the breadcrumb and the server menu names Chinese, and English turns them back', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const crumb = page.getByTestId('breadcrumb');
    const nav = page.getByTestId('menu');
    await page.goto('/#/UserInfo');
    await expect(crumb).toHaveText('My position/Home/Personal center');
    await page.getByText('简体中文').click();
    await expect(crumb).toHaveText(/^我的位置\/首页/);
    await expect(crumb).toContainText('个人中心');
    await expect(nav).toContainText('个人中心');
    await expect(nav).not.toContainText('Personal center');
    // Remembered: a reload stays in Chinese.
    await page.reload();
    await expect(crumb).toHaveText(/^我的位置\/首页/);
    await page.getByText('English', { exact: true }).click();
    await expect(crumb).toHaveText('My position/Home/Personal center');
    await expect(nav).toContainText('Personal center');
    await expect(nav).not.toContainText('个人中心');
  });
});

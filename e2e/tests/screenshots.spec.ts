import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, openDropdown, type Page, screenshotDir, signIn, test } from '../fixtures.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', screenshotDir);
mkdirSync(dir, { recursive: true });

/** Waits for the screen to settle (no navigation bar, no open dropdown, no toast), then saves it. */
async function shoot(page: Page, name: string, opts: { keepDropdown?: boolean } = {}) {
  await expect(page.getByTestId('nav-loading')).toHaveCount(0);
  if (!opts.keepDropdown) await expect(openDropdown(page)).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  const file = path.join(dir, name);
  await page.screenshot({ path: file, animations: 'disabled' });
  expect(file).toMatch(/\.png$/);
}

async function pickLayout(page: Page, userTrueName: string, item: string) {
  await page.getByRole('button', { name: new RegExp(userTrueName) }).hover();
  await openDropdown(page).getByRole('menuitem', { name: item }).click();
  // Move away so the dropdown closes before the picture is taken.
  await page.mouse.move(700, 780);
  await expect(openDropdown(page)).toHaveCount(0);
}

test.describe('screenshots of the shell (e2e/screenshots)', () => {
  test('login screen', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await shoot(page, 'login.png');
  });

  test('home in both layouts and both languages', async ({ page }) => {
    await signIn(page, 'admin');
    const crumb = page.getByTestId('breadcrumb');
    await expect(page.getByRole('heading', { name: 'Welcome, Administrator' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Button catalogue/ })).toBeVisible();
    await expect(page.getByTestId('layout-left')).toBeVisible();
    await shoot(page, 'home-left-en.png');

    await pickLayout(page, 'Administrator', 'Top');
    await expect(page.getByTestId('layout-top')).toBeVisible();
    await shoot(page, 'home-top-en.png');

    await page.getByText('简体中文').click();
    await expect(crumb).toHaveText('我的位置/首页');
    await expect(page.getByTestId('menu')).toContainText('个人中心');
    await shoot(page, 'home-top-zh.png');

    await pickLayout(page, 'Administrator', '左侧');
    await expect(page.getByTestId('layout-left')).toBeVisible();
    await expect(crumb).toHaveText('我的位置/首页');
    await shoot(page, 'home-left-zh.png');
  });

  test('401 and not-found screens', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/401');
    await expect(page.getByText('You have no permission to view this page')).toBeVisible();
    await shoot(page, '401.png');
    await page.goto('/#/no/such/screen');
    await expect(page.getByText('The page you visited does not exist')).toBeVisible();
    await shoot(page, 'not-found.png');
  });

  test('personal center of admin with More open', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/UserInfo');
    await expect(page.getByLabel('Display name')).toHaveValue('Administrator');
    await page.getByRole('main').getByRole('button', { name: /More/ }).hover();
    await expect(openDropdown(page).getByRole('menuitem', { name: /Sign out/ })).toBeVisible();
    await shoot(page, 'userinfo-admin.png', { keepDropdown: true });
  });
});

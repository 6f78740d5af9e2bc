import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator } from '@playwright/test';
import { expect as baseExpect, type Page, screenshotDir, signIn, submitLogin, test, tokenOf } from '../fixtures.ts';

// Sign-ins hash with argon2 on a shared 2-core machine: give each step room.
const expect = baseExpect.configure({ timeout: 30_000 });

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', screenshotDir);
mkdirSync(dir, { recursive: true });

const NEW_USER = `casey${Date.now() % 100000}`;
const FIRST_PASSWORD = 'First-pass-2026';
/** The grid's Add button (its accessible name carries the icon's label, 'plus Add'). */
const ADD = /(^|\s)Add$/;
const TEMP_PASSWORD = 'Temporary-2026';
const FINAL_PASSWORD = 'Chosen-pass-2026';

async function shoot(page: Page, name: string) {
  await expect(page.getByTestId('nav-loading')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.screenshot({ path: path.join(dir, name), animations: 'disabled' });
}

const dialog = (page: Page) => page.getByRole('dialog');
/** Picks tree options (by title) in an open TreeSelect dropdown. */
async function pickInTree(page: Page, field: Locator, titles: string[]) {
  await field.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  for (const title of titles) await dropdown.getByTitle(title, { exact: true }).click();
  await page.keyboard.press('Escape');
}
const userRow = (page: Page, userName: string) => page.getByRole('row').filter({ hasText: userName });

/** A second, separate browser (its own cookies): the user the admin acts on. */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Opens the navigation's System folder if it is there and closed (antd renders a closed folder's items lazily). */
async function openSystem(page: Page) {
  const title = page.getByTestId('menu').getByRole('menuitem', { name: /(^|\s)System$/ });
  if ((await title.count()) > 0 && (await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  return page.getByTestId('menu');
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.describe('users, roles and permissions', () => {
  test('admin creates a user with two roles', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/User');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(userRow(page, 'Paula Meyer')).toBeVisible();
    await shoot(page, 'users-roles-users-list-en.png');

    await page.getByRole('button', { name: 'Add user' }).click();
    const form = dialog(page);
    // The shared schema checks in the browser too.
    await form.getByLabel('User name').fill('1x');
    await form.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByText('at least 3 characters')).toBeVisible();
    await form.getByLabel('User name').fill(NEW_USER);
    await form.getByLabel('Password').fill(FIRST_PASSWORD);
    await form.getByLabel('Name', { exact: true }).fill('Casey Jones');
    await form.getByLabel('Phone').fill('13800138000');
    await pickInTree(page, form.getByLabel('Roles'), ['Project manager', 'Staff']);
    await form.getByRole('button', { name: 'OK' }).click();
    await expect(form).toHaveCount(0);

    const row = userRow(page, NEW_USER);
    await expect(row).toBeVisible();
    await expect(row.getByText('Project manager')).toBeVisible();
    await expect(row.getByText('Staff')).toBeVisible();
    await expect(row.getByText('Enabled')).toBeVisible();
  });

  test('disabling a user throws its open session out', async ({ page, browser, baseURL }) => {
    const user = await otherBrowser(browser, baseURL);
    await user.goto('/#/login');
    await submitLogin(user, NEW_USER, FIRST_PASSWORD);
    await expect(user).toHaveURL(/#\/home/);

    await signIn(page, 'admin');
    await page.goto('/#/User');
    await userRow(page, NEW_USER).getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(userRow(page, NEW_USER).getByText('Disabled')).toBeVisible();

    // The next call of the open session is refused: back to sign-in.
    const token = await tokenOf(user);
    const answer = await user.request.get('/api/user/getCurrentUserInfo', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(401);
    await user.goto('/#/UserInfo');
    await expect(user).toHaveURL(/#\/login/);
    await submitLogin(user, NEW_USER, FIRST_PASSWORD);
    await expect(user.getByText('This account is disabled')).toBeVisible();

    await userRow(page, NEW_USER).getByRole('button', { name: 'Enable' }).click();
    await expect(userRow(page, NEW_USER).getByText('Enabled')).toBeVisible();
    await user.context().close();
  });

  test('a reset password must be changed at the next sign-in', async ({ page, browser, baseURL }) => {
    await signIn(page, 'admin');
    await page.goto('/#/User');
    await userRow(page, NEW_USER).getByRole('button', { name: 'Reset password' }).click();
    const form = dialog(page);
    await form.getByLabel('Temporary password').fill(TEMP_PASSWORD);
    await form.getByLabel('Confirm password').fill(TEMP_PASSWORD);
    await form.getByRole('button', { name: 'OK' }).click();
    await expect(userRow(page, NEW_USER).getByText('Must change password')).toBeVisible();

    const user = await otherBrowser(browser, baseURL);
    await user.goto('/#/login');
    await submitLogin(user, NEW_USER, TEMP_PASSWORD);
    const change = user.getByRole('dialog', { name: 'Change password' });
    await expect(change).toBeVisible();
    const token = await tokenOf(user);
    const blocked = await user.request.post('/api/User/getUserPage', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(blocked.status()).toBe(403);
    expect((await blocked.json()).code).toBe('password_change_required');

    await change.getByLabel('Current password').fill(TEMP_PASSWORD);
    await change.getByLabel('New password', { exact: true }).fill(FINAL_PASSWORD);
    await change.getByLabel('Confirm new password').fill(FINAL_PASSWORD);
    await change.getByRole('button', { name: 'OK' }).click();
    await expect(change).toHaveCount(0);
    await user.goto('/#/Employee');
    await expect(user.getByRole('row').filter({ hasText: 'E1001' })).toBeVisible();
    await user.context().close();

    await page.reload();
    await expect(userRow(page, NEW_USER).getByText('Must change password')).toHaveCount(0);
  });

  test('the role tree and the role types', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/Role');
    await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Project manager' })).toBeVisible();
    await page.getByRole('row').filter({ hasText: 'Staff' }).getByRole('button', { name: 'Add below' }).click();
    const form = dialog(page);
    await form.getByLabel('Code').fill('intern');
    await form.getByLabel('Role', { exact: true }).fill('Intern');
    await form.getByRole('button', { name: 'OK' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Intern' })).toBeVisible();
    await shoot(page, 'users-roles-role-tree.png');

    await page.goto('/#/roletype');
    await expect(page.getByRole('heading', { name: 'Role types' })).toBeVisible();
    // A type in use cannot be deleted.
    const business = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'business', exact: true }) });
    await expect(business.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  test('a permission change reaches the affected user: the next call at once, menu and buttons on reopening', async ({
    page,
    browser,
    baseURL,
  }) => {
    let user = await otherBrowser(browser, baseURL);
    await user.goto('/#/login');
    await submitLogin(user, NEW_USER, FINAL_PASSWORD);
    await expect(user).toHaveURL(/#\/home/);
    await user.goto('/#/Employee');
    await expect(user.getByRole('row').filter({ hasText: 'E1001' })).toBeVisible();
    await expect(user.getByRole('button', { name: ADD })).toHaveCount(0);
    await expect((await openSystem(user)).getByText('Users', { exact: true })).toHaveCount(0);
    const headers = { authorization: `Bearer ${await tokenOf(user)}` };
    const listUsers = () => user.request.post('/api/User/getUserPage', { headers, data: {} });
    expect((await listUsers()).status()).toBe(403);
    /** The app opened again in the same browser: the tab's session storage keeps the menu it loaded (spec §3). */
    const reopen = async () => {
      const fresh = await user.context().newPage();
      await user.close();
      await fresh.goto('/#/Employee');
      await expect(fresh.getByRole('row').filter({ hasText: 'E1001' })).toBeVisible();
      return fresh;
    };

    await signIn(page, 'admin');
    await page.goto('/#/permission');
    await page.getByRole('tree').getByText('Project manager').click();
    await expect(page.getByRole('checkbox', { name: 'Employees: Export' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Employees: Add' }).check();
    await page.getByRole('checkbox', { name: 'Users: Search' }).check();
    await expect(page.getByRole('checkbox', { name: 'Users: Open' })).toBeChecked();
    // Ticking scrolled the matrix; the picture starts at the heading.
    await page.getByRole('heading', { name: 'Permissions' }).scrollIntoViewIfNeeded();
    await shoot(page, 'users-roles-permission-matrix-en.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permissions saved')).toBeVisible();

    expect((await listUsers()).status()).toBe(200);
    user = await reopen();
    await expect(user.getByRole('button', { name: ADD })).toBeVisible();
    await (await openSystem(user)).getByText('Users', { exact: true }).click();
    await expect(user).toHaveURL(/#\/User/);
    await expect(user.getByRole('heading', { name: 'Users' })).toBeVisible();
    // Search only: no add button, no row actions that change anything.
    // Not a super admin: it sees only users whose roles lie below its own, and nothing lies below pm and staff.
    await expect(user.locator('.ant-table .ant-empty')).toBeVisible();
    await expect(user.getByRole('row').filter({ hasText: 'Paula Meyer' })).toHaveCount(0);
    await expect(user.getByRole('button', { name: 'Add user' })).toHaveCount(0);
    await expect(user.getByRole('button', { name: 'Disable' })).toHaveCount(0);

    // Taking it back applies as quickly.
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    // Closing the screen drops its buttons too.
    await page.getByRole('checkbox', { name: 'Users: Open' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Users: Search' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Employees: Add' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permissions saved')).toBeVisible();
    expect((await listUsers()).status()).toBe(403);
    user = await reopen();
    await expect(user.getByRole('button', { name: ADD })).toHaveCount(0);
    await expect((await openSystem(user)).getByText('Users', { exact: true })).toHaveCount(0);
    await user.context().close();

    await page.getByText('简体中文').click();
    await page.getByRole('tree').getByText('项目经理').click();
    await expect(page.getByRole('checkbox', { name: '员工管理: 导出' })).toBeChecked();
    // Ticking scrolled the matrix; the picture starts at the heading.
    await page.getByRole('heading', { name: '权限分配' }).scrollIntoViewIfNeeded();
    await shoot(page, 'users-roles-permission-matrix-zh.png');
  });

  test('the project manager sees none of these screens and their calls answer 403', async ({ page }) => {
    await signIn(page, 'pm');
    await expect(page.getByTestId('menu')).toContainText('Personal center');
    const menu = await openSystem(page);
    for (const name of ['Users', 'Roles', 'Role types', 'Permissions']) {
      await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
    }
    const token = await tokenOf(page);
    const headers = { authorization: `Bearer ${token}` };
    for (const url of ['/api/User/getUserPage', '/api/Role/addRole', '/api/roletype/addType', '/api/permission/save']) {
      expect((await page.request.post(url, { headers, data: {} })).status()).toBe(403);
    }
    for (const url of ['/api/Role/getRoleTree', '/api/permission/getRoles', '/api/roletype/getList']) {
      expect((await page.request.get(url, { headers })).status()).toBe(403);
    }
  });
});

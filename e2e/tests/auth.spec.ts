import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, submitLogin, test, tokenOf } from '../fixtures.ts';

/** A user name no other test (or earlier run on the same server) has taken. */
const freshName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

async function registerByApi(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post('/api/user/register', {
    data: { userName, password, userTrueName: 'E2E Walker', phone: '13800138000', email: `${userName}@example.com` },
  });
  expect(res.status()).toBe(200);
}

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('signing in, registering, passwords, signing out, avatar', () => {
  test('a wrong user name or password shows "Incorrect user name or password"', async ({ page }) => {
    await page.goto('/#/login');
    // A made-up name: no real account gets closer to its lockout.
    await submitLogin(page, 'nobody_e2e_here', 'Wrong-Password-1');
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect user name or password' })).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    expect(await tokenOf(page)).toBe('');
  });

  test('a new user registers through "Create an account" and signs in with it', async ({ page }) => {
    const userName = freshName('reg');
    const password = 'Blue-Harbor-2026';
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/#\/Register$/);
    // The router changes the URL before React has drawn the new screen: typing before the heading shows
    // would land in the sign-in form's own "User name".
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.getByLabel('User name').fill(userName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Display name').fill('Reggie Newcomer');
    await page.getByLabel('Phone').fill('13912345678');
    await page.getByLabel('Email').fill(`${userName}@example.com`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Account created; please sign in')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    await submitLogin(page, userName, password);
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Reggie Newcomer' })).toBeVisible();
  });

  test('a changed password works after signing out, and the old one no longer does', async ({ page, request }) => {
    const userName = freshName('pwd');
    const oldPassword = 'Old-Lantern-2026';
    const newPassword = 'New-Compass-2026';
    await registerByApi(request, userName, oldPassword);
    await page.goto('/#/login');
    await submitLogin(page, userName, oldPassword);
    await expect(page).toHaveURL(/#\/home$/);
    await page.goto('/#/UserInfo');
    await page
      .getByRole('main')
      .getByRole('button', { name: /Change password/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(oldPassword);
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, /Password changed/)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page
      .getByRole('main')
      .getByRole('button', { name: /Sign out/ })
      .click();
    await expect(page).toHaveURL(/#\/login$/);
    await submitLogin(page, userName, oldPassword);
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect user name or password' })).toBeVisible();
    await submitLogin(page, userName, newPassword);
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('signing out clears the cookie, userInfo and permission, and the server refuses the old token', async ({
    page,
    request,
  }) => {
    await signIn(page, 'pm');
    const token = await tokenOf(page);
    expect(token).not.toBe('');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toContain('"userName":"pm"');
    expect(await page.evaluate(() => sessionStorage.getItem('permission'))).not.toBeNull();
    const before = await request.get('/api/user/getCurrentUserInfo', { headers: { Authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(200);

    await page.getByRole('button', { name: /Paula Meyer/ }).hover();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    expect(await tokenOf(page)).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('permission'))).toBeNull();

    const after = await request.get('/api/user/getCurrentUserInfo', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    // And the app itself sends a signed-out visitor back to sign in.
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
  });

  test('uploading an avatar on /UserInfo shows the image, and removing it brings back the initials', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/#/UserInfo');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /Upload avatar/ })).toBeVisible();
    const avatar = main.getByRole('img', { name: 'admin' });
    await page.getByLabel('Avatar file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Avatar uploaded')).toBeVisible();
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /^blob:/);
    // The blob really holds the uploaded picture.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // Leave admin as it was: remove it again.
    await main.getByRole('button', { name: /Remove avatar/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Avatar removed')).toBeVisible();
    await expect(avatar).toHaveCount(0);
    await expect(main.getByText('AD', { exact: true })).toBeVisible();
  });
});

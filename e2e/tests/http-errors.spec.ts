import type { Page, Route } from '@playwright/test';
import { countRequests, expect, signIn, test, tokenOf } from '../fixtures.ts';

const CURRENT_USER = '**/api/user/getCurrentUserInfo';
const BUTTONS = '**/api/Button/Get';
const REPLACE_TOKEN = '/api/User/replaceToken';

/** Signs in and opens /UserInfo with its data loaded, so the next current-user call is the Refresh button's. */
async function openUserInfo(page: Page) {
  await signIn(page, 'pm');
  await page.goto('/#/UserInfo');
  await expect(page.getByLabel('Display name')).toHaveValue('Paula Meyer');
}

/**
 * Signs in as admin and opens /Button with its rows: the token it holds, and the replaceToken calls counted
 * from now on.
 */
async function openButtons(page: Page) {
  await signIn(page, 'admin');
  await page.goto('/#/Button');
  await expect(page.getByRole('cell', { name: 'upload', exact: true })).toBeVisible();
  return { oldToken: await tokenOf(page), replaced: countRequests(page, REPLACE_TOKEN) };
}

async function clickRefresh(page: Page) {
  await page
    .getByRole('main')
    .getByRole('button', { name: /Refresh/ })
    .click();
}

/** The toast of the HTTP client (antd message). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/**
 * Holds the first `n` requests of a route until all of them have arrived (so they were all sent with the
 * same token), then answers each with `answer`; later requests go to the server, their Authorization recorded.
 */
async function holdFirst(page: Page, url: string, n: number, answer: (route: Route) => Promise<void>) {
  const later: string[] = [];
  let held = 0;
  let release = () => {};
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (held >= n) {
      later.push(route.request().headers().authorization ?? '');
      await route.continue();
      return;
    }
    held++;
    if (held === n) release();
    await all;
    await answer(route);
  });
  return { later };
}

test.describe('HTTP client errors, seen through the screens', () => {
  test('a 404 answer shows "Interface 404 error"', async ({ page }) => {
    await openUserInfo(page);
    await page.route(CURRENT_USER, (route) =>
      route.fulfill({
        status: 404,
        json: { status: false, code: 'not_found', message: 'Route not found', data: null },
      }),
    );
    await clickRefresh(page);
    await expect(toast(page, 'Interface 404 error')).toBeVisible();
    await expect(toast(page, 'Route not found')).toHaveCount(0);
  });

  test('a 500 with an envelope shows the envelope message', async ({ page }) => {
    await openUserInfo(page);
    await page.route(CURRENT_USER, (route) =>
      route.fulfill({
        status: 500,
        json: { status: false, code: 'server_error', message: 'Something broke (e2e)', data: { errorId: 'x' } },
      }),
    );
    await clickRefresh(page);
    await expect(toast(page, 'Something broke (e2e)')).toBeVisible();
  });

  test('a 500 without an envelope shows the HTTP status text', async ({ page }) => {
    await openUserInfo(page);
    await page.route(CURRENT_USER, (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>proxy error</h1>' }),
    );
    await clickRefresh(page);
    await expect(toast(page, 'Internal Server Error')).toBeVisible();
  });

  test('no answer at all shows "Network abnormal or server stopped"', async ({ page }) => {
    await openUserInfo(page);
    await page.route(CURRENT_USER, (route) => route.abort('connectionrefused'));
    await clickRefresh(page);
    await expect(toast(page, 'Network abnormal or server stopped')).toBeVisible();
    await expect(page).toHaveURL(/#\/UserInfo$/);
  });

  test('a failed avatar upload (form post) with no answer shows "Network abnormal or server stopped"', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/#/UserInfo');
    await expect(page.getByRole('main').getByRole('button', { name: /Upload avatar/ })).toBeVisible();
    await page.route('**/api/user/uploadAvatar', (route) => route.abort('connectionreset'));
    await page.getByLabel('Avatar file').setInputFiles({
      name: 'a.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(toast(page, 'Network abnormal or server stopped')).toBeVisible();
  });

  test('a 401 "invalid" shows "Login expired or no data access permission" and goes to /login', async ({ page }) => {
    await openUserInfo(page);
    await page.route(CURRENT_USER, (route) =>
      route.fulfill({ status: 401, json: { status: false, code: 'invalid', message: 'Invalid token', data: null } }),
    );
    await clickRefresh(page);
    await expect(toast(page, 'Login expired or no data access permission')).toBeVisible();
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  });

  test('three concurrent answers with the refresh hint make exactly one replaceToken; later calls use the new token', async ({
    page,
  }) => {
    const { oldToken, replaced } = await openButtons(page);
    const hinted = await holdFirst(page, BUTTONS, 3, async (route) => {
      // The hinted requests went out with the old token.
      expect(route.request().headers().authorization).toBe(`Bearer ${oldToken}`);
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-token-refresh': '1' } });
    });
    const replaceAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === REPLACE_TOKEN);
    await clickRefresh(page);
    await clickRefresh(page);
    await clickRefresh(page);
    const body = (await (await replaceAnswer).json()) as { data: string };
    const newToken = body.data;
    expect(newToken).not.toBe('');
    expect(newToken).not.toBe(oldToken);
    await expect.poll(() => tokenOf(page)).toBe(newToken);
    // Give any duplicate refresh the time to show up before counting.
    await page.waitForTimeout(500);
    expect(replaced.count).toBe(1);

    await clickRefresh(page);
    await expect.poll(() => hinted.later.length).toBe(1);
    expect(hinted.later).toEqual([`Bearer ${newToken}`]);
    const me = page.waitForRequest('**/api/user/getCurrentUserInfo');
    await page.getByTestId('menu').getByText('Home', { exact: true }).click();
    expect((await me).headers().authorization).toBe(`Bearer ${newToken}`);
    expect(replaced.count).toBe(1);
  });

  test('three concurrent 401 "expired" answers make one replaceToken, and each call is retried with the new token', async ({
    page,
  }) => {
    const { oldToken, replaced } = await openButtons(page);
    const expired = await holdFirst(page, BUTTONS, 3, (route) =>
      route.fulfill({ status: 401, json: { status: false, code: 'expired', message: 'Token expired', data: null } }),
    );
    await clickRefresh(page);
    await clickRefresh(page);
    await clickRefresh(page);
    await expect.poll(() => expired.later.length).toBe(3);
    const newToken = await tokenOf(page);
    expect(newToken).not.toBe(oldToken);
    expect(expired.later).toEqual(Array(3).fill(`Bearer ${newToken}`));
    await page.waitForTimeout(500);
    expect(replaced.count).toBe(1);
    await expect(toast(page, 'Login expired or no data access permission')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/Button$/);
    await expect(page.getByRole('cell', { name: 'upload', exact: true })).toBeVisible();
  });

  test('a failed replaceToken shows "Failed to update token" and goes to /login', async ({ page }) => {
    await openUserInfo(page);
    await page.route(`**${REPLACE_TOKEN}`, (route) =>
      route.fulfill({ status: 500, json: { status: false, code: 'server_error', message: 'boom', data: null } }),
    );
    await page.route(CURRENT_USER, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-token-refresh': '1' } });
    });
    await clickRefresh(page);
    await expect(toast(page, 'Failed to update token')).toBeVisible();
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    expect(await tokenOf(page)).toBe('');
  });
});

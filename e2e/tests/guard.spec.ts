import { accounts, countRequests, expect, signIn, submitLogin, test } from '../fixtures.ts';

const loadingText = 'Loading required resources, please wait';

test.describe('navigation guard', () => {
  test('without a token /home goes to /login?redirect=<random> and signing in lands on /home', async ({ page }) => {
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/login\?redirect=0\.\d+$/);
    const first = new URL(page.url().replace('#/', '')).searchParams.get('redirect');
    // A second visit draws another random value: the query only forces a fresh navigation.
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/login\?redirect=0\.\d+$/);
    const second = new URL(page.url().replace('#/', '')).searchParams.get('redirect');
    expect(second).not.toBe(first);
    await submitLogin(page, accounts.admin.userName, accounts.admin.password);
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Administrator' })).toBeVisible();
  });

  test('a signed-out visit to /UserInfo returns there after signing in', async ({ page }) => {
    await page.goto('/#/UserInfo');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await submitLogin(page, accounts.pm.userName, accounts.pm.password);
    await expect(page).toHaveURL(/#\/UserInfo$/);
    await expect(page.getByRole('heading', { name: 'Personal center' })).toBeVisible();
  });

  test('a path containing "login" is allowed without a token and with one', async ({ page }) => {
    // Without a token: not sent to sign in; the path is unknown, so the not-found screen shows.
    await page.goto('/#/old-login-page');
    await expect(page.getByText('The page you visited does not exist')).toBeVisible();
    await expect(page).toHaveURL(/#\/old-login-page$/);

    await signIn(page, 'admin');
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the navigation bar and the resource message show while the menu loads, then both go away', async ({ page }) => {
    await page.route('**/api/menu/getTreeMenu', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/#/login');
    await submitLogin(page, accounts.admin.userName, accounts.admin.password);
    const bar = page.getByTestId('nav-loading');
    const status = page.getByRole('status').filter({ hasText: loadingText });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('role', 'progressbar');
    await expect(status).toBeVisible();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('menu')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(status).toHaveCount(0);
  });

  test('buttons and menu are fetched once across several navigations', async ({ page }) => {
    const buttons = countRequests(page, '/api/Button/Get');
    const menu = countRequests(page, '/api/menu/getTreeMenu');
    await signIn(page, 'admin');
    const nav = page.getByTestId('menu');
    await nav.getByText('Personal center').click();
    await expect(page).toHaveURL(/#\/UserInfo$/);
    await nav.getByText('System').click();
    await nav.getByText('Button catalogue').click();
    await expect(page).toHaveURL(/#\/Button$/);
    await expect(page.getByRole('cell', { name: 'upload', exact: true })).toBeVisible();
    await nav.getByText('Home', { exact: true }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await page.goto('/#/UserInfo');
    await expect(page.getByRole('heading', { name: 'Personal center' })).toBeVisible();
    expect(buttons.count).toBe(1);
    expect(menu.count).toBe(1);
  });

  test('clicking the menu entry of the current screen does nothing', async ({ page }) => {
    await signIn(page, 'admin');
    const nav = page.getByTestId('menu');
    await nav.getByText('Personal center').click();
    await expect(page).toHaveURL(/#\/UserInfo$/);
    await expect(page.getByRole('heading', { name: 'Personal center' })).toBeVisible();
    const before = await page.evaluate(() => history.length);
    // Every router navigation, a replace included, stores a fresh location key in history.state.
    const stateBefore = await page.evaluate(() => JSON.stringify(history.state));
    expect(stateBefore).toContain('"key"');
    const api: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/')) api.push(req.url());
    });
    let navigated = false;
    page.on('framenavigated', () => {
      navigated = true;
    });
    await nav.getByText('Personal center').click();
    await nav.getByText('Personal center').click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(await page.evaluate(() => JSON.stringify(history.state))).toBe(stateBefore);
    expect(navigated).toBe(false);
    expect(api).toEqual([]);
    await expect(page).toHaveURL(/#\/UserInfo$/);
  });

  test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/no/such/screen');
    await expect(page.getByText('The page you visited does not exist')).toBeVisible();
    await page.getByRole('button', { name: 'Back home' }).click();
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('/401 shows the no-permission screen', async ({ page }) => {
    await signIn(page, 'pm');
    await page.goto('/#/401');
    await expect(page.getByText('You have no permission to view this page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back home' })).toBeVisible();
  });
});

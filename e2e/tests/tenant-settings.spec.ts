import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, shoot, stamp, submitLogin, test } from '../fixtures.ts';
import { toast } from '../grid-helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';

/**
 * A tenant's administrator and the settings screens: it sees and saves only its own company's fields,
 * and the platform keeps its own name on the sign-in page. The tenant is made through the API by the
 * platform administrator (TenantMan), as tenants.spec.ts drives it through the screens.
 */
async function apiAs(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post('/api/user/login', { data: { userName, password } });
  expect(res.status(), await res.text()).toBe(200);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const call = async <T>(method: 'GET' | 'POST', url: string, data?: unknown) => {
    const r = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
    expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
    return ((await r.json()) as { data: T }).data;
  };
  return call;
}

/** None of these labels is on the screen: the platform's own settings, kept from a tenant's administrator. */
async function expectAbsent(page: Page, labels: string[]) {
  for (const label of labels) await expect(page.getByText(label, { exact: true })).toHaveCount(0);
}

/** A tenant whose package holds the two settings screens, with its admin past the first password change. */
async function newTenant(request: APIRequestContext) {
  const code = `set-${stamp().toLowerCase()}`;
  const admin = await apiAs(request, 'admin', 'Admin@2026');
  const offered = await admin<{ id: number; url: string; parentId: number }[]>('GET', '/api/TenantMan/packageMenus');
  const screens = offered.filter((m) => m.url === '/SiteConfig' || m.url === '/LoginSet');
  const menuIds = [...new Set([...screens.map((m) => m.id), ...screens.map((m) => m.parentId)])].filter(Boolean);
  const temporary = 'Settings@2026x';
  await admin('POST', '/api/TenantMan/add', {
    code,
    name: 'Harbour Works',
    expiresOn: null,
    remark: '',
    menuIds,
    admin: { userName: `${code}-boss`, userTrueName: 'Hana Boss', password: temporary },
  });
  const password = `${temporary}!new`;
  const boss = await apiAs(request, `${code}-boss`, temporary);
  await boss('POST', '/api/user/modifyPwd', { oldPwd: temporary, newPwd: password });
  return { userName: `${code}-boss`, password };
}

async function signInAs(page: Page, userName: string, password: string) {
  await page.goto('/#/login');
  await submitLogin(page, userName, password);
  await expect(page).toHaveURL(/#\/home/);
}

test.describe("a tenant's administrator and the settings screens", () => {
  test.use({ signedInAs: null });

  test('sees only its own fields, renames its company, and the platform keeps its name', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const boss = await newTenant(request);
    await signInAs(page, boss.userName, boss.password);

    await page.goto('/#/SiteConfig');
    await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
    const name = page.getByLabel('System name');
    await expect(name).toHaveValue('Trestle');
    for (const own of ['Logo', 'Footer text', 'Default rows per page'])
      await expect(page.getByText(own, { exact: true })).toBeVisible();
    await expectAbsent(page, [
      'Largest upload',
      'Allowed file kinds',
      'Access token lifetime (minutes)',
      'Keep logs for (days)',
    ]);
    await expect(page.getByText(/set by the platform administrator for every company/)).toBeVisible();
    await name.fill('Harbour Portal');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved; in force from the next request')).toBeVisible();
    await expect(page.getByTestId('site-brand')).toHaveText('Harbour Portal');
    await shoot(page, 'tenant-settings-site-en.png');

    await page.goto('/#/LoginSet');
    await expect(page.getByRole('heading', { name: 'Sign-in settings' })).toBeVisible();
    await expect(page.getByText('Password policy', { exact: true })).toBeVisible();
    await expectAbsent(page, [
      'Sign-in page title',
      'Image captcha',
      'Self-registration',
      'Failed sign-ins before lockout',
    ]);
    await page.getByLabel('Minimum length').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved; in force from the next request')).toBeVisible();
    await shoot(page, 'tenant-settings-login-en.png');

    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { name: '登录设置' })).toBeVisible();
    await expect(page.getByText('密码策略', { exact: true })).toBeVisible();
    await shoot(page, 'tenant-settings-login-zh.png');
    await page.goto('/#/SiteConfig');
    await expect(page.getByRole('heading', { name: '站点设置' })).toBeVisible();
    await expect(page.getByLabel('系统名称')).toHaveValue('Harbour Portal');
    await expect(page.getByText('单个上传上限', { exact: true })).toHaveCount(0);
    await shoot(page, 'tenant-settings-site-zh.png');

    // The platform: its sign-in page, and its administrator's screens, keep the platform's name.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'en-US' });
    const visitor = await other.newPage();
    await visitor.goto('/#/login');
    await expect(visitor.getByRole('button', { name: /sign in/i })).toBeVisible();
    await expect(visitor.getByText('Harbour Portal')).toHaveCount(0);
    await submitLogin(visitor, 'admin', 'Admin@2026');
    await expect(visitor).toHaveURL(/#\/home/);
    await expect(visitor.getByTestId('site-brand')).toHaveText('Trestle');
    await visitor.goto('/#/SiteConfig');
    await expect(visitor.getByLabel('System name')).toHaveValue('Trestle');
    await expect(visitor.getByText('Largest upload', { exact: true })).toBeVisible();
    await other.close();
  });
});

test.describe('a real install (SEED_DEMO=false)', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  let base = '';
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-e2e-bare-'));
    server = await startServer({
      env: { DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: undefined },
      seconds: 100,
      output: 'ignore',
    });
    base = server.url;
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('offers no registration on the sign-in page, and /Register says it is off', async ({ page }) => {
    await page.goto(`${base}/#/login`);
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await page.goto(`${base}/#/Register`);
    await expect(page.getByText('Self-registration is turned off')).toBeVisible();
  });
});

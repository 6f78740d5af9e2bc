import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { openMenuFolder } from '../fixtures.ts';
import { startServer } from '../server-process.ts';

/**
 * SiteConfig, LoginSet and the captcha against a server of this spec's own, on a fresh PostgreSQL
 * database (DATABASE_URL, else the local server), so the test can look into the database as an
 * operator would: the captcha's answer is only there (hashed), never in an API.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.resolve(here, '..', 'screenshots');
mkdirSync(shots, { recursive: true });
const serverUrl = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let base = '';
let db: pg.Client;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
}

type Server = {
  base: string;
  stop: () => Promise<void>;
  db: pg.Client;
  dbName: string;
  dataDir: string;
  log: () => string;
};

/** A server of this spec's own on a new database; its output is kept (the setup code is printed there). */
async function serverOnNewDatabase(env: Record<string, string>): Promise<Server> {
  const dbName = `trestle_e2e_slx_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-e2e-slx-'));
  let output = '';
  const server = await startServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOGIN_RATE_LIMIT_PER_MINUTE: '1000', ...env },
    seconds: 90,
    output: (text) => {
      output += text;
    },
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return { base: server.url, stop: server.stop, db, dbName, dataDir, log: () => output };
}

async function stopServer(s: Server | undefined) {
  if (!s) return;
  await s.db.end();
  await s.stop();
  await admin(`drop database if exists ${s.dbName} with (force)`);
  rmSync(s.dataDir, { recursive: true, force: true });
}

let main: Server | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  main = await serverOnNewDatabase({});
  base = main.base;
  db = main.db;
});
test.afterAll(async () => {
  await stopServer(main);
});

async function signIn(page: Page, userName: string, password: string) {
  await page.goto(`${base}/#/login`);
  await page.getByLabel(/user name/i).fill(userName);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/#\/home/);
}

async function tokenOf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
}

async function shoot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(shots, `site-login-settings-${name}.png`), animations: 'disabled' });
}

/** The sign-in settings row as saved, changed by the admin's own API call (the state later tests start from). */
async function setLogin(token: string, patch: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // The answer says whose values they are (scope); the save takes the values alone.
  const { scope: _, ...current } = (await (await fetch(`${base}/api/loginSet/get`, { headers })).json()).data;
  const res = await fetch(`${base}/api/loginSet/save`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...current, ...patch }),
  });
  expect(res.status).toBe(200);
}

test.describe('SiteConfig and LoginSet', () => {
  test('admin renames the system; the header and the page title show it after a reload', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@2026');
    await page.getByTestId('menu').getByText('System', { exact: true }).click();
    await page.getByTestId('menu').getByText('Site settings').click();
    await expect(page).toHaveURL(/#\/SiteConfig/);
    const name = page.getByLabel('System name');
    await expect(name).toHaveValue('Trestle');
    await name.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required').or(page.getByText('required'))).toBeVisible();
    await name.fill('Acme Works');
    await page.getByLabel('Footer text').fill('© Acme Works — internal use only');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved; in force from the next request')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('site-brand')).toHaveText('Acme Works');
    await expect(page).toHaveTitle('Site settings - Acme Works');
    await expect(page.getByTestId('site-footer')).toHaveText('© Acme Works — internal use only');
    await expect(page.getByLabel('System name')).toHaveValue('Acme Works');
    await shoot(page, 'siteconfig-en');
  });

  test('LoginSet in Chinese; turning registration off hides the link and closes /Register', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin', 'Admin@2026');
    await page.goto(`${base}/#/LoginSet`);
    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { name: '登录设置' })).toBeVisible();
    const register = page.getByRole('switch', { name: '允许自助注册' });
    await expect(register).toBeChecked();
    await register.click();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存，下一次请求起生效')).toBeVisible();
    await shoot(page, 'loginset-zh');

    const anonymous = await browser.newContext({ locale: 'en-US' });
    const visitor = await anonymous.newPage();
    await visitor.goto(`${base}/#/login`);
    await expect(visitor.getByRole('button', { name: /sign in/i })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await visitor.goto(`${base}/#/Register`);
    await expect(visitor.getByText('Self-registration is turned off')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Register' })).toBeHidden();
    await anonymous.close();
    await setLogin(await tokenOf(page), { registerEnabled: true });
  });

  test('with the captcha on, the sign-in form shows the picture and signs in with its answer', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin', 'Admin@2026');
    await setLogin(await tokenOf(page), { captchaEnabled: true });

    const anonymous = await browser.newContext({ locale: 'en-US' });
    const visitor = await anonymous.newPage();
    await visitor.goto(`${base}/#/login`);
    await expect(visitor.getByTestId('captcha-image')).toBeVisible();
    await visitor.getByLabel(/user name/i).fill('pm');
    await visitor.getByLabel(/^password/i).fill('Pm@2026');
    // No answer: the form asks for it before anything is sent.
    await visitor.getByRole('button', { name: /sign in/i }).click();
    await expect(visitor.getByText('This field is required')).toBeVisible();
    await shoot(visitor, 'login-captcha-en');

    // A wrong answer is refused by the server and a new picture replaces the spent one.
    const first = await db.query<{ id: string }>('select id from captchas order by expires_at desc limit 1');
    await visitor.getByLabel('Captcha', { exact: true }).fill('WRONG');
    await visitor.getByRole('button', { name: /sign in/i }).click();
    await expect(visitor.getByText('The captcha answer is wrong or has expired')).toBeVisible();
    await expect
      .poll(async () => (await db.query('select id from captchas where id <> $1', [first.rows[0]?.id])).rowCount)
      .toBeGreaterThan(0);

    // The answer exists only as a hash in the database: give the live picture a known answer there.
    const live = await db.query<{ id: string }>('select id from captchas order by expires_at desc limit 1');
    const answer = 'K7MPX';
    const hash = createHash('sha256').update(answer).digest('hex');
    await db.query('update captchas set answer_hash = $1 where id = $2', [hash, live.rows[0]?.id]);
    await visitor.getByLabel('Captcha', { exact: true }).fill(answer.toLowerCase());
    await visitor.getByRole('button', { name: /sign in/i }).click();
    await expect(visitor).toHaveURL(/#\/home/);
    // Spent: the picture's row is gone.
    expect((await db.query('select 1 from captchas where id = $1', [live.rows[0]?.id])).rowCount).toBe(0);
    await anonymous.close();
    await setLogin(await tokenOf(page), { captchaEnabled: false });
  });

  test('pm sees neither screen in the menu and gets 403 from their APIs', async ({ page }) => {
    await signIn(page, 'pm', 'Pm@2026');
    const menu = page.getByTestId('menu');
    await expect(menu).toContainText('Personal center');
    await expect(menu).not.toContainText('Site settings');
    await expect(menu).not.toContainText('Sign-in settings');
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    for (const url of ['/api/siteConfig/get', '/api/loginSet/get'])
      expect((await fetch(`${base}${url}`, { headers })).status).toBe(403);
    const save = await fetch(`${base}/api/siteConfig/save`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(save.status).toBe(403);
  });
});

test.describe('first-run setup (no administrator: SEED_DEMO=false)', () => {
  let first: Server | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // localhost may be a data source here, so a setup visitor can register this machine's database.
    first = await serverOnNewDatabase({ SEED_DEMO: 'false', DATASOURCE_ALLOWED_HOSTS: 'localhost' });
  });
  test.afterAll(async () => {
    await stopServer(first);
  });

  test('the code also opens Tenants and Data sources without sign-in, with their buttons, before any admin exists', async ({
    page,
  }) => {
    const s = first as Server;
    const code = /one-time code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(s.log())?.[1] ?? '';
    await page.goto(`${s.base}/#/TenantMan`);
    // Without the code the screen is closed: the guard sends the visitor to sign in.
    await expect(page).toHaveURL(/#\/login/);
    await page.goto(`${s.base}/#/LoginSet`);
    await page.getByLabel('Setup code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Sign-in page title')).toBeVisible();
    const menu = page.getByTestId('menu');
    await expect(menu).toContainText('System');
    await expect(page.getByText('First-run setup', { exact: true }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Tenants' }).click();
    await expect(page.getByTestId('tenant-table')).toContainText('default');
    await expect(page.getByRole('button', { name: 'Work in this tenant' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add' }).click();
    const add = page.getByRole('dialog', { name: 'Add tenant' });
    await add.getByLabel('Code').fill('north');
    await add.getByLabel('Name', { exact: true }).fill('North Works');
    await add.getByLabel("Admin's user name").fill('north-boss');
    await add.getByLabel("Admin's name").fill('Nora North');
    await add.getByLabel('Temporary password').fill('North@2026x');
    const employees = add
      .getByTestId('tenant-package')
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText('Employees', { exact: true }) });
    await employees.locator('.ant-tree-checkbox').click();
    // The platform's own screens are never offered for a package.
    await expect(add.getByTestId('tenant-package')).not.toContainText('Tenants');
    await add.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('tenant-table')).toContainText('north-boss');
    await shoot(page, 'setup-tenants-en');

    await openMenuFolder(page, 'System');
    // A click on an item of a folder still sliding open can be lost: click until the screen changes.
    await expect(async () => {
      await menu.getByRole('menuitem', { name: 'Data sources' }).click();
      await expect(page).toHaveURL(/#\/DataSourceMan/, { timeout: 2_000 });
    }).toPass();
    await page.getByRole('button', { name: 'Add' }).click();
    const source = page.getByRole('dialog', { name: 'Add data source' });
    await source.getByLabel('Name', { exact: true }).fill('Warehouse');
    await source.getByLabel('Host', { exact: true }).fill('localhost');
    await source.getByLabel('Database name').fill('postgres');
    await source.getByLabel('User', { exact: true }).fill('postgres');
    await source.getByLabel('Password', { exact: true }).fill('not-needed-on-trust');
    await source.getByRole('button', { name: 'Test connection' }).click();
    await expect(source.getByTestId('data-source-test-result')).toContainText('Connected');
    await source.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Warehouse')).toBeVisible();

    // Back to the wizard: it remembers the code and goes on where it was.
    await menu.getByRole('menuitem', { name: 'Sign-in settings' }).click();
    await expect(page.getByLabel('Sign-in page title')).toBeVisible();
    const stored = await s.db.query(
      "select t.code, u.user_name from tenants t join users u on u.id = t.admin_user_id where t.code = 'north'",
    );
    expect(stored.rows).toEqual([{ code: 'north', user_name: 'north-boss' }]);
  });

  test('the code from the server log opens LoginSet anonymously, creates the first admin, then is spent', async ({
    page,
  }) => {
    const s = first as Server;
    const code = /one-time code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(s.log())?.[1] ?? '';
    expect(code).not.toBe('');
    await page.goto(`${s.base}/#/LoginSet`);
    await expect(page.getByRole('heading', { name: 'First-run setup' })).toBeVisible();
    await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('wrong setup code; see the server log')).toBeVisible();
    await page.getByLabel('Setup code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Sign-in page title').fill('Acme sign-in');
    await page.getByLabel('Minimum length').fill('12');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByLabel(/user name/i).fill('founder');
    await page.getByLabel('Display name').fill('First Admin');
    await page.getByLabel(/^password/i).fill('Short-1');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page.getByText('at least 12 characters')).toBeVisible();
    await page.getByLabel(/^password/i).fill('Founding-Admin-2026');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByRole('heading', { name: 'Acme sign-in' })).toBeVisible();

    await page.getByLabel(/user name/i).fill('founder');
    await page.getByLabel(/^password/i).fill('Founding-Admin-2026');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/#\/home/);
    await expect(page.getByTestId('menu')).toContainText('System');

    const spent = await fetch(`${s.base}/api/setup/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(spent.status).toBe(403);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${s.base}/#/LoginSet`);
    await expect(page.getByText('Setup is finished.')).toBeVisible();
  });
});

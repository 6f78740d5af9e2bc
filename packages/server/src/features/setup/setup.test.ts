import { SETUP_CODE_HEADER } from '@trestle/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { roles, userRoles } from '../../db/schema.ts';
import { bearer, body, createTestApp, type TestApp } from '../../test/helper.ts';
import { issueSetupCode, setupState } from './setup-state.ts';

let t: TestApp;
let code: string;
beforeAll(async () => {
  // Loopback data sources allowed, so a setup visitor can register this machine's database.
  t = await createTestApp({ DATASOURCE_ALLOW_PRIVATE: 'true' });
  // First run: no user holds a super role (as with SEED_DEMO=false).
  const superRoles = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.isSuper, true));
  await t.database.db.delete(userRoles).where(
    inArray(
      userRoles.roleId,
      superRoles.map((r) => r.id),
    ),
  );
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const loginSet = {
  title: 'Acme sign-in',
  background: '',
  captchaEnabled: false,
  registerEnabled: false,
  registerTenantId: null,
  registerRoleId: null,
  lockoutThreshold: 4,
  lockoutMinutes: 20,
  passwordMinLength: 10,
  passwordUpper: true,
  passwordLower: false,
  passwordDigit: false,
  passwordSymbol: false,
};
const firstAdmin = { userName: 'root', userTrueName: 'First Admin', password: 'Founding-Admin-2026' };

describe('first-run setup', () => {
  it('is open while no administrator exists, and prints a code in the server log at start', async () => {
    expect(body(await t.app.inject({ method: 'GET', url: '/api/setup/state' })).data).toEqual({ setupOpen: true });
    // A server starting on this database (no administrator) prints a code; the demo-seeded one did not.
    const started = await buildApp({ config: t.config, database: t.database, now: t.clock.now });
    const warn = vi.spyOn(started.log, 'warn');
    await started.ready();
    await started.close();
    const printed = String(warn.mock.calls[0]?.[0] ?? '');
    expect(printed).toMatch(/^First-run setup: .* one-time code [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    code = printed.slice(-14);
  });

  it('refuses a wrong code with a field error, and bad bodies with field errors', async () => {
    const wrong = await post('/api/setup/check', { code: 'AAAA-BBBB-CCCC' });
    expect([wrong.statusCode, body(wrong).data]).toEqual([
      400,
      { fieldErrors: { code: 'wrong setup code; see the server log' } },
    ]);
    expect((await post('/api/setup/loginSet', { code: 'AAAA-BBBB-CCCC', login: loginSet })).statusCode).toBe(400);
    const bad = await post('/api/setup/admin', { code, userName: '1x', userTrueName: '', password: '', extra: 1 });
    expect(Object.keys((body(bad).data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      'extra',
      'password',
      'userName',
      'userTrueName',
    ]);
  });

  it('accepts the code in any case, answers and saves the LoginSet values', async () => {
    const check = await post('/api/setup/check', { code: code.toLowerCase() });
    expect(check.statusCode).toBe(200);
    expect(body(check).data).toMatchObject({ lockoutThreshold: 5, registerEnabled: true });
    const saved = await post('/api/setup/loginSet', { code, login: loginSet });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual(loginSet);
  });

  it('opens the TenantMan and DataSourceMan calls to the code alone, in the platform tenant, and no other call', async () => {
    const withCode = (c: string) => ({ authorization: 'Bearer ', [SETUP_CODE_HEADER]: c });
    const call = (method: 'GET' | 'POST', url: string, payload?: object, c = code) =>
      t.app.inject({ method, url, payload, headers: withCode(c) });

    // The menu the setup visitor sees: the wizard's screen and the two screens, each with the buttons the code opens.
    const buttons = body(await call('GET', '/api/Button/Get')).data as { id: number; code: string }[];
    const codesOf = (ids: number[]) => ids.map((id) => buttons.find((b) => b.id === id)?.code).sort();
    const menu = body(await call('GET', '/api/menu/getTreeMenu')).data as {
      url: string;
      permission: number[];
    }[];
    expect(menu.map((m) => [m.url, codesOf(m.permission)])).toEqual([
      ['', []],
      // LoginSet's Search: where registration may land, for the wizard's sign-in settings.
      ['/LoginSet', ['Search']],
      ['/TenantMan', ['Add', 'Search', 'Update']],
      ['/DataSourceMan', ['Add', 'Delete', 'Search', 'Update']],
    ]);

    const listed = await call('POST', '/api/TenantMan/getPageData', { q: '', page: 1, rows: 30 });
    expect(body(listed).data).toMatchObject({ total: 1, rows: [{ code: 'default', isPlatform: true }] });
    const offered = (body(await call('GET', '/api/TenantMan/packageMenus')).data as { url: string }[]).map(
      (m) => m.url,
    );
    expect(offered).toContain('/Employee');
    expect(offered).not.toContain('/TenantMan');
    expect(offered).not.toContain('/home');
    const tenant = {
      code: 'north',
      name: 'North Works',
      expiresOn: null,
      remark: '',
      menuIds: [],
      admin: { userName: 'north.admin', userTrueName: 'North Admin', password: 'North-Admin-2026' },
    };
    expect((await call('POST', '/api/TenantMan/add', tenant)).statusCode).toBe(200);

    const source = {
      name: 'Warehouse',
      kind: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      database: 'test',
      userName: 'reader',
      password: 'Secret-Password-1',
    };
    const added = await call('POST', '/api/DataSourceMan/add', source);
    expect(added.statusCode).toBe(200);
    const sources = body(await call('POST', '/api/DataSourceMan/getPageData', {})).data as { rows: object[] };
    expect(sources.rows).toEqual([expect.objectContaining({ name: 'Warehouse', host: '127.0.0.1' })]);
    expect(JSON.stringify(sources)).not.toContain('Secret-Password-1');

    // A wrong code is refused; no code at all is an ordinary anonymous call.
    const wrong = await call('POST', '/api/TenantMan/getPageData', {}, 'AAAA-BBBB-CCCC');
    expect([wrong.statusCode, body(wrong).code, body(wrong).message]).toEqual([
      403,
      'setup_code_wrong',
      'Wrong setup code; see the server log',
    ]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/TenantMan/getPageData', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    // Routes that do not accept the code stay shut to it, the tenant switch and the screens' other calls included.
    for (const [method, url] of [
      ['POST', '/api/TenantMan/switch'],
      ['POST', '/api/Employee/getPageData'],
      ['GET', '/api/loginSet/get'],
      ['POST', '/api/User/getUserPage'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined);
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });

  it('applies the password policy to the first administrator', async () => {
    const res = await post('/api/setup/admin', { code, ...firstAdmin, password: 'alllowercase' });
    expect(body(res).data).toEqual({ fieldErrors: { password: 'needs an upper-case letter' } });
  });

  it('creates the first administrator with the super role, who signs in and holds every screen', async () => {
    const res = await post('/api/setup/admin', { code, ...firstAdmin });
    expect(res.statusCode).toBe(200);
    expect(await setupState(t.database.db)).toEqual({ setupOpen: false });
    const token = await t.login('root', firstAdmin.password);
    const loginSetNow = await t.app.inject({ method: 'GET', url: '/api/loginSet/get', headers: bearer(token) });
    expect([loginSetNow.statusCode, body(loginSetNow).data]).toEqual([200, { ...loginSet, scope: 'platform' }]);
  });

  it('is spent afterwards: every anonymous setup route answers 403, the state says closed, no new code', async () => {
    for (const [url, payload] of [
      ['/api/setup/check', { code }],
      ['/api/setup/loginSet', { code, login: loginSet }],
      ['/api/setup/admin', { code, ...firstAdmin, userName: 'second' }],
    ] as const) {
      const res = await post(url, payload);
      expect([url, res.statusCode, body(res).message]).toEqual([
        url,
        403,
        'Setup is finished: sign in as an administrator',
      ]);
    }
    const screen = await t.app.inject({
      method: 'POST',
      url: '/api/TenantMan/getPageData',
      payload: {},
      headers: { [SETUP_CODE_HEADER]: code },
    });
    expect([screen.statusCode, body(screen).code]).toEqual([403, 'setup_closed']);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/setup/state' })).data).toEqual({ setupOpen: false });
    expect(await issueSetupCode(t.database.db, t.clock.now())).toBeNull();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  menuButtons,
  menus,
  roleGrants,
  roleMenus,
  roles,
  settings,
  tenantSettings,
  userRoles,
  users,
} from '../../db/schema.ts';
import { withTenant } from '../../db/tenant.ts';
import { bearer, createTestApp, type TestApp } from '../../test/helper.ts';
import { createOtherTenant, type OtherTenant } from '../../test/tenants.ts';

let t: TestApp;
let acme: OtherTenant;
let admin: string;
let acmeAdmin: string;
let acmeMember = 0;
let pmRole = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createOtherTenant(db, 'acme', ['Employee', 'System', 'User', 'SiteConfig', 'LoginSet']);
  // An ordinary role of acme's, the kind registration may hand out.
  const [member] = await withTenant(acme.tenantId, () =>
    db.insert(roles).values({ tenantId: acme.tenantId, code: 'member', name: 'Member' }).returning(),
  );
  acmeMember = member?.id ?? 0;
  pmRole =
    (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, 1), eq(roles.code, 'pm')))
    )[0]?.id ?? 0;
  admin = await t.login('admin', 'Admin@2026');
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const data = <T = Record<string, unknown>>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const platformRow = async (key: string) =>
  (await t.database.db.select().from(settings).where(eq(settings.key, key)))[0]?.value ?? null;
const acmeRows = () => t.database.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, acme.tenantId));
const newcomer = (userName: string) => ({
  userName,
  password: 'Harbour@2026x',
  userTrueName: 'New Comer',
  phone: '13912345678',
  email: 'n@example.com',
});

describe("a tenant's administrator and the site settings", () => {
  it("reads only its own tenant's fields, the platform's values until it sets its own", async () => {
    const res = await get('/api/siteConfig/get', acmeAdmin);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toEqual({
      scope: 'tenant',
      codePatterns: {},
      separateApprover: {},
      systemName: 'Trestle',
      logo: '',
      footerText: '',
      pageSize: 30,
    });
    expect(data(await get('/api/siteConfig/get', admin))).toMatchObject({ scope: 'platform', uploadMaxMb: 10 });
  });

  it('saves a name and page size for its users only: the platform, its shell and the sign-in page keep theirs', async () => {
    const res = await post('/api/siteConfig/save', { systemName: 'Acme Works', pageSize: 60 }, acmeAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res)).toMatchObject({ scope: 'tenant', systemName: 'Acme Works', pageSize: 60 });
    expect(data(await get('/api/siteConfig/shell', acmeAdmin))).toMatchObject({
      systemName: 'Acme Works',
      pageSize: 60,
    });
    expect(data(await get('/api/siteConfig/shell', admin))).toMatchObject({ systemName: 'Trestle', pageSize: 30 });
    expect(data(await get('/api/siteConfig/public'))).toMatchObject({ systemName: 'Trestle' });
    expect(data(await get('/api/siteConfig/get', admin))).toMatchObject({ systemName: 'Trestle' });
    expect(await platformRow('site')).toBeNull();
  });

  it('is refused any platform-wide field (403 naming each), and nothing of the save is written', async () => {
    const before = await acmeRows();
    const res = await post(
      '/api/siteConfig/save',
      {
        systemName: 'Renamed',
        accessTokenMinutes: 1440,
        uploadMaxMb: 100,
        uploadKinds: ['image'],
        logRetentionDays: 1,
      },
      acmeAdmin,
    );
    expect(res.statusCode).toBe(403);
    expect(data<{ fieldErrors: Record<string, string> }>(res).fieldErrors).toEqual({
      accessTokenMinutes: 'platform-wide: only the platform administrator may change it',
      uploadMaxMb: 'platform-wide: only the platform administrator may change it',
      uploadKinds: 'platform-wide: only the platform administrator may change it',
      logRetentionDays: 'platform-wide: only the platform administrator may change it',
    });
    expect(await acmeRows()).toEqual(before);
    expect(await platformRow('site')).toBeNull();
  });

  it("leaves the platform's values to the platform administrator, even for a role of the platform tenant holding the grant", async () => {
    const db = t.database.db;
    const [menu] = await db.select().from(menus).where(eq(menus.code, 'SiteConfig'));
    const offered = await db
      .select()
      .from(menuButtons)
      .where(eq(menuButtons.menuId, menu?.id ?? 0));
    await db.insert(roleMenus).values({ roleId: pmRole, menuId: menu?.id ?? 0 });
    await db
      .insert(roleGrants)
      .values(offered.map((o) => ({ roleId: pmRole, menuId: o.menuId, buttonId: o.buttonId })));
    const pm = await t.login('pm', 'Pm@2026');
    expect(data(await get('/api/siteConfig/get', pm))).toMatchObject({ scope: 'tenant', systemName: 'Trestle' });
    const res = await post('/api/siteConfig/save', { systemName: 'Renamed by pm' }, pm);
    expect([res.statusCode, res.json()]).toMatchObject([
      403,
      { message: "Only the platform administrator may change the platform's settings" },
    ]);
    expect(data(await get('/api/siteConfig/public'))).toMatchObject({ systemName: 'Trestle' });
  });

  it('lets the platform administrator change one field and keep the others', async () => {
    const res = await post('/api/siteConfig/save', { footerText: '© Platform' }, admin);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ scope: 'platform', systemName: 'Trestle', footerText: '© Platform' });
    // A tenant without its own footer sees the platform's.
    expect(data(await get('/api/siteConfig/shell', acmeAdmin))).toMatchObject({
      systemName: 'Acme Works',
      footerText: '© Platform',
    });
  });
});

describe("a tenant's administrator and the sign-in settings", () => {
  it('reads and sets only its users’ password policy, which then applies in its tenant alone', async () => {
    expect(data(await get('/api/loginSet/get', acmeAdmin))).toEqual({
      scope: 'tenant',
      passwordMinLength: 8,
      passwordUpper: false,
      passwordLower: false,
      passwordDigit: false,
      passwordSymbol: false,
    });
    const saved = await post('/api/loginSet/save', { passwordMinLength: 14, passwordDigit: true }, acmeAdmin);
    expect(saved.statusCode, saved.body).toBe(200);
    const addUser = (token: string, userName: string) =>
      post(
        '/api/User/addUser',
        {
          userName,
          userTrueName: 'Short',
          password: 'Shortpass-x',
          phone: '',
          email: '',
          organizationId: null,
          organizationIds: [],
          roleIds: [],
          enabled: true,
        },
        token,
      );
    const refused = await addUser(acmeAdmin, 'acme-short');
    expect([refused.statusCode, data(refused)]).toEqual([
      400,
      { fieldErrors: { password: 'needs at least 14 characters, a digit' } },
    ]);
    expect((await addUser(admin, 'platform-short')).statusCode).toBe(200);
    expect(data(await get('/api/user/myPasswordPolicy', acmeAdmin))).toMatchObject({ passwordMinLength: 14 });
    expect(data(await get('/api/user/myPasswordPolicy', admin))).toMatchObject({ passwordMinLength: 8 });
    expect(data(await get('/api/loginSet/get', admin))).toMatchObject({ scope: 'platform', passwordMinLength: 8 });
  });

  it('cannot open registration into the platform tenant as its project manager: 403, nothing written', async () => {
    const before = await platformRow('login');
    for (const attack of [
      { registerEnabled: true, registerTenantId: 1, registerRoleId: pmRole },
      { registerRoleId: pmRole },
      { captchaEnabled: false, lockoutThreshold: 100, title: 'Hijacked' },
    ]) {
      const res = await post('/api/loginSet/save', attack, acmeAdmin);
      expect(res.statusCode).toBe(403);
      expect(Object.keys(data<{ fieldErrors: object }>(res).fieldErrors).sort()).toEqual(Object.keys(attack).sort());
    }
    expect(await platformRow('login')).toEqual(before);
    expect((await post('/api/user/register', newcomer('anon-signup'))).statusCode).toBe(200);
    const token = await t.login('anon-signup', 'Harbour@2026x');
    const me = data<{ roles: { name: string }[] }>(await get('/api/user/getCurrentUserInfo', token));
    expect(me.roles.map((r) => r.name)).toEqual(['Staff']);
    expect((await post('/api/Employee/getPageData', {}, token)).statusCode).toBe(403);
  });

  it('may not ask where registration could land', async () => {
    expect((await get('/api/loginSet/registerOptions', acmeAdmin)).statusCode).toBe(403);
    const options = data<{ id: number; roles: { id: number; code: string }[] }[]>(
      await get('/api/loginSet/registerOptions', admin),
    );
    expect(options.map((o) => o.id)).toEqual([1, acme.tenantId]);
    expect(options[1]?.roles.map((r) => r.code)).toEqual(['member']);
    expect(options[0]?.roles.map((r) => r.code).sort()).toEqual(['pm', 'staff']);
  });
});

describe('registration, as the platform administrator sets it', () => {
  const current = async () => {
    const { scope: _, ...login } = data(await get('/api/loginSet/get', admin));
    return login;
  };

  it('names a tenant and one of its ordinary roles; a newcomer lands there holding only that role', async () => {
    const login = await current();
    const into = { ...login, registerEnabled: true, registerTenantId: acme.tenantId, registerRoleId: acmeMember };
    const saved = await post('/api/loginSet/save', into, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    // acme's own password policy (14 characters and a digit) applies to its newcomers.
    const weak = await post('/api/user/register', newcomer('acme-newbie'));
    expect(data(weak)).toEqual({ fieldErrors: { password: 'at least 14 characters' } });
    expect(data(await get('/api/user/passwordPolicy'))).toMatchObject({ passwordMinLength: 14, passwordDigit: true });
    const res = await post('/api/user/register', { ...newcomer('acme-newbie'), password: 'Harbour-2026-long' });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = data<{ id: number }>(res);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user?.tenantId).toBe(acme.tenantId);
    const held = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, id));
    expect(held.map((r) => [r.tenantId, r.roleId])).toEqual([[acme.tenantId, acmeMember]]);
    const token = await t.login('acme-newbie', 'Harbour-2026-long');
    const page = await post('/api/User/getUserPage', { page: 1, rows: 10 }, token);
    expect(page.statusCode).toBe(403);
    await post('/api/loginSet/save', login, admin);
  });

  it("refuses a super role, another tenant's role, a missing tenant, and an unnamed target while on", async () => {
    const login = await current();
    const [acmeSuper] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, acme.tenantId), eq(roles.isSuper, true)));
    const cases: [object, Record<string, string>][] = [
      [
        { registerTenantId: acme.tenantId, registerRoleId: acmeSuper?.id },
        { registerRoleId: 'a super role may not be the default' },
      ],
      [{ registerTenantId: acme.tenantId, registerRoleId: pmRole }, { registerRoleId: 'no such role in this tenant' }],
      [{ registerTenantId: 999_999, registerRoleId: acmeMember }, { registerTenantId: 'no such tenant' }],
      // Past int4: refused as a value, never looked up (the route fuzz found it answering 500).
      [{ registerTenantId: 4_294_967_296, registerRoleId: acmeMember }, { registerTenantId: 'at most 2147483647' }],
      [
        { registerEnabled: true, registerTenantId: null, registerRoleId: null },
        { registerTenantId: 'pick the tenant new accounts join', registerRoleId: 'pick the role new accounts get' },
      ],
    ];
    for (const [change, fieldErrors] of cases) {
      const res = await post('/api/loginSet/save', { ...login, ...change }, admin);
      expect([res.statusCode, data(res)]).toEqual([400, { fieldErrors }]);
    }
    expect(await current()).toEqual(login);
  });

  it('stops handing out a role that has since become super or been disabled', async () => {
    const login = await current();
    await post(
      '/api/loginSet/save',
      { ...login, registerEnabled: true, registerTenantId: acme.tenantId, registerRoleId: acmeMember },
      admin,
    );
    await t.database.db.update(roles).set({ isSuper: true }).where(eq(roles.id, acmeMember));
    const res = await post('/api/user/register', { ...newcomer('late-comer'), password: 'Harbour-2026-long' });
    expect([res.statusCode, res.json()]).toMatchObject([422, { message: 'No role is set for self-registration' }]);
    await t.database.db.update(roles).set({ isSuper: false }).where(eq(roles.id, acmeMember));
    await post('/api/loginSet/save', login, admin);
    expect(await t.database.db.select().from(users).where(eq(users.userKey, 'late-comer'))).toEqual([]);
  });
});

describe('registration on a real install (SEED_DEMO=false)', () => {
  it('is off by default: the sign-in page offers none and register answers 403', async () => {
    const bare = await createTestApp({}, { seedDemo: false });
    try {
      expect(data(await bare.app.inject({ method: 'GET', url: '/api/user/loginConfig' }))).toMatchObject({
        registerEnabled: false,
      });
      expect(data(await bare.app.inject({ method: 'GET', url: '/api/siteConfig/public' }))).toMatchObject({
        registerEnabled: false,
      });
      const res = await bare.app.inject({ method: 'POST', url: '/api/user/register', payload: newcomer('first') });
      expect([res.statusCode, res.json()]).toMatchObject([403, { message: 'Self-registration is turned off' }]);
    } finally {
      await bare.close();
    }
  });
});

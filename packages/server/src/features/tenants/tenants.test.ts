import type { MenuItem, PageResult, TenantDetail, TenantRow } from '@trestle/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { menus, sessions, tenants, users } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });
let menuIds: Map<string, number>;
beforeAll(async () => {
  menuIds = new Map((await t.database.db.select().from(menus)).map((m) => [m.code, m.id]));
});

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const ids = (...codes: string[]) => codes.map((c) => menuIds.get(c) ?? 0);
const newTenant = (code: string, extra: object = {}) => ({
  code,
  name: `${code} Engineering`,
  expiresOn: null,
  remark: '',
  menuIds: ids('Project', 'Employee'),
  admin: { userName: `${code}-boss`, userTrueName: 'The Boss', password: 'Boss@2026x' },
  ...extra,
});
const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;
const menuUrls = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/menu/getTreeMenu', headers: bearer(token) });
  return (body(res).data as MenuItem[]).map((m) => m.url).filter(Boolean);
};
/** Signs in as a new tenant's admin and replaces the temporary password, as the first sign-in must. */
const firstSignIn = async (userName: string, password: string) => {
  const token = await t.login(userName, password);
  const res = await post('/api/user/modifyPwd', { oldPwd: password, newPwd: `${password}!new` }, token);
  expect(res.statusCode, res.body).toBe(200);
  return token;
};

describe('/TenantMan', () => {
  it('is for the platform admin only: pm gets 403, nobody signed in gets 401', async () => {
    const list = await post('/api/TenantMan/getPageData', {});
    expect(list.statusCode).toBe(200);
    expect((body(list).data as { rows: TenantRow[] }).rows[0]).toMatchObject({ code: 'default', isPlatform: true });
    expect((await post('/api/TenantMan/getPageData', {}, t.pm)).statusCode).toBe(403);
    expect((await post('/api/TenantMan/add', newTenant('nope'), t.pm)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/TenantMan/getPageData', payload: {} })).statusCode).toBe(
      401,
    );
    expect(await menuUrls(t.pm)).not.toContain('/TenantMan');
    expect(await menuUrls(t.admin)).toContain('/TenantMan');
  });

  it('adds a tenant whose admin signs in to an empty company limited to its package', async () => {
    const res = await post('/api/TenantMan/add', newTenant('north'));
    expect(res.statusCode, res.body).toBe(200);
    const { id } = body(res).data as { id: number };
    const detail = body(
      await t.app.inject({ method: 'GET', url: `/api/TenantMan/get?id=${id}`, headers: bearer(t.admin) }),
    ).data as TenantDetail;
    expect(detail).toMatchObject({ code: 'north', adminUserName: 'north-boss', users: 1, enabled: true });
    expect(detail.menuIds.sort()).toEqual(ids('Project', 'Employee').sort());
    // The list counts each tenant's own users: north's admin, and every demo account of the platform.
    const listed = (body(await post('/api/TenantMan/getPageData', {})).data as { rows: TenantRow[] }).rows;
    const [platform] = await t.database.db.select().from(tenants).where(eq(tenants.isPlatform, true));
    const platformUsers = await t.database.db.$count(users, eq(users.tenantId, platform?.id ?? 0));
    expect(platformUsers).toBeGreaterThan(1);
    expect(listed.map((r) => [r.code, r.users, r.adminUserName])).toEqual([
      ['default', platformUsers, null],
      ['north', 1, 'north-boss'],
    ]);

    const boss = await firstSignIn('north-boss', 'Boss@2026x');
    expect(await menuUrls(boss)).toEqual(['/home', '/UserInfo/Manager', '/Employee']);
    const list = await post('/api/Employee/getPageData', {}, boss);
    expect((body(list).data as PageResult).total).toBe(0);
    // Its own dictionaries came with it, so its Employee form works.
    const dicts = await post('/api/Dictionary/getVueDictionary', ['gender'], boss);
    expect((body(dicts).data as { items: unknown[] }[])[0]?.items).toHaveLength(2);
    expect((await post('/api/Dictionary/getPageData', {}, boss)).statusCode).toBe(403);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const cases: [object, string][] = [
      [newTenant('north'), 'code'],
      [newTenant('Bad Code'), 'code'],
      [newTenant('south', { menuIds: ids('TenantMan') }), 'menuIds'],
      [newTenant('south', { menuIds: [999999] }), 'menuIds'],
      [
        newTenant('south', { admin: { userName: 'admin', userTrueName: 'x', password: 'Boss@2026x' } }),
        'admin.userName',
      ],
      [
        newTenant('south', { admin: { userName: 'south-boss', userTrueName: 'x', password: 'short' } }),
        'admin.password',
      ],
      [newTenant('south', { expiresOn: 'tomorrow' }), 'expiresOn'],
      [newTenant('south', { name: 'x'.repeat(101) }), 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/TenantMan/add', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(fieldErrors(res)).join(), JSON.stringify(payload)).toContain(field);
    }
    expect((await post('/api/TenantMan/add', { ...newTenant('south'), plan: 'gold' })).statusCode).toBe(400);
    expect(await t.database.db.select().from(tenants).where(eq(tenants.code, 'south'))).toEqual([]);
  });

  it('disabling a tenant ends its sessions at once; changing its package changes its menu on the next call', async () => {
    const { id } = body(await post('/api/TenantMan/add', newTenant('east'))).data as { id: number };
    const boss = await firstSignIn('east-boss', 'Boss@2026x');
    const update = (extra: object) =>
      post('/api/TenantMan/update', {
        id,
        name: 'east Engineering',
        enabled: true,
        expiresOn: null,
        remark: '',
        menuIds: ids('Project', 'Employee'),
        ...extra,
      });

    expect((await update({ menuIds: ids('System', 'DictionaryList') })).statusCode).toBe(200);
    expect(await menuUrls(boss)).toEqual(['/home', '/UserInfo/Manager', '/DictionaryList']);
    expect((await post('/api/Employee/getPageData', {}, boss)).statusCode).toBe(403);

    expect((await update({ enabled: false })).statusCode).toBe(200);
    expect((await post('/api/DictionaryList/getPageData', {}, boss)).statusCode).toBe(401);
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tenantId, id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
  });

  it('keeps the platform tenant on, and answers 404 for an unknown tenant', async () => {
    const platform = { id: 1, name: 'Default company', enabled: false, expiresOn: null, remark: '', menuIds: [] };
    expect((await post('/api/TenantMan/update', platform)).statusCode).toBe(400);
    expect((await post('/api/TenantMan/update', { ...platform, id: 999999, enabled: true })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/TenantMan/get?id=999999', headers: bearer(t.admin) })).statusCode,
    ).toBe(404);
  });
});

describe('switching tenant', () => {
  it("a platform admin works in another tenant's data, then comes back; the old token ends", async () => {
    const { id } = body(await post('/api/TenantMan/add', newTenant('west'))).data as { id: number };
    const mine = await t.login('admin', 'Admin@2026');
    const res = await post('/api/TenantMan/switch', { tenantId: id }, mine);
    expect(res.statusCode, res.body).toBe(200);
    const there = body(res).data as string;
    expect((await post('/api/Employee/getPageData', {}, mine)).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: bearer(there) });
    expect(body(me).data).toMatchObject({ tenant: { id, code: 'west' }, homeTenantId: 1 });
    expect((body(await post('/api/Employee/getPageData', {}, there)).data as PageResult).total).toBe(0);
    // West's package has no Dictionary screen, whoever works there.
    expect((await post('/api/Dictionary/getPageData', {}, there)).statusCode).toBe(403);

    const back = await post('/api/TenantMan/switch', { tenantId: 1 }, there);
    expect(back.statusCode).toBe(200);
    expect(
      (body(await post('/api/Employee/getPageData', {}, body(back).data as string)).data as PageResult).total,
    ).toBe(50);
  });

  it('is refused to anyone but a platform admin, and into a disabled tenant', async () => {
    const { id } = body(await post('/api/TenantMan/add', newTenant('shut'))).data as { id: number };
    expect((await post('/api/TenantMan/switch', { tenantId: id }, t.pm)).statusCode).toBe(403);
    const boss = await firstSignIn('shut-boss', 'Boss@2026x');
    expect((await post('/api/TenantMan/switch', { tenantId: 1 }, boss)).statusCode).toBe(403);
    await post('/api/TenantMan/update', { id, name: 'shut', enabled: false, expiresOn: null, remark: '', menuIds: [] });
    const mine = await t.login('admin', 'Admin@2026');
    expect((await post('/api/TenantMan/switch', { tenantId: id }, mine)).statusCode).toBe(422);
    expect((await post('/api/TenantMan/switch', { tenantId: 999999 }, mine)).statusCode).toBe(404);
  });
});

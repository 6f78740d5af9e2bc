import type { PageResult } from '@trestle/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant, type OtherTenant } from '../test/tenants.ts';
import { APP_ROLE, type Db, queryRows } from './client.ts';
import { employees, roles, roleTypes, userRoles, users } from './schema.ts';

// acme's super admin holds every identity screen a tenant may have, so only tenancy (not a missing
// grant) keeps the platform tenant's users, roles, sessions and role types from it.
const ACME_MENUS = ['Employee', 'System', 'User', 'Role', 'RoleType', 'Permission', 'DataPermission', 'Organization'];
const MISSING = 999_999;

let t: TestApp;
let acme: OtherTenant;
let admin: string;
let acmeAdmin: string;
const platform = { admin: 0, pm: 0, adminRole: 0, pmRole: 0, roleType: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createOtherTenant(db, 'acme', ACME_MENUS);
  admin = await t.login('admin', 'Admin@2026');
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
  const byKey = async (key: string) => (await db.select().from(users).where(eq(users.userKey, key)))[0]?.id ?? 0;
  platform.admin = await byKey('admin');
  platform.pm = await byKey('pm');
  const platformRoles = await db.select().from(roles).where(eq(roles.tenantId, 1));
  platform.adminRole = platformRoles.find((r) => r.code === 'admin')?.id ?? 0;
  platform.pmRole = platformRoles.find((r) => r.code === 'pm')?.id ?? 0;
  platform.roleType = (await db.select().from(roleTypes).where(eq(roleTypes.tenantId, 1)))[0]?.id ?? 0;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token = acmeAdmin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const get = (url: string, token = acmeAdmin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
/** What a caller learns from an answer: the status and the whole envelope, with the asked-for id masked. */
const answer = (res: { statusCode: number; body: string }, id: number | string) => [
  res.statusCode,
  res.body.replaceAll(String(id), '<id>'),
];

/** Runs `fn` as the app's role bound to `tenant` ('' for none), rolled back afterwards. */
const asAppRole = <T>(tenant: string, fn: (tx: Db) => Promise<T>, acting = { user: '', tenant: '' }) =>
  t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(sql`select set_config('app.tenant_id', ${tenant}, true)`);
      await tx.execute(sql`select set_config('app.acting_user_id', ${acting.user}, true)`);
      await tx.execute(sql`select set_config('app.acting_tenant_id', ${acting.tenant}, true)`);
      throw { result: await fn(tx) };
    })
    .catch((thrown: { result?: T }) => {
      if (thrown && 'result' in thrown) return thrown.result as T;
      throw thrown;
    });
/** The ids (or lookup values) of a list answer. */
const ids = (res: LightMyRequestResponse) =>
  (body(res).data as { id?: number; value?: number }[]).map((r) => r.id ?? r.value);
const countOf = (tx: Db, table: string) =>
  queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = 1`).then(
    (r) => r[0]?.n,
  );

describe("a direct SQL connection as the app's role", () => {
  const identity = ['users', 'roles', 'sessions', 'user_roles', 'role_types'];

  it("sees none of the platform tenant's identity rows when bound to acme, and none at all unbound", async () => {
    for (const table of identity) {
      expect(await asAppRole('1', (tx) => countOf(tx, table)), table).toBeGreaterThan(0);
      expect(await asAppRole(String(acme.tenantId), (tx) => countOf(tx, table)), table).toBe(0);
      expect(await asAppRole('', (tx) => countOf(tx, table)), table).toBe(0);
    }
  });

  it("can't write an identity row into another tenant", async () => {
    const link = asAppRole(String(acme.tenantId), (tx) =>
      tx.insert(userRoles).values({ tenantId: 1, userId: acme.adminId, roleId: platform.adminRole }),
    );
    await expect(link).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const hijack = await asAppRole(String(acme.tenantId), (tx) =>
      tx.update(users).set({ passwordHash: 'x' }).where(eq(users.id, platform.admin)).returning(),
    );
    expect(hijack).toEqual([]);
  });

  it("a platform admin working in acme reads its own user, role links and its tenant's roles, no other platform user", async () => {
    const seen = await asAppRole(
      String(acme.tenantId),
      async (tx) => ({
        users: (await tx.select({ id: users.id }).from(users)).map((u) => u.id).sort(),
        links: [...new Set((await tx.select().from(userRoles).where(eq(userRoles.tenantId, 1))).map((l) => l.userId))],
        roles: (await tx.select({ id: roles.id }).from(roles).where(eq(roles.tenantId, 1))).map((r) => r.id),
      }),
      { user: String(platform.admin), tenant: '1' },
    );
    expect(seen.users).toEqual([acme.adminId, platform.admin].sort());
    expect(seen.links).toEqual([platform.admin]);
    expect(seen.roles).toContain(platform.adminRole);
  });

  it('finds a user by name before any tenant is known only through the sign-in lookup: id and tenant, nothing else', async () => {
    const rows = await asAppRole('', (tx) => queryRows<object>(tx, sql`select * from trestle_sign_in_lookup('pm')`));
    expect(rows).toEqual([{ user_id: platform.pm, tenant_id: 1 }]);
    const [fn] = await queryRows<{ definer: boolean; config: string[]; acl: string[] }>(
      t.database.db,
      sql`select prosecdef as definer, proconfig as config, proacl::text[] as acl
          from pg_proc where proname = 'trestle_sign_in_lookup'`,
    );
    expect(fn?.definer).toBe(true);
    expect(fn?.config).toEqual(['search_path=pg_catalog, public']);
    // Not PUBLIC's (an entry '=X/...'): the app's role only.
    expect(fn?.acl.filter((a) => a.startsWith('='))).toEqual([]);
    expect(fn?.acl.some((a) => a.startsWith(`${APP_ROLE}=X`))).toBe(true);
  });
});

describe("acme's admin, on every identity path", () => {
  it("lists none of the platform's users, roles or role types", async () => {
    const page = body(await post('/api/User/getUserPage', { page: 1, rows: 100 })).data as {
      rows: { id: number }[];
    };
    expect(page.rows.map((u) => u.id)).toEqual([acme.adminId]);
    const tree = body(await get('/api/Role/getRoleTree')).data as { id: number }[];
    expect(tree.map((r) => r.id)).not.toContain(platform.adminRole);
    const tenantRoles = await t.database.db.select().from(roles).where(eq(roles.tenantId, acme.tenantId));
    expect(tree.map((r) => r.id).sort()).toEqual(tenantRoles.map((r) => r.id).sort());
    expect(body(await get('/api/roletype/getList')).data).toEqual([]);
    const perms = body(await get('/api/permission/getRoles')).data as { id: number }[];
    expect(perms.map((r) => r.id).sort()).toEqual(tenantRoles.map((r) => r.id).sort());
    const scopes = body(await get('/api/dataPermission/roles')).data as { id: number }[];
    expect(scopes.map((r) => r.id).sort()).toEqual(tenantRoles.map((r) => r.id).sort());
  });

  it("looks up none of them in a picker: the Employee user field, organisation managers, data permission's users, the role and user dialogs", async () => {
    expect(ids(await get('/api/Employee/lookup?field=userId&q=a'))).toEqual([acme.adminId]);
    expect(ids(await get(`/api/Employee/lookup?field=userId&ids=${platform.admin},${platform.pm}`))).toEqual([]);
    expect(ids(await get('/api/Organization/searchUsers?q=a'))).toEqual([acme.adminId]);
    expect(ids(await get('/api/dataPermission/users?q='))).toEqual([acme.adminId]);
    // The role dialog's role types: acme has none of its own, and sees none of the platform's.
    expect(body(await get('/api/Role/getRoleTypeOptions')).data).toEqual([]);
    const options = body(await get('/api/User/getUserOptions')).data as { roles: { id: number }[] };
    expect(options.roles.map((r) => r.id)).not.toContain(platform.pmRole);
  });

  it('reads none of them by id: the answer is the one for a missing id', async () => {
    const byId: [string, (id: number) => Promise<{ statusCode: number; body: string }>][] = [
      ['getSessions', (id) => post('/api/User/getSessions', { id })],
      ['getMatrix', (id) => get(`/api/permission/getMatrix?roleId=${id}`)],
      ['entities', (id) => get(`/api/dataPermission/entities?roleId=${id}`)],
      ['explain', (id) => post('/api/dataPermission/explain', { userId: id, entity: 'Employee', key: 1 })],
    ];
    for (const [name, call] of byId) {
      const theirs = platform[name === 'getSessions' || name === 'explain' ? 'admin' : 'pmRole'];
      const missing = answer(await call(MISSING), MISSING);
      expect(answer(await call(theirs), theirs), name).toEqual(missing);
      expect(missing[0], name).toBeGreaterThanOrEqual(400);
    }
  });

  it('updates and deletes none of them: the answer is the one for a missing id, and nothing changes', async () => {
    const writes: [string, object][] = [
      ['/api/User/setEnabled', { enabled: false }],
      ['/api/User/resetPassword', { password: 'Temporary-42x' }],
      ['/api/User/unlock', {}],
      ['/api/User/endSessions', {}],
      [
        '/api/User/updateUser',
        { userTrueName: 'Took it', phone: '', email: '', organizationId: null, organizationIds: [], roleIds: [] },
      ],
    ];
    for (const [url, extra] of writes) {
      const missing = answer(await post(url, { id: MISSING, ...extra }), MISSING);
      expect(answer(await post(url, { id: platform.admin, ...extra }), platform.admin), url).toEqual(missing);
    }
    const roleWrites: [string, object][] = [
      ['/api/Role/updateRole', { code: 'x', name: 'Took it', roleTypeId: null, parentId: null, enabled: true }],
      ['/api/Role/delRole', {}],
      ['/api/roletype/updateType', { code: 'x', name: 'Took it' }],
      ['/api/roletype/delType', {}],
    ];
    for (const [url, extra] of roleWrites) {
      const theirs = url.includes('roletype') ? platform.roleType : platform.pmRole;
      const missing = answer(await post(url, { id: MISSING, ...extra }), MISSING);
      expect(answer(await post(url, { id: theirs, ...extra }), theirs), url).toEqual(missing);
    }
    const grants = (roleId: number) => post('/api/permission/save', { roleId, grants: [] });
    expect(answer(await grants(platform.pmRole), platform.pmRole)).toEqual(answer(await grants(MISSING), MISSING));
    const scope = (roleId: number) => post('/api/dataPermission/save', { roleId, entity: 'Employee', rule: null });
    expect(answer(await scope(platform.pmRole), platform.pmRole)).toEqual(answer(await scope(MISSING), MISSING));

    const [me] = await t.database.db.select().from(users).where(eq(users.id, platform.admin));
    expect(me).toMatchObject({ enabled: true, userTrueName: 'Administrator', mustChangePassword: false });
    const [pmRole] = await t.database.db.select().from(roles).where(eq(roles.id, platform.pmRole));
    expect(pmRole).toMatchObject({ code: 'pm', name: 'Project manager' });
    const [type] = await t.database.db.select().from(roleTypes).where(eq(roleTypes.id, platform.roleType));
    expect(type?.name).not.toBe('Took it');
    expect((await get('/api/user/getCurrentUserInfo', admin)).statusCode).toBe(200);
  });

  it("never shows a platform user's name on its own rows, in the list or the export", async () => {
    const [mine] = acme.employeeIds;
    await t.database.db
      .update(employees)
      .set({ userId: platform.admin, createdBy: platform.admin })
      .where(eq(employees.id, mine ?? 0));
    const page = body(await post('/api/Employee/getPageData', { rows: 100 })).data as PageResult;
    const row = page.rows.find((r) => r.id === mine);
    expect(row).toMatchObject({ userIdLabel: null, createdByName: null });
    const exported = await post('/api/Employee/export', {});
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const cells = (book.worksheets[0]?.getSheetValues() ?? []).flat().map(String);
    expect(cells.filter((c) => c === 'admin' || c === 'Administrator')).toEqual([]);
  });
});

describe('the platform administrator working in acme (TenantMan switch)', () => {
  it("acts as acme's administrator: acme's users and roles, its own account, none of the platform's others", async () => {
    const mine = await t.login('admin', 'Admin@2026');
    const switched = await post('/api/TenantMan/switch', { tenantId: acme.tenantId }, mine);
    expect(switched.statusCode, switched.body).toBe(200);
    const there = body(switched).data as string;
    const me = body(await get('/api/user/getCurrentUserInfo', there)).data as {
      id: number;
      tenant: { id: number };
      homeTenantId: number;
      roles: { id: number }[];
    };
    expect(me).toMatchObject({ id: platform.admin, tenant: { id: acme.tenantId }, homeTenantId: 1 });
    expect(me.roles.map((r) => r.id)).toContain(platform.adminRole);
    const page = body(await post('/api/User/getUserPage', { page: 1, rows: 100 }, there)).data as {
      rows: { id: number }[];
    };
    expect(page.rows.map((u) => u.id)).not.toContain(platform.pm);
    expect(page.rows.map((u) => u.id)).not.toContain(platform.admin);
    expect(ids(await get('/api/Employee/lookup?field=userId&q=', there))).toEqual([acme.adminId]);
    expect((await post('/api/User/getSessions', { id: platform.pm }, there)).statusCode).toBe(404);
    const tree = body(await get('/api/Role/getRoleTree', there)).data as { id: number }[];
    expect(tree.map((r) => r.id)).not.toContain(platform.adminRole);
    // Its own password stays its own to change, and the way back still works.
    const policy = body(await get('/api/user/myPasswordPolicy', there)).data;
    expect(policy).toMatchObject({ passwordMinLength: 8 });
    const back = await post('/api/TenantMan/switch', { tenantId: 1 }, there);
    expect(back.statusCode).toBe(200);
  });
});

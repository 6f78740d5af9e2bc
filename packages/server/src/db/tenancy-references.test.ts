import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createTenantWithEveryMenu } from '../test/tenants.ts';
import { queryRows } from './client.ts';

// The hand-written routes that write ids of other rows: the other tenant's admin names the first tenant's
// rows, then ids that do not exist, and must get the same answer for both (nothing tells an id apart)
// with nothing written. The engine's references are engine/references.test.ts.

/** A row id no table reaches, inside the 32-bit range the validators accept. */
const MISSING = 2_147_483_000;

let t: TestApp;
let acme: string;
let pm: string;
/** First-tenant ids of each kind. */
const first = { org: 0, user: 0, role: 0, warning: 0, project: 0 };

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0] as T;
const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const fieldErrors = (res: LightMyRequestResponse) =>
  (body(res).data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};

/**
 * Sends with the first tenant's id and with a missing one: the same status and the same body. An answer
 * about the row acted on (a 404 for a key) may repeat the key the caller sent, and nothing else.
 */
async function alike(send: (id: number) => Promise<LightMyRequestResponse>, theirs: number, status: number) {
  const a = await send(theirs);
  const b = await send(MISSING);
  expect(a.statusCode, a.body).toBe(status);
  const echo = (res: LightMyRequestResponse, id: number) => {
    const envelope = body(res);
    return { ...envelope, message: envelope.message.replace(new RegExp(`\\b${id}\\b`, 'g'), '<key>') };
  };
  expect(echo(a, theirs)).toEqual(echo(b, MISSING));
  return a;
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenantWithEveryMenu(t.database.db, 'acme');
  acme = await t.login('acme-admin', 'Other@2026');
  pm = await t.login('pm', 'Pm@2026');
  first.org = (await one<{ id: number }>(sql`select id from organizations where tenant_id = 1 order by id`)).id;
  first.user = (await one<{ id: number }>(sql`select id from users where tenant_id = 1 order by id`)).id;
  first.role = (await one<{ id: number }>(sql`select id from roles where tenant_id = 1 order by id`)).id;
  first.warning = (await one<{ id: number }>(sql`select id from project_warning where tenant_id = 1 order by id`)).id;
  first.project = (await one<{ id: number }>(sql`select id from projects where tenant_id = 1 order by id`)).id;
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await one<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).n;

describe('users', () => {
  const user = { userTrueName: 'Probe', phone: '', email: '', organizationId: null, organizationIds: [], roleIds: [] };

  it('refuses an organisation or a role of another tenant as a missing one, on the field that names it', async () => {
    const before = await count('users');
    const add = (extra: object) =>
      post(acme, '/api/User/addUser', { ...user, userName: 'acme-probe', password: 'Long-enough-1', ...extra });
    const org = await alike((id) => add({ organizationId: id }), first.org, 400);
    expect(fieldErrors(org)).toEqual({ organizationId: 'no such organisation' });
    const orgs = await alike((id) => add({ organizationIds: [id] }), first.org, 400);
    expect(fieldErrors(orgs)).toEqual({ organizationIds: 'no such organisation' });
    const roles = await alike((id) => add({ roleIds: [id] }), first.role, 400);
    expect(Object.keys(fieldErrors(roles))).toEqual(['roleIds']);
    expect(await count('users')).toBe(before);

    const created = await add({});
    expect(created.statusCode, created.body).toBe(200);
    const id = (body(created).data as { id: number }).id;
    const update = (extra: object) => post(acme, '/api/User/updateUser', { ...user, id, ...extra });
    expect(fieldErrors(await alike((x) => update({ organizationId: x }), first.org, 400))).toEqual({
      organizationId: 'no such organisation',
    });
    expect(Object.keys(fieldErrors(await alike((x) => update({ roleIds: [x] }), first.role, 400)))).toEqual([
      'roleIds',
    ]);
    const stored = await one<{ org: number | null; roles: number }>(
      sql`select organization_id as org, (select count(*)::int from user_roles where user_id = ${id}) as roles
          from users where id = ${id}`,
    );
    expect(stored).toEqual({ org: null, roles: 0 });
  });
});

describe('organisations', () => {
  it("refuses another tenant's user as manager like a missing one", async () => {
    const before = await count('organizations');
    const org = { parentId: null, code: 'ACME-X', name: 'X', type: 'team', sort: 0 };
    const res = await alike((id) => post(acme, '/api/Organization/add', { ...org, managerId: id }), first.user, 400);
    expect(fieldErrors(res)).toEqual({ managerId: 'No such user' });
    expect(await count('organizations')).toBe(before);
  });
});

describe('roles', () => {
  it("refuses another tenant's role as parent like a missing one, and a missing role type", async () => {
    const before = await count('roles');
    const role = { code: 'acme-x', name: 'X', roleTypeId: null, enabled: true };
    const add = (extra: object) => post(acme, '/api/Role/addRole', { ...role, parentId: null, ...extra });
    expect(fieldErrors(await alike((id) => add({ parentId: id }), first.role, 400))).toEqual({
      parentId: 'pick one of your roles or one below',
    });
    expect(fieldErrors(await add({ roleTypeId: MISSING }))).toEqual({ roleTypeId: 'no such role type' });
    expect(await count('roles')).toBe(before);

    const created = await add({});
    expect(created.statusCode, created.body).toBe(200);
    const id = (body(created).data as { id: number }).id;
    const moved = await alike(
      (parentId) => post(acme, '/api/Role/updateRole', { ...role, id, parentId }),
      first.role,
      400,
    );
    expect(Object.keys(fieldErrors(moved))).toEqual(['parentId']);
    expect((await one<{ p: number | null }>(sql`select parent_id as p from roles where id = ${id}`)).p).toBeNull();
  });
});

describe('grants and data permissions', () => {
  it("answer 404 for another tenant's role like a missing one, and 400 for its organisations", async () => {
    const before = await count('role_data_scopes');
    await alike(
      (roleId) => post(acme, '/api/dataPermission/save', { roleId, entity: 'Employee', rule: { scope: 'own' } }),
      first.role,
      404,
    );
    await alike((roleId) => post(acme, '/api/permission/save', { roleId, menus: [] }), first.role, 404);
    const own = await one<{ id: number }>(sql`select id from roles where code = 'admin' and tenant_id <> 1`);
    const res = await alike(
      (id) =>
        post(acme, '/api/dataPermission/save', {
          roleId: own.id,
          entity: 'Employee',
          rule: { scope: 'organizations', organizationIds: [id] },
        }),
      first.org,
      400,
    );
    expect(fieldErrors(res)).toEqual({ 'rule.organizationIds': 'an organisation does not exist' });
    expect(await count('role_data_scopes')).toBe(before);
  });

  it('refuse a role its holder would widen for itself: pm given the screen cannot open its own rows', async () => {
    await t.database.db.execute(
      sql`insert into role_menus (role_id, menu_id)
          select r.id, m.id from roles r, menus m where r.code = 'pm' and r.tenant_id = 1 and m.code = 'DataPermission'
          on conflict do nothing`,
    );
    await t.database.db.execute(
      sql`insert into role_grants (role_id, menu_id, button_id)
          select r.id, m.id, b.id from roles r, menus m, buttons b
          where r.code = 'pm' and r.tenant_id = 1 and m.code = 'DataPermission' and b.code in ('Search', 'Update')
          on conflict do nothing`,
    );
    const pmRole = await one<{ id: number }>(sql`select id from roles where code = 'pm' and tenant_id = 1`);
    const before = await queryRows(t.database.db, sql`select * from role_data_scopes where role_id = ${pmRole.id}`);
    const res = await post(pm, '/api/dataPermission/save', {
      roleId: pmRole.id,
      entity: 'ProjectContract',
      rule: { scope: 'all' },
    });
    expect([res.statusCode, body(res).code]).toEqual([403, 'forbidden']);
    expect(await queryRows(t.database.db, sql`select * from role_data_scopes where role_id = ${pmRole.id}`)).toEqual(
      before,
    );
  });
});

describe('warnings', () => {
  it('acts on no warning of another tenant, and re-checks none of its projects, exactly as for missing ids', async () => {
    const before = await one(sql`select status, version from project_warning where id = ${first.warning}`);
    for (const action of ['acknowledge', 'ignore']) {
      await alike(
        (id) => post(acme, `/api/ProjectWarning/${action}`, { keys: [id], note: 'probe' }),
        first.warning,
        404,
      );
    }
    await alike(
      (id) => post(acme, '/api/ProjectWarning/snooze', { keys: [id], until: '2999-01-01' }),
      first.warning,
      404,
    );
    const checked = await alike(
      (projectId) => post(acme, '/api/ProjectWarning/evaluate', { projectId }),
      first.project,
      200,
    );
    expect(body(checked).data).toMatchObject({ projects: 0, opened: 0, updated: 0, resolved: 0 });
    expect(await one(sql`select status, version from project_warning where id = ${first.warning}`)).toEqual(before);
  });
});

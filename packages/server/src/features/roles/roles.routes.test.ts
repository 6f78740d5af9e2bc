import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buttons, menuButtons, menus, roleGrants, roleMenus, roles, roleTypes, tenants } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { addForeignRole, addOpsAdministrator, seedRoles } from '../../test/roles.ts';
import { itRefusesAnonymousAndPm, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });
let ops: string;
const ids = { admin: 0, pm: 0, staff: 0, ops: 0, clerk: 0, other: 0, business: 0 };

type RoleOut = { id: number; parentId: number | null; code: string; manageable: boolean; isSuper: boolean };

/** Grants a role every button a menu offers, as the super admin would in /permission. */
async function grantAll(roleId: number, menuCodes: string[]) {
  const db = t.database.db;
  const found = await db.select().from(menus).where(inArray(menus.code, menuCodes));
  for (const m of found) {
    await db.insert(roleMenus).values({ roleId, menuId: m.id });
    const offered = await db.select().from(menuButtons).where(eq(menuButtons.menuId, m.id));
    if (offered.length)
      await db.insert(roleGrants).values(offered.map((o) => ({ roleId, menuId: m.id, buttonId: o.buttonId })));
  }
}

beforeAll(async () => {
  const db = t.database.db;
  const { tenantId, role } = await seedRoles(db);
  ids.admin = role('admin');
  ids.pm = role('pm');
  ids.staff = role('staff');
  ids.business =
    (
      await db
        .select()
        .from(roleTypes)
        .where(and(eq(roleTypes.code, 'business'), eq(roleTypes.tenantId, tenantId)))
    )[0]?.id ?? 0;
  // ops: an administrator below the super admin, holding the Role, RoleType and Permission screens.
  const added = await addOpsAdministrator(db, (opsRole) => grantAll(opsRole, ['Role', 'RoleType', 'Permission']));
  ids.ops = added.ops;
  ids.clerk = added.clerk;
  ops = await t.login('ops', 'Pm@2026');
  ids.other = await addForeignRole(db);
});

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const tree = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/Role/getRoleTree', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return body(res).data as RoleOut[];
};
const role = (extra: Record<string, unknown>) => ({
  code: `r${Math.random().toString(36).slice(2, 8)}`,
  name: 'A role',
  roleTypeId: ids.business,
  parentId: ids.clerk,
  enabled: true,
  ...extra,
});
const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;

describe('access', () => {
  itRefusesAnonymousAndPm(t, [
    ['GET', '/api/Role/getRoleTree'],
    ['GET', '/api/Role/getRoleTypeOptions'],
    ['POST', '/api/Role/addRole'],
    ['POST', '/api/Role/updateRole'],
    ['POST', '/api/Role/delRole'],
    ['GET', '/api/roletype/getList'],
    ['POST', '/api/roletype/addType'],
    ['POST', '/api/roletype/updateType'],
    ['POST', '/api/roletype/delType'],
  ]);
});

describe('the role tree', () => {
  it('shows the super admin every role of its tenant and none of another', async () => {
    const all = await tree(t.admin);
    expect(all.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'pm', 'staff', 'ops', 'clerk']));
    expect(all.map((r) => r.id)).not.toContain(ids.other);
    expect(all.find((r) => r.code === 'admin')).toMatchObject({ isSuper: true, parentId: null });
  });

  it('shows an administrator below it only its own role (read-only, as a root) and the roles below', async () => {
    const mine = await tree(ops);
    expect(mine.map((r) => r.code).sort()).toEqual(['clerk', 'ops']);
    expect(mine.find((r) => r.code === 'ops')).toMatchObject({ manageable: false, parentId: null });
    expect(mine.find((r) => r.code === 'clerk')).toMatchObject({ manageable: true, parentId: ids.ops });
  });
});

describe('subtree rules for an administrator below the super admin', () => {
  it('creates roles below its own, never outside or at the top', async () => {
    expect((await post('/api/Role/addRole', ops, role({ parentId: ids.ops }))).statusCode).toBe(200);
    expect((await post('/api/Role/addRole', ops, role({ parentId: ids.clerk }))).statusCode).toBe(200);
    const outside = await post('/api/Role/addRole', ops, role({ parentId: ids.pm }));
    expect(outside.statusCode).toBe(400);
    expect(fieldErrors(outside)).toHaveProperty('parentId');
    expect((await post('/api/Role/addRole', ops, role({ parentId: null }))).statusCode).toBe(400);
    expect((await post('/api/Role/addRole', ops, role({ parentId: ids.other }))).statusCode).toBe(400);
  });

  it('cannot move a role out of its subtree, touch its own role, or one outside', async () => {
    const [moved] = [await post('/api/Role/updateRole', ops, role({ id: ids.clerk, code: 'clerk', parentId: ids.pm }))];
    expect(moved?.statusCode).toBe(400);
    const [clerk] = await t.database.db.select().from(roles).where(eq(roles.id, ids.clerk));
    expect(clerk?.parentId).toBe(ids.ops);
    expect(
      (await post('/api/Role/updateRole', ops, role({ id: ids.ops, code: 'ops', parentId: ids.admin }))).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/Role/updateRole', ops, role({ id: ids.pm, code: 'pm', parentId: ids.ops }))).statusCode,
    ).toBe(404);
    expect((await post('/api/Role/delRole', ops, { id: ids.staff })).statusCode).toBe(404);
  });

  it('cannot set or clear the super-admin flag', async () => {
    expect((await post('/api/Role/addRole', ops, role({ isSuper: true }))).statusCode).toBe(403);
    const res = await post(
      '/api/Role/updateRole',
      ops,
      role({ id: ids.clerk, code: 'clerk', parentId: ids.ops, isSuper: true }),
    );
    expect(res.statusCode).toBe(403);
    const [clerk] = await t.database.db.select().from(roles).where(eq(roles.id, ids.clerk));
    expect(clerk?.isSuper).toBe(false);
  });

  it("changes its tenant's role types with the RoleType grant, never another tenant's", async () => {
    const added = await post('/api/roletype/addType', ops, { code: 'mine', name: 'Mine' });
    expect(added.statusCode).toBe(200);
    const { id } = body(added).data as { id: number };
    const [other] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'other'));
    const [theirs] = await t.database.db
      .insert(roleTypes)
      .values({ tenantId: other?.id ?? 0, code: 'theirs', name: 'Theirs' })
      .returning();
    const list = await t.app.inject({ method: 'GET', url: '/api/roletype/getList', headers: bearer(ops) });
    const listed = (body(list).data as { id: number }[]).map((x) => x.id);
    expect(listed).toContain(id);
    expect(listed).not.toContain(theirs?.id);
    const rename = await post('/api/roletype/updateType', ops, { id: theirs?.id, code: 'theirs', name: 'Took it' });
    expect(rename.statusCode).toBe(404);
    expect((await post('/api/roletype/delType', ops, { id: theirs?.id })).statusCode).toBe(404);
    const [after] = await t.database.db
      .select()
      .from(roleTypes)
      .where(eq(roleTypes.id, theirs?.id ?? 0));
    expect(after?.name).toBe('Theirs');
    // A role may only be of its own tenant's types.
    const typed = await post('/api/Role/addRole', ops, role({ roleTypeId: theirs?.id }));
    expect(fieldErrors(typed)).toEqual({ roleTypeId: 'no such role type' });
    expect((await post('/api/roletype/delType', ops, { id })).statusCode).toBe(200);
  });
});

describe('editing roles as the super admin', () => {
  it('refuses cycles', async () => {
    const a = body(await post('/api/Role/addRole', t.admin, role({ parentId: ids.staff, code: 'cyc-a' }))).data as {
      id: number;
    };
    const b = body(await post('/api/Role/addRole', t.admin, role({ parentId: a.id, code: 'cyc-b' }))).data as {
      id: number;
    };
    const below = await post('/api/Role/updateRole', t.admin, role({ id: a.id, code: 'cyc-a', parentId: b.id }));
    expect(below.statusCode).toBe(400);
    expect(fieldErrors(below)).toEqual({ parentId: 'would make a cycle' });
    const self = await post('/api/Role/updateRole', t.admin, role({ id: a.id, code: 'cyc-a', parentId: a.id }));
    expect(self.statusCode).toBe(400);
    const ok = await post(
      '/api/Role/updateRole',
      t.admin,
      role({ id: b.id, code: 'cyc-b', parentId: ids.staff, name: 'Moved' }),
    );
    expect(ok.statusCode).toBe(200);
    expect((await tree(t.admin)).find((r) => r.id === b.id)).toMatchObject({ parentId: ids.staff });
  });

  it('refuses bad input with field errors and a taken code', async () => {
    const empty = await post('/api/Role/addRole', t.admin, {});
    expect(Object.keys(fieldErrors(empty))).toEqual(expect.arrayContaining(['code', 'name', 'parentId', 'roleTypeId']));
    const long = await post('/api/Role/addRole', t.admin, role({ name: 'x'.repeat(101), extra: 1, parentId: 'one' }));
    expect(Object.keys(fieldErrors(long))).toEqual(expect.arrayContaining(['name', 'extra', 'parentId']));
    const taken = await post('/api/Role/addRole', t.admin, role({ code: 'pm' }));
    expect(fieldErrors(taken)).toEqual({ code: 'this code is taken' });
    const badType = await post('/api/Role/addRole', t.admin, role({ roleTypeId: 99999 }));
    expect(fieldErrors(badType)).toHaveProperty('roleTypeId');
  });

  it('keeps the super admin from disabling its own role', async () => {
    const res = await post(
      '/api/Role/updateRole',
      t.admin,
      role({ id: ids.admin, code: 'admin', parentId: null, enabled: false }),
    );
    expect(res.statusCode).toBe(422);
  });

  it('deletes only a role no one holds and with nothing below', async () => {
    expect((await post('/api/Role/delRole', t.admin, { id: ids.pm })).statusCode).toBe(409);
    expect((await post('/api/Role/delRole', t.admin, { id: ids.ops })).statusCode).toBe(409);
    const leaf = body(await post('/api/Role/addRole', t.admin, role({ parentId: ids.staff }))).data as { id: number };
    expect((await post('/api/Role/delRole', t.admin, { id: leaf.id })).statusCode).toBe(200);
    expect((await tree(t.admin)).map((r) => r.id)).not.toContain(leaf.id);
  });

  it("answers 404 for another tenant's role and changes nothing", async () => {
    expect(
      (await post('/api/Role/updateRole', t.admin, role({ id: ids.other, code: 'x', parentId: null }))).statusCode,
    ).toBe(404);
    expect((await post('/api/Role/delRole', t.admin, { id: ids.other })).statusCode).toBe(404);
    const [theirs] = await t.database.db.select().from(roles).where(eq(roles.id, ids.other));
    expect(theirs).toMatchObject({ name: 'Theirs', code: 'x' });
  });
});

describe('role types', () => {
  it('adds, renames and deletes an unused type; refuses deleting one in use and a taken code', async () => {
    const added = await post('/api/roletype/addType', t.admin, { code: 'temp', name: 'Temporary' });
    expect(added.statusCode).toBe(200);
    const { id } = body(added).data as { id: number };
    expect((await post('/api/roletype/addType', t.admin, { code: 'temp', name: 'Again' })).statusCode).toBe(400);
    expect((await post('/api/roletype/updateType', t.admin, { id, code: 'temp', name: 'Renamed' })).statusCode).toBe(
      200,
    );
    const list = body(await t.app.inject({ method: 'GET', url: '/api/roletype/getList', headers: bearer(t.admin) }))
      .data as { id: number; name: string; roleCount: number }[];
    expect(list.find((x) => x.id === id)).toMatchObject({ name: 'Renamed', roleCount: 0 });
    expect(list.find((x) => x.id === ids.business)?.roleCount).toBeGreaterThan(0);
    expect((await post('/api/roletype/delType', t.admin, { id: ids.business })).statusCode).toBe(409);
    expect((await post('/api/roletype/delType', t.admin, { id })).statusCode).toBe(200);
    expect((await post('/api/roletype/delType', t.admin, { id })).statusCode).toBe(404);
    const bad = await post('/api/roletype/addType', t.admin, { code: '', name: 'x'.repeat(101) });
    expect(Object.keys(fieldErrors(bad))).toEqual(expect.arrayContaining(['code', 'name']));
  });
});

it('uses the button catalogue the seed defines for the Role menu', async () => {
  const [menu] = await t.database.db.select().from(menus).where(eq(menus.code, 'Role'));
  const offered = await t.database.db
    .select({ code: buttons.code })
    .from(menuButtons)
    .innerJoin(buttons, eq(buttons.id, menuButtons.buttonId))
    .where(eq(menuButtons.menuId, menu?.id ?? 0));
  expect(offered.map((b) => b.code).sort()).toEqual(['Add', 'Delete', 'Search', 'Update']);
});

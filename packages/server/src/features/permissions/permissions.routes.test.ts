import type { MenuItem, PermissionMatrix } from '@trestle/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buttons, menuButtons, menus, roleGrants, roleMenus } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { addForeignRole, addOpsAdministrator, seedRoles } from '../../test/roles.ts';
import { itRefusesAnonymousAndPm, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });
let ops: string;
const role = { pm: 0, ops: 0, clerk: 0, other: 0 };
const menu: Record<string, number> = {};
const button: Record<string, number> = {};

async function grant(roleId: number, menuCode: string, buttonCodes: string[]) {
  const db = t.database.db;
  await db
    .insert(roleMenus)
    .values({ roleId, menuId: menu[menuCode] ?? 0 })
    .onConflictDoNothing();
  if (buttonCodes.length) {
    await db
      .insert(roleGrants)
      .values(buttonCodes.map((b) => ({ roleId, menuId: menu[menuCode] ?? 0, buttonId: button[b] ?? 0 })))
      .onConflictDoNothing();
  }
}

beforeAll(async () => {
  const db = t.database.db;
  for (const m of await db.select().from(menus)) menu[m.code] = m.id;
  for (const b of await db.select().from(buttons)) button[b.code] = b.id;
  role.pm = (await seedRoles(db)).role('pm');
  // ops: an administrator below the super admin, with the permission screen and part of the user screen.
  const added = await addOpsAdministrator(db, async (opsRole) => {
    await grant(opsRole, 'Permission', ['Search', 'Update']);
    await grant(opsRole, 'User', ['Search']);
  });
  role.ops = added.ops;
  role.clerk = added.clerk;
  ops = await t.login('ops', 'Pm@2026');
  role.other = await addForeignRole(db);
});

const matrix = async (token: string, roleId: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/permission/getMatrix?roleId=${roleId}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PermissionMatrix;
};
const save = (token: string, roleId: number, entries: { menuId: number; buttonIds: number[] }[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/permission/save',
    headers: bearer(token),
    payload: { roleId, menus: entries },
  });
/** The role's current grant as save takes it, so a test can change one thing and keep the rest. */
const current = (m: PermissionMatrix) =>
  m.menus.filter((x) => x.opened).map((x) => ({ menuId: x.id, buttonIds: x.granted }));
const menuOf = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/menu/getTreeMenu', headers: bearer(token) });
  return body(res).data as MenuItem[];
};
const userPage = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/User/getUserPage', headers: bearer(token), payload: {} });

describe('access', () => {
  itRefusesAnonymousAndPm(t, [
    ['GET', '/api/permission/getRoles'],
    ['GET', `/api/permission/getMatrix?roleId=1`],
    ['POST', '/api/permission/save'],
  ]);
});

describe('the matrix', () => {
  it("shows a role's menus with the buttons each offers and those granted", async () => {
    const m = await matrix(t.admin, role.pm);
    const employee = m.menus.find((x) => x.id === menu.Employee);
    expect(employee).toMatchObject({ opened: true, openable: true });
    expect(employee?.granted.sort()).toEqual([button.Search, button.Export].sort());
    expect(employee?.assignable).toEqual(employee?.offered);
    expect(m.menus.find((x) => x.id === menu.User)).toMatchObject({ opened: false, granted: [] });
    expect(m.buttons.map((b) => b.code)).toContain('Search');
  });

  it('answers menu names in Chinese when asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/permission/getMatrix?roleId=${role.pm}`,
      headers: { ...bearer(t.admin), 'accept-language': 'zh-CN' },
    });
    expect((body(res).data as PermissionMatrix).menus.find((x) => x.id === menu.User)?.name).toBe('用户管理');
  });
});

describe('a change takes effect on the next call', () => {
  it('grants the project manager the user list: menu and server check follow at once, and revoking undoes both', async () => {
    expect((await userPage(t.pm)).statusCode).toBe(403);
    expect((await menuOf(t.pm)).some((m) => m.id === menu.User)).toBe(false);
    const before = await matrix(t.admin, role.pm);

    const given = await save(t.admin, role.pm, [
      ...current(before),
      { menuId: menu.User ?? 0, buttonIds: [button.Search ?? 0] },
    ]);
    expect(given.statusCode, given.body).toBe(200);
    expect((await userPage(t.pm)).statusCode).toBe(200);
    expect((await menuOf(t.pm)).find((m) => m.id === menu.User)?.permission).toEqual([button.Search]);
    const add = await t.app.inject({ method: 'POST', url: '/api/User/addUser', headers: bearer(t.pm), payload: {} });
    expect(add.statusCode).toBe(403);

    expect((await save(t.admin, role.pm, current(before))).statusCode).toBe(200);
    expect((await userPage(t.pm)).statusCode).toBe(403);
    expect((await menuOf(t.pm)).some((m) => m.id === menu.User)).toBe(false);
    expect((await matrix(t.admin, role.pm)).menus.find((x) => x.id === menu.Employee)?.granted.length).toBe(2);
  });

  it('takes a single button away on the next call', async () => {
    const before = await matrix(t.admin, role.pm);
    const withoutExport = current(before).map((e) =>
      e.menuId === menu.Employee ? { ...e, buttonIds: e.buttonIds.filter((b) => b !== button.Export) } : e,
    );
    expect((await save(t.admin, role.pm, withoutExport)).statusCode).toBe(200);
    expect((await menuOf(t.pm)).find((m) => m.id === menu.Employee)?.permission).toEqual([button.Search]);
    expect((await save(t.admin, role.pm, current(before))).statusCode).toBe(200);
  });
});

describe('no more than you hold', () => {
  it('lets an administrator below the super admin see only its subtree and grant only what it holds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/permission/getRoles', headers: bearer(ops) });
    expect((body(res).data as { code: string }[]).map((r) => r.code).sort()).toEqual(['clerk', 'ops']);

    const m = await matrix(ops, role.clerk);
    expect(m.menus.find((x) => x.id === menu.User)).toMatchObject({ openable: true, assignable: [button.Search] });
    expect(m.menus.some((x) => x.id === menu.Employee)).toBe(false);

    expect((await save(ops, role.clerk, [{ menuId: menu.User ?? 0, buttonIds: [button.Add ?? 0] }])).statusCode).toBe(
      403,
    );
    expect((await save(ops, role.clerk, [{ menuId: menu.Employee ?? 0, buttonIds: [] }])).statusCode).toBe(403);
    expect((await save(ops, role.ops, [{ menuId: menu.User ?? 0, buttonIds: [button.Search ?? 0] }])).statusCode).toBe(
      403,
    );
    expect((await save(ops, role.pm, [])).statusCode).toBe(404);
    const pmGrants = await t.database.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.pm));
    expect(pmGrants.length).toBeGreaterThan(0);

    expect(
      (await save(ops, role.clerk, [{ menuId: menu.User ?? 0, buttonIds: [button.Search ?? 0] }])).statusCode,
    ).toBe(200);
    const got = await t.database.db.select().from(roleGrants).where(eq(roleGrants.roleId, role.clerk));
    expect(got.map((g) => [g.menuId, g.buttonId])).toEqual([[menu.User, button.Search]]);
  });

  it('lets it keep a button it does not hold on a menu it holds, but not add one', async () => {
    await grant(role.clerk, 'User', ['Search', 'Add']);
    const keep = await save(ops, role.clerk, [
      { menuId: menu.User ?? 0, buttonIds: [button.Search ?? 0, button.Add ?? 0] },
    ]);
    expect(keep.statusCode, keep.body).toBe(200);
    const grown = await save(ops, role.clerk, [
      { menuId: menu.User ?? 0, buttonIds: [button.Search ?? 0, button.Add ?? 0, button.Update ?? 0] },
    ]);
    expect(grown.statusCode).toBe(403);
    expect((await save(ops, role.clerk, [{ menuId: menu.User ?? 0, buttonIds: [] }])).statusCode).toBe(200);
    const left = await t.database.db.select().from(roleGrants).where(eq(roleGrants.roleId, role.clerk));
    expect(left).toEqual([]);
  });

  it('keeps grants the caller cannot see when it saves (given by someone holding more)', async () => {
    await grant(role.clerk, 'Employee', ['Search']);
    expect((await save(ops, role.clerk, [])).statusCode).toBe(200);
    const left = await t.database.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.clerk));
    expect(left.map((r) => r.menuId)).toEqual([menu.Employee]);
  });
});

describe('bad input', () => {
  it.each([
    [{}, ['roleId', 'menus']],
    [{ roleId: 'one', menus: [] }, ['roleId']],
    [{ roleId: 1, menus: [{ menuId: 1, buttonIds: ['x'] }] }, ['menus.0.buttonIds.0']],
    [{ roleId: 1, menus: [], extra: true }, ['extra']],
  ])('refuses %j with field errors', async (payload, fields) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/permission/save', headers: bearer(t.admin), payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((body(res).data as { fieldErrors: object }).fieldErrors)).toEqual(
      expect.arrayContaining(fields),
    );
  });

  it('refuses a button the menu does not offer and a menu listed twice', async () => {
    const [offer] = await t.database.db
      .select()
      .from(menuButtons)
      .where(and(eq(menuButtons.menuId, menu.Permission ?? 0), inArray(menuButtons.buttonId, [button.Import ?? 0])));
    expect(offer).toBeUndefined();
    const stray = await save(t.admin, role.clerk, [{ menuId: menu.Permission ?? 0, buttonIds: [button.Import ?? 0] }]);
    expect(stray.statusCode).toBe(400);
    const twice = await save(t.admin, role.clerk, [
      { menuId: menu.User ?? 0, buttonIds: [] },
      { menuId: menu.User ?? 0, buttonIds: [] },
    ]);
    expect(twice.statusCode).toBe(400);
  });

  it("answers 404 for another tenant's role and changes nothing", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/permission/getMatrix?roleId=${role.other}`,
      headers: bearer(t.admin),
    });
    expect(res.statusCode).toBe(404);
    expect((await save(t.admin, role.other, [{ menuId: menu.Home ?? 0, buttonIds: [] }])).statusCode).toBe(404);
    expect(await t.database.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.other))).toEqual([]);
  });
});

import type { ButtonRow, MenuItem, MenuRow } from '@trestle/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roleGrants, roleMenus, roles, tenantMenus, tenants, userRoles } from '../../db/schema.ts';
import { body, withCode } from '../../test/helper.ts';
import { addBareTenant, addTenantUser, createOtherTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });

const post = (url: string, token: string, payload: unknown) => t.post(url, payload, token);
const { get } = t;

const menusNow = async () => body(await get('/api/menu/getAll', t.admin)).data as MenuRow[];
const menuByCode = async (code: string) => withCode(await menusNow(), code);
const buttonsNow = async () => body(await get('/api/Button/getAll', t.admin)).data as ButtonRow[];
const buttonByCode = async (code: string) => withCode(await buttonsNow(), code);

/** A form body for a menu, from its row (what the editor sends). */
const input = (m: MenuRow) => ({
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  nameZh: m.nameZh,
  url: m.url,
  icon: m.icon,
  enable: m.enable,
  sort: m.sort,
  buttonIds: m.buttonIds,
});

const addMenu = async (over: Partial<ReturnType<typeof input>> = {}) => {
  const system = await menuByCode('System');
  const res = await post('/api/menu/add', t.admin, {
    parentId: system.id,
    code: `T${Math.random().toString(36).slice(2, 10)}`,
    name: 'Test menu',
    nameZh: '测试菜单',
    url: '/TestScreen',
    icon: 'StarOutlined',
    enable: 1,
    sort: 100,
    buttonIds: [],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { id: number }).id;
};

const tree = async (token: string) => body(await get('/api/menu/getTreeMenu', token)).data as MenuItem[];

describe('the menu editor: reading', () => {
  it('lists every menu with its code, both names, offered buttons and whether routes name it', async () => {
    const rows = await menusNow();
    const userInfo = rows.find((m) => m.code === 'UserInfo');
    expect(userInfo).toMatchObject({ name: 'Personal center', nameZh: '个人中心', url: '/UserInfo/Manager' });
    expect(userInfo?.buttonIds).toHaveLength(4);
    expect(rows.find((m) => m.code === 'SysMenu')?.builtIn).toBe(true);
    // A folder no route declares is not built in.
    expect(rows.find((m) => m.code === 'System')?.builtIn).toBe(false);
  });

  it('is denied to pm (403) and to the anonymous (401)', async () => {
    expect((await get('/api/menu/getAll', t.pm)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/menu/getAll' })).statusCode).toBe(401);
    const payload = { id: 1, parentId: null, index: 0 };
    for (const url of ['/api/menu/add', '/api/menu/update', '/api/menu/move', '/api/menu/del']) {
      const res = await post(url, t.pm, payload);
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
  });
});

describe('the menu editor: writing', () => {
  it('shows an added, edited, moved and deleted menu in getTreeMenu on the very next call', async () => {
    const id = await addMenu({ name: 'Fresh screen', url: '/FreshScreen' });
    expect((await tree(t.admin)).find((m) => m.id === id)).toMatchObject({ name: 'Fresh screen', url: '/FreshScreen' });

    const row = (await menusNow()).find((m) => m.id === id);
    if (!row) throw new Error('added menu missing');
    const update = await post('/api/menu/update', t.admin, { ...input(row), id, name: 'Renamed screen', enable: 2 });
    expect(update.statusCode, update.body).toBe(200);
    expect((await tree(t.admin)).find((m) => m.id === id)).toMatchObject({ name: 'Renamed screen', enable: 2 });

    const project = await menuByCode('Project');
    expect((await post('/api/menu/move', t.admin, { id, parentId: project.id, index: 0 })).statusCode).toBe(200);
    const moved = await tree(t.admin);
    expect(moved.find((m) => m.id === id)?.parentId).toBe(project.id);
    // Index 0: it comes before the Employee screen among Project's children.
    const siblings = moved.filter((m) => m.parentId === project.id).map((m) => m.id);
    expect(siblings[0]).toBe(id);

    expect((await post('/api/menu/del', t.admin, { id })).statusCode).toBe(200);
    expect((await tree(t.admin)).some((m) => m.id === id)).toBe(false);
  });

  it('refuses to move a menu under itself or one of its descendants (422) and changes nothing', async () => {
    const parent = await addMenu({ url: '' });
    const child = await addMenu({ parentId: parent });
    const grandChild = await addMenu({ parentId: child });
    for (const target of [parent, child, grandChild]) {
      const res = await post('/api/menu/move', t.admin, { id: parent, parentId: target, index: 0 });
      expect([res.statusCode, body(res).code]).toEqual([422, 'unprocessable']);
    }
    const row = (await menusNow()).find((m) => m.id === parent);
    if (!row) throw new Error('parent missing');
    const viaForm = await post('/api/menu/update', t.admin, { ...input(row), id: parent, parentId: grandChild });
    expect(viaForm.statusCode).toBe(422);
    expect(body(viaForm).message).toMatch(/under itself/);
    expect((await menusNow()).find((m) => m.id === parent)?.parentId).toBe(row.parentId);
  });

  it('refuses to delete a menu with sub-menus (422, saying why)', async () => {
    const parent = await addMenu({ url: '', name: 'Folder with children' });
    await addMenu({ parentId: parent });
    const res = await post('/api/menu/del', t.admin, { id: parent });
    expect([res.statusCode, body(res).code]).toEqual([422, 'unprocessable']);
    expect(body(res).message).toBe('The menu "Folder with children" has sub-menus; move or delete them first');
    expect((await menusNow()).some((m) => m.id === parent)).toBe(true);
  });

  it('keeps the code and the row of a menu that routes name as their permission key', async () => {
    const employee = await menuByCode('Employee');
    const rename = await post('/api/menu/update', t.admin, { ...input(employee), id: employee.id, code: 'Staff' });
    expect(rename.statusCode).toBe(400);
    expect(body(rename).data).toEqual({ fieldErrors: { code: expect.any(String) } });
    const del = await post('/api/menu/del', t.admin, { id: employee.id });
    expect(del.statusCode).toBe(422);
    expect(body(del).message).toMatch(/built in/);
    // Its other fields may change.
    const relabel = await post('/api/menu/update', t.admin, {
      ...input(employee),
      id: employee.id,
      name: 'Staff list',
    });
    expect(relabel.statusCode).toBe(200);
    expect((await menuByCode('Employee')).name).toBe('Staff list');
    await post('/api/menu/update', t.admin, { ...input(employee), id: employee.id });
  });

  it('answers 400 with field errors for bad input and a used code', async () => {
    const system = await menuByCode('System');
    const cases: [unknown, string[]][] = [
      [{}, ['parentId', 'code', 'name', 'nameZh', 'url', 'icon', 'enable', 'sort', 'buttonIds']],
      [
        { parentId: null, code: '', name: '', nameZh: 'x', url: '', icon: '', enable: 1, sort: 0, buttonIds: [] },
        ['code', 'name'],
      ],
      [
        {
          parentId: 'x',
          code: '1abc',
          name: 'a'.repeat(51),
          nameZh: 'x',
          url: 'no-slash',
          icon: 'Nope',
          enable: 3,
          sort: -1,
          buttonIds: ['a'],
        },
        ['parentId', 'code', 'name', 'url', 'icon', 'enable', 'sort', 'buttonIds.0'],
      ],
      [
        {
          parentId: null,
          code: 'Ok',
          name: 'a',
          nameZh: 'x',
          url: '',
          icon: '',
          enable: 1,
          sort: 0,
          buttonIds: [],
          extra: 1,
        },
        ['extra'],
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await post('/api/menu/add', t.admin, payload);
      expect(res.statusCode).toBe(400);
      const fieldErrors = (body(res).data as { fieldErrors: Record<string, string> }).fieldErrors;
      expect(Object.keys(fieldErrors).sort()).toEqual([...fields].sort());
    }
    const base = { parentId: system.id, name: 'x', nameZh: 'x', url: '', icon: '', enable: 1, sort: 0, buttonIds: [] };
    const used = await post('/api/menu/add', t.admin, { ...base, code: 'Employee' });
    expect([used.statusCode, body(used).data]).toEqual([400, { fieldErrors: { code: expect.any(String) } }]);
    const noParent = await post('/api/menu/add', t.admin, { ...base, code: 'Orphan', parentId: 999_999 });
    expect([noParent.statusCode, body(noParent).data]).toEqual([400, { fieldErrors: { parentId: 'No such menu' } }]);
    const noButton = await post('/api/menu/add', t.admin, { ...base, code: 'Orphan', buttonIds: [999_999] });
    expect(body(noButton).data).toEqual({ fieldErrors: { buttonIds: 'No such button' } });
    expect((await post('/api/menu/del', t.admin, { id: 999_999 })).statusCode).toBe(404);
  });

  it('takes the grants of a button away with the button it removes from a menu', async () => {
    const search = await buttonByCode('Search');
    const exportButton = await buttonByCode('Export');
    const employee = await menuByCode('Employee');
    const pmEmployee = async () => (await tree(t.pm)).find((m) => m.url === '/Employee')?.permission.sort();
    expect(await pmEmployee()).toEqual([search.id, exportButton.id].sort());

    const without = employee.buttonIds.filter((b) => b !== exportButton.id);
    const res = await post('/api/menu/update', t.admin, { ...input(employee), id: employee.id, buttonIds: without });
    expect(res.statusCode).toBe(200);
    expect(await pmEmployee()).toEqual([search.id]);
    const left = await t.database.db
      .select()
      .from(roleGrants)
      .where(and(eq(roleGrants.menuId, employee.id), eq(roleGrants.buttonId, exportButton.id)));
    expect(left).toEqual([]);
    // Offering it again does not grant it back by itself.
    await post('/api/menu/update', t.admin, { ...input(employee), id: employee.id });
    expect(await pmEmployee()).toEqual([search.id]);
  });

  it('lets only a super admin change menus, even with the grant (menus are shared by every tenant)', async () => {
    // A second tenant's administrator holding SysMenu's buttons through an ordinary role.
    const db = t.database.db;
    const tenantId = await addBareTenant(db);
    const [role] = await db.insert(roles).values({ tenantId, code: 'tadmin', name: 'Tenant admin' }).returning();
    const userId = await addTenantUser(db, tenantId, 'tadmin', 'Tenant Admin', 'Tadmin@2026');
    if (!role) throw new Error('no role');
    await db.insert(userRoles).values({ tenantId, userId, roleId: role.id });
    const sysMenu = await menuByCode('SysMenu');
    await db.insert(roleMenus).values({ roleId: role.id, menuId: sysMenu.id });
    // Written by the owner past TenantMan's rule (menus are never in another tenant's package), to show
    // the editor's own check holds even then.
    await db.insert(tenantMenus).values({ tenantId, menuId: sysMenu.id });
    await db
      .insert(roleGrants)
      .values(sysMenu.buttonIds.map((buttonId) => ({ roleId: role.id, menuId: sysMenu.id, buttonId })));
    const token = await t.login('tadmin', 'Tadmin@2026');

    expect((await get('/api/menu/getAll', token)).statusCode).toBe(200);
    const home = await menuByCode('Home');
    const res = await post('/api/menu/update', token, { ...input(home), id: home.id, name: 'Hijacked' });
    expect([res.statusCode, body(res).code]).toEqual([403, 'forbidden']);
    expect((await post('/api/menu/del', token, { id: home.id })).statusCode).toBe(403);
    expect((await menuByCode('Home')).name).toBe('Home');
  });
});

describe('the button catalogue editor', () => {
  const newButton = {
    code: 'Print',
    name: 'Print',
    nameZh: '打印',
    functionName: 'print',
    icon: 'PrinterOutlined',
    type: 'dashed',
    sort: 20,
  };

  it('adds, edits and deletes a custom button; GET /api/Button/Get keeps its shape', async () => {
    const add = await post('/api/Button/add', t.admin, newButton);
    expect(add.statusCode, add.body).toBe(200);
    const id = (body(add).data as { id: number }).id;
    expect(await buttonByCode('Print')).toMatchObject({ ...newButton, id, builtIn: false });
    const edit = await post('/api/Button/update', t.admin, { ...newButton, id, name: 'Print list', type: 'primary' });
    expect(edit.statusCode).toBe(200);
    const catalogue = body(await get('/api/Button/Get', t.pm)).data as Record<string, unknown>[];
    expect(catalogue.find((b) => b.id === id)).toEqual({
      id,
      code: 'Print',
      name: 'Print list',
      functionName: 'print',
      icon: 'PrinterOutlined',
      sort: 20,
    });
    expect((await post('/api/Button/del', t.admin, { id })).statusCode).toBe(200);
    expect((await buttonsNow()).some((b) => b.id === id)).toBe(false);
  });

  it('keeps a built-in button: no new code or function name, no delete; its labels may change', async () => {
    const update = await buttonByCode('Update');
    const { id, builtIn: _, ...fields } = update;
    const res = await post('/api/Button/update', t.admin, { ...fields, id, code: 'Modify', functionName: 'modify' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((body(res).data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      'code',
      'functionName',
    ]);
    const del = await post('/api/Button/del', t.admin, { id });
    expect([del.statusCode, body(del).message]).toEqual([422, 'The button "Update" is built in and cannot be deleted']);
    const relabel = await post('/api/Button/update', t.admin, { ...fields, id, nameZh: '修改', type: 'primary' });
    expect(relabel.statusCode).toBe(200);
    expect(await buttonByCode('Update')).toMatchObject({ nameZh: '修改', type: 'primary', functionName: 'edit' });
  });

  it('answers 400 with field errors for bad input, 403 for pm, 401 anonymous', async () => {
    const bad = await post('/api/Button/add', t.admin, { ...newButton, code: 'Search', type: 'huge', sort: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((body(bad).data as { fieldErrors: object }).fieldErrors).sort()).toEqual(['sort', 'type']);
    const used = await post('/api/Button/add', t.admin, { ...newButton, code: 'Search' });
    expect(body(used).data).toEqual({ fieldErrors: { code: 'Already used by another button' } });
    expect((await get('/api/Button/getAll', t.pm)).statusCode).toBe(403);
    expect((await post('/api/Button/add', t.pm, newButton)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/Button/add', payload: newButton })).statusCode).toBe(401);
  });
});

describe("the platform's catalogue and tenants, against another tenant's super admin", () => {
  it('refuses every write to menus, buttons and tenants (403) even with the screens in its package, and changes nothing', async () => {
    // The owner puts the platform's screens in acme's package past TenantMan's own rule, to show the
    // platform administrator check holds by itself: a tenant's super admin is no platform administrator.
    await createOtherTenant(t.database.db, 'acme', ['System', 'SysMenu', 'Button', 'TenantMan']);
    const acme = await t.login('acme-admin', 'Other@2026');
    const home = await menuByCode('Home');
    const search = await buttonByCode('Search');
    const { builtIn: _b, buttonIds: _i, ...homeFields } = home;
    const { builtIn: _s, ...searchFields } = search;
    const tenant = {
      code: 'sneaky',
      name: 'Sneaky',
      expiresOn: null,
      remark: '',
      menuIds: [],
      admin: { userName: 'sneaky-boss', userTrueName: 'Boss', password: 'Sneaky@2026x' },
    };
    const writes: [string, object][] = [
      ['/api/menu/add', { ...input(home), code: 'Sneaky', url: '/sneaky' }],
      ['/api/menu/update', { ...input(home), id: home.id, name: 'Hijacked' }],
      ['/api/menu/move', { id: home.id, parentId: null, index: 5 }],
      ['/api/menu/del', { id: home.id }],
      ['/api/Button/add', { ...searchFields, id: undefined, code: 'Sneak' }],
      ['/api/Button/update', { ...searchFields, name: 'Hijacked' }],
      ['/api/Button/del', { id: search.id }],
      ['/api/TenantMan/add', tenant],
      ['/api/TenantMan/update', { id: 1, name: 'Hijacked', enabled: true, expiresOn: null, remark: '', menuIds: [] }],
    ];
    for (const [url, payload] of writes) {
      const res = await post(url, acme, payload);
      expect([url, res.statusCode, body(res).code]).toEqual([url, 403, 'forbidden']);
    }
    // The same screens answer its reads: only the writes are the platform administrator's.
    expect((await get('/api/menu/getAll', acme)).statusCode).toBe(200);
    expect(await menuByCode('Home')).toMatchObject({ ...homeFields, name: 'Home' });
    expect(await buttonByCode('Search')).toMatchObject({ name: 'Search' });
    expect((await t.database.db.select().from(tenants)).map((x) => x.name)).not.toContain('Hijacked');
    expect((await t.database.db.select().from(tenants)).map((x) => x.code)).not.toContain('sneaky');
  });
});

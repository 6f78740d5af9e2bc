import type { MenuItem } from '@trestle/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buttons, menus, roleGrants, roles, userRoles, users } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });

const treeOf = async (token: string, lang = 'en-US') => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/menu/getTreeMenu',
    headers: { ...bearer(token), 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return body(res).data as MenuItem[];
};
/** What the navigation shows: enable 1 only (enable 2 grants but hides). */
const shown = (tree: MenuItem[]) => tree.filter((m) => m.enable === 1);
/** The urls among the screens and folders this file knows (later features seed more menus), in menu order. */
const knownUrls = ['/home', '/UserInfo/Manager', '/Button', '/Employee', '/Dictionary', '/DictionaryList'];
const knownItems = (tree: MenuItem[]) =>
  shown(tree).filter((m) => knownUrls.includes(m.url) || (m.url === '' && ['System', 'Projects'].includes(m.name)));
const known = (tree: MenuItem[]) => knownItems(tree).map((m) => m.url);

const buttonId = async (code: string) => {
  const [b] = await t.database.db.select().from(buttons).where(eq(buttons.code, code));
  if (!b) throw new Error(`no button ${code}`);
  return b.id;
};

describe('GET /api/Button/Get', () => {
  it('lists the catalogue with id and functionName, the nine built-ins in their order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/button/get', headers: bearer(t.pm) });
    const list = body(res).data as { code: string; functionName: string; id: number }[];
    expect(list.map((b) => b.code)).toEqual([
      'Search',
      'Add',
      'Update',
      'Delete',
      'Audit',
      'Import',
      'Export',
      'Upload',
      // The BI designer's grant for SQL datasets.
      'Sql',
    ]);
    expect(list.find((b) => b.code === 'Update')?.functionName).toBe('edit');
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Button/Get' })).statusCode).toBe(401);
  });
});

describe('GET /api/menu/getTreeMenu', () => {
  it('gives the super admin every enabled menu with every button it offers', async () => {
    const tree = await treeOf(t.admin);
    expect(known(tree)).toEqual([
      '/home',
      '/UserInfo/Manager',
      '',
      '/Button',
      '',
      '/Employee',
      '/Dictionary',
      '/DictionaryList',
    ]);
    const userInfo = tree.find((m) => m.url === '/UserInfo/Manager');
    expect(userInfo?.permission.sort()).toEqual(
      [await buttonId('Search'), await buttonId('Update'), await buttonId('Delete'), await buttonId('Upload')].sort(),
    );
    const system = tree.find((m) => m.name === 'System');
    expect(tree.find((m) => m.url === '/Button')?.parentId).toBe(system?.id);
  });

  it('gives the project manager fewer menus and only the granted buttons', async () => {
    const tree = await treeOf(t.pm);
    expect(known(tree)).toEqual(['/home', '/UserInfo/Manager', '', '', '/Employee', '/DictionaryList']);
    expect(tree[1]?.permission.sort()).toEqual([await buttonId('Search'), await buttonId('Update')].sort());
    expect(tree.find((m) => m.url === '/Employee')?.permission.sort()).toEqual(
      [await buttonId('Search'), await buttonId('Export')].sort(),
    );
    expect(tree.some((m) => m.url === '/Button' || m.url === '/Dictionary')).toBe(false);
    // A folder comes along for a granted screen under it.
    expect(tree.filter((m) => m.url === '').map((m) => m.name)).toEqual(['System', 'Projects']);
  });

  it('names the menus in the language asked for', async () => {
    const ids = knownItems(await treeOf(t.pm)).map((m) => m.id);
    const zh = (await treeOf(t.pm, 'zh-CN')).filter((m) => ids.includes(m.id));
    expect(zh.map((m) => m.name)).toEqual(['首页', '个人中心', '系统管理', '项目管理', '员工管理', '字典明细']);
  });

  it('leaves out a disabled menu and everything under it, and hides nothing it should show', async () => {
    await t.database.db.update(menus).set({ enable: 0 }).where(eq(menus.code, 'System'));
    const tree = await treeOf(t.admin);
    expect(known(tree)).toEqual(['/home', '/UserInfo/Manager', '', '/Employee']);
    expect(tree.some((m) => ['/Button', '/Dictionary', '/DictionaryList'].includes(m.url))).toBe(false);
    await t.database.db.update(menus).set({ enable: 2 }).where(eq(menus.code, 'System'));
    const hidden = await treeOf(t.admin);
    expect(hidden.find((m) => m.name === 'System')?.enable).toBe(2);
    expect(hidden.some((m) => m.url === '/Button')).toBe(true);
    await t.database.db.update(menus).set({ enable: 1 }).where(eq(menus.code, 'System'));
  });
});

describe('the server check follows the same grants', () => {
  const updateProfile = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(token),
      payload: { userTrueName: 'Paula Meyer', phone: '', email: '' },
    });

  it('answers 403 for a button the role does not hold', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/removeAvatar', headers: bearer(t.pm) });
    expect([res.statusCode, body(res).code]).toEqual([403, 'forbidden']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/removeAvatar', headers: bearer(t.admin) })).statusCode,
    ).toBe(200);
  });

  it('applies a grant change on the very next call: menu and server check alike', async () => {
    expect((await updateProfile(t.pm)).statusCode).toBe(200);
    const pmRoles = await t.database.db
      .select({ id: roles.id })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(users.userKey, 'pm'));
    const updateId = await buttonId('Update');
    const ids = pmRoles.map((r) => r.id);
    const removed = await t.database.db
      .delete(roleGrants)
      .where(and(inArray(roleGrants.roleId, ids), eq(roleGrants.buttonId, updateId)))
      .returning();
    expect(removed.length).toBeGreaterThan(0);

    expect((await updateProfile(t.pm)).statusCode).toBe(403);
    expect((await treeOf(t.pm)).find((m) => m.url === '/UserInfo/Manager')?.permission).toEqual([
      await buttonId('Search'),
    ]);

    await t.database.db.insert(roleGrants).values(removed);
    expect((await updateProfile(t.pm)).statusCode).toBe(200);
  });

  it('stops honouring a role the moment it is disabled', async () => {
    await t.database.db.update(roles).set({ enabled: false }).where(eq(roles.code, 'admin'));
    expect(known(await treeOf(t.admin))).toEqual(['/home', '/UserInfo/Manager']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/removeAvatar', headers: bearer(t.admin) })).statusCode,
    ).toBe(403);
    await t.database.db.update(roles).set({ enabled: true }).where(eq(roles.code, 'admin'));
  });
});

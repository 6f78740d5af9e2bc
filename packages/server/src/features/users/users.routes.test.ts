import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buttons,
  menus,
  organizations,
  roleGrants,
  roleMenus,
  roles,
  tenants,
  userRoles,
  users,
} from '../../db/schema.ts';
import { bearer, body, postLogin } from '../../test/helper.ts';
import { seedRoles } from '../../test/roles.ts';
import { addBareTenant, addTenantUser } from '../../test/tenants.ts';
import { itRefusesAnonymousAndPm, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });
const ids = { pmRole: 0, staffRole: 0, adminRole: 0, hq: 0, eng: 0, otherUser: 0, otherRole: 0, otherOrg: 0 };

beforeAll(async () => {
  const db = t.database.db;
  const seeded = await seedRoles(db);
  ids.pmRole = seeded.role('pm');
  ids.staffRole = seeded.role('staff');
  ids.adminRole = seeded.role('admin');
  const orgs = await db.select().from(organizations);
  ids.hq = orgs.find((o) => o.code === 'HQ')?.id ?? 0;
  ids.eng = orgs.find((o) => o.code === 'ENG')?.id ?? 0;
  // A second tenant, whose ids must be out of reach.
  const other = await addBareTenant(db);
  const [org] = await db.insert(organizations).values({ tenantId: other, code: 'O1', name: 'Other HQ' }).returning();
  const [role] = await db
    .insert(roles)
    .values({ tenantId: other, code: 'other-admin', name: 'Other admin' })
    .returning();
  ids.otherOrg = org?.id ?? 0;
  ids.otherRole = role?.id ?? 0;
  ids.otherUser = await addTenantUser(db, other, 'outsider', 'Out Sider');
});

const post = (url: string, token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(token), ...headers } });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: bearer(token) });
const login = (userName: string, password: string) => postLogin(t.app, { userName, password });
const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;

/** A user the add form takes but for its name and password... */
const newUser = { userTrueName: 'X', phone: '', email: '', organizationId: null, organizationIds: [], roleIds: [] };
/** ...and one it takes whole: each bad-input case changes what it names. */
const validUser = { ...newUser, userName: 'abcd', password: 'Long-enough-1' };

let serial = 0;
/** Creates a user through the API and answers its id. */
async function addUser(extra: Record<string, unknown> = {}) {
  serial += 1;
  const userName = `u${serial}x${Date.now() % 100000}`;
  const res = await post('/api/User/addUser', t.admin, {
    userName,
    password: 'Long-enough-1',
    userTrueName: `User ${serial}`,
    phone: '',
    email: '',
    organizationId: ids.hq,
    organizationIds: [ids.eng],
    roleIds: [ids.staffRole],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: (body(res).data as { id: number }).id, userName };
}

async function listed(token: string, search: string) {
  const res = await post('/api/User/getUserPage', token, { page: 1, rows: 50, search });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { rows: Record<string, unknown>[]; total: number };
}

describe('who may call the user routes', () => {
  itRefusesAnonymousAndPm(t, [
    ['POST', '/api/User/getUserPage'],
    ['GET', '/api/User/getUserOptions'],
    ['POST', '/api/User/addUser'],
    ['POST', '/api/User/updateUser'],
    ['POST', '/api/User/setEnabled'],
    ['POST', '/api/User/resetPassword'],
    ['POST', '/api/User/unlock'],
    ['POST', '/api/User/getSessions'],
    ['POST', '/api/User/endSessions'],
  ]);
});

describe('listing and adding users', () => {
  it('adds a user with two roles and two organisations, lists it, and never answers a password hash', async () => {
    const { id, userName } = await addUser({
      roleIds: [ids.pmRole, ids.staffRole],
      phone: '13800001111',
      email: 'a@b.cn',
    });
    const page = await listed(t.admin, userName);
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id,
      userName,
      enabled: true,
      locked: false,
      mustChangePassword: false,
      organizationId: ids.hq,
      phone: '13800001111',
    });
    expect([...((page.rows[0]?.roleIds as number[]) ?? [])].sort()).toEqual([ids.pmRole, ids.staffRole].sort());
    expect([...((page.rows[0]?.organizationIds as number[]) ?? [])].sort()).toEqual([ids.hq, ids.eng].sort());
    const everything = await post('/api/User/getUserPage', t.admin, { rows: 200 });
    expect(everything.body).not.toMatch(/argon2|passwordHash|password_hash/i);
    expect((await login(userName, 'Long-enough-1')).statusCode).toBe(200);
  });

  it('searches by name, escapes LIKE wildcards and pages', async () => {
    expect((await listed(t.admin, 'Paula')).rows.map((r) => r.userName)).toEqual(['pm']);
    expect((await listed(t.admin, '%')).total).toBe(0);
    const res = await post('/api/User/getUserPage', t.admin, { page: 1, rows: 1 });
    const page = body(res).data as { rows: unknown[]; total: number };
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });

  it('answers the assignable roles and the organisations of the tenant only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/User/getUserOptions', headers: bearer(t.admin) });
    const data = body(res).data as { roles: { id: number }[]; organizations: { id: number }[] };
    expect(data.roles.map((r) => r.id)).toEqual(expect.arrayContaining([ids.adminRole, ids.pmRole, ids.staffRole]));
    expect(data.roles.map((r) => r.id)).not.toContain(ids.otherRole);
    expect(data.organizations.map((o) => o.id)).not.toContain(ids.otherOrg);
  });

  it.each([
    [{}, ['userName', 'password', 'userTrueName']],
    [{ ...validUser, userName: 'ab' }, ['userName']],
    [{ ...validUser, userName: '1abc', phone: '123', email: 'no-at' }, ['userName', 'phone', 'email']],
    [{ ...validUser, userTrueName: 'x'.repeat(51), roleIds: ['x'] }, ['userTrueName', 'roleIds.0']],
    [{ ...validUser, isAdmin: true }, ['isAdmin']],
  ])('refuses bad input %# with field errors', async (payload, fields) => {
    const res = await post('/api/User/addUser', t.admin, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res))).toEqual(expect.arrayContaining(fields));
  });

  it('applies the password policy, and refuses a taken name, a foreign role or organisation', async () => {
    const short = await post('/api/User/addUser', t.admin, { ...newUser, userName: 'shorty', password: 'short' });
    expect(fieldErrors(short)).toHaveProperty('password');
    const named = await post('/api/User/addUser', t.admin, {
      ...newUser,
      userName: 'sameasname',
      password: 'xxSameAsName',
    });
    expect(fieldErrors(named).password).toMatch(/user name/);
    const taken = await post('/api/User/addUser', t.admin, {
      ...newUser,
      userName: 'ADMIN',
      password: 'Long-enough-1',
    });
    expect(fieldErrors(taken)).toEqual({ userName: 'this user name is taken' });
    const role = await post('/api/User/addUser', t.admin, {
      ...newUser,
      userName: 'foreign1',
      password: 'Long-enough-1',
      roleIds: [ids.otherRole],
    });
    expect(role.statusCode).toBe(400);
    expect(fieldErrors(role)).toHaveProperty('roleIds');
    const org = await post('/api/User/addUser', t.admin, {
      ...newUser,
      userName: 'foreign2',
      password: 'Long-enough-1',
      organizationId: ids.otherOrg,
    });
    expect(fieldErrors(org)).toEqual({ organizationId: 'no such organisation' });
    expect((await listed(t.admin, 'foreign')).total).toBe(0);
  });

  it('updates name, contact, organisations and roles', async () => {
    const { id, userName } = await addUser();
    const res = await post('/api/User/updateUser', t.admin, {
      id,
      userTrueName: 'Renamed',
      phone: '13900002222',
      email: 'r@x.io',
      organizationId: ids.eng,
      organizationIds: [],
      roleIds: [ids.pmRole],
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await listed(t.admin, userName)).rows[0];
    expect(row).toMatchObject({
      userTrueName: 'Renamed',
      organizationId: ids.eng,
      organizationIds: [ids.eng],
      roleIds: [ids.pmRole],
    });
  });
});

describe('enable, disable, reset, unlock, sessions', () => {
  it('ends the sessions of a disabled user at once: its token gets 401 on the next call', async () => {
    const { id, userName } = await addUser();
    const token = await t.login(userName, 'Long-enough-1');
    expect((await me(token)).statusCode).toBe(200);
    expect((await post('/api/User/setEnabled', t.admin, { id, enabled: false })).statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(body(after).code).toBe('invalid');
    expect((await login(userName, 'Long-enough-1')).statusCode).toBe(403);
    expect((await listed(t.admin, userName)).rows[0]?.enabled).toBe(false);
    expect((await post('/api/User/setEnabled', t.admin, { id, enabled: true })).statusCode).toBe(200);
    expect((await login(userName, 'Long-enough-1')).statusCode).toBe(200);
  });

  it('does not let an admin disable itself or drop its own super-admin role', async () => {
    const [self] = await t.database.db.select().from(users).where(eq(users.userKey, 'admin'));
    const res = await post('/api/User/setEnabled', t.admin, { id: self?.id, enabled: false });
    expect(res.statusCode).toBe(422);
    const fields = { userTrueName: 'Administrator', phone: '', email: '', organizationId: ids.hq, organizationIds: [] };
    const drop = await post('/api/User/updateUser', t.admin, { id: self?.id, ...fields, roleIds: [ids.staffRole] });
    expect(drop.statusCode).toBe(422);
    const keep = await post('/api/User/updateUser', t.admin, {
      id: self?.id,
      ...fields,
      roleIds: [ids.adminRole, ids.staffRole],
    });
    expect(keep.statusCode).toBe(200);
  });

  it('forces a change after a password reset: sessions end, every other route answers 403 until then', async () => {
    const { id, userName } = await addUser();
    const old = await t.login(userName, 'Long-enough-1');
    const weak = await post('/api/User/resetPassword', t.admin, { id, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(fieldErrors(weak)).toHaveProperty('password');
    expect((await post('/api/User/resetPassword', t.admin, { id, password: 'Temporary-42' })).statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);

    const signIn = await login(userName, 'Temporary-42');
    expect(body(signIn).data).toMatchObject({ mustChangePassword: true });
    const token = (body(signIn).data as { token: string }).token;
    const blocked = await post('/api/user/updateProfile', token, { userTrueName: 'X', phone: '', email: '' });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked).code).toBe('password_change_required');
    // The shell still loads, and the user can read itself, change the password or sign out.
    expect(body(await me(token)).data).toMatchObject({ mustChangePassword: true });
    for (const url of ['/api/menu/getTreeMenu', '/api/Button/Get']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(200);
    }
    const changed = await post('/api/user/modifyPwd', token, { oldPwd: 'Temporary-42', newPwd: 'Brand-new-pass-7' });
    expect(changed.statusCode, changed.body).toBe(200);
    const unblocked = await post('/api/user/updateProfile', token, { userTrueName: 'X', phone: '', email: '' });
    expect(unblocked.statusCode).toBe(200);
    expect(body(await login(userName, 'Brand-new-pass-7')).data).toMatchObject({ mustChangePassword: false });
  });

  it('unlocks a user locked out by failed sign-ins', async () => {
    const { id, userName } = await addUser();
    for (let i = 0; i < 5; i++) await login(userName, 'wrong-password');
    expect((await login(userName, 'Long-enough-1')).statusCode).toBe(423);
    expect((await listed(t.admin, userName)).rows[0]?.locked).toBe(true);
    expect((await post('/api/User/unlock', t.admin, { id })).statusCode).toBe(200);
    expect((await listed(t.admin, userName)).rows[0]?.locked).toBe(false);
    expect((await login(userName, 'Long-enough-1')).statusCode).toBe(200);
  });

  it("lists a user's active sessions and ends them", async () => {
    const { id, userName } = await addUser();
    const a = await t.login(userName, 'Long-enough-1');
    const b = await t.login(userName, 'Long-enough-1');
    await t.app.inject({ method: 'POST', url: '/api/User/replaceToken', headers: bearer(b) });
    const res = await post('/api/User/getSessions', t.admin, { id });
    const list = body(res).data as {
      address: string;
      userAgent: string;
      createdAt: string;
      rotatedAt: string | null;
    }[];
    expect(list).toHaveLength(2);
    expect(list[0]?.address).toBeTruthy();
    expect(list.filter((s) => s.rotatedAt !== null)).toHaveLength(1);
    expect((await post('/api/User/endSessions', t.admin, { id })).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect(body(await post('/api/User/getSessions', t.admin, { id })).data).toEqual([]);
  });
});

describe("another tenant's users", () => {
  it.each([
    ['/api/User/setEnabled', { enabled: false }],
    ['/api/User/resetPassword', { password: 'Temporary-42' }],
    ['/api/User/unlock', {}],
    ['/api/User/getSessions', {}],
    ['/api/User/endSessions', {}],
    [
      '/api/User/updateUser',
      { userTrueName: 'Hacked', phone: '', email: '', organizationId: null, organizationIds: [], roleIds: [] },
    ],
  ])('%s answers 404 and changes nothing', async (url, extra) => {
    const res = await post(url, t.admin, { id: ids.otherUser, ...extra });
    expect(res.statusCode).toBe(404);
    const [outsider] = await t.database.db.select().from(users).where(eq(users.id, ids.otherUser));
    expect(outsider).toMatchObject({
      enabled: true,
      userTrueName: 'Out Sider',
      passwordHash: 'x',
      mustChangePassword: false,
    });
  });

  it('are not listed', async () => {
    expect((await listed(t.admin, 'outsider')).total).toBe(0);
  });
});

describe('an administrator below the super admin', () => {
  it('sees and manages only users whose roles lie below its own', async () => {
    const db = t.database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.code, 'default'));
    const tenantId = tenant?.id ?? 0;
    const [ops] = await db
      .insert(roles)
      .values({ tenantId, code: 'ops', name: 'Ops', parentId: ids.adminRole })
      .returning();
    const [clerk] = await db
      .insert(roles)
      .values({ tenantId, code: 'clerk', name: 'Clerk', parentId: ops?.id })
      .returning();
    const [menu] = await db.select().from(menus).where(eq(menus.code, 'User'));
    const held = await db.select().from(buttons);
    if (!ops || !clerk || !menu) throw new Error('setup');
    await db.insert(roleMenus).values({ roleId: ops.id, menuId: menu.id });
    await db
      .insert(roleGrants)
      .values(
        held
          .filter((b) => ['Search', 'Add', 'Update'].includes(b.code))
          .map((b) => ({ roleId: ops.id, menuId: menu.id, buttonId: b.id })),
      );
    const opsUser = await addUser({ roleIds: [ops.id] });
    const clerkUser = await addUser({ roleIds: [clerk.id] });
    const pmUser = await addUser({ roleIds: [ids.pmRole] });
    const token = await t.login(opsUser.userName, 'Long-enough-1');

    const names = (await listed(token, '')).rows.map((r) => r.userName);
    expect(names).toContain(clerkUser.userName);
    expect(names).not.toContain(pmUser.userName);
    expect(names).not.toContain(opsUser.userName);
    expect(names).not.toContain('admin');

    expect((await post('/api/User/setEnabled', token, { id: pmUser.id, enabled: false })).statusCode).toBe(404);
    expect((await post('/api/User/setEnabled', token, { id: clerkUser.id, enabled: false })).statusCode).toBe(200);
    const fields = { userTrueName: 'C', phone: '', email: '', organizationId: null, organizationIds: [] };
    const raise = await post('/api/User/updateUser', token, { id: clerkUser.id, ...fields, roleIds: [ops.id] });
    expect(raise.statusCode).toBe(400);
    expect(fieldErrors(raise)).toHaveProperty('roleIds');
    const [still] = await db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, clerkUser.id)));
    expect(still?.roleId).toBe(clerk.id);
    const add = await post('/api/User/addUser', token, {
      userName: 'escalate',
      password: 'Long-enough-1',
      ...fields,
      roleIds: [ids.adminRole],
    });
    expect(add.statusCode).toBe(400);
  });
});

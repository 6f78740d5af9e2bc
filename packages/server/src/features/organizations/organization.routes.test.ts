import type { OrganizationRow, OrganizationUser } from '@trestle/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema.ts';
import { body, withCode } from '../../test/helper.ts';
import { addBareTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });
let foreignOrg: number;
let foreignTenant: number;
beforeAll(async () => {
  foreignTenant = await addBareTenant(t.database.db);
  const [org] = await t.database.db
    .insert(organizations)
    .values({ tenantId: foreignTenant, code: 'X-HQ', name: 'Other HQ', type: 'company' })
    .returning();
  if (!org) throw new Error('no org');
  foreignOrg = org.id;
});

const post = (url: string, token: string, payload: unknown) => t.post(url, payload, token);
const { get } = t;
const treeNow = async () => body(await get('/api/Organization/getTree', t.admin)).data as OrganizationRow[];
const byCode = async (code: string) => withCode(await treeNow(), code);
const add = async (over: Record<string, unknown> = {}) => {
  const hq = await byCode('HQ');
  const res = await post('/api/Organization/add', t.admin, {
    parentId: hq.id,
    code: `T-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Test team',
    type: 'team',
    managerId: null,
    sort: 9,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { id: number }).id;
};
const input = (o: OrganizationRow) => ({
  id: o.id,
  parentId: o.parentId,
  code: o.code,
  name: o.name,
  type: o.type,
  managerId: o.managerId,
  sort: o.sort,
});

describe('the organisation tree', () => {
  it("lists only the caller's tenant, with parents, types and user counts", async () => {
    const rows = await treeNow();
    expect(rows.map((r) => r.code)).toEqual(['HQ', 'PMO', 'ENG', 'FIN']);
    const hq = rows[0];
    expect(hq).toMatchObject({ parentId: null, type: 'company', userCount: 1 });
    expect(rows.find((r) => r.code === 'PMO')).toMatchObject({ parentId: hq?.id, userCount: 1 });
    expect(rows.some((r) => r.id === foreignOrg)).toBe(false);
  });

  it("lists a node's users and offers the tenant's users as managers", async () => {
    const pmo = await byCode('PMO');
    const list = body(await get(`/api/Organization/getUsers?id=${pmo.id}`, t.admin)).data as OrganizationUser[];
    expect(list.map((u) => u.userName)).toEqual(['pm']);
    const found = body(await get('/api/Organization/searchUsers?q=paula', t.admin)).data as OrganizationUser[];
    expect(found.map((u) => u.userTrueName)).toEqual(['Paula Meyer']);
  });

  it('adds, edits (with a manager) and deletes an organisation', async () => {
    const id = await add({ code: 'OPS', name: 'Operations', type: 'department' });
    const [pmUser] = await t.database.db.select().from(users).where(eq(users.userKey, 'pm'));
    const row = await byCode('OPS');
    const update = await post('/api/Organization/update', t.admin, {
      ...input(row),
      name: 'Field operations',
      managerId: pmUser?.id,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await byCode('OPS')).toMatchObject({ name: 'Field operations', managerName: 'Paula Meyer' });
    expect((await post('/api/Organization/del', t.admin, { id })).statusCode).toBe(200);
    expect((await treeNow()).some((r) => r.id === id)).toBe(false);
  });

  it('refuses a cycle: no node under itself or its descendants (422)', async () => {
    const top = await add();
    const child = await add({ parentId: top });
    const topRow = (await treeNow()).find((r) => r.id === top);
    if (!topRow) throw new Error('top missing');
    for (const parentId of [top, child]) {
      const res = await post('/api/Organization/update', t.admin, { ...input(topRow), parentId });
      expect([res.statusCode, body(res).code]).toEqual([422, 'unprocessable']);
    }
    expect((await treeNow()).find((r) => r.id === top)?.parentId).toBe(topRow.parentId);
  });

  it('refuses to delete a node with units, users or employees under it (422)', async () => {
    const hq = await byCode('HQ');
    const withChildren = await post('/api/Organization/del', t.admin, { id: hq.id });
    expect([withChildren.statusCode, body(withChildren).message]).toEqual([
      422,
      '"Headquarters" has units under it; move or delete them first',
    ]);
    const pmo = await byCode('PMO');
    const withUsers = await post('/api/Organization/del', t.admin, { id: pmo.id });
    expect([withUsers.statusCode, body(withUsers).message]).toEqual([
      422,
      '"Project management office" still has users; move them to another organisation first',
    ]);
    const eng = await byCode('ENG');
    const withEmployees = await post('/api/Organization/del', t.admin, { id: eng.id });
    expect([withEmployees.statusCode, body(withEmployees).message]).toEqual([
      422,
      '"Engineering" still has employees; move them to another organisation first',
    ]);
    expect((await treeNow()).length).toBeGreaterThanOrEqual(4);
  });

  it("answers 404 for another tenant's organisation as the node, and 400 on parentId as the parent, as for a missing one", async () => {
    const eng = await byCode('ENG');
    const calls = [
      post('/api/Organization/update', t.admin, { ...input(eng), id: foreignOrg }),
      post('/api/Organization/del', t.admin, { id: foreignOrg }),
      get(`/api/Organization/getUsers?id=${foreignOrg}`, t.admin),
    ];
    for (const res of await Promise.all(calls)) expect([res.statusCode, body(res).code]).toEqual([404, 'not_found']);
    for (const parentId of [foreignOrg, 2_147_483_000]) {
      const moved = await post('/api/Organization/update', t.admin, { ...input(eng), parentId });
      const added = await post('/api/Organization/add', t.admin, {
        ...input(eng),
        id: undefined,
        code: 'NEW',
        parentId,
      });
      for (const res of [moved, added])
        expect([res.statusCode, body(res)]).toEqual([
          400,
          {
            status: false,
            code: 'bad_request',
            message: 'No such organisation',
            data: { fieldErrors: { parentId: 'No such organisation' } },
          },
        ]);
    }
    const [other] = await t.database.db.select().from(organizations).where(eq(organizations.id, foreignOrg));
    expect(other?.name).toBe('Other HQ');
    expect((await treeNow()).some((r) => r.code === 'NEW')).toBe(false);
  });

  it('answers 400 with field errors for bad input, a used code and an unknown manager', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['parentId', 'code', 'name', 'type', 'managerId', 'sort']],
      [{ parentId: null, code: '', name: '', type: '', managerId: null, sort: 0 }, ['code', 'name', 'type']],
      [
        { parentId: 'a', code: 'x'.repeat(51), name: 'n'.repeat(101), type: 'team', managerId: 'me', sort: 1.5 },
        ['parentId', 'code', 'name', 'managerId', 'sort'],
      ],
      [{ parentId: null, code: 'OK', name: 'ok', type: 'team', managerId: null, sort: 0, tenantId: 1 }, ['tenantId']],
    ];
    for (const [payload, fields] of cases) {
      const res = await post('/api/Organization/add', t.admin, payload);
      expect(res.statusCode).toBe(400);
      const fieldErrors = (body(res).data as { fieldErrors: Record<string, string> }).fieldErrors;
      expect(Object.keys(fieldErrors).sort()).toEqual([...fields].sort());
    }
    const base = { parentId: null, name: 'x', type: 'team', managerId: null, sort: 0 };
    const used = await post('/api/Organization/add', t.admin, { ...base, code: 'HQ' });
    expect(body(used).data).toEqual({ fieldErrors: { code: 'Already used by another organisation' } });
    const [foreignUser] = await t.database.db
      .insert(users)
      .values({ tenantId: foreignTenant, userName: 'x', userKey: 'x-foreign', userTrueName: 'X', passwordHash: 'x' })
      .returning();
    const manager = await post('/api/Organization/add', t.admin, { ...base, code: 'NEWM', managerId: foreignUser?.id });
    expect(body(manager).data).toEqual({ fieldErrors: { managerId: 'No such user' } });
  });

  it('is denied to pm (403) and to the anonymous (401)', async () => {
    const eng = await byCode('ENG');
    expect((await get('/api/Organization/getTree', t.pm)).statusCode).toBe(403);
    expect((await get(`/api/Organization/getUsers?id=${eng.id}`, t.pm)).statusCode).toBe(403);
    expect((await get('/api/Organization/searchUsers?q=a', t.pm)).statusCode).toBe(403);
    for (const url of ['/api/Organization/add', '/api/Organization/update', '/api/Organization/del']) {
      expect((await post(url, t.pm, input(eng))).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/Organization/getTree' })).statusCode).toBe(401);
  });
});

import type { BuiltInTable, MenuItem, TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { keyField, label, referenceField, tableDesign } from '../test/designs.ts';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant } from '../test/tenants.ts';

/**
 * The table designer over HTTP: the platform administrator draws a design, previews, applies and rolls it
 * back, and the screen's menu entry follows the table; nobody else may change a design.
 */
let t: TestApp;
let admin: string;
let pm: string;
let acmeAdmin: string;
let systemFolder: number;

const truck = (extra: Partial<TableDesign> = {}): TableDesign =>
  tableDesign(
    'Truck',
    [keyField('f1', 'plate', 'Plate'), { id: 'f2', name: 'axles', type: 'integer', label: label('Axles') }],
    extra,
  );

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

type Listed = { id: number; name: string; status: string; version: number };
const listed = async (designId: number) => {
  const res = await get('/api/tableDesign/list', admin);
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as Listed[]).find((d) => d.id === designId);
};

type MenuRow = { id: number; parent_id: number | null; name: string; name_zh: string; url: string; icon: string };
const menuOf = async (code: string) =>
  (
    await queryRows<MenuRow>(
      t.database.db,
      sql`SELECT id, parent_id, name, name_zh, url, icon FROM menus WHERE code = ${code}`,
    )
  )[0];
const buttonsOf = async (code: string) =>
  (
    await queryRows<{ code: string }>(
      t.database.db,
      sql`SELECT b.code FROM menu_buttons mb JOIN menus m ON m.id = mb.menu_id JOIN buttons b ON b.id = mb.button_id
          WHERE m.code = ${code} ORDER BY b.code`,
    )
  ).map((r) => r.code);
const tableExists = async (table: string) =>
  (
    await queryRows(
      t.database.db,
      sql`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ${table}`,
    )
  ).length > 0;
const treeOf = async (token: string) => body(await get('/api/menu/getTreeMenu', token)).data as MenuItem[];

const GRID_BUTTONS = ['Add', 'Delete', 'Export', 'Import', 'Search', 'Update', 'Upload'];

beforeAll(async () => {
  t = await createTestApp();
  // The other tenant has the screen in its package: its super admin holds the grant, and is refused anyway.
  await createOtherTenant(t.database.db, 'acme', ['tableDesign']);
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
  systemFolder = (await menuOf('System'))?.id ?? 0;
});
afterAll(() => t.close());

describe('a design from draft to screen and back', () => {
  let designId: number;
  let menuId: number;

  it('adds a design as a draft: listed, previewed, but nothing is created', async () => {
    const res = await post('/api/tableDesign/add', { design: truck({ folder: systemFolder }) });
    expect(res.statusCode, res.body).toBe(200);
    designId = (body(res).data as { id: number }).id;
    expect(await listed(designId)).toMatchObject({ name: 'Truck', status: 'draft' });

    const preview = await post('/api/tableDesign/preview', { id: designId });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = body(preview).data as { steps: { kind: string }[]; up: string[]; risks: unknown[] };
    expect(data.steps.map((s) => s.kind)).toEqual(['createTable']);
    expect(data.up[0]).toMatch(/^CREATE TABLE "trucks"/);
    expect(data.risks).toEqual([]);
    expect(await tableExists('trucks')).toBe(false);
    expect(await menuOf('Truck')).toBeUndefined();
  });

  it('applies it: the table, a menu entry in its folder with the grid buttons, and the admin sees it', async () => {
    const res = await post('/api/tableDesign/apply', { id: designId });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ migration: expect.any(Number), up: expect.any(Array) });
    expect(await listed(designId)).toMatchObject({ status: 'applied' });
    expect(await tableExists('trucks')).toBe(true);
    // The engine serves it at once (the app's onChange put it in the registry).
    expect(t.app.entities.designed('Truck')?.meta.table).toBe('trucks');

    const menu = await menuOf('Truck');
    expect(menu).toMatchObject({
      parent_id: systemFolder,
      name: 'Trucks',
      name_zh: 'Trucks（中）',
      url: '/Truck',
      icon: 'TableOutlined',
    });
    menuId = menu?.id ?? 0;
    expect(await buttonsOf('Truck')).toEqual(GRID_BUTTONS);

    // A super admin holds every button the menu offers, with no grant rows written.
    const item = (await treeOf(admin)).find((m) => m.id === menuId);
    expect(item).toMatchObject({ url: '/Truck', parentId: systemFolder, name: 'Trucks' });
    expect(item?.permission).toHaveLength(GRID_BUTTONS.length);
    expect((await treeOf(pm)).some((m) => m.id === menuId)).toBe(false);

    const history = await get(`/api/tableDesign/history?id=${designId}`, admin);
    expect(history.statusCode, history.body).toBe(200);
    const rows = body(history).data as { upSql: string[]; appliedAt: string; rolledBackAt: string | null }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.upSql[0]).toMatch(/^CREATE TABLE "trucks"/);
    expect(Number.isNaN(Date.parse(rows[0]?.appliedAt ?? ''))).toBe(false);
    expect(rows[0]?.rolledBackAt).toBeNull();
  });

  it('saves a change as a draft (changed), and applying it renames the entry and offers Audit', async () => {
    const opened = body(await get(`/api/tableDesign/get?id=${designId}`, admin)).data as {
      version: number;
      draft: TableDesign;
      applied: TableDesign | null;
    };
    expect(opened.applied).toEqual(opened.draft);
    const changed = truck({
      folder: systemFolder,
      label: label('Lorries'),
      audit: true,
      fields: [...truck().fields, { id: 'f3', name: 'payload', type: 'integer', label: label('Payload') }],
    });
    const saved = await post('/api/tableDesign/save', { id: designId, version: opened.version, design: changed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await listed(designId)).toMatchObject({ status: 'changed' });
    // Saved only: the menu is as last applied.
    expect((await menuOf('Truck'))?.name).toBe('Trucks');

    const applied = await post('/api/tableDesign/apply', { id: designId });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await listed(designId)).toMatchObject({ status: 'applied' });
    expect(await menuOf('Truck')).toMatchObject({ id: menuId, name: 'Lorries', name_zh: 'Lorries（中）' });
    expect(await buttonsOf('Truck')).toEqual([...GRID_BUTTONS, 'Audit'].sort());
  });

  it('rolls the change back: the entry stays, with its names and buttons as before', async () => {
    const res = await post('/api/tableDesign/rollback', { id: designId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await menuOf('Truck')).toMatchObject({ id: menuId, name: 'Trucks', parent_id: systemFolder });
    expect(await buttonsOf('Truck')).toEqual(GRID_BUTTONS);
    expect(await listed(designId)).toMatchObject({ status: 'applied' });
    expect(await tableExists('trucks')).toBe(true);
    expect(t.app.entities.designed('Truck')).toBeDefined();
  });

  it('rolls the creation back: the table and the menu entry go, the design is a draft again', async () => {
    const res = await post('/api/tableDesign/rollback', { id: designId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tableExists('trucks')).toBe(false);
    expect(await menuOf('Truck')).toBeUndefined();
    expect(await buttonsOf('Truck')).toEqual([]);
    expect((await treeOf(admin)).some((m) => m.id === menuId)).toBe(false);
    expect(await listed(designId)).toMatchObject({ status: 'draft' });
    expect(t.app.entities.designed('Truck')).toBeUndefined();
    // Nothing is left to undo.
    expect((await post('/api/tableDesign/rollback', { id: designId })).statusCode).toBe(409);
  });

  it('refuses a save over a version someone else saved since (409)', async () => {
    const opened = body(await get(`/api/tableDesign/get?id=${designId}`, admin)).data as { version: number };
    const first = await post('/api/tableDesign/save', {
      id: designId,
      version: opened.version,
      design: truck({ description: 'first' }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await post('/api/tableDesign/save', {
      id: designId,
      version: opened.version,
      design: truck({ description: 'second' }),
    });
    expect(stale.statusCode).toBe(409);
    const now = body(await get(`/api/tableDesign/get?id=${designId}`, admin)).data as { draft: TableDesign };
    expect(now.draft.description).toBe('first');
  });
});

describe('what a design may be', () => {
  const designCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM table_designs`))[0]?.n;

  it('refuses a reserved word as the table and as a field name, with a message on each (400)', async () => {
    const before = await designCount();
    const design = truck({
      name: 'Select',
      table: 'select',
      fields: [...truck().fields, { id: 'f9', name: 'user', type: 'string', label: label('User') }],
    });
    const res = await post('/api/tableDesign/add', { design });
    expect(res.statusCode).toBe(400);
    expect((body(res).data as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      table: 'a reserved word of SQL',
      'fields.2.name': 'a reserved word of SQL',
    });
    expect(await designCount()).toBe(before);
  });

  it('refuses a search comparison the type has not, under the field (400), and keeps help text and a singular', async () => {
    const fields = truck().fields;
    const wrong = truck({
      name: 'Scooter',
      table: 'scooters',
      fields: [fields[0], { ...fields[1], search: { row: 1, col: 1, op: 'like' } }] as TableDesign['fields'],
    });
    const refused = await post('/api/tableDesign/add', { design: wrong });
    expect(refused.statusCode).toBe(400);
    expect((body(refused).data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      'fields.1.search.op': 'not a comparison of this type',
    });
    const right = truck({
      name: 'Scooter',
      table: 'scooters',
      singular: label('Scooter'),
      fields: [
        { ...fields[0], help: { en: 'As on the plate', zh: '' }, search: { row: 1, col: 1, op: 'eq' } },
        { ...fields[1], search: { row: 1, col: 2, op: 'range' }, edit: { row: 1, col: 1, span: 24 } },
      ] as TableDesign['fields'],
    });
    const added = await post('/api/tableDesign/add', { design: right });
    expect(added.statusCode, added.body).toBe(200);
    const { id: scooter } = body(added).data as { id: number };
    const stored = body(await get(`/api/tableDesign/get?id=${scooter}`, admin)).data as { draft: TableDesign };
    expect(stored.draft.singular).toEqual(label('Scooter'));
    expect(stored.draft.fields[0]).toMatchObject({ help: { en: 'As on the plate', zh: '' }, search: { op: 'eq' } });
    expect(stored.draft.fields[1]).toMatchObject({ search: { op: 'range' }, edit: { span: 24 } });
  });

  it('deletes a design never applied; refuses one with a history, one another design names, and anyone else', async () => {
    const add = async (design: TableDesign) => {
      const res = await post('/api/tableDesign/add', { design });
      expect(res.statusCode, res.body).toBe(200);
      return (body(res).data as { id: number }).id;
    };
    const kart = await add(truck({ name: 'Kart', table: 'karts' }));
    const fields = truck().fields;
    const pit = await add(
      truck({
        name: 'Pit',
        table: 'pits',
        fields: [
          ...fields,
          referenceField('f3', 'kart', 'Kart', { table: 'karts', labelColumn: 'plate' }),
        ] as TableDesign['fields'],
      }),
    );
    const named = await post('/api/tableDesign/del', { id: kart });
    expect(named.statusCode).toBe(409);
    expect(body(named).message).toBe('Pit refers to this design: change that first');
    expect((await post('/api/tableDesign/del', { id: pit }, pm)).statusCode).toBe(403);
    expect((await post('/api/tableDesign/del', { id: pit }, acmeAdmin)).statusCode).toBe(403);
    const deleted = await post('/api/tableDesign/del', { id: pit });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await listed(pit)).toBeUndefined();
    expect((await post('/api/tableDesign/del', { id: kart })).statusCode).toBe(200);
    expect((await post('/api/tableDesign/del', { id: kart })).statusCode).toBe(404);

    // Applied once, even if rolled back since, a design keeps its history.
    const cart = await add(truck({ name: 'Cart', table: 'carts' }));
    expect((await post('/api/tableDesign/apply', { id: cart })).statusCode).toBe(200);
    expect((await post('/api/tableDesign/del', { id: cart })).statusCode).toBe(409);
    expect((await post('/api/tableDesign/rollback', { id: cart })).statusCode).toBe(200);
    const kept = await post('/api/tableDesign/del', { id: cart });
    expect(kept.statusCode).toBe(409);
    expect(body(kept).message).toBe('Only a design never applied can be deleted: this one has a history');
    expect(await listed(cart)).toMatchObject({ status: 'draft' });
  });

  it("refuses a name a menu has as its code, whatever the case, since the screen's entry takes it", async () => {
    const res = await post('/api/tableDesign/add', { design: truck({ name: 'SYSMENU', table: 'sysmenu_copies' }) });
    expect(res.statusCode).toBe(400);
    expect((body(res).data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      name: 'used by a menu',
    });
  });

  it('refuses at apply a name a menu took after the design was saved, and creates nothing', async () => {
    const res = await post('/api/tableDesign/add', { design: truck({ name: 'Gadget', table: 'gadgets' }) });
    expect(res.statusCode, res.body).toBe(200);
    const designId = (body(res).data as { id: number }).id;
    await t.database.db.execute(
      sql`INSERT INTO menus (code, name, name_zh, url) VALUES ('Gadget', 'Gadget', '小工具', '')`,
    );
    const applied = await post('/api/tableDesign/apply', { id: designId });
    expect(applied.statusCode).toBe(400);
    expect((body(applied).data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      name: 'used by a menu',
    });
    expect(await tableExists('gadgets')).toBe(false);
    expect(await menuOf('Gadget')).toMatchObject({ url: '', icon: '' });
    expect(await listed(designId)).toMatchObject({ status: 'draft' });
  });

  it('refuses at apply a folder that is no menu, and creates nothing', async () => {
    const res = await post('/api/tableDesign/add', {
      design: truck({ name: 'Crane', table: 'cranes', folder: 999999 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const designId = (body(res).data as { id: number }).id;
    const applied = await post('/api/tableDesign/apply', { id: designId });
    expect(applied.statusCode).toBe(400);
    expect((body(applied).data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      folder: 'no such menu folder',
    });
    expect(await tableExists('cranes')).toBe(false);
    expect(await menuOf('Crane')).toBeUndefined();
  });
});

describe('who may use the designer', () => {
  it('lists the built-in entities read-only beside the designs: fields, master, and what made the table', async () => {
    const res = await get('/api/tableDesign/builtIns', admin);
    expect(res.statusCode, res.body).toBe(200);
    const all = body(res).data as BuiltInTable[];
    expect(all.map((b) => b.name)).toEqual(t.app.entities.builtIns.map((m) => m.name));
    const employee = all.find((b) => b.name === 'Employee');
    expect(employee).toMatchObject({ table: 'employees', detailOf: null, source: 'migrations' });
    expect(employee?.fields.find((f) => f.name === 'code')).toMatchObject({ required: true, unique: true });
    expect(employee?.fields.find((f) => f.name === 'organizationId')).toMatchObject({ references: 'organizations' });
    expect(all.find((b) => b.name === 'PurchaseContractLine')?.detailOf).toBe('PurchaseContract');
    // No design appears among them.
    expect(all.some((b) => b.name === 'Truck')).toBe(false);
    expect((await get('/api/tableDesign/builtIns', pm)).statusCode).toBe(403);
  });

  it('refuses pm, who holds no grant on the screen, reading and adding (403)', async () => {
    expect((await get('/api/tableDesign/list', pm)).statusCode).toBe(403);
    expect(
      (await post('/api/tableDesign/add', { design: truck({ name: 'Barge', table: 'barges' }) }, pm)).statusCode,
    ).toBe(403);
    expect(await menuOf('Barge')).toBeUndefined();
  });

  it("lets another tenant's super admin read designs, but never add or apply one, though granted (403)", async () => {
    expect((await get('/api/tableDesign/list', acmeAdmin)).statusCode).toBe(200);
    const added = await post('/api/tableDesign/add', { design: truck({ name: 'Barge', table: 'barges' }) }, acmeAdmin);
    expect(added.statusCode).toBe(403);
    expect(body(added).message).toMatch(/platform administrator/);
    const mine = await post('/api/tableDesign/add', { design: truck({ name: 'Barge', table: 'barges' }) });
    expect(mine.statusCode, mine.body).toBe(200);
    const designId = (body(mine).data as { id: number }).id;
    const applied = await post('/api/tableDesign/apply', { id: designId }, acmeAdmin);
    expect(applied.statusCode).toBe(403);
    expect(await tableExists('barges')).toBe(false);
    expect(await menuOf('Barge')).toBeUndefined();
    expect(await listed(designId)).toMatchObject({ status: 'draft' });
  });
});

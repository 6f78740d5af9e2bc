import type { BringableTable, BroughtIn, Preview, TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAsTenant, queryRows } from '../db/client.ts';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant } from '../test/tenants.ts';

/**
 * Bringing a table of the main database in: one no entity manages is read into a design, and the apply that
 * creates the designed table copies its rows in for the platform administrator's company, ids kept; the
 * risks count what would not fit; the source is only read.
 */
let t: TestApp;
let admin: string;
let pm: string;
let acmeAdmin: string;
let acmeId: number;

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const ok = <T>(res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return body(res as never).data as T;
};

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (await createOtherTenant(t.database.db, 'acme', [])).tenantId;
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
  // A table another application made: no tenant, no engine columns, a column named as one of the engine's.
  await t.database.db.execute(sql`CREATE TABLE legacy_assets (
    id serial PRIMARY KEY, asset_tag varchar(20) NOT NULL UNIQUE, name text, bought_on date,
    price numeric(10, 2), active boolean, "order" integer, created_at timestamptz, note jsonb, spot point)`);
  await t.database.db.execute(sql`INSERT INTO legacy_assets (id, asset_tag, name, bought_on, price, active, "order", note)
    VALUES (1, 'A-1', 'Drill', '2024-02-29', 120.50, true, 3, '{"room": 4}'),
           (2, 'A-2', 'Saw', NULL, NULL, false, NULL, NULL),
           (5, 'A-5', '42', '2025-01-01', 9.99, NULL, 1, NULL)`);
  await t.database.db.execute(sql`CREATE TABLE only_points (spot point)`);
});
afterAll(() => t.close());

describe('bringing a table in', () => {
  let design: TableDesign;

  it('lists the tables nothing manages, never the platform’s own', async () => {
    const sources = ok<BringableTable[]>(await get('/api/tableDesign/sources'));
    const names = sources.map((s) => s.table);
    expect(names).toContain('legacy_assets');
    for (const own of ['employees', 'menus', 'users', 'table_designs', 'entity_tables', 'projects'])
      expect(names).not.toContain(own);
    expect(sources.find((s) => s.table === 'legacy_assets')).toEqual({ table: 'legacy_assets', rows: 3, columns: 10 });
  });

  it('reads a table into a design: a field per column of its type, the id kept, what has no field left behind', async () => {
    const brought = ok<BroughtIn>(await post('/api/tableDesign/introspect', { table: 'legacy_assets' }));
    design = brought.design;
    expect(brought.skipped).toEqual(['spot']);
    expect(design).toMatchObject({ name: 'LegacyAsset', table: 'legacy_assets_data' });
    expect(design.source).toMatchObject({ table: 'legacy_assets', keepIds: true });
    const f = (name: string) => design.fields.find((x) => x.name === name);
    expect(f('assetTag')).toMatchObject({ type: 'string', length: 20, required: true, unique: true });
    expect(f('name')).toMatchObject({ type: 'text' });
    expect(f('boughtOn')).toMatchObject({ type: 'date' });
    expect(f('price')).toMatchObject({ type: 'decimal', precision: 10, scale: 2 });
    expect(f('active')).toMatchObject({ type: 'boolean' });
    // SQL's words and the engine's own column names get a suffix.
    expect(f('orderValue')).toMatchObject({ type: 'integer' });
    expect(f('createdAtValue')).toMatchObject({ type: 'datetime' });
    expect(f('note')).toMatchObject({ type: 'json' });
    expect(design.source?.columns[f('orderValue')?.id ?? '']).toBe('order');
  });

  it('refuses the platform’s tables, a table with nothing to bring, and anyone but the platform administrator', async () => {
    expect((await post('/api/tableDesign/introspect', { table: 'employees' })).statusCode).toBe(404);
    expect((await post('/api/tableDesign/introspect', { table: 'no_such_table' })).statusCode).toBe(404);
    expect((await post('/api/tableDesign/introspect', { table: 'only_points' })).statusCode).toBe(400);
    expect((await post('/api/tableDesign/introspect', { table: 'legacy_assets' }, pm)).statusCode).toBe(403);
    expect((await post('/api/tableDesign/introspect', { table: 'legacy_assets' }, acmeAdmin)).statusCode).toBe(403);
    expect((await get('/api/tableDesign/sources', acmeAdmin)).statusCode).toBe(403);
    // A design can't name a platform table as its source, nor a column its source has not.
    const menus = { ...design, name: 'Stolen', table: 'stolen', source: { ...design.source, table: 'menus' } };
    const stolen = await post('/api/tableDesign/add', { design: menus });
    expect(stolen.statusCode).toBe(400);
    expect(body(stolen).data).toEqual({ fieldErrors: { source: 'names no table that may be brought in' } });
    const ghost = { ...design, source: { ...design.source, columns: { c1: 'no_such_column' } } };
    expect(body(await post('/api/tableDesign/add', { design: ghost })).data).toEqual({
      fieldErrors: { source: 'legacy_assets has no column no_such_column' },
    });
  });

  it('counts what would not fit before copying: a type the values can’t take, a text too long', async () => {
    const fields = [
      ...design.fields.map((x) =>
        x.name === 'name' ? { ...x, type: 'integer' as const } : x.name === 'assetTag' ? { ...x, length: 2 } : x,
      ),
      { id: 'own', name: 'owner', type: 'string' as const, label: { en: 'Owner', zh: '负责人' }, required: true },
    ];
    const { id } = ok<{ id: number }>(
      await post('/api/tableDesign/add', { design: { ...design, name: 'Tight', table: 'tights', fields } }),
    );
    const preview = ok<Preview>(await post('/api/tableDesign/preview', { id }));
    expect(preview.risks).toEqual(
      expect.arrayContaining([
        { kind: 'copiesRows', field: 'legacy_assets', count: 3, samples: [], blocking: false },
        { kind: 'copyCast', field: 'name', count: 2, samples: ['Drill', 'Saw'], blocking: true },
        { kind: 'copyTooLong', field: 'assetTag', count: 3, samples: ['A-1', 'A-2', 'A-5'], blocking: true },
        { kind: 'requiredWithoutDefault', field: 'owner', count: 3, samples: [], blocking: true },
      ]),
    );
    expect((await post('/api/tableDesign/apply', { id })).statusCode).toBe(422);
    expect((await post('/api/tableDesign/del', { id })).statusCode).toBe(200);
  });

  it('copies the rows in on apply, ids kept, for the administrator’s company only; the source stays as it was', async () => {
    const { id } = ok<{ id: number }>(await post('/api/tableDesign/add', { design }));
    const preview = ok<Preview>(await post('/api/tableDesign/preview', { id }));
    expect(preview.steps.map((s) => s.kind)).toEqual(['createTable', 'copyRows']);
    expect(preview.up.some((s) => s.startsWith('INSERT INTO "legacy_assets_data"'))).toBe(true);
    expect(preview.risks.filter((r) => r.blocking)).toEqual([]);
    ok(await post('/api/tableDesign/apply', { id }));

    const page = ok<{ total: number; rows: Record<string, unknown>[] }>(
      await post('/api/LegacyAsset/getPageData', { page: 1, rows: 10, sort: 'id', order: 'asc' }),
    );
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.id, r.assetTag, r.name, r.boughtOn, r.price, r.orderValue])).toEqual([
      [1, 'A-1', 'Drill', '2024-02-29', '120.50', 3],
      [2, 'A-2', 'Saw', null, null, null],
      [5, 'A-5', '42', '2025-01-01', '9.99', 1],
    ]);
    // New rows number after the copied ones; a copied code stays unique.
    const added = await post('/api/LegacyAsset/add', { mainData: { assetTag: 'A-9', name: 'Ladder' } });
    expect(added.statusCode, added.body).toBe(200);
    const ids = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM legacy_assets_data WHERE asset_tag = 'A-9'`,
    );
    expect(ids[0]?.id).toBe(6);
    expect((await post('/api/LegacyAsset/add', { mainData: { assetTag: 'A-1' } })).statusCode).toBe(400);
    // Another company with the screen in its package sees none of them.
    await t.database.db.transaction(async (tx) => {
      await actAsTenant(tx, acmeId);
      await tx.execute(
        sql`INSERT INTO tenant_menus (tenant_id, menu_id) SELECT ${acmeId}, id FROM menus WHERE code = 'LegacyAsset'`,
      );
    });
    expect(
      ok<{ total: number }>(await post('/api/LegacyAsset/getPageData', { page: 1, rows: 10 }, acmeAdmin)).total,
    ).toBe(0);
    const source = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM legacy_assets`);
    expect(source[0]?.n).toBe(3);
    // Brought in, it is no longer offered.
    const sources = ok<BringableTable[]>(await get('/api/tableDesign/sources'));
    expect(sources.map((s) => s.table)).not.toContain('legacy_assets_data');

    // Rolled back, the copy moves aside with the table; the source is untouched.
    ok(await post('/api/tableDesign/rollback', { id }));
    const again = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM legacy_assets`);
    expect(again[0]?.n).toBe(3);
  });
});

import type { TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Db, queryRows } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { keyField, label, tableDesign } from '../test/designs.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant, type OtherTenant } from '../test/tenants.ts';
import { applyDesign, createDesign, designHistory, previewDesign, rollbackDesign, saveDraft } from './apply.ts';
import { readDesign } from './design-rows.ts';

/**
 * The table designer's migrations: a design becomes a table; each later draft is previewed (the SQL and
 * the risks the rows there are carry, counted), applied in one transaction under one lock, and rolled back
 * without losing a value.
 */
let t: TestApp;
let db: Db;
let acme: OtherTenant;
let adminId: number;
let platform: number;

const vehicle = (extra: Partial<TableDesign> = {}): TableDesign =>
  tableDesign(
    'Vehicle',
    [
      keyField('f1', 'code', 'Code'),
      { id: 'f2', name: 'name', type: 'string', label: label('Name'), length: 100 },
      { id: 'f3', name: 'seats', type: 'integer', label: label('Seats') },
      { id: 'f4', name: 'color', type: 'string', label: label('Color'), length: 20 },
      { id: 'f5', name: 'tag', type: 'string', label: label('Tag'), length: 20 },
    ],
    extra,
  );

/** What a call refuses with: its status and envelope data. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; data: unknown }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

const columns = async (table: string, schema = 'public') =>
  (
    await queryRows<{ c: string }>(
      db,
      sql`SELECT column_name AS c FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table} ORDER BY ordinal_position`,
    )
  ).map((r) => r.c);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  acme = await createOtherTenant(db);
  adminId = (await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE user_key = 'admin'`))[0]?.id ?? 0;
  platform = (await queryRows<{ id: number }>(db, sql`SELECT id FROM tenants WHERE is_platform`))[0]?.id ?? 0;
});
afterAll(() => t.close());

describe('names a design may take', () => {
  const cases: [string, Partial<TableDesign>, string][] = [
    ['a reserved word as the table', { table: 'select' }, 'table'],
    ['a table name of 41 characters', { table: 'v'.repeat(41) }, 'table'],
    ['a quote in the entity name', { name: "Veh'icle" }, 'name'],
    ['a semicolon in the table name', { table: 'vehicles;drop' }, 'table'],
    ['a table name the platform keeps', { table: 'pg_vehicles' }, 'table'],
    ['a table that exists', { table: 'employees' }, 'table'],
    ['an entity name with a space', { name: 'My Vehicle' }, 'name'],
  ];
  for (const [what, change, key] of cases) {
    it(`refuses ${what} with a message on ${key}, and stores nothing`, async () => {
      const before = await queryRows(db, sql`SELECT id FROM table_designs`);
      const r = await refusal(createDesign(db, vehicle(change), adminId, t.app.entities.builtIns));
      expect(r.status).toBe(400);
      expect(Object.keys((r.data as { fieldErrors: object }).fieldErrors)).toContain(key);
      expect(await queryRows(db, sql`SELECT id FROM table_designs`)).toEqual(before);
    });
  }

  it('refuses fields named as a reserved word, a system column, twice, or with a quote', async () => {
    const base = vehicle().fields;
    const fields = [
      ...base,
      { id: 'x1', name: 'user', type: 'string' as const, label: label('User') },
      { id: 'x2', name: 'createdAt', type: 'datetime' as const, label: label('Created') },
      { id: 'x3', name: 'code', type: 'string' as const, label: label('Code again') },
      { id: 'x4', name: "na'me", type: 'string' as const, label: label('Quote') },
    ];
    const r = await refusal(createDesign(db, vehicle({ fields }), adminId, t.app.entities.builtIns));
    expect(r.status).toBe(400);
    const errors = (r.data as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(errors).toMatchObject({
      'fields.5.name': 'a reserved word of SQL',
      'fields.6.name': 'a column every table has already',
      'fields.7.name': 'used twice',
    });
    expect(errors['fields.8.name']).toBeDefined();
  });
});

describe('what only the whole definition tells', () => {
  it('refuses a default not of its type, a fill naming no field and an index name too long, on their fields', async () => {
    const before = await queryRows(db, sql`SELECT id FROM table_designs`);
    const cases: [Partial<TableDesign>, string][] = [
      [
        { fields: [{ id: 'd1', name: 'seats', type: 'integer', label: label('Seats'), default: 'four' }] },
        'fields.0.default',
      ],
      [
        {
          fields: [
            {
              id: 'd1',
              name: 'driverId',
              type: 'reference',
              label: label('Driver'),
              reference: { table: 'employees', labelColumn: 'name', fills: [{ field: 'nobody', column: 'code' }] },
            },
          ],
        },
        'fields',
      ],
      [
        {
          table: 't'.repeat(40),
          fields: [{ id: 'd1', name: 'a'.repeat(30), type: 'string', label: label('Long'), unique: true }],
        },
        'fields.0.name',
      ],
    ];
    for (const [change, key] of cases) {
      const r = await refusal(createDesign(db, vehicle(change), adminId, t.app.entities.builtIns));
      expect(r.status).toBe(400);
      expect(Object.keys((r.data as { fieldErrors: object }).fieldErrors)).toContain(key);
    }
    expect(await queryRows(db, sql`SELECT id FROM table_designs`)).toEqual(before);
  });
});

describe('a designed table from its design to its rows', () => {
  let designId: number;

  it('creates nothing until applied, then the table: tenant-scoped, RLS forced, the app may use it', async () => {
    designId = await createDesign(db, vehicle(), adminId, t.app.entities.builtIns);
    expect(await columns('vehicles')).toEqual([]);
    const preview = await previewDesign(db, designId);
    expect(preview.steps.map((s) => s.kind)).toEqual(['createTable']);
    expect(preview.up[0]).toMatch(/^CREATE TABLE "vehicles"/);
    expect(preview.risks).toEqual([]);
    await applyDesign(db, designId, adminId);
    expect(await columns('vehicles')).toEqual(
      expect.arrayContaining(['id', 'code', 'name', 'seats', 'color', 'tag', 'tenant_id']),
    );
    const [rls] = await queryRows<{ enabled: boolean; forced: boolean }>(
      db,
      sql`SELECT relrowsecurity AS enabled, relforcerowsecurity AS forced FROM pg_class WHERE relname = 'vehicles'`,
    );
    expect(rls).toEqual({ enabled: true, forced: true });
    // Rows of the platform tenant, and one of another tenant.
    await db.execute(sql`INSERT INTO vehicles (code, name, seats, color, tag, tenant_id) VALUES
      ('V1', 'Van', 3, 'red', 'a', ${platform}), ('V2', 'Bus', null, 'red', 'a', ${platform}),
      ('V3', 'Car', 5, 'blue', 'b', ${platform}), ('V4', null, null, '12', null, ${platform}),
      ('V5', 'Truck', 2, null, null, ${platform}), ('A1', 'Acme van', 2, '7', 'z', ${acme.tenantId})`);
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
      await tx.execute(sql`SELECT set_config('app.tenant_id', ${String(acme.tenantId)}, true)`);
      return queryRows<{ code: string }>(tx, sql`SELECT code FROM vehicles ORDER BY code`);
    });
    expect(seen.map((r) => r.code)).toEqual(['A1']);
  });

  it('counts each risk of a draft over every tenant, and refuses to apply while a blocking one remains', async () => {
    const row = await readDesign(db, designId);
    const draft = vehicle({
      fields: [
        // code renamed plate; name removed; seats required; color to an integer; tag unique.
        keyField('f1', 'plate', 'Plate'),
        { id: 'f3', name: 'seats', type: 'integer', label: label('Seats'), required: true },
        { id: 'f4', name: 'color', type: 'integer', label: label('Color') },
        { id: 'f5', name: 'tag', type: 'string', label: label('Tag'), length: 20, unique: true },
      ],
    });
    await saveDraft(db, designId, draft, row.version, adminId, t.app.entities.builtIns);
    const preview = await previewDesign(db, designId);
    const risk = (kind: string) => preview.risks.find((r) => r.kind === kind);
    expect(risk('dropColumn')).toMatchObject({ field: 'name', count: 5, blocking: false });
    expect(risk('rename')).toMatchObject({ field: 'plate', count: 6, samples: ['code → plate'], blocking: false });
    expect(risk('setRequired')).toMatchObject({ field: 'seats', count: 2, blocking: true });
    expect(risk('changeType')).toMatchObject({ field: 'color', count: 3, samples: ['blue', 'red'], blocking: true });
    expect(risk('duplicates')).toMatchObject({ field: 'tag', count: 2, samples: ['a'], blocking: true });
    expect(preview.up.some((s) => s.includes('RENAME COLUMN "code" TO "plate"'))).toBe(true);

    const refused = await refusal(applyDesign(db, designId, adminId));
    expect(refused.status).toBe(422);
    expect((refused.data as { risks: { kind: string }[] }).risks.map((r) => r.kind).sort()).toEqual([
      'changeType',
      'duplicates',
      'setRequired',
    ]);
    // Nothing ran.
    expect(await columns('vehicles')).toEqual(expect.arrayContaining(['code', 'name']));
    expect(await designHistory(db, designId)).toHaveLength(1);
  });

  it('applies a change and rolls it back with every value where it was', async () => {
    const before = await queryRows(db, sql`SELECT id, code, name, seats, color, tag FROM vehicles ORDER BY id`);
    const row = await readDesign(db, designId);
    const draft = vehicle({
      fields: [
        keyField('f1', 'plate', 'Plate'),
        { id: 'f3', name: 'seats', type: 'integer', label: label('Seats') },
        { id: 'f4', name: 'color', type: 'string', label: label('Color'), length: 20 },
        { id: 'f5', name: 'tag', type: 'string', label: label('Tag'), length: 20 },
        {
          id: 'f6',
          name: 'mileage',
          type: 'integer',
          label: label('Mileage'),
          intSize: 'int8',
          required: true,
          default: 0,
        },
      ],
    });
    await saveDraft(db, designId, draft, row.version, adminId, t.app.entities.builtIns);
    const { migration } = await applyDesign(db, designId, adminId);
    const now = await columns('vehicles');
    expect(now).toEqual(expect.arrayContaining(['plate', 'mileage', `_kept_${migration}_name`]));
    expect(now).not.toContain('name');
    expect(await queryRows(db, sql`SELECT count(*)::int AS n FROM vehicles WHERE mileage = 0`)).toEqual([{ n: 6 }]);
    // The unique index followed the column: a second V1 in the tenant is refused.
    await expect(db.execute(sql`INSERT INTO vehicles (plate, tenant_id) VALUES ('V1', ${platform})`)).rejects.toThrow();

    await rollbackDesign(db, designId, adminId);
    expect(await queryRows(db, sql`SELECT id, code, name, seats, color, tag FROM vehicles ORDER BY id`)).toEqual(
      before,
    );
    expect(await columns('vehicles')).not.toContain('plate');
    expect(await columns('vehicles')).toContain(`_kept_${migration}_mileage`);
    expect((await readDesign(db, designId)).applied?.fields.map((f) => f.name)).toEqual([
      'code',
      'name',
      'seats',
      'color',
      'tag',
    ]);
    const history = await designHistory(db, designId);
    expect(history.map((h) => h.rolledBackAt !== null)).toEqual([true, false]);
    expect(history[0]?.upSql.join('\n')).toContain('RENAME COLUMN "code" TO "plate"');
  });

  it('refuses a second apply while one runs', async () => {
    const row = await readDesign(db, designId);
    const draft = vehicle({
      fields: [...vehicle().fields, { id: 'f7', name: 'vin', type: 'string', label: label('VIN'), length: 17 }],
    });
    await saveDraft(db, designId, draft, row.version, adminId, t.app.entities.builtIns);
    if (t.database.kind === 'postgres') {
      // Another node's apply holds the designer's lock on its own connection.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const other = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('trestle.tableDesign'))`);
        locked();
        await held;
      });
      await isLocked;
      const r = await refusal(applyDesign(db, designId, adminId));
      release();
      await other;
      expect(r).toMatchObject({ status: 409, message: expect.stringMatching(/Another table change/) });
      expect(await columns('vehicles')).not.toContain('vin');
      await applyDesign(db, designId, adminId);
    } else {
      // One embedded connection runs them one after the other: the second finds nothing left to apply.
      const results = await Promise.allSettled([
        applyDesign(db, designId, adminId),
        applyDesign(db, designId, adminId),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((failed.reason as AppError).statusCode).toBe(409);
    }
    expect(await columns('vehicles')).toContain('vin');
  });

  it('rolls back the creation too: the table moves aside with its rows, and the name is free again', async () => {
    await rollbackDesign(db, designId, adminId); // vin
    const { migration } = await rollbackDesign(db, designId, adminId); // the table itself
    expect(await columns('vehicles')).toEqual([]);
    const kept = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier('designer_kept')}.${sql.identifier(`_${migration}_vehicles`)}`,
    );
    expect(kept).toEqual([{ n: 6 }]);
    expect((await readDesign(db, designId)).applied).toBeNull();
    expect((await refusal(rollbackDesign(db, designId, adminId))).status).toBe(409);
    // Applied again from the draft: a new, empty table beside the one kept.
    await applyDesign(db, designId, adminId);
    expect(await queryRows(db, sql`SELECT count(*)::int AS n FROM vehicles`)).toEqual([{ n: 0 }]);
  });

  it("keeps its cast check to the owner: neither the app's role nor an admin's SQL may call it", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
        await tx.execute(sql`SELECT designer_can_cast('1', 'integer')`);
      }),
    ).rejects.toThrow();
    expect(await queryRows(db, sql`SELECT designer_can_cast('x', 'integer') AS ok`)).toEqual([{ ok: false }]);
  });

  it('refuses a draft saved over a newer one', async () => {
    const row = await readDesign(db, designId);
    await saveDraft(db, designId, row.draft, row.version, adminId, t.app.entities.builtIns);
    expect(
      (await refusal(saveDraft(db, designId, row.draft, row.version, adminId, t.app.entities.builtIns))).status,
    ).toBe(409);
  });
});

describe('indexes over several fields', () => {
  const depot = (indexes: TableDesign['indexes'], fields?: TableDesign['fields']): TableDesign => ({
    ...vehicle(),
    name: 'Depot',
    table: 'depots',
    label: label('Depots'),
    softDelete: true,
    indexes,
    fields: fields ?? [
      { id: 'd1', name: 'code', type: 'string', label: label('Code'), length: 20 },
      { id: 'd2', name: 'city', type: 'string', label: label('City'), length: 40 },
      { id: 'd3', name: 'bay', type: 'integer', label: label('Bay') },
    ],
  });
  const indexDefs = async () =>
    (
      await queryRows<{ def: string }>(
        db,
        sql`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'depots' AND indexname LIKE 'depots_cb_%' ORDER BY 1`,
      )
    ).map((r) => r.def.replace(/^.* USING btree /, ''));
  let depotId: number;

  it('refuses an index naming a field the table has not, a field twice, or the fields of another', async () => {
    const r = await refusal(
      createDesign(
        db,
        depot([
          { id: 'a', fields: ['d2', 'd9'], unique: false },
          { id: 'b', fields: ['d2', 'd2'], unique: false },
          { id: 'c', fields: ['d1', 'd3'], unique: false },
          { id: 'd', fields: ['d1', 'd3'], unique: true },
        ]),
        adminId,
        t.app.entities.builtIns,
      ),
    );
    expect(r.data).toEqual({
      fieldErrors: {
        'indexes.0.fields': 'names a field the table has not',
        'indexes.1.fields': 'a field twice',
        'indexes.3.fields': 'the same fields as another index',
      },
    });
  });

  it('makes one leading with tenant_id, counts the duplicates a unique one would break, and keeps it through a rename', async () => {
    depotId = await createDesign(
      db,
      depot([{ id: 'cb', fields: ['d2', 'd3'], unique: false }]),
      adminId,
      t.app.entities.builtIns,
    );
    await applyDesign(db, depotId, adminId);
    expect(await indexDefs()).toEqual(['(tenant_id, city, bay)']);
    await db.execute(sql`INSERT INTO depots (code, city, bay, tenant_id) VALUES
      ('A', 'Lyon', 1, ${platform}), ('B', 'Lyon', 1, ${platform}), ('C', 'Lyon', 2, ${platform}),
      ('D', 'Lyon', 1, ${acme.tenantId})`);
    // The same values in another tenant, or in a deleted row, are no duplicate.
    await db.execute(
      sql`INSERT INTO depots (code, city, bay, tenant_id, deleted_at) VALUES ('E', 'Lyon', 2, ${platform}, now())`,
    );

    let row = await readDesign(db, depotId);
    await saveDraft(
      db,
      depotId,
      depot([{ id: 'cb', fields: ['d2', 'd3'], unique: true }]),
      row.version,
      adminId,
      t.app.entities.builtIns,
    );
    const preview = await previewDesign(db, depotId);
    expect(preview.steps.map((s) => `${s.kind} ${s.field}`)).toEqual(['dropIndex city + bay', 'addUnique city + bay']);
    expect(preview.risks).toEqual([
      { kind: 'duplicates', field: 'city + bay', count: 2, samples: ['Lyon / 1'], blocking: true },
    ]);
    expect((await refusal(applyDesign(db, depotId, adminId))).status).toBe(422);
    await db.execute(sql`UPDATE depots SET bay = 3 WHERE code = 'B'`);
    await applyDesign(db, depotId, adminId);
    expect(await indexDefs()).toEqual(['(tenant_id, city, bay) WHERE (deleted_at IS NULL)']);

    // City renamed town: the index follows the column, nothing to rebuild.
    row = await readDesign(db, depotId);
    const renamed = depot(row.draft.indexes, [
      { id: 'd1', name: 'code', type: 'string', label: label('Code'), length: 20 },
      { id: 'd2', name: 'town', type: 'string', label: label('Town'), length: 40 },
      { id: 'd3', name: 'bay', type: 'integer', label: label('Bay') },
    ]);
    await saveDraft(db, depotId, renamed, row.version, adminId, t.app.entities.builtIns);
    expect((await previewDesign(db, depotId)).steps.map((s) => s.kind)).toEqual(['renameColumn']);
    await applyDesign(db, depotId, adminId);
    expect(await indexDefs()).toEqual(['(tenant_id, town, bay) WHERE (deleted_at IS NULL)']);

    // Removing a field the index covers, with the index: the index goes first, then the field.
    row = await readDesign(db, depotId);
    const without = depot([], renamed.fields.slice(0, 2));
    await saveDraft(db, depotId, without, row.version, adminId, t.app.entities.builtIns);
    expect((await previewDesign(db, depotId)).steps.map((s) => s.kind)).toEqual(['dropUnique', 'dropColumn']);
    await applyDesign(db, depotId, adminId);
    expect(await indexDefs()).toEqual([]);
    // Rolled back twice: the field, then the unique index, come back.
    await rollbackDesign(db, depotId, adminId);
    expect(await indexDefs()).toEqual(['(tenant_id, town, bay) WHERE (deleted_at IS NULL)']);
    await rollbackDesign(db, depotId, adminId);
    await rollbackDesign(db, depotId, adminId);
    expect(await indexDefs()).toEqual(['(tenant_id, city, bay)']);
  });
});

describe('turning soft delete on and off', () => {
  it("makes a unique field's index hold over the live rows only while soft delete is on, and counts the twins turning it off brings back", async () => {
    const code = keyField('f1', 'code', 'Code');
    const design = vehicle({ name: 'Crane', table: 'cranes', fields: [code] as TableDesign['fields'] });
    const designId = await createDesign(db, design, adminId, []);
    await applyDesign(db, designId, adminId);
    const indexDef = async () =>
      (
        await queryRows<{ def: string }>(
          db,
          sql`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'cranes_code_key'`,
        )
      )[0]?.def ?? '';
    const version = async () => (await readDesign(db, designId)).version;
    expect(await indexDef()).not.toMatch(/WHERE/);

    await saveDraft(db, designId, { ...design, softDelete: true }, await version(), adminId, []);
    await applyDesign(db, designId, adminId);
    expect(await indexDef()).toMatch(/WHERE \(deleted_at IS NULL\)/);
    // A deleted row's code is free again.
    await db.execute(sql`INSERT INTO cranes (code, tenant_id, deleted_at) VALUES ('C-1', ${platform}, now())`);
    await db.execute(sql`INSERT INTO cranes (code, tenant_id) VALUES ('C-1', ${platform})`);

    // Off again: the deleted row comes back beside its twin, and the apply is refused.
    await saveDraft(db, designId, design, await version(), adminId, []);
    const preview = await previewDesign(db, designId);
    expect(preview.risks).toContainEqual({
      kind: 'duplicates',
      field: 'code',
      count: 2,
      samples: ['C-1'],
      blocking: true,
    });
    expect((await refusal(applyDesign(db, designId, adminId))).status).toBe(422);
    // With the twin gone it applies; rolled back, the index holds over the live rows again.
    await db.execute(sql`DELETE FROM cranes WHERE deleted_at IS NOT NULL`);
    await applyDesign(db, designId, adminId);
    expect(await indexDef()).not.toMatch(/WHERE/);
    await rollbackDesign(db, designId, adminId);
    expect(await indexDef()).toMatch(/WHERE \(deleted_at IS NULL\)/);
  });
});

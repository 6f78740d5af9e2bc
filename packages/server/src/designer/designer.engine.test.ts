import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { keyField, label, referenceField, tableDesign } from '../test/designs.ts';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';
import { type OtherNode, otherNode } from '../test/other-node.ts';
import { createOtherTenant } from '../test/tenants.ts';
import { applyDesign, createDesign, rollbackDesign } from './apply.ts';
import { announceDesign } from './registry-sync.ts';

/**
 * A designed entity is served by the engine as soon as it is applied, on every app node, with the grants,
 * the tenant isolation and the behaviour of any built-in entity; rolled back, it is gone again.
 */
let t: TestApp;
let second: OtherNode;
let admin: string;
let pm: string;
let acme: string;
let designId: number;
let adminId: number;

const design = tableDesign('Vehicle', [
  keyField('f1', 'code', 'Code', { search: { row: 1, col: 1 } }),
  { id: 'f2', name: 'seats', type: 'integer', label: label('Seats'), summary: 'sum' },
  referenceField('f3', 'driverId', 'Driver', { table: 'employees', labelColumn: 'name' }),
]);

beforeAll(async () => {
  t = await createTestApp();
  await createOtherTenant(t.database.db);
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  acme = await t.login('acme-admin', 'Other@2026');
  second = await otherNode(t);
  adminId =
    (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE user_key = 'admin'`))[0]?.id ?? 0;
  designId = await createDesign(t.database.db, design, adminId, t.app.entities.builtIns);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const get = (app: FastifyInstance, url: string, token = admin) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (app: FastifyInstance, url: string, payload: object, token = admin) =>
  app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('a designed entity served by the engine', () => {
  it("is not there before it is applied: no menu grants it, and the name is nobody's (404)", async () => {
    expect((await get(t.app, '/api/Vehicle/getMeta')).statusCode).toBe(404);
    expect(t.app.entities.designed('Vehicle')).toBeUndefined();
  });

  it('is served at once on the node that applied it, and on another node by its announcement alone', async () => {
    await applyDesign(t.database.db, designId, adminId);
    const startedAt = Date.now();
    await announceDesign(t.database.db, t.app.entities, 'Vehicle');
    const meta = await get(t.app, '/api/Vehicle/getMeta');
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data).toMatchObject({
      name: 'Vehicle',
      table: 'vehicles',
      businessKey: 'code',
      detailMetas: [],
    });
    // The other node has no timer that reads designs again: only the announcement can bring it there. How
    // soon is a measurement, not an assertion (a busy CI machine is slow): well under a second on a quiet one.
    let seen = false;
    while (!seen && Date.now() - startedAt < 20_000) {
      seen = (await get(second.app, '/api/Vehicle/getMeta')).statusCode === 200;
      if (!seen) await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen).toBe(true);
  });

  it('adds, validates, lists with its summary and references, and exports like any entity', async () => {
    const driver = (
      await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM employees ORDER BY id LIMIT 1`)
    )[0]?.id;
    for (const [code, seats] of [
      ['V-1', 4],
      ['V-2', 7],
    ] as const) {
      const res = await post(t.app, '/api/Vehicle/add', { mainData: { code, seats, driverId: driver } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const dup = await post(t.app, '/api/Vehicle/add', { mainData: { code: 'V-1', seats: 1 } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().data.fieldErrors).toEqual({ code: 'already exists' });
    const tooLong = await post(t.app, '/api/Vehicle/add', { mainData: { code: 'V'.repeat(21) } });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().data.fieldErrors)).toEqual(['mainData.code']);
    const page = await post(t.app, '/api/Vehicle/getPageData', { page: 1, rows: 10, wheres: [], exactTotal: true });
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.total).toBe(2);
    expect(Number(data.summary.seats)).toBe(11);
    expect(data.rows[0].driverIdLabel).toBeTruthy();
    const exported = await post(t.app, '/api/Vehicle/export', { page: 1, rows: 10, wheres: [] });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it("is refused to pm without a grant and to another tenant whose package doesn't hold it; that tenant reads none of its rows", async () => {
    expect((await get(t.app, '/api/Vehicle/getMeta', pm)).statusCode).toBe(403);
    expect((await post(t.app, '/api/Vehicle/getPageData', { page: 1, rows: 10, wheres: [] }, acme)).statusCode).toBe(
      403,
    );
    // Given the menu in its package, the other tenant's admin sees an empty list: the rows are the platform's.
    await t.database.db.execute(sql`INSERT INTO tenant_menus (tenant_id, menu_id)
      SELECT u.tenant_id, m.id FROM users u, menus m WHERE u.user_key = 'acme-admin' AND m.code = 'Vehicle'`);
    const page = await post(
      t.app,
      '/api/Vehicle/getPageData',
      { page: 1, rows: 10, wheres: [], exactTotal: true },
      acme,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().data.total).toBe(0);
    expect((await post(t.app, '/api/Vehicle/add', { mainData: { code: 'A-1' } }, acme)).statusCode).toBe(200);
    const own = await post(t.app, '/api/Vehicle/getPageData', { page: 1, rows: 10, wheres: [], exactTotal: true });
    expect(own.json().data.total).toBe(2);
  });

  it('has no approval routes unless designed with approval', async () => {
    expect((await get(t.app, '/api/Vehicle/approvalHistory?key=1')).statusCode).toBe(404);
  });

  describe('with a detail table edited with it', () => {
    const booking = tableDesign(
      'Booking',
      [
        referenceField('b1', 'vehicleId', 'Vehicle', { table: 'vehicles', labelColumn: 'code' }, { required: true }),
        { id: 'b2', name: 'day', type: 'date', label: label('Day'), required: true, sortable: true },
        { id: 'b3', name: 'purpose', type: 'string', label: label('Purpose'), length: 50 },
      ],
      {
        indexes: [{ id: 'vd', fields: ['b1', 'b2'], unique: true }],
        master: { entity: 'Vehicle', field: 'vehicleId' },
      },
    );
    let bookingId = 0;

    it('is refused when its link does not reference the master, and applied only after the master', async () => {
      const wrong = {
        ...booking,
        fields: booking.fields.map((f) =>
          f.id === 'b1' ? { ...f, reference: { table: 'employees', labelColumn: 'name' } } : f,
        ),
      };
      const bad = await post(t.app, '/api/tableDesign/add', { design: wrong });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.fieldErrors).toEqual({
        'fields.0.reference.table': 'the link to the master references vehicles',
      });
      const notRequired = await post(t.app, '/api/tableDesign/add', {
        design: { ...booking, fields: booking.fields.map((f) => (f.id === 'b1' ? { ...f, required: false } : f)) },
      });
      expect(notRequired.json().data.fieldErrors).toEqual({
        'fields.0.required': 'every line belongs to a master row',
      });
      const noMaster = await post(t.app, '/api/tableDesign/add', {
        design: { ...booking, master: { entity: 'Lorry', field: 'vehicleId' } },
      });
      expect(noMaster.json().data.fieldErrors).toEqual({ 'master.entity': 'names no table design' });
      bookingId = await createDesign(t.database.db, booking, adminId, t.app.entities.builtIns);
      // Through the route: it announces the change and reads the new indexes into the error catalogue.
      const applied = await post(t.app, '/api/tableDesign/apply', { id: bookingId });
      expect(applied.statusCode, applied.body).toBe(200);
    });

    it("is part of the master's screen, with no menu entry or route of its own", async () => {
      const meta = (await get(t.app, '/api/Vehicle/getMeta')).json().data;
      expect(meta.details).toEqual([{ entity: 'Booking', foreignKey: 'vehicleId' }]);
      expect(meta.detailMetas.map((m: { name: string }) => m.name)).toEqual(['Booking']);
      const menus = await queryRows(t.database.db, sql`SELECT 1 FROM menus WHERE code = 'Booking'`);
      expect(menus).toHaveLength(0);
      expect((await post(t.app, '/api/Booking/getPageData', { page: 1, rows: 10, wheres: [] })).statusCode).toBe(403);
      // The other node follows: the master there has its detail too.
      const startedAt = Date.now();
      while (Date.now() - startedAt < 20_000 && !second.app.entities.designed('Vehicle')?.meta.details.length)
        await new Promise((r) => setTimeout(r, 25));
      expect(second.app.entities.designed('Vehicle')?.meta.details).toEqual([
        { entity: 'Booking', foreignKey: 'vehicleId' },
      ]);
    });

    it('adds, updates and deletes a master with its lines in one transaction', async () => {
      const bad = await post(t.app, '/api/Vehicle/add', {
        mainData: { code: 'V-9' },
        detailData: { Booking: [{ day: '2026-02-30', purpose: 'x' }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().data.fieldErrors)).toEqual(['detailData.Booking.0.day']);
      expect(await queryRows(t.database.db, sql`SELECT 1 FROM vehicles WHERE code = 'V-9'`)).toHaveLength(0);

      const add = await post(t.app, '/api/Vehicle/add', {
        mainData: { code: 'V-9', seats: 2 },
        detailData: {
          Booking: [
            { day: '2026-03-02', purpose: 'Site visit' },
            { day: '2026-03-03', purpose: 'Delivery' },
          ],
        },
      });
      expect(add.statusCode, add.body).toBe(200);
      const key = add.json().data.key as number;
      // Booked twice the same day: the index over the link and the day refuses it, naming the line's field.
      const twice = await post(t.app, '/api/Vehicle/update', {
        mainData: { id: key, version: 1 },
        detailData: { Booking: [{ day: '2026-03-02', purpose: 'Again' }] },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().data.fieldErrors).toEqual({ 'detailData.Booking.0.day': 'already exists' });
      const lines = async () =>
        (await post(t.app, '/api/Vehicle/getDetailPage', { value: key, sort: 'day', order: 'asc' })).json().data.rows;
      const [first, second2] = await lines();
      expect([first.purpose, second2.purpose]).toEqual(['Site visit', 'Delivery']);
      expect(first.vehicleId).toBe(key);

      const upd = await post(t.app, '/api/Vehicle/update', {
        mainData: { id: key, version: 1, seats: 3 },
        detailData: { Booking: [{ id: first.id, version: first.version, purpose: 'Audit' }] },
        delKeys: { Booking: [second2.id] },
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect((await lines()).map((r: { purpose: string }) => r.purpose)).toEqual(['Audit']);

      // Another tenant neither reads the lines nor writes into them.
      expect((await post(t.app, '/api/Vehicle/getDetailPage', { value: key }, acme)).statusCode).toBe(404);

      expect((await post(t.app, '/api/Vehicle/del', [key])).statusCode).toBe(200);
      expect(await queryRows(t.database.db, sql`SELECT 1 FROM bookings WHERE vehicle_id = ${key}`)).toHaveLength(0);
    });

    it('keeps the master while a detail names it, and goes back to a plain table when rolled back', async () => {
      await expect(rollbackDesign(t.database.db, designId, adminId)).rejects.toThrow(/Roll back Booking first/);
      await rollbackDesign(t.database.db, bookingId, adminId);
      await announceDesign(t.database.db, t.app.entities, 'Booking');
      expect(t.app.entities.designed('Vehicle')?.meta.details).toEqual([]);
    });
  });

  it('is gone from every node once its creation is rolled back', async () => {
    await rollbackDesign(t.database.db, designId, adminId);
    await announceDesign(t.database.db, t.app.entities, 'Vehicle');
    expect(t.app.entities.designed('Vehicle')).toBeUndefined();
    // Its menu went with it, and the name is nobody's again.
    expect((await get(t.app, '/api/Vehicle/getMeta')).statusCode).toBe(404);
    const startedAt = Date.now();
    while (Date.now() - startedAt < 20_000 && second.app.entities.designed('Vehicle'))
      await new Promise((r) => setTimeout(r, 25));
    expect(second.app.entities.designed('Vehicle')).toBeUndefined();
  });
});

describe("the designer's kinds of field", () => {
  const asset = tableDesign(
    'Asset',
    [
      {
        id: 'k1',
        name: 'number',
        type: 'string',
        kind: 'autoNumber',
        label: label('No.'),
        autoNumber: { pattern: 'AS{yyyy}-{seq:3}' },
        unique: true,
      },
      { id: 'k2', name: 'cost', type: 'decimal', kind: 'money', label: label('Cost'), summary: 'sum' },
      { id: 'k3', name: 'mail', type: 'string', kind: 'email', label: label('Mail') },
      { id: 'k4', name: 'phone', type: 'string', kind: 'phone', label: label('Phone') },
      { id: 'k5', name: 'site', type: 'string', kind: 'url', label: label('Site') },
      { id: 'k6', name: 'notes', type: 'text', kind: 'multiLine', label: label('Notes') },
      { id: 'k7', name: 'manual', type: 'file', kind: 'attachment', label: label('Manual') },
      { id: 'k8', name: 'keeper', type: 'reference', kind: 'user', label: label('Keeper') },
      { id: 'k9', name: 'department', type: 'reference', kind: 'organization', label: label('Department') },
    ],
    { scope: { owner: 'keeper', organization: 'department' } },
  );

  it('refuses a kind on a type it is not, an auto-number without its pattern, and a scope naming no such field', async () => {
    const bad = await post(t.app, '/api/tableDesign/add', {
      design: {
        ...asset,
        scope: { owner: 'cost' },
        indexes: [],
        fields: asset.fields.map((f) =>
          f.id === 'k2' ? { ...f, type: 'integer' } : f.id === 'k1' ? { ...f, autoNumber: undefined } : f,
        ),
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors).toEqual({
      'fields.0.autoNumber': 'required',
      'fields.1.type': 'a money field is of type decimal',
      'scope.owner': 'names no user field',
    });
  });

  it('refuses a reference to a table no entity serves, or labelled by a column its entity does not show', async () => {
    const refer = (reference: object) => ({
      ...asset,
      name: 'Snoop',
      table: 'snoops',
      scope: {},
      indexes: [],
      fields: [{ id: 's1', name: 'target', type: 'reference', label: label('Target'), reference }],
    });
    const secret = await post(t.app, '/api/tableDesign/add', {
      design: refer({ table: 'employees', labelColumn: 'name', codeColumn: 'tenant_id' }),
    });
    expect(secret.statusCode).toBe(400);
    expect(secret.json().data.fieldErrors).toEqual({ 'fields.0.reference.codeColumn': 'names no field of employees' });
    for (const table of ['users', 'table_designs', 'tenants']) {
      const res = await post(t.app, '/api/tableDesign/add', { design: refer({ table, labelColumn: 'password_hash' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fieldErrors).toEqual({ 'fields.0.reference.table': 'names no entity' });
    }
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM table_designs WHERE name = 'Snoop'`)).toHaveLength(0);
  });

  it('makes each kind the column and the checks it stands for, and scopes the rows by its user and organisation', async () => {
    const id = await createDesign(t.database.db, asset, adminId, t.app.entities.builtIns);
    await applyDesign(t.database.db, id, adminId);
    await announceDesign(t.database.db, t.app.entities, 'Asset');
    const cols = await queryRows<{ column_name: string; data_type: string; size: number | null; scale: number | null }>(
      t.database.db,
      sql`SELECT column_name, data_type, coalesce(character_maximum_length, numeric_precision) AS size, numeric_scale AS scale
          FROM information_schema.columns WHERE table_name = 'assets' AND column_name IN ('cost', 'mail', 'phone', 'site', 'number')
          ORDER BY column_name`,
    );
    expect(
      cols.map((c) => `${c.column_name} ${c.data_type} ${c.size}${c.scale === null ? '' : `,${c.scale}`}`),
    ).toEqual([
      'cost numeric 14,2',
      'mail character varying 100',
      'number character varying 40',
      'phone character varying 30',
      'site character varying 500',
    ]);
    const fks = await queryRows<{ target: string }>(
      t.database.db,
      sql`SELECT confrelid::regclass::text AS target FROM pg_constraint WHERE conrelid = 'assets'::regclass AND contype = 'f'
          AND confrelid <> 'tenants'::regclass ORDER BY 1`,
    );
    expect(fks.map((f) => f.target)).toEqual(expect.arrayContaining(['organizations', 'users']));

    const meta = (await get(t.app, '/api/Asset/getMeta')).json().data;
    expect(meta.scope).toEqual({ owner: 'keeper', organization: 'department' });
    expect(meta.fields.find((f: { name: string }) => f.name === 'mail')).toMatchObject({ validator: 'mail' });

    const wrong = await post(t.app, '/api/Asset/add', {
      mainData: { mail: 'not-an-address', site: 'nowhere', cost: 1.234 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().data.fieldErrors).sort()).toEqual([
      'mainData.cost',
      'mainData.mail',
      'mainData.site',
    ]);
    const added = await post(t.app, '/api/Asset/add', {
      mainData: { mail: 'fleet@example.com', site: 'https://example.com', cost: '1200.50', keeper: adminId },
    });
    expect(added.statusCode, added.body).toBe(200);
    const page = await post(t.app, '/api/Asset/getPageData', { page: 1, rows: 10, wheres: [], exactTotal: true });
    const [row] = page.json().data.rows;
    expect(row.number).toMatch(/^AS\d{4}-001$/);
    expect(row.keeperLabel).toBeTruthy();
    expect(Number(page.json().data.summary.cost)).toBe(1200.5);
  });
});

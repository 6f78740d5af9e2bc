import type { TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant } from '../test/tenants.ts';
import { applyDesign, createDesign, rollbackDesign } from './apply.ts';
import { announceDesign } from './registry-sync.ts';

/**
 * A designed entity is served by the engine as soon as it is applied, on every app node, with the grants,
 * the tenant isolation and the behaviour of any built-in entity; rolled back, it is gone again.
 */
let t: TestApp;
let second: { app: FastifyInstance; close(): Promise<void> };
let admin: string;
let pm: string;
let acme: string;
let designId: number;
let adminId: number;

const label = (en: string) => ({ en, zh: `${en}（中）` });
const design: TableDesign = {
  name: 'Vehicle',
  table: 'vehicles',
  label: label('Vehicles'),
  folder: null,
  description: '',
  softDelete: false,
  audit: false,
  fields: [
    {
      id: 'f1',
      name: 'code',
      type: 'string',
      label: label('Code'),
      length: 20,
      required: true,
      unique: true,
      search: { row: 1, col: 1 },
    },
    { id: 'f2', name: 'seats', type: 'integer', label: label('Seats'), summary: 'sum' },
    {
      id: 'f3',
      name: 'driverId',
      type: 'reference',
      label: label('Driver'),
      reference: { table: 'employees', labelColumn: 'name' },
    },
  ],
};

/** A second app node on the same database: on the server its own connections; embedded, the same one. */
async function secondNode(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  let database: Database = t.database;
  if (t.server) {
    database = await openDatabase({
      url: t.server.url,
      appUrl: t.server.appUrl,
      dataDir: 'memory://',
      log: { error: () => {} },
      secret: t.config.tokenSecret,
    });
  }
  const app = await buildApp({ config: t.config, database, now: t.clock.now });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await createOtherTenant(t.database.db);
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  acme = await t.login('acme-admin', 'Other@2026');
  second = await secondNode();
  adminId =
    (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE user_key = 'admin'`))[0]?.id ?? 0;
  designId = await createDesign(t.database.db, design, adminId);
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

  it('is served at once on the node that applied it, and within a second on another node', async () => {
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
    let seenAt = 0;
    while (Date.now() - startedAt < 5000) {
      if ((await get(second.app, '/api/Vehicle/getMeta')).statusCode === 200) {
        seenAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seenAt).toBeGreaterThan(0);
    expect(seenAt - startedAt).toBeLessThan(1000);
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

  it('is gone from every node once its creation is rolled back', async () => {
    await rollbackDesign(t.database.db, designId, adminId);
    await announceDesign(t.database.db, t.app.entities, 'Vehicle');
    expect(t.app.entities.designed('Vehicle')).toBeUndefined();
    // Its menu went with it, and the name is nobody's again.
    expect((await get(t.app, '/api/Vehicle/getMeta')).statusCode).toBe(404);
    const startedAt = Date.now();
    while (Date.now() - startedAt < 5000 && second.app.entities.designed('Vehicle'))
      await new Promise((r) => setTimeout(r, 25));
    expect(second.app.entities.designed('Vehicle')).toBeUndefined();
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });
});

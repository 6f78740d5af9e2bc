import type { EntityMeta, PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createTenantWithEveryMenu } from '../test/tenants.ts';
import { queryRows } from './client.ts';

// Every engine entity, whichever features register them: the other tenant's admin holds every menu
// a tenant may have, so only tenancy (not a missing grant) can keep the first tenant's rows from it.
let t: TestApp;
let other: string;
let entities: EntityMeta[];
beforeAll(async () => {
  t = await createTestApp();
  await createTenantWithEveryMenu(t.database.db, 'wide');
  other = await t.login('wide-admin', 'Other@2026');
  const admin = await t.login('admin', 'Admin@2026');
  // First-tenant rows in every log (this request, the sign-ins, a data change), so no table is empty.
  const page = await t.app.inject({
    method: 'POST',
    url: '/api/Employee/getPageData',
    payload: { rows: 1 },
    headers: bearer(admin),
  });
  const [first] = (body(page).data as PageResult).rows;
  await t.app.inject({
    method: 'POST',
    url: '/api/Employee/update',
    payload: { mainData: { id: first?.id, version: first?.version, title: 'Changed for the log' } },
    headers: bearer(admin),
  });
  const names = t.app
    .routeTable()
    .filter((r) => r.method === 'GET' && r.url.endsWith('/getMeta'))
    .map((r) => r.url.split('/')[2] ?? '');
  entities = [];
  for (const name of names) {
    const res = await t.app.inject({ method: 'GET', url: `/api/${name}/getMeta`, headers: bearer(admin) });
    if (res.statusCode === 200) entities.push(body(res).data as EntityMeta);
  }
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(other) });
/** The first tenant's keys in an entity's table, read by the owner. */
const firstTenantKeys = async (meta: EntityMeta) =>
  (
    await queryRows<{ k: number }>(
      t.database.db,
      sql`select ${sql.identifier(meta.key)} as k from ${sql.identifier(meta.table)} where tenant_id = 1 limit 50`,
    )
  ).map((r) => Number(r.k));

describe("another tenant's admin, on every engine entity", () => {
  it('covers the entities the features register', () => {
    expect(entities.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Employee', 'Dictionary', 'DictionaryList', 'RequestLog', 'SignInLog', 'DataChangeLog']),
    );
  });

  it('lists none of the first tenant’s rows, and exports none', async () => {
    for (const meta of entities) {
      const mine = await firstTenantKeys(meta);
      expect(mine.length, `${meta.name} has first-tenant rows to hide`).toBeGreaterThan(0);
      const res = await post(`/api/${meta.name}/getPageData`, { rows: 500 });
      expect(res.statusCode, `${meta.name}: ${res.body}`).toBe(200);
      const seen = (body(res).data as PageResult).rows.map((r) => Number(r[meta.key]));
      expect(
        seen.filter((k) => mine.includes(k)),
        meta.name,
      ).toEqual([]);

      const exported = await post(`/api/${meta.name}/export`, {});
      if (exported.statusCode === 403) continue; // the menu offers no Export
      expect(exported.statusCode, meta.name).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
      const rows = Math.max(0, (book.worksheets[0]?.actualRowCount ?? 1) - 1);
      // No more rows than the other tenant owns (counted after the export: logs grow with each call).
      const [owned] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(meta.table)} where tenant_id <> 1`,
      );
      expect(rows, `${meta.name} export`).toBeLessThanOrEqual(owned?.n ?? 0);
    }
  });

  it('reads no first-tenant detail, and updates or deletes no first-tenant row by its id', async () => {
    for (const meta of entities) {
      const [key] = await firstTenantKeys(meta);
      const before = await queryRows(
        t.database.db,
        sql`select * from ${sql.identifier(meta.table)} where ${sql.identifier(meta.key)} = ${key}`,
      );
      for (const detail of meta.details ?? []) {
        const res = await post(`/api/${meta.name}/getDetailPage`, { value: key, detail: detail.entity });
        expect([404, 200], meta.name).toContain(res.statusCode);
        if (res.statusCode === 200) expect((body(res).data as PageResult).rows, meta.name).toEqual([]);
      }
      const update = await post(`/api/${meta.name}/update`, { mainData: { [meta.key]: key, version: 1 } });
      expect([403, 404], `${meta.name} update: ${update.body}`).toContain(update.statusCode);
      const del = await post(`/api/${meta.name}/del`, [key]);
      expect([403, 404], `${meta.name} del`).toContain(del.statusCode);
      const after = await queryRows(
        t.database.db,
        sql`select * from ${sql.identifier(meta.table)} where ${sql.identifier(meta.key)} = ${key}`,
      );
      expect(after, meta.name).toEqual(before);
    }
  });
});

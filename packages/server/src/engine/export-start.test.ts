import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { actAsTenant } from '../db/client.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { EXPORT_BATCH } from './excel-export.ts';

/**
 * An export reads its first batch before it sends a header, so whatever fails on the way in (a filter,
 * the database) is an answer with the envelope, never a 200 whose download then breaks off.
 */
const t = useTestApp();

const exportEmployees = (payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: '/api/Employee/export', payload: payload as object, headers: bearer(t.admin) });

describe('an export', () => {
  it('whose first read fails answers with the envelope and no download headers', async () => {
    await t.database.db.execute(sql`alter table employees rename to employees_away`);
    try {
      const res = await exportEmployees();
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(body(res)).toMatchObject({ status: false, code: 'server_error' });
    } finally {
      await t.database.db.execute(sql`alter table employees_away rename to employees`);
    }
  });

  it('still streams every row, batch after batch', async () => {
    await t.database.db.transaction(async (tx) => {
      await actAsTenant(tx, 1);
      await tx.execute(
        sql`insert into employees (tenant_id, code, name, gender, hire_date)
            select 1, 'BULK' || g, 'Bulk ' || g, 'male', date '2024-01-01' from generate_series(1, ${EXPORT_BATCH + 150}) g`,
      );
    });
    const res = await exportEmployees();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const total = (
      body(
        await t.app.inject({
          method: 'POST',
          url: '/api/Employee/getPageData',
          payload: { rows: 1, exactTotal: true },
          headers: bearer(t.admin),
        }),
      ).data as { total: number }
    ).total;
    expect(total).toBeGreaterThan(EXPORT_BATCH);
    expect(wb.worksheets[0]?.actualRowCount).toBe(total + 1);
  });
});

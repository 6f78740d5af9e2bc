import { PassThrough, Readable } from 'node:stream';
import { employeeMeta, pageRequestSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { actAsTenant, queryRows } from '../db/client.ts';
import { bearer } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { EXPORT_BATCH, prepareExport } from './excel-export.ts';

/**
 * An export of several batches, written as XML text straight into a zip, reads back cell for cell in
 * both ways a workbook is read here: ExcelJS's whole-file reader (what a test or a user's tool sees) and
 * its streaming reader (what an import reads).
 */
const t = useTestApp();

const ROWS = EXPORT_BATCH * 2 + 37;
/** Names that a hand-written XML must escape or drop; the rest are plain. */
const oddNames = ['A & B <c> "d" \'e\'', '=1+1', '  padded  ', 'Ünïcödé 雇员 😀', `bell${String.fromCharCode(7)}char`];

describe('a large export', () => {
  it('reads back row for row and cell for cell, in the order asked for, across batches', async () => {
    await t.database.db.transaction(async (tx) => {
      await actAsTenant(tx, 1);
      await tx.execute(
        sql`insert into employees (tenant_id, code, name, gender, hire_date, leave_date, status, skills, hourly_rate)
            select 1, 'BIG' || lpad(g::text, 5, '0'),
              case when g % 97 = 0 then (array[${sql.join(
                oddNames.map((n) => sql`${n}`),
                sql`, `,
              )}])[1 + (g / 97) % ${oddNames.length}] else 'Big ' || g end,
              case when g % 2 = 0 then 'male' else 'female' end,
              date '2001-01-01' + g, case when g % 3 = 0 then date '2030-06-30' end,
              'active', case when g % 5 = 0 then array['pm', 'network'] end,
              case when g % 11 = 0 then null else (g % 250) + 0.25 end
            from generate_series(1, ${ROWS}) g`,
      );
    });
    // Sorted by a column with ties and nulls, so each batch continues after the previous one's last row.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Employee/export',
      headers: bearer(t.admin),
      payload: { wheres: [{ name: 'code', value: 'BIG', displayType: 'like' }], sort: 'hourlyRate', order: 'desc' },
    });
    expect(res.statusCode).toBe(200);
    const expected = await queryRows<{
      code: string;
      name: string;
      hire: string;
      leave: string | null;
      rate: string | null;
      skilled: boolean;
    }>(
      t.database.db,
      sql`select code, name, hire_date::text as hire, leave_date::text as leave, hourly_rate::text as rate,
            skills is not null as skilled
          from employees where code like 'BIG%' order by hourly_rate desc, id desc`,
    );
    expect(expected).toHaveLength(ROWS);
    const shown = (name: string) => {
      const kept = name.replace(String.fromCharCode(7), '');
      return /^[=+\-@]/.test(kept) ? `'${kept}` : kept;
    };

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no worksheet');
    expect(ws.name).toBe('Employees');
    const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    const at = (name: string) => header.indexOf(name) + 1;
    expect(ws.actualRowCount).toBe(ROWS + 1);
    expect(ws.getColumn(header.length).hidden).toBe(true);
    expected.forEach((e, i) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(at('Code')).value).toBe(e.code);
      expect(row.getCell(at('Name')).value).toBe(shown(e.name));
      expect(row.getCell(at('Gender')).value).toBe(Number(e.code.slice(-1)) % 2 === 0 ? 'Male' : 'Female');
      expect(row.getCell(at('Hire date')).value).toEqual(new Date(`${e.hire}T00:00:00Z`));
      expect(row.getCell(at('Leave date')).value).toEqual(e.leave ? new Date(`${e.leave}T00:00:00Z`) : null);
      expect(row.getCell(at('Hourly cost rate')).value).toBe(e.rate === null ? null : Number(e.rate));
      expect(String(row.getCell(at('Skills')).value ?? '').includes('Networking')).toBe(e.skilled);
      expect(row.getCell(at('Row version')).value).toBe(1);
    });
    expect(ws.getRow(2).getCell(at('Hire date')).numFmt).toBe('yyyy-mm-dd');
    expect(ws.getRow(2).getCell(at('Hourly cost rate')).numFmt).toBe('#,##0.00');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);

    // The streaming reader the import uses sees the same rows.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([res.rawPayload]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
    });
    const codes: unknown[] = [];
    for await (const sheet of reader) for await (const row of sheet) codes.push((row.values as unknown[])[at('Code')]);
    expect(codes).toEqual(['Code', ...expected.map((e) => e.code)]);
  });

  it('stops, instead of waiting for ever, when its download is closed half-way', async () => {
    const write = await prepareExport({
      db: t.database.db,
      meta: employeeMeta,
      scope: sql`t.tenant_id = 1 and t.deleted_at is null`,
      req: pageRequestSchema.parse({ wheres: [{ name: 'code', value: 'BIG', displayType: 'like' }] }),
      tenantId: 1,
      lang: 'en',
      timeZone: 'UTC',
    });
    // Nobody reads it: the export fills it, waits for room, and then the client goes away.
    const out = new PassThrough({ highWaterMark: 1024 });
    const done = write(out);
    setTimeout(() => out.destroy(), 200);
    await expect(done).rejects.toThrow('closed');
  });
});

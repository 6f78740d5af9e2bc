import type { ImportSummary } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, body } from '../test/helper.ts';
import { postFiles } from '../test/multipart.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ pm: true });

type Employee = { id: number; code: string; name: string; title: string | null; hourlyRate: string; version: number };

const owner = () => t.database.db;

const importFile = (bytes: Buffer, query: string, token = t.admin, entity = 'Employee') =>
  postFiles(t.app, `/api/${entity}/import?${query}`, token, [{ name: 'x.xlsx', bytes }]);

/** The export of the employees whose code starts with `prefix`, opened as a workbook, and its header. */
async function exportEmployees(prefix: string, token = t.admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Employee/export',
    headers: bearer(token),
    payload: { wheres: [{ name: 'code', value: prefix, displayType: 'like' }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no worksheet');
  const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const lineOf = (code: string) => {
    let found = -1;
    ws.eachRow((row, n) => {
      if (row.getCell(header.indexOf('Code') + 1).value === code) found = n;
    });
    if (found < 0) throw new Error(`${code} is not in the export`);
    return found;
  };
  const set = (code: string, column: string, value: ExcelJS.CellValue) => {
    ws.getRow(lineOf(code)).getCell(header.indexOf(column) + 1).value = value;
  };
  const bytes = async () => Buffer.from(await wb.xlsx.writeBuffer());
  return { wb, ws, header, lineOf, set, bytes };
}

const employees = (codes: string[]) =>
  queryRows<Employee>(
    owner(),
    sql`select id, code, name, title, hourly_rate::text as "hourlyRate", version from employees
        where code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )}) order by code`,
  );

const lastLogId = async () =>
  (await queryRows<{ id: number }>(owner(), sql`select coalesce(max(id), 0)::int as id from data_change_log`))[0]?.id ??
  0;
const logsAfter = async (id: number) =>
  queryRows<{ code: string; action: string; field: string; after: string }>(
    owner(),
    sql`select e.code, l.action, l.field, l.after from data_change_log l join employees e on e.id = l.entity_key
        where l.entity = 'Employee' and l.id > ${id} order by e.code, l.field`,
  );

describe('re-import: add new and update existing', () => {
  it('export, three cells edited, import: exactly those three rows are updated and logged, the rest untouched', async () => {
    const sheet = await exportEmployees('E102');
    expect(sheet.header.at(-1)).toBe('Row version');
    expect(sheet.ws.getColumn(sheet.header.length).hidden).toBe(true);
    const codes = [...Array(10).keys()].map((i) => `E${1020 + i}`);
    const before = await employees(codes);
    expect(before).toHaveLength(10);
    sheet.set('E1021', 'Name', 'Renamed Once');
    sheet.set('E1023', 'Title', 'Chief Tester');
    sheet.set('E1025', 'Hourly cost rate', 99.5);
    const bytes = await sheet.bytes();
    const since = await lastLogId();

    const check = await importFile(bytes, 'mode=check&existing=update');
    expect(check.statusCode, check.body).toBe(200);
    expect(body(check).data).toMatchObject({ total: 10, invalid: 0, updated: 3, unchanged: 7, added: 0, imported: 0 });
    expect(await employees(codes)).toEqual(before);

    const res = await importFile(bytes, 'mode=all&existing=update');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({
      total: 10,
      valid: 10,
      invalid: 0,
      imported: 3,
      updated: 3,
      unchanged: 7,
      added: 0,
      conflicts: 0,
      errors: [],
    });
    const after = await employees(codes);
    const moved = after.filter((e, i) => e.version !== before[i]?.version).map((e) => e.code);
    expect(moved).toEqual(['E1021', 'E1023', 'E1025']);
    expect(after.find((e) => e.code === 'E1021')?.name).toBe('Renamed Once');
    expect(after.find((e) => e.code === 'E1023')?.title).toBe('Chief Tester');
    expect(after.find((e) => e.code === 'E1025')?.hourlyRate).toBe('99.50');
    for (const [i, e] of after.entries())
      if (!moved.includes(e.code)) expect(e, `${e.code} untouched`).toEqual(before[i]);
    expect(await logsAfter(since)).toEqual([
      { code: 'E1021', action: 'update', field: 'name', after: 'Renamed Once' },
      { code: 'E1023', action: 'update', field: 'title', after: 'Chief Tester' },
      { code: 'E1025', action: 'update', field: 'hourlyRate', after: '99.50' },
    ]);

    // The same file again: its versions are now stale, but nothing in it differs from the records.
    const again = await importFile(bytes, 'mode=all&existing=update');
    expect(body(again).data).toMatchObject({ updated: 0, unchanged: 10, conflicts: 0, imported: 0 });
  });

  it('a record changed since the export is a conflict and keeps its value; the other edits go in', async () => {
    const sheet = await exportEmployees('E103');
    const [changed] = await employees(['E1031']);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/Employee/update',
      headers: bearer(t.admin),
      payload: { mainData: { id: changed?.id, version: changed?.version, name: 'Saved In Between' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    sheet.set('E1031', 'Name', 'Overwrite Attempt');
    sheet.set('E1032', 'Name', 'Fine Edit');
    const res = await importFile(await sheet.bytes(), 'mode=valid&existing=update');
    expect(res.statusCode, res.body).toBe(200);
    const summary = body(res).data as ImportSummary;
    expect(summary).toMatchObject({ invalid: 1, conflicts: 1, updated: 1, imported: 1, added: 0 });
    expect(summary.errors).toEqual([
      {
        row: sheet.lineOf('E1031'),
        field: 'code',
        message: '"E1031" was changed by Administrator after this file was exported; not overwritten',
      },
    ]);
    const [kept, edited] = await employees(['E1031', 'E1032']);
    expect(kept?.name).toBe('Saved In Between');
    expect(edited?.name).toBe('Fine Edit');

    // Without the export's row version a change cannot be told apart from an overwrite: also a conflict.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Employees').addRows([
      ['Code', 'Name'],
      ['E1033', 'Typed By Hand'],
      ['E1034', (await employees(['E1034']))[0]?.name],
    ]);
    const typed = await importFile(Buffer.from(await wb.xlsx.writeBuffer()), 'mode=valid&existing=update');
    expect(body(typed).data).toMatchObject({ conflicts: 1, unchanged: 1, updated: 0, imported: 0 });
    expect((body(typed).data as ImportSummary).errors[0]?.message).toContain('carries no row version');
  });

  it("needs the Update grant and stays in pm's data scope: a key outside it is answered as add-only answers it, and no update moves a record out", async () => {
    const grant = (button: string) =>
      owner().execute(
        sql`insert into role_grants (role_id, menu_id, button_id)
            select r.id, m.id, b.id from roles r join menus m on m.code = 'Employee' join buttons b on b.code = ${button}
            where r.code = 'pm' and r.tenant_id = 1 on conflict do nothing`,
      );
    await grant('Import');
    await owner().execute(
      sql`insert into role_data_scopes (tenant_id, role_id, entity, scope)
          select 1, r.id, 'Employee', 'organization' from roles r where r.code = 'pm' and r.tenant_id = 1
          on conflict do nothing`,
    );
    const sheet = await exportEmployees('E104', t.pm);
    // pm's organisation (PMO) holds E1041, E1045 and E1049; E1042 is Engineering's.
    expect(sheet.ws.actualRowCount - 1).toBe(3);
    expect(await importFile(await sheet.bytes(), 'mode=check&existing=update', t.pm)).toHaveProperty('statusCode', 403);
    await grant('Update');

    const [outside] = await employees(['E1042']);
    const [moving] = await employees(['E1049']);
    sheet.set('E1045', 'Name', 'Pm Edit');
    // An update that would move a record out of pm's scope is refused on its row.
    sheet.set('E1049', 'Organisation', 'Engineering');
    const copied = sheet.ws.getRow(sheet.lineOf('E1041')).values as ExcelJS.CellValue[];
    const row = sheet.ws.addRow(copied.slice(1));
    row.getCell(sheet.header.indexOf('Code') + 1).value = 'E1042';
    row.getCell(sheet.header.indexOf('Name') + 1).value = 'Pm Sneaky Edit';
    row.getCell(sheet.header.length).value = outside?.version ?? 1;
    const bytes = await sheet.bytes();
    const line = row.number;

    // The status and body on a failure: a one-off CI run once got no summary here (not reproduced since).
    const upsertRes = await importFile(bytes, 'mode=check&existing=update', t.pm);
    expect(upsertRes.statusCode, upsertRes.body).toBe(200);
    const upsert = body(upsertRes).data as ImportSummary;
    const addOnlyRes = await importFile(bytes, 'mode=check', t.pm);
    expect(addOnlyRes.statusCode, addOnlyRes.body).toBe(200);
    const addOnly = body(addOnlyRes).data as ImportSummary;
    const rowErrors = (s: ImportSummary) => s.errors.filter((e) => e.row === line);
    expect(rowErrors(upsert).length).toBeGreaterThan(0);
    expect(rowErrors(upsert)).toEqual(rowErrors(addOnly));
    expect(JSON.stringify(rowErrors(upsert))).not.toMatch(/changed|version|Engineering|conflict/i);
    expect(upsert).toMatchObject({ updated: 1, unchanged: 1, added: 0, conflicts: 0 });
    expect(upsert.errors.filter((e) => e.row === sheet.lineOf('E1049'))).toEqual([
      { row: sheet.lineOf('E1049'), field: '', message: 'outside your data permission' },
    ]);

    const res = await importFile(bytes, 'mode=valid&existing=update', t.pm);
    expect(body(res).data).toMatchObject({ imported: 1, updated: 1 });
    expect(await employees(['E1042', 'E1049'])).toEqual([outside, moving]);
    expect((await employees(['E1045']))[0]?.name).toBe('Pm Edit');
  });

  /** The screen's menu offers Import (the demo offers it on master data only); admin holds whatever it offers. */
  const offerImport = (menu: string) =>
    owner().execute(
      sql`insert into menu_buttons (menu_id, button_id)
          select m.id, b.id from menus m join buttons b on b.code = 'Import' where m.code = ${menu}
          on conflict do nothing`,
    );

  it('reads a reference by its code, by its label or as "code — name", and names a bad one by its text', async () => {
    await offerImport('ProjectContract');
    const [project] = await queryRows<{ id: number; code: string; name: string }>(
      owner(),
      sql`select id, code, name from projects where tenant_id = 1 and deleted_at is null order by code limit 1`,
    );
    if (!project) throw new Error('no demo project');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Contracts').addRows([
      ['code', 'projectId'],
      ['T-REF-1', project.code],
      ['T-REF-2', project.name],
      ['T-REF-3', `${project.code} — ${project.name}`],
      ['T-REF-4', 'NOPE-404'],
      ['T-REF-5', project.id],
    ]);
    const res = await importFile(Buffer.from(await wb.xlsx.writeBuffer()), 'mode=check', t.admin, 'ProjectContract');
    expect(res.statusCode, res.body).toBe(200);
    expect((body(res).data as ImportSummary).errors.filter((e) => e.field === 'projectId')).toEqual([
      { row: 5, field: 'projectId', message: '"NOPE-404" not found' },
      { row: 6, field: 'projectId', message: `"${project.id}" not found` },
    ]);
  });

  it('refuses to update on a list without a business key', async () => {
    await offerImport('ProjectBuget');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Budget').addRows([['remark'], ['x']]);
    const res = await importFile(Buffer.from(await wb.xlsx.writeBuffer()), 'existing=update', t.admin, 'ProjectBuget');
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res)).toMatchObject({ data: { fieldErrors: { existing: 'not available for this list' } } });
  });
});

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { EMPLOYEE_TEMPLATE_HEADERS } from '../test/demo.ts';
import { bearer, body } from '../test/helper.ts';
import { postFiles } from '../test/multipart.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ pm: true });

type Where = { name: string; value: string; displayType: string };

const exportRows = (wheres: Where[], token = t.admin, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/Employee/export',
    headers: { ...bearer(token), 'accept-language': lang },
    payload: { wheres },
  });

const pageTotal = async (wheres: Where[], token = t.admin) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Employee/getPageData',
    headers: bearer(token),
    payload: { wheres, rows: 1 },
  });
  return (body(res).data as { total: number }).total;
};

async function sheetOf(bytes: Buffer, index = 0) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(bytes).buffer);
  const ws = wb.worksheets[index];
  if (!ws) throw new Error('no worksheet');
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { ws, rows, header: (rows[0] ?? []).map(String), wb };
}

const importFile = (bytes: Buffer, mode: string, token = t.admin, name = 'employees.xlsx') =>
  postFiles(t.app, `/api/Employee/import?mode=${mode}`, token, [{ name, bytes }]);

async function workbook(header: string[], rows: ExcelJS.CellValue[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Employees');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const countEmployees = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from employees`))[0]?.n;

describe('POST /api/Employee/export', () => {
  it('streams every matching row with English labels and dictionary labels, not codes', async () => {
    const wheres = [{ name: 'gender', value: 'male', displayType: 'eq' }];
    const res = await exportRows(wheres);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Employees-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''Employees-/,
    );
    const { header, rows } = await sheetOf(res.rawPayload);
    expect(header.slice(0, 4)).toEqual(['Code', 'Name', 'Gender', 'Organisation']);
    expect(header).not.toContain('ID');
    expect(rows.length - 1).toBe(await pageTotal(wheres));
    const gender = header.indexOf('Gender');
    expect(new Set(rows.slice(1).map((r) => r[gender]))).toEqual(new Set(['Male']));
    const org = rows[1]?.[header.indexOf('Organisation')];
    expect(typeof org).toBe('string');
    expect(rows[1]?.[header.indexOf('Hire date')]).toBeInstanceOf(Date);
    expect(typeof rows[1]?.[header.indexOf('Hourly cost rate')]).toBe('number');
  });

  it('speaks Chinese when asked, in headers, labels and the file name', async () => {
    const res = await exportRows([{ name: 'gender', value: 'male', displayType: 'eq' }], t.admin, 'zh-CN');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('员工')}-`);
    const { header, rows } = await sheetOf(res.rawPayload);
    expect(header.slice(0, 3)).toEqual(['工号', '姓名', '性别']);
    expect(rows[1]?.[2]).toBe('男');
  });

  it('lets pm export (granted), within the same scope as its list', async () => {
    const wheres = [{ name: 'code', value: 'E102', displayType: 'like' }];
    const res = await exportRows(wheres, t.pm);
    expect(res.statusCode).toBe(200);
    const { rows } = await sheetOf(res.rawPayload);
    expect(rows.length - 1).toBe(await pageTotal(wheres, t.pm));
  });

  it('writes text that looks like a formula as text, never as a formula', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/Employee/add',
      headers: bearer(t.admin),
      payload: {
        mainData: {
          code: 'F0001',
          name: '=1+1',
          gender: 'male',
          hireDate: '2024-01-01',
          status: 'active',
          remark: '@SUM(A1)',
        },
      },
    });
    expect(add.statusCode).toBe(200);
    const res = await exportRows([{ name: 'code', value: 'F0001', displayType: 'eq' }]);
    const { ws, header } = await sheetOf(res.rawPayload);
    const cell = ws.getRow(2).getCell(header.indexOf('Name') + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=1+1");
    expect(ws.getRow(2).getCell(header.indexOf('Remark') + 1).value).toBe("'@SUM(A1)");
  });

  it('refuses an unknown filter field with 400 before streaming', async () => {
    const res = await exportRows([{ name: 'nope', value: 'x', displayType: 'eq' }]);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/Employee/downLoadTemplate', () => {
  it('has the writable fields as headers and a Help sheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Employee/downLoadTemplate', headers: bearer(t.admin) });
    expect(res.statusCode).toBe(200);
    const { header, wb } = await sheetOf(res.rawPayload);
    expect(header).toEqual(EMPLOYEE_TEMPLATE_HEADERS);
    const help = wb.getWorksheet('Help');
    const gender = help?.getRow(4).values as ExcelJS.CellValue[];
    expect(gender.slice(1)).toEqual(['Gender', 'dict', 'yes', 'Male = male; Female = female']);
    const pmRes = await t.app.inject({ method: 'GET', url: '/api/Employee/downLoadTemplate', headers: bearer(t.pm) });
    expect(pmRes.statusCode).toBe(403);
  });
});

describe('POST /api/Employee/import', () => {
  const header = [
    'Code',
    'Name',
    '性别',
    'Organisation',
    'Hire date',
    'Leave date',
    'status',
    'Skills',
    'Hourly cost rate',
  ];
  const rows: ExcelJS.CellValue[][] = [
    [
      'N9001',
      'Imp One',
      'Male',
      'Engineering',
      new Date(Date.UTC(2024, 0, 2)),
      null,
      'Active',
      'Networking, 安全',
      12.5,
    ],
    ['N9002', '导入二', '女', null, '2024-02-03', null, 'left', 'pm', '7'],
    ['N9003', 'Bad Date', 'male', null, '2024-02-30', null, 'active', null, null],
    ['N9004', 'Bad Gender', 'Robot', null, '2024-02-01', null, 'active', null, null],
    ['N9005', null, 'male', null, '2024-02-01', null, 'active', null, null],
    ['N9001', 'Twice', 'male', null, '2024-02-01', null, 'active', null, null],
    ['E1001', 'Existing', 'male', null, '2024-02-01', null, 'active', null, null],
    ['N9006', 'Leaves early', 'male', null, '2024-05-01', '2024-01-01', 'active', null, null],
  ];

  it('check: names every bad row and reason, returns an error workbook, and writes nothing', async () => {
    const before = await countEmployees();
    const res = await importFile(await workbook(header, rows), 'check');
    expect(res.statusCode).toBe(200);
    const data = body(res).data as {
      total: number;
      valid: number;
      invalid: number;
      imported: number;
      errors: { row: number; field: string; message: string }[];
      errorWorkbook: string;
    };
    expect(data).toMatchObject({ total: 8, valid: 2, invalid: 6, imported: 0 });
    const byRow = (row: number) => data.errors.filter((e) => e.row === row);
    expect(byRow(4)).toEqual([{ row: 4, field: 'hireDate', message: 'a real date as YYYY-MM-DD (1900–9999)' }]);
    expect(byRow(5)[0]).toMatchObject({ field: 'gender', message: expect.stringContaining('Robot') });
    expect(byRow(6)).toEqual([{ row: 6, field: 'name', message: 'required' }]);
    expect(byRow(7)[0]).toMatchObject({ field: 'code', message: expect.stringContaining('repeats row 2') });
    expect(byRow(8)[0]).toMatchObject({ field: 'code', message: expect.stringContaining('already exists') });
    expect(byRow(9)[0]).toMatchObject({ field: 'leaveDate', message: expect.stringContaining('leave date') });
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([]);

    const errors = await sheetOf(Buffer.from(data.errorWorkbook, 'base64'));
    expect(errors.header).toEqual([...header, 'Errors']);
    expect(errors.rows).toHaveLength(9);
    expect(errors.rows[1]?.[header.length]).toBeUndefined();
    expect(String(errors.rows[3]?.[header.length])).toContain('Hire date: a real date as YYYY-MM-DD (1900–9999)');
    expect(errors.ws.getRow(4).getCell(1).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFFFC7CE' } });
    expect(await countEmployees()).toBe(before);
  });

  it('all: refuses the whole file with 422 when a row is bad, and writes nothing', async () => {
    const before = await countEmployees();
    const res = await importFile(await workbook(header, rows), 'all');
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({ code: 'unprocessable', data: { total: 8, invalid: 6, imported: 0 } });
    expect(await countEmployees()).toBe(before);
  });

  it('valid: writes only the valid rows, stamped and logged once per record', async () => {
    const res = await importFile(await workbook(header, rows), 'valid');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ total: 8, valid: 2, invalid: 6, imported: 2 });
    const saved = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select e.id, e.code, e.gender, e.skills, e.hourly_rate::text as rate, e.status, e.version, u.user_name as by,
            (select count(*)::int from data_change_log l where l.entity = 'Employee' and l.entity_key = e.id and l.action = 'import' and l.field = '') as logs
          from employees e join users u on u.id = e.created_by where e.code like 'N900%' order by e.code`,
    );
    expect(saved).toMatchObject([
      {
        code: 'N9001',
        gender: 'male',
        skills: ['network', 'security'],
        rate: '12.50',
        status: 'active',
        version: 1,
        by: 'admin',
        logs: 1,
      },
      { code: 'N9002', gender: 'female', skills: ['pm'], rate: '7.00', status: 'left', by: 'admin', logs: 1 },
    ]);
  });

  it('round trip: an export with new codes imports back as new rows', async () => {
    // E102x: employees without a user account (the demo gives E1001 and E1002 one, which is unique).
    const wheres = [{ name: 'code', value: 'E102', displayType: 'like' }];
    const exported = await sheetOf((await exportRows(wheres)).rawPayload);
    const code = exported.header.indexOf('Code') + 1;
    exported.ws.eachRow((row, n) => {
      if (n > 1) row.getCell(code).value = `R${String(row.getCell(code).value)}`;
    });
    const bytes = Buffer.from(await exported.wb.xlsx.writeBuffer());
    const res = await importFile(bytes, 'all');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ invalid: 0, imported: exported.rows.length - 1 });
    expect(await pageTotal([{ name: 'code', value: 'RE102', displayType: 'like' }])).toBe(exported.rows.length - 1);
  });

  it('is refused to pm (no Import grant)', async () => {
    const res = await importFile(await workbook(header, rows.slice(0, 1)), 'check', t.pm);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a file that is not an .xlsx, and an unknown column, with 400', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const bytes of [png, Buffer.from('code,name\nX1,Y\n'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]) {
      const res = await importFile(bytes, 'check');
      expect(res.statusCode).toBe(400);
    }
    const unknown = await importFile(await workbook(['Code', 'Shoe size'], [['X1', 42]]), 'check');
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toContain('Shoe size');
  });
});

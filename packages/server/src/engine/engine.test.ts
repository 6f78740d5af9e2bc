import { columnOf, employeeMeta, type PageResult, salesContractMeta } from '@trestle/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { exportedSheet } from '../test/excel.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ pm: true });

const { post } = t;
const page = async (payload: object, token = t.admin) => {
  const res = await post('/api/Employee/getPageData', payload, token);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PageResult;
};
const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;

const newEmployee = (code: string, extra: object = {}) => ({
  mainData: {
    code,
    name: `Test ${code}`,
    gender: 'female',
    hireDate: '2024-03-01',
    status: 'active',
    hourlyRate: '80.50',
    ...extra,
  },
});

describe('getPageData', () => {
  it('pages, sorts with a stable tiebreak, and counts exactly on a small table', async () => {
    const first = await page({ page: 1, rows: 20, sort: 'code', order: 'asc' });
    const second = await page({ page: 2, rows: 20, sort: 'code', order: 'asc' });
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBe(50);
    expect(first.totalExact).toBe(true);
    expect(first.rows[0]?.code).toBe('E1001');
    expect(second.rows[0]?.code).toBe('E1021');
    // Many rows share a gender: sorting by it must still page without overlap.
    const a = await page({ page: 1, rows: 25, sort: 'hireDate', order: 'desc' });
    const b = await page({ page: 2, rows: 25, sort: 'hireDate', order: 'desc' });
    expect(new Set([...a.rows, ...b.rows].map((r) => r.id)).size).toBe(50);
  });

  it('filters with like, eq, in, and a range as two items on one field', async () => {
    const like = await page({ wheres: [{ name: 'code', value: '100', displayType: 'like' }] });
    expect(like.rows.map((r) => r.code).sort()).toEqual(
      ['E1001', 'E1002', 'E1003', 'E1004', 'E1005', 'E1006', 'E1007', 'E1008', 'E1009', 'E1100'].filter(
        (c) => c !== 'E1100',
      ),
    );
    const left = await page({ wheres: [{ name: 'status', value: ['left'], displayType: 'in' }] });
    expect(left.total).toBeGreaterThan(0);
    expect(left.rows.every((r) => r.status === 'left')).toBe(true);
    const range = await page({
      wheres: [
        { name: 'hireDate', value: '2018-01-01', displayType: 'ge' },
        { name: 'hireDate', value: '2019-12-31', displayType: 'le' },
      ],
      rows: 100,
    });
    expect(range.total).toBeGreaterThan(0);
    expect(range.rows.every((r) => String(r.hireDate) >= '2018-01-01' && String(r.hireDate) <= '2019-12-31')).toBe(
      true,
    );
    const vol = await page({ wheres: [{ name: 'hireDate', value: '2024-01-01', displayType: 'thanorequal' }] });
    expect(vol.rows.every((r) => String(r.hireDate) >= '2024-01-01')).toBe(true);
  });

  it('matches a multi-value field holding any of the values asked for', async () => {
    const res = await page({ wheres: [{ name: 'skills', value: ['cabling'], displayType: 'in' }], rows: 100 });
    expect(res.total).toBeGreaterThan(0);
    expect(res.rows.every((r) => (r.skills as string[]).includes('cabling'))).toBe(true);
  });

  it('treats like text literally: % and _ match themselves', async () => {
    expect((await page({ wheres: [{ name: 'name', value: '%', displayType: 'like' }] })).total).toBe(0);
  });

  it('gives money as decimal strings, references with labels, and an average summary', async () => {
    const res = await page({ rows: 50 });
    const row = res.rows[0] ?? {};
    expect(row.hourlyRate).toMatch(/^\d+\.\d{2}$/);
    expect(typeof row.organizationIdLabel).toBe('string');
    expect(row.version).toBe(1);
    const avg = res.rows.reduce((s, r) => s + Number(r.hourlyRate), 0) / res.rows.length;
    expect(Number(res.summary?.hourlyRate)).toBeCloseTo(avg, 1);
  });

  it('refuses unknown fields, operators and sorts with 400 and field errors, never SQL', async () => {
    for (const [payload, key] of [
      [{ wheres: [{ name: 'password_hash', value: 'x', displayType: 'eq' }] }, 'wheres.password_hash'],
      [{ wheres: [{ name: 'code', value: 'x', displayType: 'regex' }] }, 'wheres.code'],
      [{ wheres: [{ name: 'hireDate', value: 'yesterday', displayType: 'ge' }] }, 'wheres.hireDate'],
      [{ wheres: [{ name: 'photo', value: 'x', displayType: 'eq' }] }, 'wheres.photo'],
      [{ sort: 'code; drop table employees' }, 'sort'],
      [{ sort: 'remark' }, 'sort'],
      [{ rows: 100000 }, 'rows'],
      [{ page: 'one' }, 'page'],
      [{ wheres: 'code=1' }, 'wheres'],
      [{ unknown: 1 }, 'unknown'],
    ] as const) {
      const res = await post('/api/Employee/getPageData', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(fieldErrors(res)), JSON.stringify(payload)).toContain(key);
    }
  });
});

describe('add, update, del', () => {
  let key = 0;

  it('adds a row with the audit columns and a change log', async () => {
    const res = await post('/api/Employee/add', newEmployee('T-1', { skills: ['network', 'pm'] }));
    expect(res.statusCode, res.body).toBe(200);
    key = (body(res).data as { key: number }).key;
    expect((await page({ wheres: [{ name: 'code', value: 'T-1', displayType: 'eq' }] })).rows[0]?.skills).toEqual([
      'network',
      'pm',
    ]);
    const [row] = (await page({ wheres: [{ name: 'code', value: 'T-1', displayType: 'eq' }] })).rows;
    expect(row).toMatchObject({ code: 'T-1', version: 1, createdByName: 'Administrator', hourlyRate: '80.50' });
    const log = await queryRows<{ field: string; after: string }>(
      t.database.db,
      sql`select field, after from data_change_log where entity = 'Employee' and entity_key = ${key} and action = 'add'`,
    );
    expect(log.find((l) => l.field === 'code')?.after).toBe('T-1');
  });

  it('refuses wrong types, unknown fields, bad formats and a duplicate code with field errors', async () => {
    const res = await post(
      '/api/Employee/add',
      newEmployee('T-2', { hourlyRate: 80.5, hireDate: '2024-02-30', phone: '123', salary: 1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(
      ['mainData.hireDate', 'mainData.hourlyRate', 'mainData.phone', 'mainData.salary'].sort(),
    );
    const missing = await post('/api/Employee/add', { mainData: { code: 'T-3' } });
    expect(Object.keys(fieldErrors(missing))).toEqual(
      expect.arrayContaining(['mainData.name', 'mainData.gender', 'mainData.hireDate']),
    );
    const dup = await post('/api/Employee/add', newEmployee('T-1'));
    expect([dup.statusCode, fieldErrors(dup)]).toEqual([400, { code: 'already exists' }]);
  });

  it('lets a hook refuse with 422 and writes nothing', async () => {
    const before = (await page({})).total;
    const res = await post('/api/Employee/add', newEmployee('T-4', { leaveDate: '2024-01-01' }));
    expect([res.statusCode, body(res).message]).toEqual([422, 'The leave date cannot be before the hire date']);
    // The rule is about one field: the refusal names it where the row sits, for the form to mark it.
    expect(fieldErrors(res)).toEqual({ 'mainData.leaveDate': 'The leave date cannot be before the hire date' });
    expect((await page({})).total).toBe(before);
  });

  it('updates with the version read, logs before and after, and refuses a stale version with 409', async () => {
    const ok = await post('/api/Employee/update', {
      mainData: { id: key, version: 1, title: 'Lead engineer', hourlyRate: '99.90' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await post('/api/Employee/update', { mainData: { id: key, version: 1, title: 'Someone else' } });
    expect([stale.statusCode, body(stale).message]).toEqual([
      409,
      'This record was changed by someone else; reload it and try again',
    ]);
    const [row] = (await page({ wheres: [{ name: 'code', value: 'T-1', displayType: 'eq' }] })).rows;
    expect(row).toMatchObject({ title: 'Lead engineer', hourlyRate: '99.90', version: 2 });
    const log = await queryRows<{ field: string; before: string | null; after: string }>(
      t.database.db,
      sql`select field, before, after from data_change_log where entity_key = ${key} and action = 'update' order by field`,
    );
    expect(log).toEqual([
      { field: 'hourlyRate', before: '80.50', after: '99.90' },
      { field: 'title', before: null, after: 'Lead engineer' },
    ]);
  });

  it('refuses emptying a required field on update with a field error (the column would refuse it with a 500)', async () => {
    const res = await post('/api/Employee/update', { mainData: { id: key, version: 2, name: null, hireDate: null } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((body(res).data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      'mainData.hireDate',
      'mainData.name',
    ]);
  });

  it('checks the hook against the stored hire date on a partial update', async () => {
    const res = await post('/api/Employee/update', { mainData: { id: key, version: 2, leaveDate: '2020-01-01' } });
    expect(res.statusCode).toBe(422);
  });

  it('soft-deletes all keys or none: one key outside the scope makes it a 404', async () => {
    const all = await post('/api/Employee/del', [key, 999999]);
    expect(all.statusCode).toBe(404);
    expect((await page({ wheres: [{ name: 'code', value: 'T-1', displayType: 'eq' }] })).total).toBe(1);
    expect((await post('/api/Employee/del', [key])).statusCode).toBe(200);
    expect((await page({ wheres: [{ name: 'code', value: 'T-1', displayType: 'eq' }] })).total).toBe(0);
    const [kept] = await queryRows<{ deleted: boolean }>(
      t.database.db,
      sql`select deleted_at is not null as deleted from employees where id = ${key}`,
    );
    expect(kept?.deleted).toBe(true);
    // A soft-deleted code may be used again.
    expect((await post('/api/Employee/add', newEmployee('T-1'))).statusCode).toBe(200);
  });
});

describe('master and detail in one transaction', () => {
  it('adds a dictionary with items, updates one, removes one, and rolls all back on a bad item', async () => {
    const add = await post('/api/Dictionary/add', {
      mainData: { code: 'priority', name: 'Priority', enabled: true },
      detailData: {
        DictionaryList: [
          { value: 'low', label: 'Low', enabled: true },
          { value: 'high', label: 'High', enabled: true },
        ],
      },
    });
    expect(add.statusCode, add.body).toBe(200);
    const key = (body(add).data as { key: number }).key;
    const details = async () =>
      (
        body(await post('/api/Dictionary/getDetailPage', { value: key, sort: 'value', order: 'asc' }))
          .data as PageResult
      ).rows;
    const [high, low] = await details();
    expect([high?.value, low?.value]).toEqual(['high', 'low']);

    const bad = await post('/api/Dictionary/update', {
      mainData: { id: key, version: 1, name: 'Priority level' },
      detailData: { DictionaryList: [{ value: 'mid', label: '' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(bad))).toContain('detailData.DictionaryList.0.label');

    const ok = await post('/api/Dictionary/update', {
      mainData: { id: key, version: 1, name: 'Priority level' },
      detailData: {
        DictionaryList: [
          { id: high?.id, version: high?.version, label: 'Urgent' },
          { value: 'mid', label: 'Medium', enabled: true },
        ],
      },
      delKeys: { DictionaryList: [low?.id] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await details()).map((r) => `${r.value}:${r.label}`)).toEqual(['high:Urgent', 'mid:Medium']);
    const master = (
      body(
        await post('/api/Dictionary/getPageData', { wheres: [{ name: 'code', value: 'priority', displayType: 'eq' }] }),
      ).data as PageResult
    ).rows[0];
    expect(master).toMatchObject({ name: 'Priority level', version: 2 });
  });
});

describe('permissions and data scope', () => {
  it('answers 403 for an action the role does not hold, and lets pm list and look up', async () => {
    expect((await post('/api/Employee/add', newEmployee('P-1'), t.pm)).statusCode).toBe(403);
    expect((await post('/api/Employee/del', [1], t.pm)).statusCode).toBe(403);
    expect((await post('/api/Dictionary/getPageData', {}, t.pm)).statusCode).toBe(403);
    expect((await page({}, t.pm)).total).toBeGreaterThan(0);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/Employee/lookup?field=organizationId&q=eng',
      headers: bearer(t.pm),
    });
    expect(body(lookup).data).toEqual([{ value: expect.any(Number), label: 'Engineering' }]);
  });

  it('limits an "own" scope to the rows the user created, on reads and writes', async () => {
    await t.database.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.code, 'pm'));
    await t.database.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.code, 'staff'));
    try {
      expect((await page({}, t.pm)).total).toBe(0);
      const someone = (await page({ rows: 1 })).rows[0];
      const res = await post(
        '/api/Employee/getPageData',
        { wheres: [{ name: 'id', value: someone?.id, displayType: 'eq' }] },
        t.pm,
      );
      expect((body(res).data as PageResult).rows).toEqual([]);
    } finally {
      await t.database.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.code, 'pm'));
      await t.database.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.code, 'staff'));
    }
  });

  it("never shows or changes another tenant's rows", async () => {
    await t.database.db.execute(sql`insert into tenants (code, name) values ('other', 'Other company')`);
    const [other] = await queryRows<{ id: number }>(t.database.db, sql`select id from tenants where code = 'other'`);
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into employees (tenant_id, code, name, gender, hire_date, status) values (${other?.id}, 'X-1', 'Foreign', 'male', '2020-01-01', 'active') returning id`,
    );
    expect((await page({ wheres: [{ name: 'code', value: 'X-1', displayType: 'eq' }] })).total).toBe(0);
    expect(
      (await post('/api/Employee/update', { mainData: { id: row?.id, version: 1, name: 'Mine now' } })).statusCode,
    ).toBe(404);
    expect((await post('/api/Employee/del', [row?.id])).statusCode).toBe(404);
    const [still] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from employees where id = ${row?.id}`,
    );
    expect(still?.name).toBe('Foreign');
  });
});

describe('large results', () => {
  it('counts up to 10,000 exactly and answers an estimate beyond, exact on request', async () => {
    await t.database.db.execute(sql`
      insert into employees (tenant_id, code, name, gender, hire_date, status)
      select 1, 'B' || g, 'Bulk ' || g, 'male', date '2020-01-01' + (g % 1000), 'active' from generate_series(1, 12000) g`);
    await t.database.db.execute(sql`analyze employees`);
    const res = await page({ rows: 20 });
    expect(res.totalExact).toBe(false);
    expect(res.total).toBeGreaterThan(10_000);
    expect(res.summary).toBeNull();
    const uncounted = await page({ rows: 20, page: 3, count: false });
    expect([uncounted.rows.length, uncounted.total, uncounted.totalExact]).toEqual([20, 61, false]);
    const exact = await page({ rows: 20, exactTotal: true });
    expect(exact.totalExact).toBe(true);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from employees where tenant_id = 1 and deleted_at is null`,
    );
    expect(exact.total).toBe(n?.n);
  });
});

describe('export across batches', () => {
  it('streams every row exactly once in the order SQL gives, sorted descending on a mostly-null column', async () => {
    const res = await post('/api/Employee/export', { sort: 'leaveDate', order: 'desc' });
    expect(res.statusCode).toBe(200);
    const sheet = await exportedSheet(res);
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Code');
    const codes: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(header).value));
    });
    const expected = await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from employees where tenant_id = 1 and deleted_at is null order by leave_date desc, id desc`,
    );
    expect(codes.length).toBeGreaterThan(4_000);
    expect(codes).toEqual(expected.map((r) => r.code));
  });
});

describe('indexes follow the metadata', () => {
  it('every sortable or searched field of Employee leads an index after tenant_id', async () => {
    const indexes = await queryRows<{ def: string }>(
      t.database.db,
      sql`select indexdef as def from pg_indexes where tablename = 'employees'`,
    );
    const fields = employeeMeta.fields.filter((f) => (f.sortable || f.search) && f.name !== employeeMeta.key);
    for (const f of fields) {
      const column = columnOf(f);
      expect(
        indexes.some((i) => i.def.includes(`(tenant_id, ${column}`)),
        `no index on ${column}`,
      ).toBe(true);
    }
  });

  it('a document a dashboard reads: its searched dates, dictionaries and references, over its live rows', async () => {
    // drizzle/0034_bi_indexes.sql: a date and a reference carry the amount the user enters (totalled, neither
    // computed nor kept by the server); a dictionary's few codes nothing (its index stays deduplicated).
    const meta = salesContractMeta;
    const amounts = meta.fields
      .filter((f) => f.type === 'decimal' && f.summary === 'sum' && !f.computed && !f.readOnly)
      .map(columnOf);
    expect(amounts).toEqual(['amount_incl_tax']);
    const indexes = await queryRows<{ def: string }>(
      t.database.db,
      sql`select indexdef as def from pg_indexes where tablename = ${meta.table}`,
    );
    const grouped = meta.fields.filter(
      (f) => f.search && ['date', 'dict', 'reference'].includes(f.type) && f.name !== meta.key,
    );
    expect(grouped.map((f) => f.type).sort()).toEqual(['date', 'dict', 'dict', 'reference', 'reference']);
    for (const f of grouped) {
      const carried = f.type === 'dict' ? '' : ` INCLUDE (${amounts.join(', ')})`;
      const wanted = `(tenant_id, ${columnOf(f)})${carried} WHERE (deleted_at IS NULL)`;
      expect(
        indexes.some((i) => i.def.endsWith(wanted)),
        `no ${wanted}`,
      ).toBe(true);
    }
  });
});

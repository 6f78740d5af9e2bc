import type { ChartResult, RunResponse, SqlTry } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { EMBEDDED_ONLY_PLATFORM } from '../../db/user-sql.ts';
import { addUserWithGrants, contractsDataset, monthlyChart, saveBi, sqlDataset } from '../../test/bi.ts';
import { body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * SQL datasets: an admin's SELECT tried and run as the tenant's SQL role, read only, one statement, within a
 * timeout, never reading another tenant's rows; its parameters typed; a viewer never sends SQL. What the
 * embedded database allows differs (there only the platform administrator's SQL runs): each test says both.
 */
// The machine's own PostgreSQL and MariaDB stand for external sources: 127.0.0.1 is let through by name.
const HOST = '127.0.0.1';
const t = useTestApp({ pm: true, env: { DATASOURCE_ALLOWED_HOSTS: HOST } });
const embedded = () => t.database.kind === 'pglite';

type Ok = Extract<ChartResult, { ok: true }>;
const tryIt = (statement: string, token = t.admin, extra: Record<string, unknown> = {}) =>
  t.post('/api/bi/sql/try', { dataSourceId: null, sql: statement, parameters: [], values: {}, ...extra }, token);

const users = { initech: '', analyst: '', tenant: 0, initechTenant: 0 };
beforeAll(async () => {
  const other = await createOtherTenant(t.database.db, 'initech', ['System', 'BIDesign', 'Employee']);
  users.initechTenant = other.tenantId;
  users.initech = await t.login('initech-admin', 'Other@2026');
  await addUserWithGrants(t.database.db, 'analyst', { BIDesign: ['Search', 'Add'], ProjectContract: ['Search'] });
  users.analyst = await t.login('analyst', 'Pm@2026');
  const [tenant] = await queryRows<{ id: number }>(t.database.db, sql`select id from tenants where code = 'default'`);
  users.tenant = tenant?.id ?? 0;
});

describe('trying an admin’s SELECT', () => {
  it('answers its first rows and its columns with the types their values suggest', async () => {
    const res = await tryIt('select code, amount_incl_tax as amount, sign_date, created_at from sales_contracts');
    expect(res.statusCode, res.body).toBe(200);
    const tried = body(res).data as SqlTry;
    expect(tried.columns).toEqual([
      { name: 'code', type: 'string' },
      { name: 'amount', type: 'number' },
      { name: 'sign_date', type: 'date' },
      { name: 'created_at', type: 'datetime' },
    ]);
    const [all] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sales_contracts where tenant_id = ${users.tenant}`,
    );
    expect(tried.rows.length).toBe(Math.min(20, all?.n ?? 0));
    const none = body(await tryIt('select code, amount_incl_tax from sales_contracts where false')).data as SqlTry;
    expect(none).toEqual({
      columns: [
        { name: 'code', type: 'string' },
        { name: 'amount_incl_tax', type: 'string' },
      ],
      rows: [],
    });
  });

  it('binds its parameters by name with their declared types, and refuses a value of another type', async () => {
    const parameters = [{ name: 'min', type: 'number', label: { en: 'Min', zh: '最小' }, default: null }];
    const statement = 'select count(*) as n from sales_contracts where amount_incl_tax >= :min';
    const res = await tryIt(statement, t.admin, { parameters, values: { min: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sales_contracts where tenant_id = ${users.tenant}`,
    );
    expect((body(res).data as SqlTry).rows).toEqual([{ n: n?.n }]);
    const wrong = await tryIt(statement, t.admin, { parameters, values: { min: 'lots' } });
    expect([wrong.statusCode, body(wrong).data]).toEqual([
      400,
      { fieldErrors: { 'parameters.min': 'needs a number' } },
    ]);
  });

  it('refuses writes, DDL and more than one statement, with the reason (422)', async () => {
    for (const statement of [
      "insert into employees (code, name) values ('x', 'y')",
      'delete from employees',
      'create table bi_x (a int)',
      'select 1; delete from employees',
      'select 1; drop table employees',
      'with gone as (delete from employees returning id) select * from gone',
    ]) {
      const res = await tryIt(statement);
      expect([statement, res.statusCode]).toEqual([statement, 422]);
      expect(body(res).message).toMatch(/^The dataset's SQL failed: /);
    }
    const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from employees`);
    expect(left?.n).toBeGreaterThan(0);
  });

  it('stops a long run with a clear message instead of waiting (422, not a 500)', async () => {
    const started = Date.now();
    const res = await tryIt('select pg_sleep(5) as slept');
    expect(res.statusCode).toBe(422);
    // The server stops it after its timeout; the embedded database refuses it before it starts.
    expect(body(res).message).toMatch(embedded() ? /volatile functions \(pg_sleep\)/ : /statement timeout/);
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('is for holders of the Sql grant only, never for a viewer', async () => {
    expect((await tryIt('select 1 as one', t.pm)).statusCode).toBe(403);
    // A designer without the Sql grant is refused at the door, as any route without its grant.
    expect((await tryIt('select 1 as one', users.analyst)).statusCode).toBe(403);
  });

  it('reads only the company’s own rows (on the embedded database, only the platform’s SQL runs at all)', async () => {
    const res = await tryIt('select name from employees', users.initech);
    if (embedded()) {
      expect([res.statusCode, body(res).message]).toEqual([403, `SQL datasets: ${EMBEDDED_ONLY_PLATFORM}`]);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const names = (body(res).data as SqlTry).rows.map((r) => String(r.name)).sort();
    expect(names).toEqual(['initech E1001', 'initech E1002', 'initech X0001']);
    // Even a statement that binds itself to another tenant reads its own only.
    const rebound = await tryIt(
      `select name from employees, set_config('app.tenant_id', '${users.tenant}', true) s`,
      users.initech,
    );
    expect(rebound.statusCode, rebound.body).toBe(200);
    expect((body(rebound).data as SqlTry).rows.map((r) => String(r.name)).sort()).toEqual(names);
  });
});

describe('running a chart over a SQL dataset', () => {
  const ids = { sql: 0, entity: 0 };
  beforeAll(async () => {
    ids.sql = (await saveBi(t, 'dataset', { name: 'Contracts by SQL', definition: sqlDataset() })).id;
    ids.entity = (await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() })).id;
  });
  const run = (items: unknown[], token = t.admin, dashboardId?: number) =>
    t.post('/api/bi/run', { ...(dashboardId ? { dashboardId } : {}), items }, token);

  it('groups and measures its columns as an entity dataset’s fields, to the same figures', async () => {
    const bySql = { datasetId: ids.sql, type: 'line', dimensions: [{ field: 'month', bucket: 'month' }] };
    const res = await run([
      { key: 'sql', chart: { ...bySql, measures: [{ field: 'amount', agg: 'sum' }] } },
      { key: 'entity', chart: monthlyChart(ids.entity) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = body(res).data as RunResponse;
    const [a, b] = [results.sql as Ok, results.entity as Ok];
    expect(a.ok && b.ok).toBe(true);
    expect(a.rows.length).toBeGreaterThan(1);
    expect(a.rows).toEqual(b.rows);
    // Its parameter narrows it, typed; a value of another type is refused before anything runs.
    const named = await run([
      { key: 'x', chart: { ...bySql, measures: [{ agg: 'count' }] }, parameters: { name: 'zz-no-such' } },
    ]);
    expect((body(named).data as RunResponse).results.x).toMatchObject({ ok: true, rows: [] });
    const wrong = await run([{ key: 'x', chart: { ...bySql, measures: [{ agg: 'count' }] }, parameters: { name: 5 } }]);
    expect([wrong.statusCode, body(wrong).data]).toEqual([
      400,
      { fieldErrors: { 'items.0.parameters.name': 'needs text' } },
    ]);
    const unknown = await run([
      { key: 'x', chart: { ...bySql, measures: [{ agg: 'count' }] }, parameters: { limit: 5 } },
    ]);
    expect(body(unknown).data).toEqual({
      fieldErrors: { 'items.0.parameters.limit': 'is not a parameter of the dataset' },
    });
  });

  it('runs a stored statement for the company it belongs to only', async () => {
    // A dataset of the other company, written past its save (on the embedded database it could not save one).
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into bi_datasets (tenant_id, name, definition) values (${users.initechTenant}, 'Names',
          ${JSON.stringify({
            kind: 'sql',
            dataSourceId: null,
            sql: 'select name from employees',
            parameters: [],
            columns: [{ name: 'name', type: 'string', label: { en: 'Name', zh: '姓名' } }],
          })}::jsonb) returning id`,
    );
    const chart = {
      datasetId: Number(row?.id),
      type: 'table',
      dimensions: [{ field: 'name' }],
      measures: [{ agg: 'count' }],
    };
    const res = await run([{ key: 'x', chart }], users.initech);
    expect(res.statusCode, res.body).toBe(200);
    const result = (body(res).data as RunResponse).results.x;
    if (embedded()) {
      expect(result).toEqual({ ok: false, message: `The dataset's SQL failed: ${EMBEDDED_ONLY_PLATFORM}` });
      return;
    }
    expect((result as Ok).rows.map((r) => r[0])).toEqual(['initech E1001', 'initech E1002', 'initech X0001']);
  });
});

describe('a SQL dataset on an external data source, in its own dialect', () => {
  const tag = Math.random().toString(36).slice(2, 8);
  const [table, reader, myDb] = [`bi_ext_${tag}`, `bi_reader_${tag}`, `bi_${tag}`];
  /** The rows on both servers: a day every five days from January, two kinds, amounts in cents. */
  const rows = Array.from({ length: 30 }, (_, i) => {
    const g = i + 1;
    const day = new Date(Date.UTC(2026, 0, 1) + g * 5 * 86_400_000).toISOString().slice(0, 10);
    return { day, kind: g % 3 ? 'a' : 'b', amount: g * 1.25 };
  });
  const values = rows.map((r) => `('${r.day}', '${r.kind}', ${r.amount})`).join(', ');
  const sources = { pg: 0, my: 0 };

  const pgRun = async (statement: string) => {
    const c = new pg.Client({ connectionString: `postgres://postgres@${HOST}:5432/postgres` });
    await c.connect();
    await c.query(statement).finally(() => c.end());
  };
  const myRun = async (...statements: string[]) => {
    const c = await mysql.createConnection({ host: HOST, port: 3306, user: 'root', password: '' });
    try {
      for (const statement of statements) await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const addSource = async (fields: object) => {
    const res = await t.post('/api/DataSourceMan/add', {
      name: `bi-${Math.random().toString(36).slice(2, 8)}`,
      host: HOST,
      ssl: false,
      timeoutSeconds: 10,
      remark: '',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (body(res).data as { id: number }).id;
  };

  beforeAll(async () => {
    await pgRun(`create table ${table} (day date, kind text, amount numeric(12,2));
      insert into ${table} values ${values};
      create role ${reader} login; grant select on ${table} to ${reader};`);
    await myRun(
      `create database ${myDb}`,
      `create table ${myDb}.${table} (day date, kind varchar(10), amount decimal(12,2))`,
      `insert into ${myDb}.${table} values ${values}`,
      `create user '${reader}'@'%' identified by 'Reader-1'`,
      `grant select on ${myDb}.* to '${reader}'@'%'`,
    );
    sources.pg = await addSource({
      kind: 'postgres',
      port: 5432,
      database: 'postgres',
      userName: reader,
      password: 'x',
    });
    sources.my = await addSource({ kind: 'mysql', port: 3306, database: myDb, userName: reader, password: 'Reader-1' });
  });
  afterAll(async () => {
    await pgRun(`drop table if exists ${table}; drop role if exists ${reader}`);
    await myRun(`drop database if exists ${myDb}`, `drop user if exists '${reader}'@'%'`);
  });

  const cents = (n: number) => Math.round(n * 100) / 100;
  const monday = (day: string) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    const iso = (new Date(ms).getUTCDay() + 6) % 7;
    return new Date(ms - iso * 86_400_000).toISOString().slice(0, 10);
  };
  const bucketOf: Record<string, (day: string) => string | number> = {
    month: (d) => `${d.slice(0, 7)}-01`,
    quarter: (d) =>
      `${d.slice(0, 5)}${String(Math.floor((Number(d.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`,
    week: monday,
    dayOfWeek: (d) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1,
  };
  /** The sums per bucket and kind of the rows `keep` lets through, as the chart's rows. */
  const expected = (bucket: string, keep: (r: (typeof rows)[number]) => boolean) => {
    const sums = new Map<string, number>();
    for (const r of rows.filter(keep)) {
      const key = JSON.stringify([bucketOf[bucket]?.(r.day), r.kind]);
      sums.set(key, (sums.get(key) ?? 0) + r.amount);
    }
    // In the chart's order: by the bucket, then the kind.
    return [...sums.entries()]
      .map(([key, sum]): [string | number, string, number] => {
        const [at, kind] = JSON.parse(key) as [string | number, string];
        return [at, kind, cents(sum)];
      })
      .sort(([a, k], [b, l]) => String(a).localeCompare(String(b)) || k.localeCompare(l));
  };

  it.each([
    ['PostgreSQL', 'pg'],
    ['MySQL (MariaDB)', 'my'],
  ] as const)('groups, buckets, filters and binds its parameters on %s', async (_name, kind) => {
    const definition = sqlDataset({
      dataSourceId: sources[kind],
      sql: `select day, kind, amount from ${table} where amount >= :min`,
      parameters: [{ name: 'min', type: 'number', label: { en: 'Min', zh: '最小' }, default: 0 }],
      columns: [
        { name: 'day', type: 'date', label: { en: 'Day', zh: '日' } },
        { name: 'kind', type: 'string', label: { en: 'Kind', zh: '类' } },
        { name: 'amount', type: 'number', label: { en: 'Amount', zh: '金额' } },
      ],
    });
    const dataset = await saveBi(t, 'dataset', { name: `External ${kind}`, definition });
    const chart = (bucket: string) => ({
      datasetId: dataset.id,
      type: 'stackedBar',
      dimensions: [{ field: 'day', bucket }],
      series: { field: 'kind' },
      measures: [{ field: 'amount', agg: 'sum' }],
    });
    for (const bucket of Object.keys(bucketOf)) {
      const result = await runChart({ chart: chart(bucket) });
      expect([bucket, result.rows]).toEqual([bucket, expected(bucket, () => true)]);
    }
    const narrowed = await runChart({
      chart: { ...chart('month'), filters: [{ field: 'kind', op: 'like', value: 'a' }] },
      parameters: { min: 10 },
      filters: [{ field: 'day', from: '2026-02-01', to: '2026-03-31' }],
    });
    expect(narrowed.rows).toEqual(
      expected('month', (r) => r.kind === 'a' && r.amount >= 10 && r.day >= '2026-02-01' && r.day <= '2026-03-31'),
    );
  });

  it('answers a source that can’t be reached as that chart’s failure, in words', async () => {
    const closed = await addSource({
      kind: 'postgres',
      port: 1,
      database: 'postgres',
      userName: reader,
      password: 'x',
    });
    const dataset = await saveBi(t, 'dataset', { name: 'Closed', definition: sqlDataset({ dataSourceId: closed }) });
    const res = await t.post('/api/bi/run', {
      items: [
        { key: 'x', chart: { ...monthlyChart(dataset.id), dimensions: [], type: 'kpi', measures: [{ agg: 'count' }] } },
      ],
    });
    expect((body(res).data as RunResponse).results.x).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The dataset's SQL failed: the data source could not be reached/),
    });
  });
});

async function runChart(item: Record<string, unknown>): Promise<Ok> {
  const res = await t.post('/api/bi/run', { items: [{ key: 'x', ...item }] });
  expect(res.statusCode, res.body).toBe(200);
  const result = (body(res).data as RunResponse).results.x;
  if (!result?.ok) throw new Error(JSON.stringify(result));
  return result;
}

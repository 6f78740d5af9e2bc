import type { ChartResult, RunResponse } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addUserWithGrants, contractsDataset, monthlyChart, roleId, saveBi } from '../../test/bi.ts';
import { bearer, body } from '../../test/helper.ts';
import { type OtherNode, otherNode } from '../../test/other-node.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * The batched run over HTTP: every chart query within the viewer's tenant and data scope (pm's project
 * contracts, another company's own rows), bad definitions refused, the figures right (month grain, drill,
 * cross-filter, a KPI's previous period), who may run what, the cache dropped by a write, the Excel export.
 */
const t = useTestApp({ pm: true });

type Ok = Extract<ChartResult, { ok: true }>;
const label = (en: string) => ({ en, zh: en });

const run = (payload: unknown, token = t.admin) => t.post('/api/bi/run', payload, token);

/** The result of one item run by `token`; anything but a 200 with ok fails the test. */
async function runOne(item: Record<string, unknown>, token = t.admin, dashboardId?: number): Promise<Ok> {
  const res = await run({ ...(dashboardId ? { dashboardId } : {}), items: [{ key: 'x', ...item }] }, token);
  expect(res.statusCode, res.body).toBe(200);
  const result = (body(res).data as RunResponse).results.x;
  if (!result?.ok) throw new Error(`the chart failed: ${JSON.stringify(result)}`);
  return result;
}

const fieldErrors = (res: LightMyRequestResponse) =>
  (body(res).data as { fieldErrors: Record<string, string> }).fieldErrors;

/** The owner's figures, straight from the tables (the owner reads every tenant: each query names its tenant). */
const figures = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const money = (v: unknown) => Math.round(Number(v) * 100) / 100;
const total = (rows: Ok['rows'], at: number) => money(rows.reduce((s, r) => s + Number(r[at] ?? 0), 0));

const ids = { tenant: 0, contracts: 0, employees: 0, pmProjects: [] as number[], initech: '' };

beforeAll(async () => {
  const [tenant] = await figures<{ id: number }>(sql`select id from tenants where code = 'default'`);
  ids.tenant = tenant?.id ?? 0;
  ids.contracts = (await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() })).id;
  ids.employees = (
    await saveBi(t, 'dataset', {
      name: 'Staff',
      definition: { kind: 'entity', entity: 'Employee', joins: [], calculated: [], filters: [] },
    })
  ).id;
  const pm = await figures<{ id: number }>(
    sql`select pm.project_id as id from project_members pm join users u on u.id = pm.user_id
        where u.user_key = 'pm' and pm.tenant_id = ${ids.tenant} order by 1`,
  );
  ids.pmProjects = pm.map((r) => Number(r.id));
  // A second company with the BI designer and its own three employees (codes that collide with ours).
  await createOtherTenant(t.database.db, 'initech', ['System', 'BIDesign', 'Employee']);
  ids.initech = await t.login('initech-admin', 'Other@2026');
});

/** Live contracts of the default tenant, by a condition on `c`. */
const contractSum = async (where: SQL = sql`true`) => {
  const [row] = await figures<{ total: string | null }>(
    sql`select sum(c.amount_incl_tax) as total from sales_contracts c
        where c.tenant_id = ${ids.tenant} and c.deleted_at is null and ${where}`,
  );
  // As SQL adds up: nothing to add is no sum (null), not zero.
  return row?.total == null ? null : money(row.total);
};

describe('the viewer’s tenant and data scope apply to every chart query', () => {
  it('shows pm only its projects’ contract figures: admin’s own numbers filtered to those projects', async () => {
    expect(ids.pmProjects.length).toBeGreaterThan(0);
    const byProject = {
      datasetId: ids.contracts,
      type: 'bar',
      dimensions: [{ field: 'projectId' }],
      measures: [{ field: 'amountInclTax', agg: 'sum' }],
    };
    const chart = await saveBi(t, 'chart', { name: 'By project', definition: byProject });
    const dashboard = await saveBi(t, 'dashboard', {
      name: 'Contracts',
      definition: { items: [{ id: 'a', kind: 'chart', chartId: chart.id, x: 0, y: 0, w: 12, h: 6 }] },
      shareRoles: [await roleId(t.database.db, 'pm')],
    });
    const seen = await runOne({ chartId: chart.id }, t.pm, dashboard.id);
    const filtered = await runOne({
      chart: { ...byProject, filters: [{ field: 'projectId', op: 'in', value: ids.pmProjects }] },
    });
    const all = await runOne({ chartId: chart.id });
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(seen.rows).toEqual(filtered.rows);
    const pmTotal = await contractSum(
      sql`c.project_id in (${sql.join(
        ids.pmProjects.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
    expect(total(seen.rows, 1)).toBe(pmTotal);
    // pm is not shown the rest: admin's unfiltered figure is larger.
    expect(total(all.rows, 1)).toBe(await contractSum());
    expect(total(all.rows, 1)).toBeGreaterThan(pmTotal ?? 0);
    // A reference groups by its row's label, as lists show it ("code — name").
    expect(String(seen.rows[0]?.[0])).toMatch(/ — /);
  });

  it('shows another company only its own rows, and none of ours by id', async () => {
    const staff = { type: 'bar', dimensions: [{ field: 'status' }], measures: [{ agg: 'count' }] };
    const theirs = await saveBi(
      t,
      'dataset',
      { name: 'Staff', definition: { kind: 'entity', entity: 'Employee', joins: [], calculated: [], filters: [] } },
      ids.initech,
    );
    const counted = await runOne({ chart: { ...staff, datasetId: theirs.id } }, ids.initech);
    expect(total(counted.rows, 1)).toBe(3);
    const ours = await runOne({ chart: { ...staff, datasetId: ids.employees } });
    const [mine] = await figures<{ n: number }>(
      sql`select count(*)::int as n from employees where tenant_id = ${ids.tenant} and deleted_at is null`,
    );
    expect(total(ours.rows, 1)).toBe(mine?.n);
    // Our chart and dataset are not theirs to run: missing, as anything of another tenant.
    const chart = await saveBi(t, 'chart', { name: 'Staff', definition: { ...staff, datasetId: ids.employees } });
    const res = await run({ items: [{ key: 'x', chartId: chart.id }] }, ids.initech);
    expect((body(res).data as RunResponse).results.x).toEqual({ ok: false, message: `No chart ${chart.id}` });
    const unsaved = await run({ items: [{ key: 'x', chart: { ...staff, datasetId: ids.employees } }] }, ids.initech);
    expect(unsaved.statusCode).toBe(400);
    expect(fieldErrors(unsaved)).toEqual({ 'items.0.chart.datasetId': `no dataset ${ids.employees}` });
  });
});

describe('a bad definition is a 400 with the reason', () => {
  const chart = (over: Record<string, unknown>) => ({
    items: [{ key: 'x', chart: monthlyChart(ids.contracts, over) }],
  });

  it('names an unknown field and a measure on text', async () => {
    const unknown = await run(chart({ dimensions: [{ field: 'ghost' }] }));
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown)).toEqual({ 'items.0.chart.dimensions.0.field': 'no field named ghost' });
    const text = await run(chart({ measures: [{ field: 'name', agg: 'sum' }] }));
    expect(text.statusCode).toBe(400);
    expect(fieldErrors(text)['items.0.chart.measures.0.agg']).toMatch(/sum needs a number, and name is not one/);
  });

  it('names calculated fields that read each other in a circle, saved or not', async () => {
    const circle = contractsDataset({
      calculated: [
        { name: 'a', label: label('A'), expression: 'b + amountInclTax' },
        { name: 'b', label: label('B'), expression: 'a * 2' },
      ],
    });
    const save = await t.post('/api/bi/dataset/save', { name: 'Circle', description: '', definition: circle });
    expect(save.statusCode).toBe(400);
    // One written past the checks (an older server's, say) is refused when a chart over it is run.
    const [row] = await figures<{ id: number }>(
      sql`insert into bi_datasets (tenant_id, name, definition) values (${ids.tenant}, 'Circle', ${JSON.stringify(circle)}::jsonb) returning id`,
    );
    const datasetId = Number(row?.id);
    const res = await run({
      items: [{ key: 'x', chart: { ...monthlyChart(datasetId), measures: [{ field: 'a', agg: 'sum' }] } }],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)['items.0.dataset.calculated.0.expression']).toMatch(/reads itself in a circle: a → b → a/);
    const [saved] = await figures<{ id: number }>(
      sql`insert into bi_charts (tenant_id, dataset_id, name, definition) values (${ids.tenant}, ${datasetId}, 'Circle',
          ${JSON.stringify({ ...monthlyChart(datasetId), measures: [{ field: 'a', agg: 'sum' }], type: 'line', dimensions: [], series: null, filters: [], sort: null, limit: 1000, compare: 'none', compareField: null, style: { colors: [], showLabels: false, showLegend: true, numberFormat: 'thousands', decimals: 0, dateFormat: '' }, cacheSeconds: 0 })}::jsonb) returning id`,
    );
    const failed = await run({ items: [{ key: 'x', chartId: Number(saved?.id) }] });
    expect(failed.statusCode).toBe(200);
    expect((body(failed).data as RunResponse).results.x).toMatchObject({
      ok: false,
      message: expect.stringMatching(/reads itself in a circle/),
    });
  });
});

describe('the figures', () => {
  it('sums each month as the table does', async () => {
    const result = await runOne({ chart: monthlyChart(ids.contracts) });
    const expected = await figures<{ month: string; total: string }>(
      sql`select to_char(date_trunc('month', sign_date), 'YYYY-MM-DD') as month, sum(amount_incl_tax) as total
          from sales_contracts where tenant_id = ${ids.tenant} and deleted_at is null group by 1 order by 1`,
    );
    expect(result.rows).toEqual(expected.map((r) => [r.month, money(r.total)]));
    expect(result.columns.map((c) => [c.role, c.type, c.field, c.bucket])).toEqual([
      ['dimension', 'date', 'signDate', 'month'],
      ['measure', 'number', 'amountInclTax', null],
    ]);
  });

  it('drills down to another grain of the first dimension', async () => {
    const result = await runOne({ chart: monthlyChart(ids.contracts), grain: 'year' });
    const expected = await figures<{ year: string; total: string }>(
      sql`select to_char(date_trunc('year', sign_date), 'YYYY-MM-DD') as year, sum(amount_incl_tax) as total
          from sales_contracts where tenant_id = ${ids.tenant} and deleted_at is null group by 1 order by 1`,
    );
    expect(result.rows).toEqual(expected.map((r) => [r.year, money(r.total)]));
  });

  it('filters by a click on another chart (a value) and by a dashboard’s date range', async () => {
    const byType = { ...monthlyChart(ids.contracts), type: 'pie', dimensions: [{ field: 'contractType' }] };
    const clicked = await runOne({ chart: byType, filters: [{ field: 'contractType', values: ['SALES'] }] });
    expect(clicked.rows).toEqual([['SALES', await contractSum(sql`c.contract_type = 'SALES'`)]]);
    // The dictionary's names for the codes shown, in the reader's language.
    expect(clicked.dictionaries.salesContractType?.SALES).toBeTruthy();
    const [span] = await figures<{ from: string; to: string }>(
      sql`select min(sign_date)::text as from, max(sign_date)::text as to from sales_contracts where tenant_id = ${ids.tenant}`,
    );
    const from = span?.from ?? '';
    const middle = await runOne({
      chart: { ...byType, dimensions: [], type: 'kpi' },
      filters: [{ field: 'signDate', from, to: from }],
    });
    expect(middle.rows).toEqual([[await contractSum(sql`c.sign_date = ${from}::date`)]]);
  });

  it('gives a KPI the same measure over the period before the range', async () => {
    const kpi = {
      ...monthlyChart(ids.contracts),
      type: 'kpi',
      dimensions: [],
      compare: 'previousPeriod',
      compareField: 'signDate',
    };
    const [span] = await figures<{ to: string }>(
      sql`select max(sign_date)::text as to from sales_contracts where tenant_id = ${ids.tenant}`,
    );
    const to = span?.to ?? '';
    const day = (d: string, plus: number) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
    const from = day(to, -89);
    const result = await runOne({ chart: kpi, filters: [{ field: 'signDate', from, to }] });
    expect(result.rows).toEqual([[await contractSum(sql`c.sign_date between ${from}::date and ${to}::date`)]]);
    const before = await contractSum(sql`c.sign_date between ${day(from, -90)}::date and ${day(from, -1)}::date`);
    expect(result.previous).toEqual([before]);
    const year = await runOne({
      chart: { ...kpi, compare: 'previousYear' },
      filters: [{ field: 'signDate', from, to }],
    });
    const yearAgo = (d: string) => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`;
    expect(year.previous).toEqual([
      await contractSum(sql`c.sign_date between ${yearAgo(from)}::date and ${yearAgo(to)}::date`),
    ]);
    // Without a range there is nothing to compare with.
    expect((await runOne({ chart: kpi })).previous).toBeNull();
  });
});

describe('who may run what', () => {
  const made = { chart: 0, other: 0, dashboard: 0, unshared: 0 };
  beforeAll(async () => {
    made.chart = (await saveBi(t, 'chart', { name: 'Monthly', definition: monthlyChart(ids.contracts) })).id;
    made.other = (await saveBi(t, 'chart', { name: 'Monthly 2', definition: monthlyChart(ids.contracts) })).id;
    const tile = { id: 'a', kind: 'chart', chartId: made.chart, x: 0, y: 0, w: 12, h: 6 };
    made.dashboard = (
      await saveBi(t, 'dashboard', {
        name: 'Shared',
        definition: { items: [tile] },
        shareRoles: [await roleId(t.database.db, 'pm')],
      })
    ).id;
    made.unshared = (await saveBi(t, 'dashboard', { name: 'Mine', definition: { items: [tile] } })).id;
  });

  it('lets a viewer run, by id, the charts of a dashboard shared with them, and nothing else', async () => {
    expect((await runOne({ chartId: made.chart }, t.pm, made.dashboard)).rows.length).toBeGreaterThan(0);
    const outside = await run({ items: [{ key: 'x', chartId: made.chart }] }, t.pm);
    expect([outside.statusCode, body(outside).message]).toEqual([
      403,
      'Only BI designers run charts outside a dashboard',
    ]);
    const other = await run({ dashboardId: made.dashboard, items: [{ key: 'x', chartId: made.other }] }, t.pm);
    expect([other.statusCode, body(other).message]).toEqual([
      403,
      `Chart ${made.other} is not on dashboard ${made.dashboard}`,
    ]);
    const unshared = await run({ dashboardId: made.unshared, items: [{ key: 'x', chartId: made.chart }] }, t.pm);
    expect(unshared.statusCode).toBe(404);
  });

  it('needs the Dashboards grant besides the sharing, and answers a dashboard that is not there as missing', async () => {
    // A member of staff whose role a dashboard is shared with, but who is not granted the Dashboards screen.
    const { roleId: staff } = await addUserWithGrants(t.database.db, 'bi-stranger', { Employee: ['Search'] });
    const tile = { id: 'a', kind: 'chart', chartId: made.chart, x: 0, y: 0, w: 12, h: 6 };
    const shared = await saveBi(t, 'dashboard', { name: 'Staff', definition: { items: [tile] }, shareRoles: [staff] });
    const token = await t.login('bi-stranger', 'Pm@2026');
    const items = [{ key: 'x', chartId: made.chart }];
    const refused = await run({ dashboardId: shared.id, items }, token);
    expect([refused.statusCode, body(refused).message]).toEqual([403, 'You may not open dashboards']);
    // No dashboard of that id: missing, whether or not the caller may open dashboards.
    for (const viewer of [t.pm, token])
      expect((await run({ dashboardId: 999_999, items }, viewer)).statusCode).toBe(404);
    // A designer runs any chart, whatever dashboard is named.
    expect((await runOne({ chartId: made.other }, t.admin, 999_999)).rows.length).toBeGreaterThan(0);
  });

  it('never takes a definition, nor SQL, from a viewer', async () => {
    const definition = await run(
      { dashboardId: made.dashboard, items: [{ key: 'x', chart: monthlyChart(ids.contracts) }] },
      t.pm,
    );
    expect([definition.statusCode, body(definition).message]).toEqual([
      403,
      'A dashboard’s viewer runs its charts by id only',
    ]);
    // A run item has no place for SQL: the request is refused as malformed.
    const withSql = await run(
      { dashboardId: made.dashboard, items: [{ key: 'x', chartId: made.chart, sql: 'select * from users' }] },
      t.pm,
    );
    expect(withSql.statusCode).toBe(400);
    expect(fieldErrors(withSql)).toEqual({ 'items.0.sql': 'unknown field' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/bi/run', payload: { items: [] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers every item of a batch, each on its own', async () => {
    const res = await run({
      items: [
        { key: 'good', chartId: made.chart },
        { key: 'gone', chartId: 999_999 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = body(res).data as RunResponse;
    expect(data.results.good?.ok).toBe(true);
    expect(data.results.gone).toEqual({ ok: false, message: 'No chart 999999' });
    expect(data.ms).toBeGreaterThan(0);
    // Each chart's own query time, within the batch's.
    const good = data.results.good?.ok ? data.results.good.ms : -1;
    expect(good).toBeGreaterThanOrEqual(0);
    expect(good).toBeLessThanOrEqual(data.ms);
    const twice = await run({
      items: [
        { key: 'a', chartId: made.chart },
        { key: 'a', chartId: made.other },
      ],
    });
    expect([twice.statusCode, fieldErrors(twice)]).toEqual([400, { 'items.1.key': 'used twice' }]);
  });
});

describe('the cache', () => {
  it('answers the same question from the cache until a write of the table it reads', async () => {
    const count = { type: 'kpi', dimensions: [], measures: [{ agg: 'count' }], cacheSeconds: 300 };
    const chart = await saveBi(t, 'chart', { name: 'Headcount', definition: { ...count, datasetId: ids.employees } });
    const first = await runOne({ chartId: chart.id });
    expect(first.cached).toBe(false);
    const again = await runOne({ chartId: chart.id });
    expect(again).toEqual({ ...first, cached: true, ms: 0 });
    // Another viewer's scope is another question: pm may not open this chart, so nothing of it is shared.
    const added = await t.post('/api/Employee/add', {
      mainData: { code: 'BI-1', name: 'Cache test', gender: 'female', hireDate: '2024-03-01', status: 'active' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = await runOne({ chartId: chart.id });
    expect(after.cached).toBe(false);
    expect(after.rows).toEqual([[Number(first.rows[0]?.[0]) + 1]]);
    expect((await runOne({ chartId: chart.id })).cached).toBe(true);
  });

  it('gives a cached answer the asking chart’s columns: its roles and labels, not those of the chart asked first', async () => {
    const months = { field: 'hireDate', bucket: 'month' };
    const line = { type: 'line', measures: [{ agg: 'count' }], datasetId: ids.employees, cacheSeconds: 300 };
    const bySeries = await runOne({ chart: { ...line, series: months } });
    const byAxis = await runOne({ chart: { ...line, dimensions: [{ ...months, label: label('Hired') }] } });
    expect(byAxis.cached).toBe(true);
    expect(byAxis.rows).toEqual(bySeries.rows);
    expect(bySeries.columns[0]?.role).toBe('series');
    expect([byAxis.columns[0]?.role, byAxis.columns[0]?.label.en]).toEqual(['dimension', 'Hired']);
  });

  it('keeps nothing for a chart that asks for no cache', async () => {
    const chart = {
      type: 'kpi',
      dimensions: [],
      measures: [{ agg: 'count' }],
      cacheSeconds: 0,
      datasetId: ids.employees,
    };
    await runOne({ chart });
    expect((await runOne({ chart })).cached).toBe(false);
  });
});

describe('the cache across app nodes', () => {
  let b: OtherNode;
  beforeAll(async () => {
    b = await otherNode(t);
  });
  afterAll(() => b.close());

  it('drops a result on another node when a write commits on this one', async () => {
    const chart = {
      type: 'kpi',
      dimensions: [],
      measures: [{ agg: 'count' }],
      cacheSeconds: 300,
      datasetId: ids.employees,
    };
    const onB = async () => {
      const res = await b.app.inject({
        method: 'POST',
        url: '/api/bi/run',
        headers: bearer(t.admin),
        payload: { items: [{ key: 'x', chart }] },
      });
      return (body(res).data as RunResponse).results.x as Ok;
    };
    const first = await onB();
    expect((await onB()).cached).toBe(true);
    const added = await t.post('/api/Employee/add', {
      mainData: { code: 'BI-2', name: 'Other node', gender: 'male', hireDate: '2024-03-01', status: 'active' },
    });
    expect(added.statusCode, added.body).toBe(200);
    await expect.poll(async () => (await onB()).rows, { timeout: 2000 }).toEqual([[Number(first.rows[0]?.[0]) + 1]]);
  });
});

describe('the Excel export', () => {
  it('writes a chart’s result as a workbook, with the same access as running it', async () => {
    const chart = await saveBi(t, 'chart', { name: 'Monthly amounts', definition: monthlyChart(ids.contracts) });
    const res = await t.post('/api/bi/export', { item: { key: 'x', chartId: chart.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const result = await runOne({ chartId: chart.id });
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Signed', 'Sum of Amount incl. tax']);
    const first = sheet?.getRow(2).values as unknown[];
    expect(first[2]).toBe(result.rows[0]?.[1]);
    expect((first[1] as Date).toISOString().slice(0, 10)).toBe(result.rows[0]?.[0]);
    expect(sheet?.rowCount).toBe(result.rows.length + 1);
    const pm = await t.post('/api/bi/export', { item: { key: 'x', chartId: chart.id } }, t.pm);
    expect(pm.statusCode).toBe(403);
  });
});

import { type ChartDefinition, type ChartResult, chartDefinitionSchema, type RunResponse } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth.ts';
import { addUserWithGrants, contractsDataset, monthlyChart, saveBi } from '../../test/bi.ts';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { compileChart } from './bi.query.ts';
import { entitySource } from './bi.source.ts';

/**
 * The chart compiler: what its statements say (identifiers from metadata, values as parameters, the lists'
 * scope condition) and what they answer (calculated fields, joined fields within the viewer's scope, labels,
 * dictionary names, date buckets and parts, sorting and limits), compared with the tables themselves.
 */
const t = useTestApp({ pm: true });

type Ok = Extract<ChartResult, { ok: true }>;
const label = (en: string) => ({ en, zh: en });
const ids = { tenant: 0, contracts: 0, narrow: '' };
const figures = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const money = (v: unknown) => (v === null ? null : Math.round(Number(v) * 100) / 100);

async function runOne(
  chart: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  token = t.admin,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bi/run',
    headers: { ...bearer(token), ...headers },
    payload: { items: [{ key: 'x', chart: { datasetId: ids.contracts, ...chart }, ...extra }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as RunResponse).results.x as ChartResult;
}
const okOf = (result: ChartResult): Ok => {
  if (!result.ok) throw new Error(result.message);
  return result;
};

beforeAll(async () => {
  const [tenant] = await figures<{ id: number }>(sql`select id from tenants where code = 'default'`);
  ids.tenant = tenant?.id ?? 0;
  ids.contracts = (
    await saveBi(t, 'dataset', {
      name: 'Contracts',
      definition: contractsDataset({
        calculated: [
          { name: 'net', label: label('Net'), expression: 'amountInclTax - taxAmount' },
          { name: 'nothing', label: label('Nothing'), expression: 'amountInclTax / (taxRate - taxRate)' },
          { name: 'share', label: label('Share'), expression: 'round(net / amountInclTax * 100, 1)' },
        ],
      }),
    })
  ).id;
  // A designer who sees every contract but, of the customers, only those they made (none).
  const { roleId } = await addUserWithGrants(t.database.db, 'narrow', {
    BIDesign: ['Search'],
    ProjectContract: ['Search'],
    Customer: ['Search'],
  });
  await figures(
    sql`insert into role_data_scopes (tenant_id, role_id, entity, scope) values (${ids.tenant}, ${roleId}, 'Customer', 'own')`,
  );
  ids.narrow = await t.login('narrow', 'Pm@2026');
});

const contracts = (select: SQL, rest: SQL = sql``) =>
  figures<Record<string, unknown>>(
    sql`select ${select} from sales_contracts c where c.tenant_id = ${ids.tenant} and c.deleted_at is null ${rest}`,
  );

describe('what a chart’s statement says', () => {
  it('names columns from metadata only and carries every value as a parameter, under the lists’ scope', async () => {
    const auth = {
      userId: 1,
      tenantId: ids.tenant,
      dataScope: { organizationId: null, roles: [] },
    } as unknown as AuthContext;
    const source = await entitySource({
      definitions: t.app.entities.definitions,
      auth,
      dataset: { kind: 'entity', entity: 'ProjectContract', joins: ['customerId'], calculated: [], filters: [] },
      lang: 'en',
      timeZone: 'UTC',
      scopeOf: async () => ({ organizationId: null, roles: [{ default: 'projects', rules: {} }] }),
    });
    const evil = "x'); drop table users; --";
    const chart: ChartDefinition = chartDefinitionSchema.parse({
      datasetId: 1,
      type: 'bar',
      dimensions: [{ field: 'customerId' }],
      measures: [{ field: 'amountInclTax', agg: 'sum' }],
      filters: [{ field: 'name', op: 'like', value: evil }],
    });
    const { query } = compileChart(source, chart, { filters: [{ field: 'customerId.name', values: [evil] }] });
    const { text, params } = source.dialect.render(query);
    expect(text).not.toContain('drop table');
    expect(params).toContain(`%${evil}%`);
    expect(params).toContain(evil);
    // The entity's scope condition (tenant, soft delete, membership), the joined entity's too, inside its join.
    expect(text).toMatch(
      /from "sales_contracts" t left join \(select t\.\* from "customers" t where t\.tenant_id = \$\d+/,
    );
    expect(text).toContain('t.deleted_at is null');
    expect(text).toContain('select pm.project_id from project_members pm');
    // Grouped by the customer's id; its label (tenant-bound) joined onto the grouped rows only.
    expect(text).toMatch(
      /^select "r_0"\.label as "g0", "x"\."m0" as "m0" from \(select "t"\."customer_id" as "g0", .* group by 1\) "x" left join \(select r\.id, .* from "customers" r where r\.tenant_id = \$\d+\) "r_0" on "r_0"\.id = "x"\."g0" order by 1 limit 1001$/,
    );
    expect(source.tables()).toEqual(expect.arrayContaining(['sales_contracts', 'customers']));
    // A month is grouped by its first day, and written as text for the grouped rows only.
    const monthly = compileChart(
      source,
      { ...chart, dimensions: [{ field: 'signDate', bucket: 'month' }] },
      { filters: [] },
    );
    expect(source.dialect.render(monthly.query).text).toMatch(
      /^select to_char\("x"\."g0", 'YYYY-MM-DD'\) as "g0", .* from \(select date_trunc\('month', \("t"\."sign_date"\)::timestamp\) as "g0", .* group by 1\) "x" order by 1 limit 1001$/,
    );
  });
});

describe('what it answers', () => {
  it('computes calculated fields per row: exact money, an empty result for a division by zero', async () => {
    const result = okOf(
      await runOne({
        type: 'table',
        dimensions: [],
        measures: [
          { field: 'net', agg: 'sum' },
          { field: 'nothing', agg: 'sum' },
          { field: 'share', agg: 'max' },
        ],
      }),
    );
    const [row] = await contracts(
      sql`sum(c.amount_excl_tax) as net, max(round(c.amount_excl_tax / c.amount_incl_tax * 100, 1)) as share`,
    );
    expect(result.rows).toEqual([[money(row?.net), null, Number(row?.share)]]);
  });

  it('groups by a joined entity’s field, and leaves it empty where the viewer may not see that row', async () => {
    const chart = { type: 'bar', dimensions: [{ field: 'customerId.name' }], measures: [{ agg: 'count' }] };
    const admin = okOf(await runOne(chart));
    const expected = await figures<{ name: string; n: number }>(
      sql`select cu.name, count(*)::int as n from sales_contracts c join customers cu on cu.id = c.customer_id
          where c.tenant_id = ${ids.tenant} and c.deleted_at is null group by 1 order by 1`,
    );
    expect(admin.rows).toEqual(expected.map((r) => [r.name, r.n]));
    const narrow = okOf(await runOne(chart, {}, ids.narrow));
    const total = expected.reduce((s, r) => s + r.n, 0);
    expect(narrow.rows).toEqual([[null, total]]);
    // Used directly, a reference shows its row's label to whoever sees the contract, as lists do.
    const direct = okOf(await runOne({ ...chart, dimensions: [{ field: 'customerId' }] }, {}, ids.narrow));
    expect(direct.rows.map((r) => r[0])).not.toContain(null);
  });

  it('shows dictionary codes with their names in the reader’s language', async () => {
    const chart = { type: 'pie', dimensions: [{ field: 'status' }], measures: [{ agg: 'count' }] };
    const en = okOf(await runOne(chart));
    const zh = okOf(await runOne(chart, {}, t.admin, { 'accept-language': 'zh-CN' }));
    const [code] = en.rows[0] as [string];
    const [item] = await figures<{ label: string; zh: string }>(
      sql`select i.label, i.label_zh as zh from dictionary_items i join dictionaries d on d.id = i.dictionary_id
          where d.code = 'salesContractStatus' and d.tenant_id = ${ids.tenant} and i.value = ${code}`,
    );
    expect(en.columns[0]?.dictionary).toBe('salesContractStatus');
    expect(en.dictionaries.salesContractStatus?.[code]).toBe(item?.label);
    expect(zh.dictionaries.salesContractStatus?.[code]).toBe(item?.zh || item?.label);
  });

  it('buckets dates by part (month of year, ISO day of week) and by grain, with a series', async () => {
    const parts = okOf(
      await runOne({
        type: 'heatmap',
        dimensions: [
          { field: 'signDate', bucket: 'monthOfYear' },
          { field: 'signDate', bucket: 'dayOfWeek' },
        ],
        measures: [{ agg: 'count' }],
      }),
    );
    const expected = await contracts(
      sql`extract(month from c.sign_date)::int as m, extract(isodow from c.sign_date)::int as d, count(*)::int as n`,
      sql`group by 1, 2 order by 1, 2`,
    );
    expect(parts.rows).toEqual(expected.map((r) => [r.m, r.d, r.n]));
    expect(parts.columns.slice(0, 2).map((c) => c.type)).toEqual(['number', 'number']);
    const stacked = okOf(
      await runOne({ ...monthlyChart(ids.contracts), type: 'stackedBar', series: { field: 'contractType' } }),
    );
    const byType = await contracts(
      sql`to_char(date_trunc('quarter', c.sign_date), 'YYYY-MM-DD') as q, c.contract_type as k, sum(c.amount_incl_tax) as s`,
      sql`group by 1, 2 order by 1, 2`,
    );
    const quarters = okOf(
      await runOne({ ...monthlyChart(ids.contracts), series: { field: 'contractType' } }, { grain: 'quarter' }),
    );
    expect(quarters.rows).toEqual(byType.map((r) => [r.q, r.k, money(r.s)]));
    expect(stacked.columns.map((c) => c.role)).toEqual(['dimension', 'series', 'measure']);
  });

  it('sorts by a measure and keeps the limit, saying the rest was left out', async () => {
    const chart = {
      type: 'bar',
      dimensions: [{ field: 'code' }],
      measures: [{ field: 'amountInclTax', agg: 'sum' }],
      sort: { by: 'measure:0', order: 'desc' },
      limit: 3,
    };
    const result = okOf(await runOne(chart));
    const top = await contracts(sql`c.code, c.amount_incl_tax as a`, sql`order by 2 desc, 1 limit 4`);
    expect(result.rows).toEqual(top.slice(0, 3).map((r) => [r.code, money(r.a)]));
    expect(result.truncated).toBe(true);
    expect(okOf(await runOne({ ...chart, limit: 1000 })).truncated).toBe(false);
  });

  it('answers a run filter that does not fit its field as that chart’s failure, beside the others', async () => {
    const result = await runOne(monthlyChart(ids.contracts), {
      filters: [{ field: 'amountInclTax', values: ['lots'] }],
    });
    expect(result).toEqual({ ok: false, message: 'filters: amountInclTax needs numbers' });
    const range = await runOne(monthlyChart(ids.contracts), {
      filters: [{ field: 'name', from: '2026-01-01', to: null }],
    });
    expect(range).toEqual({ ok: false, message: 'filters: name is not a date, so it takes no range' });
  });

  it('buckets an instant by the reader’s clock', async () => {
    const warnings = await saveBi(t, 'dataset', {
      name: 'Warnings',
      definition: { kind: 'entity', entity: 'ProjectWarning', joins: [], calculated: [], filters: [] },
    });
    const chart = {
      datasetId: warnings.id,
      type: 'bar',
      dimensions: [{ field: 'firstDetectedAt', bucket: 'day' }],
      measures: [{ agg: 'count' }],
    };
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const result = okOf(await runOne(chart, {}, t.admin, { 'x-time-zone': zone }));
      const expected = await figures<{ day: string; n: number }>(
        sql`select to_char(date_trunc('day', w.first_detected_at at time zone ${zone}), 'YYYY-MM-DD') as day, count(*)::int as n
            from project_warning w where w.tenant_id = ${ids.tenant} group by 1 order by 1`,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(result.rows).toEqual(expected.map((r) => [r.day, r.n]));
    }
  });
});

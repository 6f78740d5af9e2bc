import { describe, expect, it } from 'vitest';
import { type EntityMeta, entitySchema } from '../entity/metadata.ts';
import { checkChart, checkDashboard, checkDataset, type DashboardChartFields, sqlPlaceholders } from './checks.ts';
import {
  type ChartDefinition,
  chartDefinitionSchema,
  type DashboardDefinition,
  type DatasetDefinition,
  dashboardDefinitionSchema,
  datasetDefinitionSchema,
} from './definitions.ts';
import { datasetFields } from './fields.ts';

const label = (en: string) => ({ en, zh: en });

/** A contract with a customer (an entity) and a region (a table no entity reads). */
const entities: EntityMeta[] = [
  entitySchema.parse({
    name: 'Contract',
    table: 'contracts',
    key: 'id',
    label: label('Contracts'),
    defaultSort: { field: 'id', order: 'desc' },
    fields: [
      { name: 'id', type: 'integer', label: label('Id') },
      { name: 'name', type: 'string', label: label('Name') },
      { name: 'amount', type: 'decimal', label: label('Amount') },
      { name: 'taxRate', type: 'decimal', label: label('Tax rate') },
      { name: 'signDate', type: 'date', label: label('Signed') },
      { name: 'status', type: 'dict', dictionary: 'status', label: label('Status') },
      { name: 'customerId', type: 'reference', label: label('Customer'), reference: refTo('customers') },
      { name: 'regionId', type: 'reference', label: label('Region'), reference: refTo('regions') },
    ],
  }),
  entitySchema.parse({
    name: 'Customer',
    table: 'customers',
    key: 'id',
    label: label('Customers'),
    defaultSort: { field: 'id', order: 'desc' },
    fields: [
      { name: 'id', type: 'integer', label: label('Id') },
      { name: 'name', type: 'string', label: label('Name') },
      { name: 'since', type: 'date', label: label('Since') },
    ],
  }),
];

function refTo(table: string) {
  return { table, labelColumn: 'name' };
}

const dataset = (over: Record<string, unknown> = {}): DatasetDefinition =>
  datasetDefinitionSchema.parse({ kind: 'entity', entity: 'Contract', joins: ['customerId'], ...over });

const sqlDataset = (over: Record<string, unknown> = {}): DatasetDefinition =>
  datasetDefinitionSchema.parse({
    kind: 'sql',
    dataSourceId: null,
    sql: 'select month, amount from figures where region = :region',
    parameters: [{ name: 'region', type: 'string', label: label('Region') }],
    columns: [
      { name: 'month', type: 'date', label: label('Month') },
      { name: 'amount', type: 'number', label: label('Amount') },
    ],
    ...over,
  });

const calculated = (...pairs: [string, string][]) =>
  pairs.map(([name, expression]) => ({ name, label: label(name), expression }));

describe('a dataset', () => {
  it('passes with an entity, a join to a referenced entity, calculations and filters it has', () => {
    const def = dataset({
      calculated: calculated(['net', 'round(amount / (1 + taxRate / 100), 2)'], ['tax', 'amount - net']),
      filters: [
        { field: 'customerId.name', op: 'like', value: 'Acme' },
        { field: 'signDate', op: 'ge', variable: 'today' },
        { field: 'status', op: 'in', value: ['SIGNED'] },
      ],
    });
    expect(checkDataset(def, entities)).toEqual({});
    expect(checkDataset(sqlDataset(), entities)).toEqual({});
  });

  it('refuses an entity that does not exist', () => {
    expect(checkDataset(dataset({ entity: 'Ghost' }), entities)).toEqual({
      'definition.entity': 'no entity named Ghost',
    });
  });

  it('refuses a join that is not a reference, is unknown, points at no entity or is repeated', () => {
    const problems = checkDataset(
      dataset({ joins: ['amount', 'nothing', 'regionId', 'customerId', 'customerId'] }),
      entities,
    );
    expect(problems).toEqual({
      'definition.joins.0': 'amount is not a reference, so there is nothing to join',
      'definition.joins.1': 'Contract has no field named nothing',
      'definition.joins.2': 'regionId points at regions, which is no entity you may read',
      'definition.joins.4': 'customerId is joined already',
    });
  });

  it('refuses a filter on a field the dataset lacks (a field of an entity not joined included) or with the wrong value', () => {
    const problems = checkDataset(
      dataset({
        joins: [],
        filters: [
          { field: 'ghost', op: 'eq', value: 1 },
          { field: 'customerId.name', op: 'eq', value: 'x' },
          { field: 'amount', op: 'in', value: 3 },
          { field: 'amount', op: 'isNull', value: 3 },
          { field: 'amount', op: 'gt' },
        ],
      }),
      entities,
    );
    expect(problems).toEqual({
      'definition.filters.0.field': 'no field named ghost',
      'definition.filters.1.field': 'no field named customerId.name',
      'definition.filters.2.value': 'in takes a list of values',
      'definition.filters.3.value': 'isNull takes no value',
      'definition.filters.4.value': 'gt needs a value',
    });
  });

  it('refuses a calculation that does not parse', () => {
    const problems = checkDataset(dataset({ calculated: calculated(['bad', 'amount * (2']) }), entities);
    expect(problems['definition.calculated.0.expression']).toMatch(/^not a valid expression: expected "\)"/);
  });

  it('refuses master., sum(Detail.x) and allocate(): a dataset calculates on its own row', () => {
    const problems = checkDataset(
      dataset({
        calculated: calculated(
          ['a', 'master.amount * 2'],
          ['b', 'sum(Line.amount)'],
          ['c', 'round(allocate(amount, taxRate), 2)'],
        ),
      }),
      entities,
    );
    expect(problems['definition.calculated.0.expression']).toMatch(/^master\.amount reads a document/);
    expect(problems['definition.calculated.1.expression']).toMatch(/^sum\(Line\.amount\) adds up/);
    expect(problems['definition.calculated.2.expression']).toMatch(/^allocate\(\)/);
  });

  it('refuses a calculation reading a field the entity lacks, or one that is not a number', () => {
    const problems = checkDataset(dataset({ calculated: calculated(['x', 'ghost + name * signDate']) }), entities);
    expect(problems['definition.calculated.0.expression']).toBe(
      'no field named ghost; name is not a number; signDate is not a number',
    );
  });

  it('refuses calculations that read each other in a circle, telling each of them', () => {
    const problems = checkDataset(
      dataset({ calculated: calculated(['ok', 'amount * 2'], ['a', 'b + ok'], ['b', 'a * 2'], ['self', 'self + 1']) }),
      entities,
    );
    expect(problems).toEqual({
      'definition.calculated.1.expression': 'reads itself in a circle: a → b → a',
      'definition.calculated.2.expression': 'reads itself in a circle: b → a → b',
      'definition.calculated.3.expression': 'reads itself in a circle: self → self',
    });
  });

  it('refuses a calculated name used twice or taken by an entity field', () => {
    const problems = checkDataset(
      dataset({ calculated: calculated(['amount', '1'], ['net', 'amount'], ['net', 'amount * 2']) }),
      entities,
    );
    expect(problems).toEqual({
      'definition.calculated.0.name': 'amount is a field of Contract already',
      'definition.calculated.2.name': 'a second calculated field named net',
    });
  });

  it('refuses a SQL dataset with a parameter twice, a parameter the server binds, or an undeclared placeholder', () => {
    const problems = checkDataset(
      sqlDataset({
        sql: "select * from t where a = :region and b = :kind and c::date > :since and d = ':quoted' -- :comment",
        parameters: [
          { name: 'region', type: 'string', label: label('R') },
          { name: 'region', type: 'string', label: label('R') },
          { name: 'userId', type: 'number', label: label('U') },
          { name: 'since', type: 'date', label: label('S'), default: '2026-13' },
        ],
      }),
      entities,
    );
    expect(problems).toEqual({
      'definition.parameters.1.name': 'a second parameter named region',
      'definition.parameters.2.name': ':userId is bound by the server to the viewer’s own',
      'definition.parameters.3.default': 'not a date (YYYY-MM-DD)',
      'definition.sql': ':kind is not a declared parameter',
    });
  });

  it('finds placeholders outside strings, quoted names and comments, and never in a cast', () => {
    expect(sqlPlaceholders(`select x::int, ':no', "a:b" /* :nor */ from t where y = :yes and z = :tenantId`)).toEqual([
      'yes',
      'tenantId',
    ]);
  });
});

const chart = (over: Record<string, unknown> = {}): ChartDefinition =>
  chartDefinitionSchema.parse({
    datasetId: 1,
    type: 'bar',
    dimensions: [{ field: 'signDate', bucket: 'month' }],
    measures: [{ field: 'amount', agg: 'sum' }],
    ...over,
  });

describe('a chart', () => {
  const ds = dataset({ calculated: calculated(['net', 'amount * 0.9']) });

  it('passes when what it groups, measures, filters and sorts is in its dataset', () => {
    const def = chart({
      series: { field: 'customerId.name' },
      measures: [{ field: 'net', agg: 'avg' }, { agg: 'count' }, { field: 'name', agg: 'countDistinct' }],
      filters: [{ field: 'status', op: 'eq', value: 'SIGNED' }],
      sort: { by: 'measure:2', order: 'desc' },
    });
    expect(checkChart(def, ds, entities)).toEqual({});
    expect(checkChart(chart({ dimensions: [{ field: 'month', bucket: 'quarter' }] }), sqlDataset(), entities)).toEqual(
      {},
    );
  });

  it('refuses a dataset that is not there', () => {
    expect(checkChart(chart(), null, entities)).toEqual({ 'definition.datasetId': 'no dataset 1' });
  });

  it('refuses an unknown field wherever the chart names one', () => {
    const problems = checkChart(
      chart({
        dimensions: [{ field: 'ghost' }],
        series: { field: 'regionId.name' },
        measures: [{ field: 'nothing', agg: 'sum' }],
        filters: [{ field: 'missing', op: 'notNull' }],
      }),
      ds,
      entities,
    );
    expect(problems).toEqual({
      'definition.dimensions.0.field': 'no field named ghost',
      'definition.series.field': 'no field named regionId.name',
      'definition.measures.0.field': 'no field named nothing',
      'definition.filters.0.field': 'no field named missing',
    });
  });

  it('refuses a sum or average of a text field, and a sum of nothing', () => {
    const problems = checkChart(
      chart({ measures: [{ field: 'name', agg: 'sum' }, { field: 'customerId.name', agg: 'avg' }, { agg: 'max' }] }),
      ds,
      entities,
    );
    expect(problems).toEqual({
      'definition.measures.0.agg': 'sum needs a number, and name is not one: count it instead',
      'definition.measures.1.agg': 'avg needs a number, and customerId.name is not one: count it instead',
      'definition.measures.2.field': 'max needs a field',
    });
  });

  it('refuses a time grain on a field that is not a date', () => {
    expect(checkChart(chart({ dimensions: [{ field: 'name', bucket: 'month' }] }), ds, entities)).toEqual({
      'definition.dimensions.0.bucket': 'name is not a date, so it has no month',
    });
  });

  it('refuses sorting by a measure or dimension the chart lacks', () => {
    expect(checkChart(chart({ sort: { by: 'measure:1', order: 'asc' } }), ds, entities)).toEqual({
      'definition.sort.by': 'there is no measure 1',
    });
    expect(
      checkChart(chart({ type: 'table', dimensions: [], sort: { by: 'dimension', order: 'asc' } }), ds, entities),
    ).toEqual({ 'definition.sort.by': 'the chart has no dimension to sort by' });
  });

  it.each([
    ['pie', { dimensions: [] }, 'definition.dimensions', 'a pie chart takes exactly one dimension'],
    [
      'donut',
      { measures: [{ agg: 'count' }, { agg: 'count' }] },
      'definition.measures',
      'a donut chart takes exactly one measure',
    ],
    ['funnel', { series: { field: 'status' } }, 'definition.series', 'a funnel chart has no series'],
    [
      'treemap',
      { dimensions: [{ field: 'status' }, { field: 'name' }] },
      'definition.dimensions',
      'a treemap chart takes exactly one dimension',
    ],
    ['kpi', {}, 'definition.dimensions', 'a kpi chart takes no dimensions'],
    [
      'gauge',
      { dimensions: [], measures: [{ agg: 'count' }, { agg: 'count' }] },
      'definition.measures',
      'a gauge chart takes exactly one measure',
    ],
    ['heatmap', {}, 'definition.dimensions', 'a heatmap chart takes exactly two dimensions'],
    ['scatter', {}, 'definition.measures', 'a scatter chart takes exactly two measures'],
    ['radar', { dimensions: [] }, 'definition.dimensions', 'a radar chart takes exactly one dimension'],
    ['pivot', {}, 'definition.dimensions', 'a pivot chart takes at least two dimensions'],
  ])('refuses a %s chart without what it needs', (type, over, key, message) => {
    expect(checkChart(chart({ type, ...over }), ds, entities)).toEqual({ [key]: message });
  });

  it('takes anything as a table, and each type with what it needs', () => {
    expect(checkChart(chart({ type: 'table', dimensions: [], series: { field: 'status' } }), ds, entities)).toEqual({});
    const two = [{ field: 'signDate', bucket: 'month' }, { field: 'status' }];
    expect(checkChart(chart({ type: 'heatmap', dimensions: two }), ds, entities)).toEqual({});
    expect(checkChart(chart({ type: 'pivot', dimensions: two }), ds, entities)).toEqual({});
    expect(
      checkChart(
        chart({ type: 'scatter', measures: [{ field: 'amount', agg: 'sum' }, { agg: 'count' }] }),
        ds,
        entities,
      ),
    ).toEqual({});
  });

  it('compares only as a KPI, over a date field it names', () => {
    const kpi = (over: Record<string, unknown>) =>
      chart({ type: 'kpi', dimensions: [], compare: 'previousYear', ...over });
    expect(checkChart(kpi({ compareField: 'signDate' }), ds, entities)).toEqual({});
    expect(checkChart(kpi({ compareField: 'customerId.since' }), ds, entities)).toEqual({});
    expect(checkChart(kpi({}), ds, entities)).toEqual({
      'definition.compareField': 'a comparison needs the date field it shifts',
    });
    expect(checkChart(kpi({ compareField: 'amount' }), ds, entities)).toEqual({
      'definition.compareField': 'amount is not a date',
    });
    expect(checkChart(kpi({ compareField: 'ghost' }), ds, entities)).toEqual({
      'definition.compareField': 'no field named ghost',
    });
    expect(checkChart(chart({ compare: 'previousPeriod', compareField: 'signDate' }), ds, entities)).toEqual({
      'definition.compare': 'only a KPI compares with a previous period',
    });
  });
});

const fieldsOf = (def: DatasetDefinition) => datasetFields(def, entities);
const charts: DashboardChartFields = new Map([
  [1, fieldsOf(dataset())],
  [2, fieldsOf(sqlDataset())],
  [3, fieldsOf(dataset())],
]);

const tile = (id: string, x: number, y: number, w: number, h: number, chartId: number | null = null) => ({
  id,
  kind: chartId === null ? 'text' : 'chart',
  chartId,
  x,
  y,
  w,
  h,
});

const dashboard = (over: Record<string, unknown> = {}): DashboardDefinition =>
  dashboardDefinitionSchema.parse({
    items: [tile('a', 0, 0, 12, 6, 1), tile('b', 12, 0, 12, 6, 2), tile('note', 0, 6, 24, 2)],
    filters: [
      {
        id: 'when',
        kind: 'dateRange',
        label: label('When'),
        targets: [
          { chartId: 1, field: 'signDate' },
          { chartId: 2, field: 'month' },
        ],
      },
    ],
    ...over,
  });

describe('a dashboard', () => {
  it('passes with tiles side by side and filters on the fields its charts have', () => {
    expect(checkDashboard(dashboard(), charts)).toEqual({});
  });

  it('refuses tiles that overlap or reach past column 24', () => {
    const problems = checkDashboard(
      dashboard({
        items: [tile('a', 0, 0, 12, 6, 1), tile('b', 6, 3, 12, 6, 2), tile('c', 20, 10, 6, 2)],
        filters: [],
      }),
      charts,
    );
    expect(problems).toEqual({
      'definition.items.1': 'overlaps a',
      'definition.items.2.w': "reaches column 26, past the grid's 24",
    });
  });

  it('refuses a chart tile naming a chart that does not exist, or none, and a tile id twice', () => {
    const problems = checkDashboard(
      dashboard({
        items: [tile('a', 0, 0, 6, 6, 99), { ...tile('b', 6, 0, 6, 6), kind: 'chart' }, tile('a', 12, 0, 6, 6, 1)],
        filters: [],
      }),
      charts,
    );
    expect(problems).toEqual({
      'definition.items.0.chartId': 'no chart 99',
      'definition.items.1.chartId': 'a chart tile names its chart',
      'definition.items.2.id': 'a second tile named a',
    });
  });

  it('refuses a filter on a chart not on the dashboard, a field its dataset lacks, and a date range on a non-date', () => {
    const filter = (kind: string, targets: { chartId: number; field: string }[]) => ({
      id: kind,
      kind,
      label: label(kind),
      targets,
    });
    const problems = checkDashboard(
      dashboard({
        filters: [
          filter('dateRange', [
            { chartId: 3, field: 'signDate' },
            { chartId: 1, field: 'name' },
            { chartId: 2, field: 'ghost' },
          ]),
          filter('select', [
            { chartId: 1, field: 'customerId.name' },
            { chartId: 1, field: 'status' },
          ]),
        ],
      }),
      charts,
    );
    expect(problems).toEqual({
      'definition.filters.0.targets.0.chartId': 'chart 3 is not on the dashboard',
      'definition.filters.0.targets.1.field': "name is not a date, so a date range can't filter it",
      'definition.filters.0.targets.2.field': "chart 2's dataset has no field ghost",
      'definition.filters.1.targets.1.chartId': 'chart 1 is filtered once already',
    });
  });
});

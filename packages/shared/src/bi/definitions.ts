import { z } from 'zod';
import { filterOperators, scopeVariables } from '../contracts/data-permission.ts';
import { id } from '../contracts/values.ts';

/**
 * The BI designer's definitions (/BIDesign): datasets say where rows come from, charts say how a dataset is
 * grouped, measured and drawn, dashboards lay charts out and filter them together. Plain data, stored as
 * jsonb and checked by these schemas on both sides; the meaning checks (a field that exists, a measure on a
 * number, calculated fields that don't read each other in a circle) are `checkDataset` and `checkChart`.
 */

const label = z.strictObject({ en: z.string().max(100), zh: z.string().max(100) });
export type BiLabel = z.infer<typeof label>;

/**
 * A field of a dataset as charts name it: an entity's field (`amountInclTax`), a field of the entity a
 * followed reference points at (`customerId.name`), a calculated field, or a SQL dataset's column.
 */
export const datasetFieldName = z
  .string()
  .min(1)
  .max(130)
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?$/, 'a field name, or reference.field');

/** The value types a dataset's fields have for charting; `number` is what measures other than count need. */
export const biValueTypes = ['number', 'string', 'date', 'datetime', 'boolean'] as const;
export type BiValueType = (typeof biValueTypes)[number];

/** A condition on a dataset's field: the data-permission operators, with a literal or a variable. */
const scalar = z.union([z.string().max(200), z.number(), z.boolean()]);
export const biConditionSchema = z.strictObject({
  field: datasetFieldName,
  op: z.enum(filterOperators),
  value: z.union([scalar, z.array(z.union([z.string().max(200), z.number()])).max(100)]).optional(),
  variable: z.enum(scopeVariables).optional(),
});
export type BiCondition = z.infer<typeof biConditionSchema>;

/** A number worked out per row from the other fields, in the computed fields' expression language. */
export const calculatedFieldSchema = z.strictObject({
  name: z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/, 'a camelCase name'),
  label,
  expression: z.string().min(1).max(500),
});
export type CalculatedField = z.infer<typeof calculatedFieldSchema>;

/**
 * Rows of an entity (built-in or designed), read through the same tenant and data-scope condition as its
 * lists; `joins` are its reference fields whose target entity's fields become `<reference>.<field>` (the
 * target's rows are joined within the viewer's scope of that entity too: out of scope, its fields are empty).
 */
export const entityDatasetSchema = z.strictObject({
  kind: z.literal('entity'),
  entity: z.string().regex(/^[A-Z][A-Za-z0-9]*$/),
  joins: z
    .array(z.string().regex(/^[a-z][A-Za-z0-9]*$/))
    .max(5)
    .default([]),
  calculated: z.array(calculatedFieldSchema).max(30).default([]),
  /** Always applied: rows outside them are not in the dataset. */
  filters: z.array(biConditionSchema).max(20).default([]),
});

/** A typed parameter of a SQL dataset: written `:name` in the statement, bound, never spliced. */
export const sqlParameterSchema = z.strictObject({
  name: z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/),
  type: z.enum(['string', 'number', 'date']),
  label,
  default: z
    .union([z.string().max(200), z.number()])
    .nullable()
    .default(null),
});
export type SqlParameter = z.infer<typeof sqlParameterSchema>;

/** An output column of a SQL dataset, as its Try found it; charts name these. */
export const sqlColumnSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/),
  type: z.enum(biValueTypes),
  label,
});
export type SqlColumn = z.infer<typeof sqlColumnSchema>;

/**
 * One read-only SELECT on the main database (`dataSourceId` null: run as the tenant's SQL role under row-level
 * security) or on an external data source (its read-only account). Stored on the server; viewers run it by
 * the chart's id with typed parameters only.
 */
export const sqlDatasetSchema = z.strictObject({
  kind: z.literal('sql'),
  dataSourceId: id.nullable(),
  sql: z.string().min(1).max(4000),
  parameters: z.array(sqlParameterSchema).max(10).default([]),
  columns: z.array(sqlColumnSchema).min(1).max(60),
});

export const datasetDefinitionSchema = z.discriminatedUnion('kind', [entityDatasetSchema, sqlDatasetSchema]);
export type DatasetDefinition = z.infer<typeof datasetDefinitionSchema>;
export type EntityDataset = z.infer<typeof entityDatasetSchema>;
export type SqlDataset = z.infer<typeof sqlDatasetSchema>;

export const chartTypes = [
  'bar',
  'stackedBar',
  'line',
  'area',
  'pie',
  'donut',
  'scatter',
  'funnel',
  'gauge',
  'radar',
  'heatmap',
  'treemap',
  'kpi',
  'table',
  'pivot',
] as const;
export type ChartType = (typeof chartTypes)[number];

/** Time grains (a date truncated to its period's first day) and date parts (a number: 1–12, 1 Monday–7). */
export const timeGrains = ['day', 'week', 'month', 'quarter', 'year'] as const;
export const dateParts = ['monthOfYear', 'dayOfWeek'] as const;
export const dateBuckets = [...timeGrains, ...dateParts] as const;
export type TimeGrain = (typeof timeGrains)[number];
export type DateBucket = (typeof dateBuckets)[number];

export const aggregates = ['sum', 'avg', 'min', 'max', 'count', 'countDistinct'] as const;
export type Aggregate = (typeof aggregates)[number];

export const dimensionSchema = z.strictObject({
  field: datasetFieldName,
  /** For a date or date-time field: its grain or part; absent, the value itself. */
  bucket: z.enum(dateBuckets).optional(),
  label: label.optional(),
});
export type Dimension = z.infer<typeof dimensionSchema>;

export const measureSchema = z.strictObject({
  /** Absent with `count`: the number of rows. */
  field: datasetFieldName.optional(),
  agg: z.enum(aggregates),
  label: label.optional(),
});
export type Measure = z.infer<typeof measureSchema>;

export const numberFormats = ['plain', 'thousands', 'percent', 'currency', 'compact'] as const;

export const chartStyleSchema = z.strictObject({
  /** Series colours in order, `#rrggbb`; empty: the theme's. */
  colors: z
    .array(z.string().regex(/^#[0-9a-fA-F]{6}$/))
    .max(12)
    .default([]),
  showLabels: z.boolean().default(false),
  showLegend: z.boolean().default(true),
  numberFormat: z.enum(numberFormats).default('thousands'),
  decimals: z.number().int().min(0).max(6).default(0),
  /** How a date dimension's values are written: a dayjs pattern; empty: by its grain (2026-03, 2026 Q1…). */
  dateFormat: z.string().max(30).default(''),
  /** Gauge: the dial's end. */
  max: z.number().optional(),
});
export type ChartStyle = z.infer<typeof chartStyleSchema>;

/**
 * How a chart reads its dataset: `dimensions` group the rows (the first is the x axis or the slices; a
 * pivot's further ones are its columns; a heatmap's second is its y axis), `series` splits each group into
 * series (stacked bars, lines), `measures` are what is counted or added up.
 */
export const chartDefinitionSchema = z.strictObject({
  datasetId: id,
  type: z.enum(chartTypes),
  dimensions: z.array(dimensionSchema).max(3).default([]),
  series: dimensionSchema.nullable().default(null),
  measures: z.array(measureSchema).min(1).max(10),
  filters: z.array(biConditionSchema).max(20).default([]),
  /** `by`: 'dimension' (the first) or the measure's index as 'measure:0'. */
  sort: z
    .strictObject({ by: z.string().regex(/^(dimension|measure:\d)$/), order: z.enum(['asc', 'desc']) })
    .nullable()
    .default(null),
  limit: z.number().int().min(1).max(10_000).default(1000),
  /** KPI: the same measure over the period before the dashboard's date range (or the year before). */
  compare: z.enum(['none', 'previousPeriod', 'previousYear']).default('none'),
  /** The date field the KPI's comparison shifts (the dashboard's date filter sets its range). */
  compareField: datasetFieldName.nullable().default(null),
  style: chartStyleSchema.default(chartStyleSchema.parse({})),
  /** How long a result is kept for the same query, parameters and viewer's scope; 0: not cached. */
  cacheSeconds: z.number().int().min(0).max(86_400).default(300),
});
export type ChartDefinition = z.infer<typeof chartDefinitionSchema>;

/** A dashboard tile on a 24-column grid: a chart, or a text (plain text, paragraphs kept). */
export const dashboardItemSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  kind: z.enum(['chart', 'text']),
  chartId: id.nullable().default(null),
  text: z.string().max(5000).default(''),
  x: z.number().int().min(0).max(23),
  y: z.number().int().min(0).max(500),
  w: z.number().int().min(1).max(24),
  h: z.number().int().min(1).max(40),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

/** A dashboard filter, and for each chart it reaches, which of that chart's dataset fields it filters. */
export const dashboardFilterSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  kind: z.enum(['dateRange', 'select']),
  label,
  targets: z.array(z.strictObject({ chartId: id, field: datasetFieldName })).max(40),
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

export const dashboardDefinitionSchema = z.strictObject({
  items: z.array(dashboardItemSchema).max(40).default([]),
  filters: z.array(dashboardFilterSchema).max(10).default([]),
  /** Clicking a bar or slice filters the other charts that show the same dataset field. */
  crossFilter: z.boolean().default(true),
  /** 0: no auto-refresh; else seconds between refreshes. */
  refreshSeconds: z.union([z.literal(0), z.number().int().min(30).max(86_400)]).default(0),
});
export type DashboardDefinition = z.infer<typeof dashboardDefinitionSchema>;

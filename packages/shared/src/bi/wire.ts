import { z } from 'zod';
import { id } from '../contracts/values.ts';
import {
  biValueTypes,
  chartDefinitionSchema,
  dashboardDefinitionSchema,
  datasetDefinitionSchema,
  datasetFieldName,
  sqlDatasetSchema,
  timeGrains,
} from './definitions.ts';

/**
 * The wire shapes of the BI designer (/api/bi/*) and of viewing dashboards: the server's schemas and the
 * browser's types, said once.
 */

const name = z.string().trim().min(1).max(100);
const description = z.string().max(500).default('');
/** The version a save is made over: a save over another's newer one answers 409 and keeps nothing. */
const version = z.number().int().min(1);

const owned = {
  id,
  name,
  description: z.string(),
  ownerId: id.nullable(),
  ownerName: z.string().nullable(),
  version,
  updatedAt: z.string(),
};

/** A dataset as saved: name, what it reads, and the version to save over. */
export const datasetSaveSchema = z.strictObject({
  id: id.optional(),
  name,
  description,
  definition: datasetDefinitionSchema,
  version: version.optional(),
});
export type DatasetSave = z.infer<typeof datasetSaveSchema>;
export const datasetSchema = z.object({ ...owned, definition: datasetDefinitionSchema });
export type Dataset = z.infer<typeof datasetSchema>;

export const chartSaveSchema = z.strictObject({
  id: id.optional(),
  name,
  description,
  definition: chartDefinitionSchema,
  version: version.optional(),
});
export type ChartSave = z.infer<typeof chartSaveSchema>;
export const chartSchema = z.object({ ...owned, definition: chartDefinitionSchema });
export type Chart = z.infer<typeof chartSchema>;

export const dashboardSaveSchema = z.strictObject({
  id: id.optional(),
  name,
  description,
  definition: dashboardDefinitionSchema,
  /** The roles whose users may open it (with the Dashboards screen's grant); their data scope still applies. */
  shareRoles: z.array(id).max(100).default([]),
  version: version.optional(),
});
export type DashboardSave = z.infer<typeof dashboardSaveSchema>;
export const dashboardSchema = z.object({
  ...owned,
  definition: dashboardDefinitionSchema,
  shareRoles: z.array(id),
  /**
   * Published as an entry of its viewers' menus (/dashboards/<id>): the code of the menu folder it sits under,
   * '' at the top level; null when it is not published.
   */
  menuCode: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A row of /BIDesign's lists: what it is, whose, shared with whom, and what uses it. */
export const biListItemSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  /** Dataset: 'entity' or 'sql'; chart: its type; dashboard: 'dashboard'. */
  kind: z.string(),
  /** Dataset: its entity or data source; chart: its dataset's name; dashboard: 'menu' when published as an entry. */
  source: z.string(),
  ownerName: z.string().nullable(),
  /** Dashboards: the names of the roles it is shared with. */
  sharedWith: z.array(z.string()),
  /** How many charts use a dataset, how many dashboards show a chart. */
  usedBy: z.number().int(),
  updatedAt: z.string(),
});
export type BiListItem = z.infer<typeof biListItemSchema>;

/**
 * Publishing a dashboard as an entry of its viewers' menu (/dashboards/<id>): under the menu folder with the code
 * `parentMenu`, or at the top level without one.
 */
export const dashboardPublishSchema = z.strictObject({
  id,
  parentMenu: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/)
    .nullable()
    .default(null),
});
export type DashboardPublish = z.infer<typeof dashboardPublishSchema>;

/** A field a dataset offers to charts: its name, words, type, and the dictionary its codes come from. */
export const datasetFieldSchema = z.object({
  name: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  type: z.enum(biValueTypes),
  dictionary: z.string().nullable(),
  /** Where it comes from: the entity, a followed reference, a calculation, or the SQL's output. */
  origin: z.enum(['field', 'reference', 'calculated', 'column']),
});
export type DatasetField = z.infer<typeof datasetFieldSchema>;

/**
 * A filter a viewer applies at run time (dashboard filters, a cross-filter click, a drill): on one dataset
 * field, equal to one of `values`, or between `from` and `to` (dates, inclusive).
 */
export const runFilterSchema = z.union([
  z.strictObject({
    field: datasetFieldName,
    values: z
      .array(z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
      .min(1)
      .max(100),
  }),
  z.strictObject({
    field: datasetFieldName,
    from: z.string().date().nullable(),
    to: z.string().date().nullable(),
  }),
]);
export type RunFilter = z.infer<typeof runFilterSchema>;

/** One chart to answer in a batch: a saved one by id, or (designers only) a definition being built. */
export const runItemSchema = z
  .strictObject({
    key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    chartId: id.optional(),
    chart: chartDefinitionSchema.optional(),
    filters: z.array(runFilterSchema).max(20).default([]),
    /** A drill: the first dimension's time grain instead of the chart's own. */
    grain: z.enum(timeGrains).optional(),
    /** A SQL dataset's parameters, typed by its definition. */
    parameters: z.record(z.string(), z.union([z.string().max(200), z.number(), z.null()])).default({}),
  })
  .refine((i) => (i.chartId === undefined) !== (i.chart === undefined), {
    message: 'give a chartId or a chart, not both',
  });
export type RunItem = z.infer<typeof runItemSchema>;

/** A batch: every chart of a dashboard in one request, answered concurrently. */
export const runRequestSchema = z.strictObject({
  /** Viewing a dashboard: its charts are run as the dashboard's viewer may (shared roles), not as a designer. */
  dashboardId: id.optional(),
  /** Viewing a published page: the charts on it (its chart and dashboard blocks'), if it is shared with the viewer. */
  pageId: id.optional(),
  items: z.array(runItemSchema).min(1).max(40),
});
export type RunRequest = z.infer<typeof runRequestSchema>;

export const resultColumnSchema = z.object({
  name: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  type: z.enum(biValueTypes),
  role: z.enum(['dimension', 'series', 'measure']),
  /** A dimension's dictionary: the browser shows its codes as their names. */
  dictionary: z.string().nullable(),
  /** The dataset field it reads (a dimension's, for filtering by a click); null for a count of rows. */
  field: z.string().nullable(),
  bucket: z.string().nullable(),
});
export type ResultColumn = z.infer<typeof resultColumnSchema>;

export const chartResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    columns: z.array(resultColumnSchema),
    /** Values in the columns' order: numbers as numbers, dates as YYYY-MM-DD, labels of references as text. */
    rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    /** KPI with a comparison: each measure over the period compared with. */
    previous: z.array(z.number().nullable()).nullable(),
    /** More groups than the limit: the rest were left out. */
    truncated: z.boolean(),
    cached: z.boolean(),
    /**
     * The database's time for this chart's statement(s) in milliseconds, as the server waited for them (the
     * query and, for a KPI's comparison, the one over the period before, side by side); 0 from the cache.
     */
    ms: z.number(),
    /** The dictionaries' names for the codes in the rows, per dictionary, in the reader's language. */
    dictionaries: z.record(z.string(), z.record(z.string(), z.string())),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ChartResult = z.infer<typeof chartResultSchema>;

export const runResponseSchema = z.object({
  results: z.record(z.string(), chartResultSchema),
  /** Server time of the whole batch, in milliseconds. */
  ms: z.number(),
});
export type RunResponse = z.infer<typeof runResponseSchema>;

/** What a SQL dataset's Try answers: its columns as found, and a few rows. */
export const sqlTrySchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.enum(biValueTypes) })),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type SqlTry = z.infer<typeof sqlTrySchema>;

/**
 * A SQL dataset's statement tried before it is saved (POST /api/bi/sql/try): on the main database (null) or a
 * data source, with its declared parameters and the values to try them with.
 */
export const sqlTryRequestSchema = z.strictObject({
  dataSourceId: id.nullable(),
  sql: sqlDatasetSchema.shape.sql,
  parameters: sqlDatasetSchema.shape.parameters,
  values: runItemSchema.shape.parameters,
});
export type SqlTryRequest = z.infer<typeof sqlTryRequestSchema>;

/** One chart's result as a workbook (POST /api/bi/export): the same item and access rules as a run. */
export const biExportRequestSchema = z.strictObject({
  dashboardId: id.optional(),
  pageId: id.optional(),
  item: runItemSchema,
});
export type BiExportRequest = z.infer<typeof biExportRequestSchema>;

/** A dashboard a viewer may open (Dashboards screen): no definition of its charts' datasets, only what to draw. */
export const dashboardViewSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  definition: dashboardDefinitionSchema,
  /** The charts it shows, with their definitions (what to draw and which fields a click filters). */
  charts: z.array(z.object({ id, name: z.string(), definition: chartDefinitionSchema })),
  /** Each chart's dataset fields, for the filters' pick lists and the cross-filter (no SQL, no entity). */
  fields: z.record(z.string(), z.array(datasetFieldSchema)),
  version,
});
export type DashboardView = z.infer<typeof dashboardViewSchema>;

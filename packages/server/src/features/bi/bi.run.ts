import { randomUUID } from 'node:crypto';
import {
  type BiProblems,
  type ChartDefinition,
  type ChartResult,
  checkChart,
  checkDataset,
  type DatasetDefinition,
  type FieldMeta,
  type RunItem,
  type RunRequest,
  type RunResponse,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { UserSql } from '../../db/user-sql.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { type DictItem, itemLabel, loadDictionaries } from '../../engine/excel-common.ts';
import { type DataScope, dataScopeOf, grantExpr, scopeExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { type CallerAccess, callerAccess, checkViewer } from './bi.access.ts';
import type { BiCache } from './bi.cache.ts';
import { comparedFilters } from './bi.compare.ts';
import { type CompiledChart, compileChart, type DatasetSource, resultRows } from './bi.query.ts';
import { type DatasetRow, notFound, type RunChart, readDatasets, readRunCharts } from './bi.repository.ts';
import { entitySource, type ScopeOf, screensOf } from './bi.source.ts';
import { dialectOf, type ExternalSelect, parameterProblems, runSqlStatement, sqlSource } from './bi.sql.ts';

/**
 * The batched run (POST /api/bi/run): every chart of a dashboard in one request, answered concurrently. A
 * designer runs any saved chart or the definition being built; a dashboard's viewer runs, by id, only the
 * charts on a dashboard shared with them. Every chart query goes through its dataset's source, so the
 * viewer's tenant and data scope apply whoever asks.
 *
 * A batch's reads before its queries are few and side by side, since for a small scope (a viewer's few
 * projects) they would cost more than the queries: who is asking and the dashboard's sharing in one statement,
 * beside all its charts with their datasets in another; then the data scope of every screen its datasets read,
 * in one; then each chart's query, beside the names of its dictionaries (read once per batch).
 */

export type RunDeps = {
  db: Db;
  /** The registry's live list (a table design applied at run time is in it). */
  definitions: EntityDefinition[];
  userSql: UserSql;
  external?: ExternalSelect | undefined;
  cache: BiCache;
  /**
   * The charts the caller may run on published page `pageId` (features/pages, handed in by app.ts); null when it
   * is not published or not shared with them.
   */
  pageCharts?: ((auth: AuthContext, pageId: number) => Promise<number[] | null>) | undefined;
};

export type RunContext = RunDeps & {
  auth: AuthContext;
  lang: Language;
  timeZone: string;
  log: { error(obj: unknown, msg: string): void };
  scopeOf: ScopeOf;
  /** Reads the data scope of these screens at once (a batch's, before its charts are compiled). */
  readScopes(menus: readonly string[]): void;
  /** A dictionary's items, read once per request. */
  dictionary(code: string): Promise<DictItem[]>;
};

type Ok = Extract<ChartResult, { ok: true }>;

/** A result is kept only while it is small: a cache of 500 results must not hold 500 pivot tables' worth. */
const CACHED_CELLS = 50_000;

/** Reads started ahead of the one awaiting them: a failure is that one's to answer, never unhandled meanwhile. */
function ahead<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {});
  return read;
}

/**
 * The viewer's data scope on a screen: the roles holding its Search, as the session check computes it for
 * the screen's own routes (none: no rows). Read once per screen and request; a batch's screens in one statement.
 */
export function scopeReader(db: Db, auth: AuthContext): Pick<RunContext, 'scopeOf' | 'readScopes'> {
  const read = new Map<string, Promise<DataScope>>();
  const none = (): DataScope => ({ organizationId: auth.dataScope.organizationId, roles: [] });
  const readScopes = (menus: readonly string[]) => {
    const missing = [...new Set(menus)].filter((menu) => !read.has(menu));
    if (missing.length === 0) return;
    const user = sql`${auth.userId}`;
    const columns = missing.map(
      (menu, i) =>
        sql`${grantExpr(user, menu, 'Search')} as ${sql.identifier(`g${i}`)}, ${scopeExpr(user, { menu, button: 'Search' })} as ${sql.identifier(`s${i}`)}`,
    );
    const row = queryRows<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`).then(
      ([found]) => found ?? {},
    );
    missing.forEach((menu, i) => {
      // A chart that fails before it compiles (a join that is no reference) never asks for its screens.
      read.set(menu, ahead(row.then((r) => (r[`g${i}`] === true ? dataScopeOf(r[`s${i}`]) : none()))));
    });
  };
  return {
    readScopes,
    scopeOf: (menu) => {
      readScopes([menu]);
      return read.get(menu) as Promise<DataScope>;
    },
  };
}

/** A dictionary's items in the tenant, read once per request however many charts show its codes. */
function dictionaryReader(db: Db, tenantId: number): RunContext['dictionary'] {
  const read = new Map<string, Promise<DictItem[]>>();
  return (code) => {
    let items = read.get(code);
    if (!items) {
      const field: FieldMeta = { name: code, type: 'dict', label: { en: code, zh: code }, dictionary: code };
      items = ahead(loadDictionaries(db, tenantId, [field]).then((found) => found.get(code) ?? []));
      read.set(code, items);
    }
    return items;
  };
}

export function runContext(
  deps: RunDeps,
  auth: AuthContext,
  at: Pick<RunContext, 'lang' | 'timeZone' | 'log'>,
): RunContext {
  return {
    ...deps,
    ...at,
    auth,
    ...scopeReader(deps.db, auth),
    dictionary: dictionaryReader(deps.db, auth.tenantId),
  };
}

async function sourceOf(ctx: RunContext, dataset: DatasetDefinition, item: RunItem): Promise<DatasetSource> {
  if (dataset.kind === 'entity')
    return entitySource({
      definitions: ctx.definitions,
      auth: ctx.auth,
      dataset,
      lang: ctx.lang,
      timeZone: ctx.timeZone,
      scopeOf: ctx.scopeOf,
    });
  const dialect = await dialectOf(ctx.db, dataset.dataSourceId);
  return sqlSource({ dataset, parameters: item.parameters, auth: ctx.auth, timeZone: ctx.timeZone, dialect });
}

async function rowsOf(ctx: RunContext, dataset: DatasetDefinition, source: DatasetSource, compiled: CompiledChart) {
  if (dataset.kind === 'entity') return queryRows<Record<string, unknown>>(ctx.db, compiled.query);
  return runSqlStatement(ctx, ctx.auth, dataset.dataSourceId, source.dialect, compiled.query, compiled.limit + 1);
}

/**
 * The names of the codes the rows will show, per dictionary, in the reader's language: the dictionaries are
 * known from the columns, so they are read beside the query, and named once its rows are in.
 */
async function dictionaryNames(ctx: RunContext, columns: Ok['columns']) {
  const coded = columns.flatMap((c, i) => (c.dictionary ? [{ code: c.dictionary, at: i }] : []));
  const items = await Promise.all(coded.map(({ code }) => ctx.dictionary(code)));
  return (rows: Ok['rows']): Ok['dictionaries'] => {
    const out: Ok['dictionaries'] = {};
    coded.forEach(({ code, at }, k) => {
      const shown = new Set(
        rows
          .map((r) => r[at])
          .filter((v) => v !== null)
          .map(String),
      );
      const names = out[code] ?? {};
      out[code] = names;
      for (const item of items[k] ?? [])
        if (shown.has(item.value) && names[item.value] === undefined) names[item.value] = itemLabel(item, ctx.lang);
    });
    return out;
  };
}

/** Milliseconds to a tenth, as the answer gives them. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One chart's answer: from the cache when the same statement over unchanged tables was answered lately. Its `ms`
 * is the time the chart's statement(s) took, from sending to the rows (the KPI's two side by side): the
 * database's work for this chart, without the batch's reads before it.
 */
export async function chartResult(
  ctx: RunContext,
  chart: ChartDefinition,
  dataset: DatasetDefinition,
  item: RunItem,
): Promise<Ok> {
  const source = await sourceOf(ctx, dataset, item);
  const compiled = compileChart(source, chart, item);
  const shifted = comparedFilters(chart, item.filters);
  const before = shifted ? await sourceOf(ctx, dataset, item) : null;
  const previous =
    shifted && before ? { source: before, compiled: compileChart(before, chart, { filters: shifted }) } : null;
  const statement = [
    ctx.lang,
    dataset.kind === 'sql' ? dataset.dataSourceId : 'entity',
    source.dialect.render(compiled.query),
    previous?.source.dialect.render(previous.compiled.query) ?? null,
  ];
  const key = ctx.cache.keyOf(ctx.auth.tenantId, source.tables(), statement);
  const hit = key ? ctx.cache.get<Ok>(key, chart.cacheSeconds) : undefined;
  // The rows are the statement's; the columns are this chart's: another chart may ask the same statement with
  // a date as its series instead of its x axis, or under labels of its own.
  if (hit) return { ...hit, columns: compiled.columns, cached: true, ms: 0 };
  const started = performance.now();
  let ms = 0;
  const queried = Promise.all([
    rowsOf(ctx, dataset, source, compiled),
    previous ? rowsOf(ctx, dataset, previous.source, previous.compiled) : null,
  ]).then((answers) => {
    ms = performance.now() - started;
    return answers;
  });
  const [[found, earlier], named] = await Promise.all([queried, dictionaryNames(ctx, compiled.columns)]);
  const { rows, truncated } = resultRows(found, compiled);
  const measures = compiled.columns.filter((c) => c.role === 'measure');
  const prior = earlier && previous ? resultRows(earlier, previous.compiled).rows[0] : undefined;
  const result: Ok = {
    ok: true,
    columns: compiled.columns,
    rows,
    previous: previous
      ? measures.map((_, i) => {
          const v = prior?.[compiled.columns.length - measures.length + i];
          return typeof v === 'number' ? v : null;
        })
      : null,
    truncated,
    cached: false,
    ms: tenths(ms),
    dictionaries: named(rows),
  };
  if (key && rows.length * compiled.columns.length <= CACHED_CELLS) ctx.cache.set(key, result, chart.cacheSeconds);
  return result;
}

/** A chart's failure as its answer: a problem with what was asked in words; a fault of ours logged under an id. */
export function failed(ctx: Pick<RunContext, 'log'>, err: unknown): ChartResult {
  if (err instanceof AppError && err.statusCode < 500) return { ok: false, message: err.message };
  const errorId = randomUUID();
  ctx.log.error({ err, errorId }, 'a BI chart failed');
  return { ok: false, message: `The chart could not be computed (error id ${errorId})` };
}

/** What an item runs: a chart and its dataset (titled for its export), or why it can't, answered beside the rest. */
type Planned = { chart: ChartDefinition; dataset: DatasetDefinition; title: string } | { failure: unknown };

/** What a batch reads before it runs anything: who is asking (and the dashboard), its charts and datasets. */
type BatchRead = { access: CallerAccess; charts: Map<number, RunChart>; datasets: Map<number, DatasetRow> };

/** The three reads side by side: nothing read is used before the access check has passed. */
async function readBatch(ctx: RunContext, dashboardId: number | undefined, items: RunItem[]): Promise<BatchRead> {
  const chartIds = items.flatMap((item) => (item.chartId === undefined ? [] : [item.chartId]));
  const datasetIds = items.flatMap((item) => (item.chart ? [item.chart.datasetId] : []));
  const [access, charts, datasets] = await Promise.all([
    callerAccess(ctx.db, ctx.auth, dashboardId),
    readRunCharts(ctx.db, [...new Set(chartIds)]),
    readDatasets(ctx.db, [...new Set(datasetIds)]),
  ]);
  return { access, charts, datasets };
}

/** A saved chart and its dataset; a chart that is gone (or another tenant's) fails alone. */
function savedChart(charts: BatchRead['charts'], chartId: number): Planned {
  const found = charts.get(chartId);
  if (!found) return { failure: notFound('chart', chartId) };
  if (!found.dataset) return { failure: notFound('dataset', found.datasetId) };
  return { chart: found.definition, dataset: found.dataset, title: found.name };
}

/** A definition being built: its problems and its dataset's make the whole request a 400, keyed by item. */
function unsavedChart(ctx: RunContext, datasets: BatchRead['datasets'], chart: ChartDefinition, at: number): Planned {
  const dataset = datasets.get(chart.datasetId);
  const entities = ctx.definitions.map((d) => d.meta);
  const problems: BiProblems = {};
  for (const [path, message] of Object.entries(checkChart(chart, dataset?.definition, entities)))
    problems[path.replace(/^definition/, `items.${at}.chart`)] = message;
  if (dataset)
    for (const [path, message] of Object.entries(checkDataset(dataset.definition, entities)))
      problems[path.replace(/^definition/, `items.${at}.dataset`)] = message;
  const [first] = Object.entries(problems);
  // No dataset is a problem of the chart's (its datasetId) already.
  if (first || !dataset) throw badRequest(`The chart can't be run: ${first?.[0]} ${first?.[1]}`, problems);
  return { chart, dataset: dataset.definition, title: 'Chart' };
}

/** Where the charts are viewed: a dashboard, or a published page (each shared with its viewers). */
export type RunPlace = { dashboardId?: number | undefined; pageId?: number | undefined };

/**
 * Who may run what: a designer anything; anyone else only by id, the charts on the page named (which must be
 * published and shared with them: 403 otherwise) or on the dashboard named, which must be shared with them
 * (checkViewer: 404 when there is none or it is not shared, 403 without the Dashboards grant).
 */
function checkRunAccess(access: CallerAccess, place: RunPlace, onPage: number[] | null, items: RunItem[]) {
  if (access.designer) return;
  const { dashboardId, pageId } = place;
  if (pageId !== undefined && onPage === null)
    throw forbidden(`Page ${pageId} is not published or not shared with you`);
  if (pageId === undefined) {
    if (dashboardId === undefined) throw forbidden('Only BI designers run charts outside a dashboard');
    checkViewer(access, dashboardId);
  }
  const chartIds = onPage ?? access.dashboard?.chartIds ?? [];
  const where = pageId === undefined ? `dashboard ${dashboardId}` : `page ${pageId}`;
  for (const item of items) {
    if (item.chartId === undefined)
      throw forbidden(`A ${pageId === undefined ? 'dashboard' : 'page'}’s viewer runs its charts by id only`);
    if (!chartIds.includes(item.chartId)) throw forbidden(`Chart ${item.chartId} is not on ${where}`);
  }
}

/** The item's parameter values against its dataset's: a value of the wrong type is a 400 naming it. */
function checkParameters(planned: Planned, item: RunItem, at: number) {
  if ('failure' in planned) return;
  const declared = planned.dataset.kind === 'sql' ? planned.dataset.parameters : [];
  const problems = Object.entries(parameterProblems(declared, item.parameters));
  const [first] = problems;
  if (first)
    throw badRequest(
      `items.${at}.parameters: ${first[0]} ${first[1]}`,
      Object.fromEntries(problems.map(([name, problem]) => [`items.${at}.parameters.${name}`, problem])),
    );
}

/**
 * What each item of a batch asks to run, checked: the caller's access first (403/404 for the whole request),
 * then an unsaved definition's problems and wrong parameters (400). The data scope of every screen the batch's
 * datasets read is asked for at once, before any chart is compiled.
 */
export async function planBatch(ctx: RunContext, place: RunPlace, items: RunItem[]) {
  const { pageId } = place;
  const [read, onPage] = await Promise.all([
    readBatch(ctx, place.dashboardId, items),
    pageId === undefined ? null : (ctx.pageCharts?.(ctx.auth, pageId) ?? null),
  ]);
  checkRunAccess(read.access, place, onPage, items);
  const planned = items.map((item, at) => {
    const one = item.chart
      ? unsavedChart(ctx, read.datasets, item.chart, at)
      : savedChart(read.charts, item.chartId ?? 0);
    checkParameters(one, item, at);
    return one;
  });
  ctx.readScopes(
    planned.flatMap((p) =>
      'failure' in p || p.dataset.kind !== 'entity' ? [] : screensOf(ctx.definitions, p.dataset),
    ),
  );
  return planned;
}

export async function answerPlanned(ctx: RunContext, planned: Planned, item: RunItem): Promise<ChartResult> {
  if ('failure' in planned) return failed(ctx, planned.failure);
  try {
    return await chartResult(ctx, planned.chart, planned.dataset, item);
  } catch (err) {
    return failed(ctx, err);
  }
}

export async function runBatch(ctx: RunContext, request: RunRequest): Promise<RunResponse> {
  const started = performance.now();
  const twice = request.items.findIndex((item, i) => request.items.findIndex((x) => x.key === item.key) < i);
  if (twice >= 0)
    throw badRequest('Each item of a batch needs a key of its own', { [`items.${twice}.key`]: 'used twice' });
  const planned = await planBatch(ctx, request, request.items);
  const answers = await Promise.all(request.items.map((item, i) => answerPlanned(ctx, planned[i] as Planned, item)));
  const results: RunResponse['results'] = {};
  request.items.forEach((item, i) => {
    results[item.key] = answers[i] as ChartResult;
  });
  return { results, ms: Math.round((performance.now() - started) * 10) / 10 };
}

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
import { itemLabel, loadDictionaries } from '../../engine/excel-common.ts';
import { dataScopeOf, grantExpr, scopeExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { dashboardForViewer, isBiDesigner } from './bi.access.ts';
import type { BiCache } from './bi.cache.ts';
import { comparedFilters } from './bi.compare.ts';
import { type CompiledChart, compileChart, type DatasetSource, resultRows } from './bi.query.ts';
import { readChart, readDataset } from './bi.repository.ts';
import { entitySource, type ScopeOf } from './bi.source.ts';
import { dialectOf, type ExternalSelect, parameterProblems, runSqlStatement, sqlSource } from './bi.sql.ts';

/**
 * The batched run (POST /api/bi/run): every chart of a dashboard in one request, answered concurrently. A
 * designer runs any saved chart or the definition being built; a dashboard's viewer runs, by id, only the
 * charts on a dashboard shared with them. Every chart query goes through its dataset's source, so the
 * viewer's tenant and data scope apply whoever asks.
 */

export type RunDeps = {
  db: Db;
  /** The registry's live list (a table design applied at run time is in it). */
  definitions: EntityDefinition[];
  userSql: UserSql;
  external?: ExternalSelect | undefined;
  cache: BiCache;
};

export type RunContext = RunDeps & {
  auth: AuthContext;
  lang: Language;
  timeZone: string;
  log: { error(obj: unknown, msg: string): void };
  scopeOf: ScopeOf;
};

type Ok = Extract<ChartResult, { ok: true }>;

/** A result is kept only while it is small: a cache of 500 results must not hold 500 pivot tables' worth. */
const CACHED_CELLS = 50_000;

/**
 * The viewer's data scope on a screen: the roles holding its Search, as the session check computes it for
 * the screen's own routes (none: no rows). Read once per screen and batch.
 */
export function scopeReader(db: Db, auth: AuthContext): ScopeOf {
  const read = new Map<string, ReturnType<ScopeOf>>();
  return (menu) => {
    let scope = read.get(menu);
    if (!scope) {
      const grant = { menu, button: 'Search' };
      scope = queryRows<{ granted: boolean; scope: unknown }>(
        db,
        sql`select ${grantExpr(sql`${auth.userId}`, menu, 'Search')} as granted, ${scopeExpr(sql`${auth.userId}`, grant)} as scope`,
      ).then(([row]) =>
        row?.granted === true ? dataScopeOf(row.scope) : { organizationId: auth.dataScope.organizationId, roles: [] },
      );
      read.set(menu, scope);
    }
    return scope;
  };
}

export function runContext(
  deps: RunDeps,
  auth: AuthContext,
  at: Pick<RunContext, 'lang' | 'timeZone' | 'log'>,
): RunContext {
  return { ...deps, ...at, auth, scopeOf: scopeReader(deps.db, auth) };
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

/** The names of the codes the rows show, per dictionary, in the reader's language. */
async function dictionaryNames(ctx: RunContext, columns: Ok['columns'], rows: Ok['rows']) {
  const out: Ok['dictionaries'] = {};
  const coded = columns.flatMap((c, i) => (c.dictionary ? [{ code: c.dictionary, at: i }] : []));
  if (coded.length === 0) return out;
  const fields = coded.map(
    (c): FieldMeta => ({ name: `g${c.at}`, type: 'dict', label: { en: c.code, zh: c.code }, dictionary: c.code }),
  );
  const items = await loadDictionaries(ctx.db, ctx.auth.tenantId, fields);
  for (const { code, at } of coded) {
    const shown = new Set(
      rows
        .map((r) => r[at])
        .filter((v) => v !== null)
        .map(String),
    );
    const names = out[code] ?? {};
    out[code] = names;
    for (const item of items.get(code) ?? [])
      if (shown.has(item.value) && names[item.value] === undefined) names[item.value] = itemLabel(item, ctx.lang);
  }
  return out;
}

/** One chart's answer: from the cache when the same statement over unchanged tables was answered lately. */
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
  if (hit) return { ...hit, columns: compiled.columns, cached: true };
  const [found, earlier] = await Promise.all([
    rowsOf(ctx, dataset, source, compiled),
    previous ? rowsOf(ctx, dataset, previous.source, previous.compiled) : null,
  ]);
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
    dictionaries: await dictionaryNames(ctx, compiled.columns, rows),
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

type Planned = { chart: ChartDefinition; dataset: DatasetDefinition } | { failure: unknown };

/** A saved chart and its dataset; a chart that is gone (or another tenant's) fails alone. */
async function savedChart(db: Db, chartId: number): Promise<Planned> {
  try {
    const row = await readChart(db, chartId);
    const dataset = await readDataset(db, row.datasetId);
    return { chart: row.definition, dataset: dataset.definition };
  } catch (err) {
    return { failure: err };
  }
}

/** A definition being built: its problems and its dataset's make the whole request a 400, keyed by item. */
async function unsavedChart(ctx: RunContext, chart: ChartDefinition, at: number): Promise<Planned> {
  const dataset = await readDataset(ctx.db, chart.datasetId).catch(() => null);
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
  return { chart, dataset: dataset.definition };
}

/**
 * Who may run what: a designer anything; anyone else only by id, the charts on the dashboard named, which
 * must be shared with them (dashboardForViewer: 403 without the Dashboards grant, 404 when not shared).
 */
export async function checkRunAccess(ctx: RunContext, dashboardId: number | undefined, items: RunItem[]) {
  if (await isBiDesigner(ctx.db, ctx.auth)) return;
  if (dashboardId === undefined) throw forbidden('Only BI designers run charts outside a dashboard');
  const dashboard = await dashboardForViewer(ctx.db, ctx.auth, dashboardId);
  for (const item of items) {
    if (item.chartId === undefined) throw forbidden('A dashboard’s viewer runs its charts by id only');
    if (!dashboard.chartIds.includes(item.chartId))
      throw forbidden(`Chart ${item.chartId} is not on dashboard ${dashboardId}`);
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

/** What an item asks to run, checked; an unsaved definition's problems and wrong parameters are thrown (400). */
export async function planItem(ctx: RunContext, item: RunItem, at: number): Promise<Planned> {
  const planned = item.chart ? await unsavedChart(ctx, item.chart, at) : await savedChart(ctx.db, item.chartId ?? 0);
  checkParameters(planned, item, at);
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
  await checkRunAccess(ctx, request.dashboardId, request.items);
  const planned = await Promise.all(request.items.map((item, i) => planItem(ctx, item, i)));
  const answers = await Promise.all(request.items.map((item, i) => answerPlanned(ctx, planned[i] as Planned, item)));
  const results: RunResponse['results'] = {};
  request.items.forEach((item, i) => {
    results[item.key] = answers[i] as ChartResult;
  });
  return { results, ms: Math.round((performance.now() - started) * 10) / 10 };
}

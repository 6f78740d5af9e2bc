import { cycleIn } from '../entity/cycle.ts';
import { type Expr, expressionReferences, parseExpression } from '../entity/expression.ts';
import type { EntityMeta } from '../entity/metadata.ts';
import type {
  BiCondition,
  ChartDefinition,
  ChartType,
  DashboardDefinition,
  DatasetDefinition,
  Dimension,
  EntityDataset,
  SqlDataset,
} from './definitions.ts';
import { biTypeOf, referencedEntity, resolveField } from './fields.ts';
import type { DatasetField } from './wire.ts';

/**
 * What is wrong with a BI definition, said once for the server's saves (400 with these as field errors) and
 * the builders' live problems: each problem keyed by where it is in the save's body
 * (`definition.calculated.1.expression`), an empty object when there is none.
 */
export type BiProblems = Record<string, string>;

const at = (...path: (string | number)[]) => ['definition', ...path].join('.');
const noField = (name: string) => `no field named ${name}`;
const isDate = (type: string | undefined) => type === 'date' || type === 'datetime';

/** A condition's value must fit its operator: none for isNull/notNull, a list for `in`, one value otherwise. */
function conditionProblem(c: BiCondition): string | null {
  if (c.op === 'isNull' || c.op === 'notNull')
    return c.value === undefined && c.variable === undefined ? null : `${c.op} takes no value`;
  if (c.value !== undefined && c.variable !== undefined) return 'a value or a variable, not both';
  if (c.op === 'in') return Array.isArray(c.value) && c.value.length > 0 ? null : 'in takes a list of values';
  if (Array.isArray(c.value)) return `${c.op} takes one value`;
  return c.value === undefined && c.variable === undefined ? `${c.op} needs a value` : null;
}

function checkConditions(conditions: readonly BiCondition[], known: (field: string) => boolean, problems: BiProblems) {
  conditions.forEach((c, i) => {
    if (!known(c.field)) problems[at('filters', i, 'field')] = noField(c.field);
    const value = conditionProblem(c);
    if (value) problems[at('filters', i, 'value')] = value;
  });
}

// ——— datasets ———

/** What a join names: a reference field of the entity whose target is an entity too. */
function joinProblem(meta: EntityMeta, join: string, entities: readonly EntityMeta[]): string | null {
  const f = meta.fields.find((x) => x.name === join);
  if (!f) return `${meta.name} has no field named ${join}`;
  if (f.type !== 'reference' || !f.reference) return `${join} is not a reference, so there is nothing to join`;
  return referencedEntity(f, entities)
    ? null
    : `${join} points at ${f.reference.table}, which is no entity you may read`;
}

/** What BI's calculations may not use of the computed fields' language: they read one row of one dataset. */
function foreignPart(e: Expr): string | null {
  switch (e.kind) {
    case 'master':
      return `master.${e.name} reads a document from its line: a dataset's calculation reads its own row only`;
    case 'sum':
      return `sum(${e.detail}.${e.field}) adds up a document's lines: use a measure (sum) in the chart instead`;
    case 'neg':
      return foreignPart(e.arg);
    case 'binary':
      return foreignPart(e.left) ?? foreignPart(e.right);
    case 'call':
      if (e.fn === 'allocate') return 'allocate() shares a total among a document’s lines: not in a dataset';
      return e.args.map(foreignPart).find((p) => p !== null) ?? null;
    default:
      return null;
  }
}

/**
 * The calculated fields: names of their own (not the entity's, not each other's), expressions that parse in
 * BI's part of the language, read numbers the dataset has, and never read themselves round a circle.
 */
function checkCalculated(def: EntityDataset, meta: EntityMeta, problems: BiProblems) {
  const names = new Set<string>();
  def.calculated.forEach((c, i) => {
    if (meta.fields.some((f) => f.name === c.name))
      problems[at('calculated', i, 'name')] = `${c.name} is a field of ${meta.name} already`;
    else if (names.has(c.name)) problems[at('calculated', i, 'name')] = `a second calculated field named ${c.name}`;
    names.add(c.name);
  });
  const reads = new Map<string, string[]>();
  def.calculated.forEach((c, i) => {
    const key = at('calculated', i, 'expression');
    let tree: Expr;
    try {
      tree = parseExpression(c.expression);
    } catch (err) {
      problems[key] = `not a valid expression: ${err instanceof Error ? err.message : String(err)}`;
      return;
    }
    const foreign = foreignPart(tree);
    if (foreign) {
      problems[key] = foreign;
      return;
    }
    const fields = [...new Set(expressionReferences(tree).fields)];
    const wrong = fields
      .filter((name) => !names.has(name))
      .map((name) => {
        const f = meta.fields.find((x) => x.name === name);
        if (!f) return noField(name);
        return biTypeOf(f) === 'number' ? null : `${name} is not a number`;
      })
      .filter((p) => p !== null);
    if (wrong.length) problems[key] = wrong.join('; ');
    if (!reads.has(c.name))
      reads.set(
        c.name,
        fields.filter((name) => names.has(name)),
      );
  });
  // Each circle is told to each field on it, from itself round (any of them may be the one to change); a
  // circle found is taken out of the graph so that the next one is found too.
  for (let cycle = cycleIn(reads); cycle; cycle = cycleIn(reads)) {
    for (const name of new Set(cycle)) {
      const i = def.calculated.findIndex((c) => c.name === name);
      const from = cycle.indexOf(name);
      const round = [...cycle.slice(from, -1), ...cycle.slice(0, from), name];
      problems[at('calculated', i, 'expression')] ??= `reads itself in a circle: ${round.join(' → ')}`;
      reads.delete(name);
    }
  }
}

function checkEntityDataset(def: EntityDataset, entities: readonly EntityMeta[]): BiProblems {
  const meta = entities.find((m) => m.name === def.entity);
  if (!meta) return { [at('entity')]: `no entity named ${def.entity}` };
  const problems: BiProblems = {};
  def.joins.forEach((join, i) => {
    const problem = def.joins.indexOf(join) < i ? `${join} is joined already` : joinProblem(meta, join, entities);
    if (problem) problems[at('joins', i)] = problem;
  });
  checkCalculated(def, meta, problems);
  checkConditions(def.filters, (name) => resolveField(def, entities, name) !== undefined, problems);
  return problems;
}

/** Names the server binds in every SQL dataset itself: the viewer's user and tenant. */
export const SQL_BOUND_NAMES = ['userId', 'tenantId'] as const;

/**
 * The `:name` placeholders of a statement, outside its string literals, quoted names and comments; a cast
 * (`x::date`) is not one.
 */
export function sqlPlaceholders(text: string): string[] {
  const bare = text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  return [...new Set([...bare.matchAll(/(?<![:\w]):([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? ''))];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkSqlDataset(def: SqlDataset): BiProblems {
  const problems: BiProblems = {};
  const declared = new Set<string>();
  def.parameters.forEach((p, i) => {
    if ((SQL_BOUND_NAMES as readonly string[]).includes(p.name))
      problems[at('parameters', i, 'name')] = `:${p.name} is bound by the server to the viewer’s own`;
    else if (declared.has(p.name)) problems[at('parameters', i, 'name')] = `a second parameter named ${p.name}`;
    declared.add(p.name);
    const d = p.default;
    if (d === null) return;
    if (p.type === 'number' && typeof d !== 'number') problems[at('parameters', i, 'default')] = 'not a number';
    if (p.type === 'date' && !(typeof d === 'string' && DATE.test(d)))
      problems[at('parameters', i, 'default')] = 'not a date (YYYY-MM-DD)';
  });
  const undeclared = sqlPlaceholders(def.sql).filter(
    (name) => !declared.has(name) && !(SQL_BOUND_NAMES as readonly string[]).includes(name),
  );
  if (undeclared.length)
    problems[at('sql')] = `${undeclared.map((n) => `:${n}`).join(', ')} ${
      undeclared.length === 1 ? 'is not a declared parameter' : 'are not declared parameters'
    }`;
  const columns = new Set<string>();
  def.columns.forEach((c, i) => {
    if (columns.has(c.name)) problems[at('columns', i, 'name')] = `a second column named ${c.name}`;
    columns.add(c.name);
  });
  return problems;
}

/** A dataset's problems, read against the entities the caller's tenant has (built-in and designed). */
export function checkDataset(def: DatasetDefinition, entities: readonly EntityMeta[]): BiProblems {
  return def.kind === 'entity' ? checkEntityDataset(def, entities) : checkSqlDataset(def);
}

// ——— charts ———

/** How many of a thing a chart type takes: [at least, at most]. */
type Count = readonly [number, number];
type Shape = { dimensions?: Count; measures?: Count; series?: false };

const ONE: Count = [1, 1];
const SLICES: Shape = { dimensions: ONE, measures: ONE, series: false };
const SINGLE: Shape = { dimensions: [0, 0], measures: ONE, series: false };
const SHAPES: Partial<Record<ChartType, Shape>> = {
  pie: SLICES,
  donut: SLICES,
  funnel: SLICES,
  treemap: SLICES,
  kpi: SINGLE,
  gauge: SINGLE,
  heatmap: { dimensions: [2, 2], measures: ONE, series: false },
  scatter: { measures: [2, 2] },
  radar: { dimensions: ONE },
  pivot: { dimensions: [2, Number.POSITIVE_INFINITY] },
};

const countWords = ([min, max]: Count, noun: string) => {
  const n = (k: number) => ['no', 'one', 'two', 'three'][k] ?? String(k);
  const plural = (k: number) => (k === 1 ? noun : `${noun}s`);
  if (min === max) return `${min === 0 ? 'no' : `exactly ${n(min)}`} ${plural(min)}`;
  return max === Number.POSITIVE_INFINITY ? `at least ${n(min)} ${plural(min)}` : `${n(min)} to ${n(max)} ${noun}s`;
};

function checkShape(def: ChartDefinition, problems: BiProblems) {
  const shape = SHAPES[def.type];
  if (!shape) return;
  const outside = (count: number, [min, max]: Count) => count < min || count > max;
  if (shape.dimensions && outside(def.dimensions.length, shape.dimensions))
    problems[at('dimensions')] = `a ${def.type} chart takes ${countWords(shape.dimensions, 'dimension')}`;
  if (shape.measures && outside(def.measures.length, shape.measures))
    problems[at('measures')] = `a ${def.type} chart takes ${countWords(shape.measures, 'measure')}`;
  if (shape.series === false && def.series) problems[at('series')] = `a ${def.type} chart has no series`;
}

/** A chart's problems, read against its dataset (absent: the chart names none the tenant has). */
export function checkChart(
  def: ChartDefinition,
  dataset: DatasetDefinition | null | undefined,
  entities: readonly EntityMeta[],
): BiProblems {
  if (!dataset) return { [at('datasetId')]: `no dataset ${def.datasetId}` };
  const problems: BiProblems = {};
  const typeOf = (name: string) => resolveField(dataset, entities, name)?.type;
  const grouping = (d: Dimension, ...path: (string | number)[]) => {
    const type = typeOf(d.field);
    if (!type) problems[at(...path, 'field')] = noField(d.field);
    else if (d.bucket && !isDate(type))
      problems[at(...path, 'bucket')] = `${d.field} is not a date, so it has no ${d.bucket}`;
  };
  def.dimensions.forEach((d, i) => {
    grouping(d, 'dimensions', i);
  });
  if (def.series) grouping(def.series, 'series');
  def.measures.forEach((m, i) => {
    const counting = m.agg === 'count' || m.agg === 'countDistinct';
    if (m.field === undefined) {
      if (m.agg !== 'count') problems[at('measures', i, 'field')] = `${m.agg} needs a field`;
      return;
    }
    const type = typeOf(m.field);
    if (!type) problems[at('measures', i, 'field')] = noField(m.field);
    else if (!counting && type !== 'number')
      problems[at('measures', i, 'agg')] = `${m.agg} needs a number, and ${m.field} is not one: count it instead`;
  });
  checkConditions(def.filters, (name) => typeOf(name) !== undefined, problems);
  if (def.sort?.by === 'dimension' && def.dimensions.length === 0)
    problems[at('sort', 'by')] = 'the chart has no dimension to sort by';
  const measure = def.sort?.by.startsWith('measure:') ? Number(def.sort.by.slice('measure:'.length)) : null;
  if (measure !== null && measure >= def.measures.length) problems[at('sort', 'by')] = `there is no measure ${measure}`;
  if (def.compare !== 'none') {
    if (def.type !== 'kpi') problems[at('compare')] = 'only a KPI compares with a previous period';
    else if (def.compareField === null) problems[at('compareField')] = 'a comparison needs the date field it shifts';
    else if (!typeOf(def.compareField)) problems[at('compareField')] = noField(def.compareField);
    else if (!isDate(typeOf(def.compareField))) problems[at('compareField')] = `${def.compareField} is not a date`;
  }
  checkShape(def, problems);
  return problems;
}

// ——— dashboards ———

/** The charts a dashboard's tiles show, each once: what a chart in use is kept for. */
export const dashboardChartIds = (def: DashboardDefinition): number[] => [
  ...new Set(def.items.flatMap((item) => (item.kind === 'chart' && item.chartId !== null ? [item.chartId] : []))),
];

/** What a dashboard's check needs of each chart it may show, by the chart's id: the fields its dataset offers. */
export type DashboardChartFields = ReadonlyMap<number, readonly Pick<DatasetField, 'name' | 'type'>[]>;

/** The grid's width, in columns: a tile ends at or before it. */
export const DASHBOARD_COLUMNS = 24;

type Tile = DashboardDefinition['items'][number];
const overlap = (a: Tile, b: Tile) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function checkItems(def: DashboardDefinition, charts: DashboardChartFields, problems: BiProblems) {
  const ids = new Set<string>();
  def.items.forEach((item, i) => {
    if (ids.has(item.id)) problems[at('items', i, 'id')] = `a second tile named ${item.id}`;
    ids.add(item.id);
    if (item.x + item.w > DASHBOARD_COLUMNS)
      problems[at('items', i, 'w')] = `reaches column ${item.x + item.w}, past the grid's ${DASHBOARD_COLUMNS}`;
    const under = def.items.slice(0, i).find((other) => overlap(other, item));
    if (under) problems[at('items', i)] = `overlaps ${under.id}`;
    if (item.kind !== 'chart') return;
    if (item.chartId === null) problems[at('items', i, 'chartId')] = 'a chart tile names its chart';
    else if (!charts.has(item.chartId)) problems[at('items', i, 'chartId')] = `no chart ${item.chartId}`;
  });
}

function checkFilters(def: DashboardDefinition, charts: DashboardChartFields, problems: BiProblems) {
  const shown = new Set(dashboardChartIds(def));
  const ids = new Set<string>();
  def.filters.forEach((filter, i) => {
    if (ids.has(filter.id)) problems[at('filters', i, 'id')] = `a second filter named ${filter.id}`;
    ids.add(filter.id);
    const reached = new Set<number>();
    filter.targets.forEach((target, j) => {
      const key = (part: string) => at('filters', i, 'targets', j, part);
      if (!shown.has(target.chartId)) problems[key('chartId')] = `chart ${target.chartId} is not on the dashboard`;
      else if (reached.has(target.chartId))
        problems[key('chartId')] = `chart ${target.chartId} is filtered once already`;
      reached.add(target.chartId);
      const fields = charts.get(target.chartId);
      if (!fields) return;
      const field = fields.find((f) => f.name === target.field);
      if (!field) problems[key('field')] = `chart ${target.chartId}'s dataset has no field ${target.field}`;
      else if (filter.kind === 'dateRange' && !isDate(field.type))
        problems[key('field')] = `${target.field} is not a date, so a date range can't filter it`;
    });
  });
}

/** A dashboard's problems, read against the tenant's charts it may show (by id, with their datasets' fields). */
export function checkDashboard(def: DashboardDefinition, charts: DashboardChartFields): BiProblems {
  const problems: BiProblems = {};
  checkItems(def, charts, problems);
  checkFilters(def, charts, problems);
  return problems;
}

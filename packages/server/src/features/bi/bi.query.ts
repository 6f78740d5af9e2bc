import {
  type Aggregate,
  type BiCondition,
  type BiLabel,
  type BiValueType,
  type ChartDefinition,
  conditionProblems,
  type DateBucket,
  type Dimension,
  type FieldMeta,
  isCalendarDate,
  isDateTime,
  type Measure,
  type ResultColumn,
  type RunFilter,
  type TimeGrain,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { ScopeSubject } from '../../engine/scope.ts';
import { badRequest } from '../../http/errors.ts';
import type { BiDialect } from './bi.dialect.ts';

/**
 * The chart query compiler: a chart over a dataset, the viewer's run filters and an optional drill grain become
 * ONE aggregate statement. Where the rows come from (an entity within the viewer's scope, an admin's SELECT)
 * is the dataset source's business (bi.source.ts, bi.sql.ts); this file groups, measures, filters, sorts and
 * limits them, in the source's dialect. Identifiers come from metadata only, values are parameters, and the
 * groups are named by their place (`group by 1, 2`), so an expression with parameters is written once.
 */

/** A plain value a run filter or a parameter may carry. */
export type RunValue = string | number | boolean | null;

/** A dataset field as a query reads it. */
export type FieldSql = {
  name: string;
  type: BiValueType;
  label: BiLabel;
  dictionary: string | null;
  /** The value as stored: what conditions compare, measures add up and charts group by (a reference's row id). */
  stored: SQL;
  /** A grouped value as the chart shows it (a reference's label, joined to the grouped rows only). */
  shown(grouped: SQL): Shown;
  /** The stored value among a run filter's values, given as the chart shows them (labels of references). */
  among(values: Exclude<RunValue, null>[]): SQL;
  /** The field as the filter conditions type their values. */
  condition: Pick<FieldMeta, 'name' | 'type' | 'intSize'>;
  /** The digits after the point an aggregate keeps: the column's scale for money. */
  scale: number | null;
};

/** What a chart shows for a group: its value, and the join that brings it (a label) onto the grouped rows. */
export type Shown = { value: SQL; join?: SQL };

/** Where a dataset's rows come from, as the compiler needs it. */
export type DatasetSource = {
  dialect: BiDialect;
  /** A field by name; undefined when the dataset has none. */
  field(name: string): FieldSql | undefined;
  /** The from clause, with its alias `t`. */
  from(): SQL;
  /** Conditions every row of the dataset meets: tenant and scope, the dataset's own filters. */
  where: SQL[];
  /** The tables the rows and labels are read from (the cache drops a result when one of them is written). */
  tables(): string[];
  subject: ScopeSubject;
  /** The reader's time zone: date-times are bucketed and ranged by its clock. */
  timeZone: string;
};

export type CompiledChart = {
  query: SQL;
  columns: ResultColumn[];
  /** The rows the chart keeps: one more was asked for, to tell that the rest were left out. */
  limit: number;
};

export const badDefinition = (path: string, message: string) => badRequest(`${path}: ${message}`, { [path]: message });

const AGG_WORDS: Record<Aggregate, { en: string; zh: string }> = {
  sum: { en: 'Sum', zh: '合计' },
  avg: { en: 'Average', zh: '平均' },
  min: { en: 'Minimum', zh: '最小' },
  max: { en: 'Maximum', zh: '最大' },
  count: { en: 'Count', zh: '计数' },
  countDistinct: { en: 'Distinct count', zh: '去重计数' },
};

const isDate = (type: BiValueType): type is 'date' | 'datetime' => type === 'date' || type === 'datetime';

/** The field a definition names at `path`, or a 400 there. */
function fieldAt(source: DatasetSource, name: string, path: string): FieldSql {
  const f = source.field(name);
  if (!f) throw badDefinition(path, `no field named ${name}`);
  return f;
}

/** A filter condition of the dataset or the chart, on one field, as the data permission's are compiled. */
export function conditionSql(source: DatasetSource, c: BiCondition, path: string): SQL {
  const f = fieldAt(source, c.field, `${path}.field`);
  const condition = { ...c, field: f.condition.name };
  const [part, problem] = Object.entries(conditionProblems([f.condition], condition))[0] ?? [];
  if (problem) throw badDefinition(`${path}.${part}`, `${c.field}: ${problem}`);
  return source.dialect.condition(f.stored, f.condition, condition, source.subject);
}

/** A run filter's value as the field's type wants it, or a 400 naming the field. */
function runValue(f: FieldSql, v: Exclude<RunValue, null>): Exclude<RunValue, null> {
  const wrong = (what: string) => badRequest(`filters: ${f.name} ${what}`, { [`filters.${f.name}`]: what });
  switch (f.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      if (typeof v === 'boolean' || !Number.isFinite(n) || (typeof v === 'string' && v.trim() === ''))
        throw wrong('needs numbers');
      return n;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw wrong('needs true or false');
    case 'date':
      if (typeof v === 'string' && isCalendarDate(v)) return v;
      throw wrong('needs dates (YYYY-MM-DD)');
    case 'datetime':
      if (typeof v === 'string' && isDateTime(v)) return v;
      throw wrong('needs instants (YYYY-MM-DDTHH:mm:ssZ)');
    default:
      return String(v);
  }
}

/** A viewer's filter: a dashboard's date range or pick, a click on another chart, a drill's period. */
export function runFilterSql(source: DatasetSource, filter: RunFilter, path: string): SQL {
  const f = fieldAt(source, filter.field, `${path}.field`);
  if ('values' in filter) {
    const present = filter.values.filter((v): v is Exclude<RunValue, null> => v !== null).map((v) => runValue(f, v));
    const parts = present.length ? [f.among(present)] : [];
    if (filter.values.includes(null)) parts.push(sql`${f.stored} is null`);
    return sql`(${sql.join(parts, sql` or `)})`;
  }
  if (!isDate(f.type))
    throw badRequest(`filters: ${f.name} is not a date, so it takes no range`, {
      [`filters.${f.name}`]: 'is not a date',
    });
  const parts: SQL[] = [];
  if (filter.from) parts.push(source.dialect.onOrAfter(f.stored, filter.from, f.type, source.timeZone));
  if (filter.to) parts.push(source.dialect.onOrBefore(f.stored, filter.to, f.type, source.timeZone));
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

type Group = { d: Dimension; role: 'dimension' | 'series'; f: FieldSql; bucket: DateBucket | null };

function groupOf(source: DatasetSource, d: Dimension, role: Group['role'], path: string, grain?: TimeGrain): Group {
  const f = fieldAt(source, d.field, `${path}.field`);
  const bucket = grain ?? d.bucket ?? null;
  if (bucket && !isDate(f.type)) throw badDefinition(path, `${d.field} is not a date, so it has no ${bucket}`);
  return { d, role, f, bucket };
}

/** What the rows are grouped by: the stored value (a reference's id, a day), a date's bucket. */
function groupKeySql(source: DatasetSource, g: Group): SQL {
  if (g.bucket && isDate(g.f.type)) return source.dialect.bucket(g.f.stored, g.bucket, g.f.type, source.timeZone);
  return g.f.stored;
}

/** A group's key, on the grouped rows, as the chart shows it: a date as text, a reference by its label. */
function groupShownSql(source: DatasetSource, g: Group, grouped: SQL): Shown {
  if (g.bucket) return { value: source.dialect.bucketText(grouped, g.bucket) };
  if (isDate(g.f.type)) return { value: source.dialect.dateText(grouped, g.f.type) };
  return g.f.shown(grouped);
}

/** The type a group's values leave as: a grain is a day, a date part a number. */
const groupType = (g: Group): BiValueType =>
  g.bucket === 'monthOfYear' || g.bucket === 'dayOfWeek' ? 'number' : g.bucket ? 'date' : g.f.type;

function measureSql(source: DatasetSource, m: Measure, path: string): { expr: SQL; f: FieldSql | null } {
  if (m.field === undefined) {
    if (m.agg !== 'count') throw badDefinition(`${path}.field`, `${m.agg} needs a field`);
    return { expr: sql`count(*)`, f: null };
  }
  const f = fieldAt(source, m.field, `${path}.field`);
  if (m.agg === 'count') return { expr: sql`count(${f.stored})`, f };
  if (m.agg === 'countDistinct') return { expr: sql`count(distinct ${f.stored})`, f };
  if (f.type !== 'number')
    throw badDefinition(`${path}.agg`, `${m.agg} needs a number, and ${m.field} is not one: count it instead`);
  const fn = { sum: sql`sum`, avg: sql`avg`, min: sql`min`, max: sql`max` }[m.agg];
  const expr = sql`${fn}(${f.stored})`;
  // Money keeps its cents; an average two digits more; a calculation (no scale of its own) four.
  const digits = f.scale === null ? 4 : m.agg === 'avg' ? f.scale + 2 : f.scale;
  return { expr: source.dialect.round(expr, digits), f };
}

const measureLabel = (m: Measure, f: FieldSql | null): BiLabel => {
  if (m.label) return m.label;
  const words = AGG_WORDS[m.agg];
  if (!f) return { en: words.en, zh: words.zh };
  return { en: `${words.en} of ${f.label.en}`, zh: `${f.label.zh}${words.zh}` };
};

/** ORDER BY: the chart's sort (the first group or a measure, by place), then every group in order. */
function orderSql(chart: ChartDefinition, groups: number): SQL {
  const all = Array.from({ length: groups }, (_, i) => i + 1);
  const sort = chart.sort;
  if (!sort) return sql.raw(all.join(', '));
  const dir = sort.order === 'desc' ? 'desc' : 'asc';
  const first = sort.by === 'dimension' ? 1 : groups + 1 + Number(sort.by.slice('measure:'.length));
  return sql.raw([`${first} ${dir}`, ...all.filter((n) => n !== first)].join(', '));
}

/**
 * The grouped rows as the chart shows them: grouped inside by their keys (a date's bucket, a reference's id),
 * and only those rows turned into what is shown (a date's text, a reference's label) outside. A text or a
 * label made for each of a million rows costs more than their sum; made for a few dozen groups, nothing. A
 * reference's groups are its rows, so two customers of the same name are two bars, as they are two lines.
 */
function shownGroups(source: DatasetSource, groups: Group[], measures: number, aggregate: SQL): SQL {
  const x = sql.identifier('x');
  const of = (name: string) => sql`${x}.${sql.identifier(name)}`;
  const shown = groups.map((g, i) => groupShownSql(source, g, of(`g${i}`)));
  const select = [
    ...shown.map((s, i) => sql`${s.value} as ${sql.identifier(`g${i}`)}`),
    ...Array.from({ length: measures }, (_, i) => sql`${of(`m${i}`)} as ${sql.identifier(`m${i}`)}`),
  ];
  const joins = shown.flatMap((s) => (s.join ? [s.join] : []));
  const keys = sql.raw(groups.map((_, i) => i + 1).join(', '));
  return sql`select ${sql.join(select, sql`, `)} from (${aggregate} group by ${keys}) ${x}${sql.join(joins, sql``)}`;
}

export type RunInput = { filters: RunFilter[]; grain?: TimeGrain | undefined };

/** One chart's statement: its groups, measures, filters and the viewer's, sorted and limited. */
export function compileChart(source: DatasetSource, chart: ChartDefinition, run: RunInput): CompiledChart {
  if (chart.sort?.by === 'dimension' && chart.dimensions.length === 0)
    throw badDefinition('definition.sort.by', 'the chart has no dimension to sort by');
  const sorted = chart.sort?.by.startsWith('measure:') ? Number(chart.sort.by.slice('measure:'.length)) : null;
  if (sorted !== null && sorted >= chart.measures.length)
    throw badDefinition('definition.sort.by', `there is no measure ${sorted}`);
  const first = chart.dimensions[0] && source.field(chart.dimensions[0].field);
  if (run.grain && (!first || !isDate(first.type)))
    throw badRequest('grain: the chart’s first dimension is not a date', { grain: 'not a date dimension' });
  const groups = [
    ...chart.dimensions.map((d, i) =>
      groupOf(source, d, 'dimension', `definition.dimensions.${i}`, i === 0 ? run.grain : undefined),
    ),
    ...(chart.series ? [groupOf(source, chart.series, 'series', 'definition.series')] : []),
  ];
  const measures = chart.measures.map((m, i) => ({ m, ...measureSql(source, m, `definition.measures.${i}`) }));
  const where = [
    ...source.where,
    ...chart.filters.map((c, i) => conditionSql(source, c, `definition.filters.${i}`)),
    ...run.filters.map((f, i) => runFilterSql(source, f, `filters.${i}`)),
  ];
  const aggregate = sql`select ${sql.join(
    [
      ...groups.map((g, i) => sql`${groupKeySql(source, g)} as ${sql.identifier(`g${i}`)}`),
      ...measures.map((m, i) => sql`${m.expr} as ${sql.identifier(`m${i}`)}`),
    ],
    sql`, `,
  )} from ${source.from()} where ${where.length ? sql.join(where, sql` and `) : sql`true`}`;
  const limit = sql` limit ${sql.raw(String(chart.limit + 1))}`;
  const query = groups.length
    ? sql`${shownGroups(source, groups, measures.length, aggregate)} order by ${orderSql(chart, groups.length)}${limit}`
    : sql`${aggregate}${chart.sort ? sql` order by ${orderSql(chart, 0)}` : sql``}${limit}`;
  const columns: ResultColumn[] = [
    ...groups.map((g, i) => ({
      name: `g${i}`,
      label: g.d.label ?? g.f.label,
      type: groupType(g),
      role: g.role,
      dictionary: g.bucket ? null : g.f.dictionary,
      field: g.f.name,
      bucket: g.bucket,
    })),
    ...measures.map((x, i) => ({
      name: `m${i}`,
      label: measureLabel(x.m, x.f),
      type: 'number' as const,
      role: 'measure' as const,
      dictionary: null,
      field: x.f?.name ?? null,
      bucket: null,
    })),
  ];
  return { query, columns, limit: chart.limit };
}

/** A value as the wire carries it for its column: numbers as numbers, days as `YYYY-MM-DD`, the rest as text. */
export function wireValue(v: unknown, type: BiValueType): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? n : null;
    }
    case 'boolean':
      return v === true || v === 1 || v === '1' || v === 't' || v === 'true';
    case 'date':
      return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
    case 'datetime':
      return v instanceof Date ? v.toISOString() : String(v);
    default:
      return String(v);
  }
}

/** The rows of a chart's statement as the result's arrays, at most `limit` of them. */
export function resultRows(rows: Record<string, unknown>[], compiled: CompiledChart) {
  const kept = rows.slice(0, compiled.limit);
  return {
    rows: kept.map((r) => compiled.columns.map((c) => wireValue(r[c.name], c.type))),
    truncated: rows.length > compiled.limit,
  };
}

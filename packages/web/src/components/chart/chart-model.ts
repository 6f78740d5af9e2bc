import type { ChartDefinition, ChartResult, ResultColumn } from '@trestle/shared';
import dayjs from 'dayjs';
import { type ChartLanguage, formatValue, type Scalar, toNumber } from './format.ts';

/**
 * A chart's result read once into what every drawing needs: the categories of the first dimension (the x
 * axis, the slices), the series (one per measure, or one per value of the series dimension), and what a
 * click on a category picks. The ECharts options, the tables and the clicks all read this, so they agree.
 */

export type OkResult = Extract<ChartResult, { ok: true }>;

/** What a click on a bar, a slice or a row picks: a dataset field's value, with its bucket for a date. */
export type BiPick = { field: string; value: Scalar; bucket: string | null; label: string };

export type Category = { raw: Scalar; label: string };
export type Series = { name: string; values: (number | null)[] };

export type ChartModel = {
  dimensions: { column: ResultColumn; index: number }[];
  measures: { column: ResultColumn; index: number }[];
  seriesColumn: { column: ResultColumn; index: number } | null;
  categories: Category[];
  series: Series[];
  /** Per category: what clicking it picks (null when its dimension reads no field). */
  picks: (BiPick | null)[];
};

/** A value as a key of a map: 1 and '1' are different codes, null is its own. */
export const valueKey = (value: Scalar | undefined) => JSON.stringify(value ?? null);

export const columnLabel = (column: ResultColumn, language: ChartLanguage) =>
  column.label[language] || column.label.en || column.name;

/** The distinct values of one column, in the rows' order (the server's sort), with their labels. */
export function distinctValues(
  result: OkResult,
  column: { column: ResultColumn; index: number },
  definition: ChartDefinition,
  language: ChartLanguage,
): Category[] {
  const seen = new Map<string, Category>();
  for (const row of result.rows) {
    const raw = row[column.index] ?? null;
    const key = valueKey(raw);
    if (!seen.has(key))
      seen.set(key, {
        raw,
        label: formatValue(raw, column.column, result.dictionaries, definition.style, language),
      });
  }
  return [...seen.values()];
}

/** How far one step of a time grain goes (a quarter is three months). */
const STEPS: Record<string, [number, dayjs.ManipulateType]> = {
  day: [1, 'day'],
  week: [1, 'week'],
  month: [1, 'month'],
  quarter: [3, 'month'],
  year: [1, 'year'],
};
/** A run of periods longer than this is drawn as the data has it (a day grain over years would be unreadable). */
const MOST_PERIODS = 400;
/** Charts whose x axis is a run of time: a month without rows is a point of its own there. */
const TIME_AXES = new Set<ChartDefinition['type']>(['line', 'area', 'bar', 'stackedBar']);

/**
 * A time axis's categories with the periods that had no rows put back: "signed per month" shows the months
 * nothing was signed in, instead of drawing March next to June. Only when the axis runs in time order (the
 * chart is sorted by its dimension, or not sorted).
 */
function withEmptyPeriods(
  categories: Category[],
  column: ResultColumn,
  definition: ChartDefinition,
  label: (raw: Scalar) => string,
): Category[] {
  const step = column.bucket ? STEPS[column.bucket] : undefined;
  if (!step || !TIME_AXES.has(definition.type) || definition.sort?.by.startsWith('measure:')) return categories;
  if (categories.some((c) => typeof c.raw !== 'string')) return categories;
  const ascending = definition.sort?.order !== 'desc';
  const dates = categories.map((c) => dayjs(String(c.raw)));
  const first = ascending ? dates[0] : dates.at(-1);
  const last = ascending ? dates.at(-1) : dates[0];
  if (!first || !last || !first.isValid() || !last.isValid()) return categories;
  const all: Category[] = [];
  for (let at = first; !at.isAfter(last); at = at.add(step[0], step[1])) {
    if (all.length > MOST_PERIODS) return categories;
    const raw = at.format('YYYY-MM-DD');
    all.push(categories.find((c) => c.raw === raw) ?? { raw, label: label(raw) });
  }
  return ascending ? all : all.reverse();
}

/** An empty period adds up to nothing (0); an average, a least or a most of nothing is no value. */
const emptyValue = (measure: ChartDefinition['measures'][number] | undefined) =>
  measure && ['sum', 'count', 'countDistinct'].includes(measure.agg) ? 0 : null;

const byRole = (result: OkResult, role: ResultColumn['role']) =>
  result.columns.flatMap((column, index) => (column.role === role ? [{ column, index }] : []));

export function chartModel(definition: ChartDefinition, result: OkResult, language: ChartLanguage): ChartModel {
  const dimensions = byRole(result, 'dimension');
  const measures = byRole(result, 'measure');
  const seriesColumn = byRole(result, 'series')[0] ?? null;
  const first = dimensions[0];
  const found = first ? distinctValues(result, first, definition, language) : [];
  const categories = first
    ? withEmptyPeriods(found, first.column, definition, (raw) =>
        formatValue(raw, first.column, result.dictionaries, definition.style, language),
      )
    : found;
  const had = new Set(found.map((c) => valueKey(c.raw)));
  /** A period put back gets the measure's value of nothing. */
  const emptied = (values: (number | null)[], measure: ChartDefinition['measures'][number] | undefined) => {
    categories.forEach((c, i) => {
      if (!had.has(valueKey(c.raw))) values[i] = emptyValue(measure);
    });
    return values;
  };
  const position = new Map(categories.map((c, i) => [valueKey(c.raw), i]));
  const at = (row: Scalar[]) => (first ? (position.get(valueKey(row[first.index])) ?? 0) : 0);
  const size = Math.max(categories.length, 1);

  let series: Series[];
  const firstMeasure = measures[0];
  if (seriesColumn && firstMeasure) {
    // One series per value of the series dimension, of the first measure.
    const names = distinctValues(result, seriesColumn, definition, language);
    const index = new Map(names.map((n, i) => [valueKey(n.raw), i]));
    series = names.map((n) => ({
      name: n.label,
      values: emptied(Array<number | null>(size).fill(null), definition.measures[0]),
    }));
    for (const row of result.rows) {
      const s = series[index.get(valueKey(row[seriesColumn.index])) ?? 0];
      if (s) s.values[at(row)] = toNumber(row[firstMeasure.index]);
    }
  } else {
    series = measures.map((m, j) => {
      const values = emptied(Array<number | null>(size).fill(null), definition.measures[j]);
      for (const row of result.rows) values[at(row)] = toNumber(row[m.index]);
      return { name: columnLabel(m.column, language), values };
    });
  }

  const field = first?.column.field ?? null;
  const picks = categories.map((c) =>
    first && field ? { field, value: c.raw, bucket: first.column.bucket, label: c.label } : null,
  );
  return { dimensions, measures, seriesColumn, categories, series, picks };
}

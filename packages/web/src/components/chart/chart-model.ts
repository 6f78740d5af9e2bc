import type { ChartDefinition, ChartResult, ResultColumn } from '@trestle/shared';
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

const byRole = (result: OkResult, role: ResultColumn['role']) =>
  result.columns.flatMap((column, index) => (column.role === role ? [{ column, index }] : []));

export function chartModel(definition: ChartDefinition, result: OkResult, language: ChartLanguage): ChartModel {
  const dimensions = byRole(result, 'dimension');
  const measures = byRole(result, 'measure');
  const seriesColumn = byRole(result, 'series')[0] ?? null;
  const first = dimensions[0];
  const categories = first ? distinctValues(result, first, definition, language) : [];
  const position = new Map(categories.map((c, i) => [valueKey(c.raw), i]));
  const at = (row: Scalar[]) => (first ? (position.get(valueKey(row[first.index])) ?? 0) : 0);
  const size = Math.max(categories.length, 1);

  let series: Series[];
  const firstMeasure = measures[0];
  if (seriesColumn && firstMeasure) {
    // One series per value of the series dimension, of the first measure.
    const names = distinctValues(result, seriesColumn, definition, language);
    const index = new Map(names.map((n, i) => [valueKey(n.raw), i]));
    series = names.map((n) => ({ name: n.label, values: Array<number | null>(size).fill(null) }));
    for (const row of result.rows) {
      const s = series[index.get(valueKey(row[seriesColumn.index])) ?? 0];
      if (s) s.values[at(row)] = toNumber(row[firstMeasure.index]);
    }
  } else {
    series = measures.map((m) => {
      const values = Array<number | null>(size).fill(null);
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

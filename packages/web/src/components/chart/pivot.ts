import type { Aggregate, ChartDefinition } from '@trestle/shared';
import { type Category, columnLabel, distinctValues, type OkResult, valueKey } from './chart-model.ts';
import { type ChartLanguage, formatValue, type Scalar, toNumber } from './format.ts';

/**
 * A pivot table read from a result: the last dimension's values become columns (each with every measure),
 * the other dimensions stay as rows; each row and each column gets a total. With one dimension it stays a
 * list of rows (there is nothing left to be rows), with a total line.
 */

export type PivotColumn = { key: string; title: string; group: string | null; measure: number };
export type PivotRow = { key: string; headers: string[]; raws: Scalar[]; cells: (number | null)[] };
export type PivotModel = {
  headers: string[];
  columns: PivotColumn[];
  rows: PivotRow[];
  /** Per row, each measure's total across the columns (only when the last dimension was pivoted). */
  rowTotals: (number | null)[][];
  /** Per column, its total down the rows, then each measure's grand total. */
  columnTotals: (number | null)[];
  grandTotals: (number | null)[];
  pivoted: boolean;
};

/**
 * How a measure's cells add up: sums and counts are summed, a min or max is the min or max; an average or a
 * distinct count of a group cannot be worked out from its parts, so it has no total.
 */
export function total(values: (number | null)[], agg: Aggregate | undefined): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  switch (agg) {
    case 'sum':
    case 'count':
      return present.reduce((a, b) => a + b, 0);
    case 'min':
      return Math.min(...present);
    case 'max':
      return Math.max(...present);
    default:
      return null;
  }
}

export function pivotModel(definition: ChartDefinition, result: OkResult, language: ChartLanguage): PivotModel {
  const dims = result.columns.flatMap((column, index) => (column.role === 'dimension' ? [{ column, index }] : []));
  const measures = result.columns.flatMap((column, index) => (column.role === 'measure' ? [{ column, index }] : []));
  const aggOf = (j: number) => definition.measures[j]?.agg;
  const pivoted = dims.length >= 2;
  const across = pivoted ? dims[dims.length - 1] : undefined;
  const down = pivoted ? dims.slice(0, -1) : dims;
  const groups: (Category | null)[] = across ? distinctValues(result, across, definition, language) : [null];
  const groupIndex = new Map(groups.map((g, i) => [valueKey(g?.raw), i]));

  const columns: PivotColumn[] = groups.flatMap((g, gi) =>
    measures.map((m, j) => ({
      key: `${gi}:${j}`,
      title: columnLabel(m.column, language),
      group: g ? g.label : null,
      measure: j,
    })),
  );

  const rowsByKey = new Map<string, PivotRow>();
  for (const row of result.rows) {
    const raws = down.map((d) => row[d.index] ?? null);
    const key = JSON.stringify(raws);
    let entry = rowsByKey.get(key);
    if (!entry) {
      const headers = down.map((d, i) =>
        formatValue(raws[i] ?? null, d.column, result.dictionaries, definition.style, language),
      );
      entry = { key, headers, raws, cells: Array<number | null>(columns.length).fill(null) };
      rowsByKey.set(key, entry);
    }
    const gi = across ? (groupIndex.get(valueKey(row[across.index])) ?? 0) : 0;
    measures.forEach((m, j) => {
      (entry as PivotRow).cells[gi * measures.length + j] = toNumber(row[m.index]);
    });
  }
  const rows = [...rowsByKey.values()];
  const columnTotals = columns.map((c, ci) =>
    total(
      rows.map((r) => r.cells[ci] ?? null),
      aggOf(c.measure),
    ),
  );
  const rowTotals = pivoted
    ? rows.map((r) =>
        measures.map((_, j) =>
          total(
            r.cells.filter((_, ci) => columns[ci]?.measure === j),
            aggOf(j),
          ),
        ),
      )
    : [];
  const grandTotals = measures.map((_, j) =>
    total(
      rows.flatMap((r) => r.cells.filter((_, ci) => columns[ci]?.measure === j)),
      aggOf(j),
    ),
  );
  return {
    headers: down.map((d) => columnLabel(d.column, language)),
    columns,
    rows,
    rowTotals,
    columnTotals,
    grandTotals,
    pivoted,
  };
}

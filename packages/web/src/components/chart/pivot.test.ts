import { describe, expect, it } from 'vitest';
import { pivotModel, total } from './pivot.ts';
import { chartDefinition, column, okResult } from './test-results.ts';

const byRegionAndYear = () =>
  okResult(
    [
      column({ name: 'region', role: 'dimension' }),
      column({ name: 'year', role: 'dimension', type: 'date', bucket: 'year' }),
      column({ name: 'amount', role: 'measure', label: { en: 'Amount', zh: '金额' } }),
    ],
    [
      ['North', '2025-01-01', 10],
      ['North', '2026-01-01', 20],
      ['South', '2026-01-01', 5],
    ],
  );

describe('a pivot table', () => {
  it('turns the last dimension into columns and keeps the others as rows', () => {
    const model = pivotModel(chartDefinition({ type: 'pivot' }), byRegionAndYear(), 'en');
    expect(model.pivoted).toBe(true);
    expect(model.headers).toEqual(['region']);
    expect(model.columns.map((c) => c.group)).toEqual(['2025', '2026']);
    expect(model.rows.map((r) => [r.headers, r.cells])).toEqual([
      [['North'], [10, 20]],
      [['South'], [null, 5]],
    ]);
  });

  it('totals each row and each column, and all of it', () => {
    const model = pivotModel(chartDefinition({ type: 'pivot' }), byRegionAndYear(), 'en');
    expect(model.rowTotals).toEqual([[30], [5]]);
    expect(model.columnTotals).toEqual([10, 25]);
    expect(model.grandTotals).toEqual([35]);
  });

  it('gives every value across a column per measure', () => {
    const result = okResult(
      [
        column({ name: 'region', role: 'dimension' }),
        column({ name: 'year', role: 'dimension' }),
        column({ name: 'amount', role: 'measure' }),
        column({ name: 'count', role: 'measure' }),
      ],
      [
        ['North', '2025', 10, 1],
        ['North', '2026', 20, 2],
      ],
    );
    const definition = chartDefinition({
      type: 'pivot',
      measures: [{ field: 'amount', agg: 'sum' }, { agg: 'count' }],
    });
    const model = pivotModel(definition, result, 'en');
    expect(model.columns.map((c) => [c.group, c.title])).toEqual([
      ['2025', 'amount'],
      ['2025', 'count'],
      ['2026', 'amount'],
      ['2026', 'count'],
    ]);
    expect(model.rowTotals).toEqual([[30, 3]]);
  });

  it('stays a list of rows with one dimension, with a total line', () => {
    const result = okResult(
      [column({ name: 'region', role: 'dimension' }), column({ name: 'amount', role: 'measure' })],
      [
        ['North', 10],
        ['South', 5],
      ],
    );
    const model = pivotModel(chartDefinition({ type: 'pivot' }), result, 'en');
    expect(model.pivoted).toBe(false);
    expect(model.rows.map((r) => r.cells)).toEqual([[10], [5]]);
    expect(model.columnTotals).toEqual([15]);
    expect(model.rowTotals).toEqual([]);
  });
});

describe('a total', () => {
  it('adds sums and counts, keeps the least and the most, and has none for averages', () => {
    expect(total([1, 2, null], 'sum')).toBe(3);
    expect(total([1, 2], 'count')).toBe(3);
    expect(total([4, 2, 9], 'min')).toBe(2);
    expect(total([4, 2, 9], 'max')).toBe(9);
    expect(total([4, 2], 'avg')).toBeNull();
    expect(total([4, 2], 'countDistinct')).toBeNull();
    expect(total([null], 'sum')).toBeNull();
  });
});

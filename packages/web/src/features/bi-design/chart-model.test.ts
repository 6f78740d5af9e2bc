import type { DatasetField } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import {
  addField,
  addRowCount,
  aggregatesFor,
  defaultWell,
  emptyChart,
  forDataset,
  MAX_DIMENSIONS,
  missingParts,
  parsedChart,
  setAggregate,
  withBucket,
} from './chart-model.ts';

const field = (name: string, type: DatasetField['type']): DatasetField => ({
  name,
  label: { en: name, zh: name },
  type,
  dictionary: null,
  origin: 'field',
});
const signDate = field('signDate', 'date');
const amount = field('amountInclTax', 'number');
const customer = field('customerId.name', 'string');

describe('the chart builder’s edits', () => {
  it('sends a click on a number to the measures, on anything else to the dimensions', () => {
    expect(defaultWell(amount)).toBe('measures');
    expect(defaultWell(signDate)).toBe('dimensions');
    expect(defaultWell(customer)).toBe('dimensions');
  });

  it('groups a date by month, sums a number and counts the distinct values of text', () => {
    let chart = addField(emptyChart(3), 'dimensions', signDate);
    chart = addField(chart, 'measures', amount);
    chart = addField(chart, 'measures', customer);
    expect(chart.dimensions).toEqual([{ field: 'signDate', bucket: 'month' }]);
    expect(chart.measures).toEqual([
      { field: 'amountInclTax', agg: 'sum' },
      { field: 'customerId.name', agg: 'countDistinct' },
    ]);
  });

  it('keeps at most three dimensions, one series, and filters with the field’s first operator', () => {
    let chart = emptyChart(3);
    for (let i = 0; i < MAX_DIMENSIONS + 1; i++) chart = addField(chart, 'dimensions', customer);
    expect(chart.dimensions).toHaveLength(MAX_DIMENSIONS);
    chart = addField(addField(chart, 'series', customer), 'series', signDate);
    expect(chart.series).toEqual({ field: 'signDate', bucket: 'month' });
    chart = addField(chart, 'filters', signDate);
    expect(chart.filters).toEqual([{ field: 'signDate', op: 'eq', variable: 'today' }]);
  });

  it('allows sum, average, minimum and maximum on numbers only', () => {
    expect(aggregatesFor(amount)).toEqual(['sum', 'avg', 'min', 'max', 'count', 'countDistinct']);
    expect(aggregatesFor(customer)).toEqual(['count', 'countDistinct']);
    const chart = addField(emptyChart(3), 'measures', customer);
    expect(setAggregate(chart, 0, 'sum', customer)).toBe(chart);
    expect(setAggregate(chart, 0, 'count', customer).measures).toEqual([{ field: 'customerId.name', agg: 'count' }]);
  });

  it('drops a date bucket when the value itself is chosen', () => {
    expect(withBucket({ field: 'signDate', bucket: 'month' }, 'none')).toEqual({ field: 'signDate' });
    expect(withBucket({ field: 'signDate' }, 'quarter')).toEqual({ field: 'signDate', bucket: 'quarter' });
  });

  it('keeps on another dataset only the fields it has, and a count of rows', () => {
    let chart = addField(addField(emptyChart(3), 'dimensions', customer), 'measures', amount);
    chart = addRowCount({ ...chart, compareField: 'signDate' });
    const moved = forDataset(chart, 4, [amount]);
    expect(moved).toMatchObject({ datasetId: 4, dimensions: [], compareField: null });
    expect(moved.measures).toEqual([{ field: 'amountInclTax', agg: 'sum' }, { agg: 'count' }]);
  });

  it('says what a chart needs before it can be previewed, and reads it as the server will', () => {
    expect(missingParts(emptyChart())).toEqual(['dataset', 'measure']);
    expect(parsedChart(emptyChart(3))).toBeNull();
    const ready = addRowCount(emptyChart(3));
    expect(missingParts(ready)).toEqual([]);
    expect(parsedChart(ready)).toEqual(ready);
  });
});

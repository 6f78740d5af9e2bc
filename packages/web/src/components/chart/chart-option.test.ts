import { chartTypes } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { buildChart, chartOption, isEChartsType } from './chart-option.ts';
import type { BiChartOption } from './option-parts.ts';
import { byCustomer, chartDefinition, column, okResult } from './test-results.ts';

/** The option's series as plain records, to read what a test needs without ECharts' union types. */
const seriesOf = (option: BiChartOption | null): Record<string, unknown>[] => {
  const s = option?.series;
  return (Array.isArray(s) ? s : s ? [s] : []) as Record<string, unknown>[];
};
const dataOf = (option: BiChartOption | null, i = 0) => seriesOf(option)[i]?.data as Record<string, unknown>[];
const xLabels = (option: BiChartOption | null) => (option?.xAxis as { data: string[] } | undefined)?.data;

/** Signed amount by month and stage: the stage splits each month into series. */
const byMonthAndStage = () =>
  okResult(
    [
      column({ name: 'signedOn', role: 'dimension', type: 'date', bucket: 'month' }),
      column({ name: 'stage', role: 'series', dictionary: 'stage' }),
      column({ name: 'amount', role: 'measure', label: { en: 'Amount', zh: '金额' } }),
    ],
    [
      ['2026-01-01', 'A', 10],
      ['2026-01-01', 'B', 5],
      ['2026-02-01', 'A', 7],
    ],
    { dictionaries: { stage: { A: 'Delivery', B: 'Warranty' } } },
  );

describe('bar charts', () => {
  it('put the first dimension on the x axis and one series per measure', () => {
    const option = chartOption(chartDefinition(), byCustomer(), 'en');
    expect(xLabels(option)).toEqual(['Acme', 'Globex', 'Initech']);
    expect(seriesOf(option)).toHaveLength(1);
    expect(seriesOf(option)[0]).toMatchObject({ type: 'bar', name: 'Amount' });
    expect(dataOf(option).map((d) => d.value)).toEqual([1200, 800, 300.5]);
    expect(seriesOf(option)[0]?.stack).toBeUndefined();
  });

  it('write the axis and the labels in the number format, labels shown when the style says', () => {
    const definition = chartDefinition({ style: { numberFormat: 'currency', decimals: 2, showLabels: true } });
    const option = chartOption(definition, byCustomer(), 'en');
    const yAxis = option?.yAxis as { axisLabel: { formatter(v: number): string } };
    expect(yAxis.axisLabel.formatter(1200)).toBe('¥1,200.00');
    const label = seriesOf(option)[0]?.label as { show: boolean; formatter(p: { value: number }): string };
    expect(label.show).toBe(true);
    expect(label.formatter({ value: 300.5 })).toBe('¥300.50');
  });

  it('stack the series of a stacked bar, one per value of the series dimension, named from its dictionary', () => {
    const option = chartOption(chartDefinition({ type: 'stackedBar' }), byMonthAndStage(), 'en');
    expect(xLabels(option)).toEqual(['2026-01', '2026-02']);
    expect(seriesOf(option).map((s) => [s.name, s.stack])).toEqual([
      ['Delivery', 'total'],
      ['Warranty', 'total'],
    ]);
    expect(dataOf(option, 1).map((d) => d.value)).toEqual([5, null]);
  });

  it('use the chosen colours and hide the legend when told', () => {
    const option = chartOption(
      chartDefinition({ style: { colors: ['#112233', '#445566'], showLegend: false } }),
      byCustomer(),
      'en',
    );
    expect(option?.color).toEqual(['#112233', '#445566']);
    expect(option?.legend).toEqual({ show: false });
  });

  it('fade the categories not chosen on this chart', () => {
    const { option } = buildChart(chartDefinition(), byCustomer(), 'en', ['Globex']);
    expect(dataOf(option).map((d) => d.itemStyle)).toEqual([{ opacity: 0.3 }, undefined, { opacity: 0.3 }]);
  });
});

describe('line and area charts', () => {
  it('draw a line per series over months', () => {
    const option = chartOption(chartDefinition({ type: 'line' }), byMonthAndStage(), 'zh');
    expect(seriesOf(option).map((s) => s.type)).toEqual(['line', 'line']);
    expect(seriesOf(option)[0]?.areaStyle).toBeUndefined();
  });

  it('fill and stack the areas', () => {
    const option = chartOption(chartDefinition({ type: 'area' }), byMonthAndStage(), 'en');
    expect(seriesOf(option).map((s) => [s.areaStyle, s.stack])).toEqual([
      [{}, 'total'],
      [{}, 'total'],
    ]);
  });
});

describe('pie, donut and funnel', () => {
  it('draw a slice per category with its name and value', () => {
    const option = chartOption(chartDefinition({ type: 'pie' }), byCustomer(), 'en');
    expect(seriesOf(option)[0]).toMatchObject({ type: 'pie', radius: '70%' });
    expect(dataOf(option).map((d) => [d.name, d.value])).toEqual([
      ['Acme', 1200],
      ['Globex', 800],
      ['Initech', 300.5],
    ]);
  });

  it('leave a hole in a donut', () => {
    const option = chartOption(chartDefinition({ type: 'donut' }), byCustomer(), 'en');
    expect(seriesOf(option)[0]?.radius).toEqual(['45%', '70%']);
  });

  it('order a funnel from the largest step', () => {
    const option = chartOption(chartDefinition({ type: 'funnel' }), byCustomer(), 'en');
    expect(seriesOf(option)[0]).toMatchObject({ type: 'funnel', sort: 'descending' });
    expect(dataOf(option)).toHaveLength(3);
  });
});

describe('scatter', () => {
  it('places each category at its two measures', () => {
    const result = okResult(
      [
        column({ name: 'customer', role: 'dimension' }),
        column({ name: 'amount', role: 'measure' }),
        column({ name: 'count', role: 'measure' }),
      ],
      [
        ['Acme', 100, 4],
        ['Globex', 50, 2],
      ],
    );
    const definition = chartDefinition({
      type: 'scatter',
      measures: [{ field: 'amount', agg: 'sum' }, { agg: 'count' }],
    });
    const option = chartOption(definition, result, 'en');
    expect((option?.xAxis as { type: string } | undefined)?.type).toBe('value');
    expect(dataOf(option).map((d) => [d.name, d.value])).toEqual([
      ['Acme', [100, 4]],
      ['Globex', [50, 2]],
    ]);
  });

  it('places dots over the categories with one measure', () => {
    const option = chartOption(chartDefinition({ type: 'scatter' }), byCustomer(), 'en');
    expect(xLabels(option)).toEqual(['Acme', 'Globex', 'Initech']);
    expect(seriesOf(option)[0]?.type).toBe('scatter');
  });
});

describe('gauge', () => {
  const total = () => okResult([column({ name: 'amount', role: 'measure' })], [[734]]);

  it('shows the first value on a dial that ends at a round number above it', () => {
    const option = chartOption(chartDefinition({ type: 'gauge', dimensions: [] }), total(), 'en');
    expect(seriesOf(option)[0]).toMatchObject({ type: 'gauge', min: 0, max: 800 });
    expect(dataOf(option)[0]?.value).toBe(734);
  });

  it('ends at the style’s max when there is one', () => {
    const option = chartOption(chartDefinition({ type: 'gauge', dimensions: [], style: { max: 1000 } }), total(), 'en');
    expect(seriesOf(option)[0]?.max).toBe(1000);
  });
});

describe('radar', () => {
  it('has a spoke per category and a shape per series', () => {
    const option = chartOption(chartDefinition({ type: 'radar' }), byCustomer(), 'en');
    const radar = option?.radar as { indicator: { name: string; max: number }[] };
    expect(radar.indicator).toEqual([
      { name: 'Acme', max: 2000 },
      { name: 'Globex', max: 2000 },
      { name: 'Initech', max: 2000 },
    ]);
    expect(dataOf(option)).toEqual([{ name: 'Amount', value: [1200, 800, 300.5] }]);
  });
});

describe('heatmap', () => {
  it('colours a cell per pair of the two dimensions', () => {
    const result = okResult(
      [
        column({ name: 'month', role: 'dimension', type: 'number', bucket: 'monthOfYear' }),
        column({ name: 'weekday', role: 'dimension', type: 'number', bucket: 'dayOfWeek' }),
        column({ name: 'amount', role: 'measure' }),
      ],
      [
        [1, 1, 5],
        [1, 2, 9],
        [2, 1, 3],
      ],
    );
    const option = chartOption(chartDefinition({ type: 'heatmap' }), result, 'en');
    expect(xLabels(option)).toEqual(['Jan', 'Feb']);
    expect((option?.yAxis as { data: string[] } | undefined)?.data).toEqual(['Mon', 'Tue']);
    expect(dataOf(option).map((d) => d.value)).toEqual([
      [0, 0, 5],
      [0, 1, 9],
      [1, 0, 3],
    ]);
    expect(option?.visualMap).toMatchObject({ min: 0, max: 9 });
  });
});

describe('treemap', () => {
  it('nests the second dimension inside the first', () => {
    const result = okResult(
      [
        column({ name: 'region', role: 'dimension' }),
        column({ name: 'customer', role: 'dimension' }),
        column({ name: 'amount', role: 'measure' }),
      ],
      [
        ['North', 'Acme', 5],
        ['North', 'Globex', 3],
        ['South', 'Initech', 2],
      ],
    );
    const option = chartOption(chartDefinition({ type: 'treemap' }), result, 'en');
    const data = dataOf(option) as { name: string; children: { name: string; value: number }[] }[];
    expect(data.map((d) => [d.name, d.children.map((c) => [c.name, c.value])])).toEqual([
      [
        'North',
        [
          ['Acme', 5],
          ['Globex', 3],
        ],
      ],
      ['South', [['Initech', 2]]],
    ]);
  });

  it('is a flat set of rectangles with one dimension', () => {
    const option = chartOption(chartDefinition({ type: 'treemap' }), byCustomer(), 'en');
    expect(dataOf(option).map((d) => [d.name, d.value])).toEqual([
      ['Acme', 1200],
      ['Globex', 800],
      ['Initech', 300.5],
    ]);
  });
});

describe('every chart type', () => {
  it('is drawn by ECharts, or else by antd (KPI, table, pivot)', () => {
    for (const type of chartTypes) {
      const option = chartOption(chartDefinition({ type }), byCustomer(), 'en');
      expect(option === null, type).toBe(!isEChartsType(type));
    }
    expect(chartTypes.filter((t) => !isEChartsType(t))).toEqual(['kpi', 'table', 'pivot']);
  });

  it('gives each point the index of what a click on it picks', () => {
    for (const type of ['bar', 'line', 'pie', 'funnel', 'treemap'] as const) {
      const { option, picks } = buildChart(chartDefinition({ type }), byCustomer(), 'en');
      expect(
        dataOf(option).map((d) => d.id),
        type,
      ).toEqual(['0', '1', '2']);
      expect(picks[1]).toEqual({ field: 'customer', value: 'Globex', bucket: null, label: 'Globex' });
    }
  });

  it('picks a date bucket’s first day with its bucket', () => {
    const { picks } = buildChart(chartDefinition({ type: 'line' }), byMonthAndStage(), 'en');
    expect(picks[1]).toEqual({ field: 'signedOn', value: '2026-02-01', bucket: 'month', label: '2026-02' });
  });
});

describe('a time axis', () => {
  const signedPerMonth = (rows: [string, number][]) =>
    okResult(
      [
        column({ name: 'signedOn', role: 'dimension', type: 'date', bucket: 'month' }),
        column({ name: 'amount', role: 'measure' }),
      ],
      rows,
    );

  it('shows the months without rows between the first and the last, at nothing signed', () => {
    const result = signedPerMonth([
      ['2025-11-01', 100],
      ['2026-02-01', 40],
    ]);
    const option = chartOption(chartDefinition({ type: 'line' }), result, 'en');
    expect(xLabels(option)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(dataOf(option).map((d) => d.value)).toEqual([100, 0, 0, 40]);
  });

  it('leaves an average of an empty month empty, and a newest-first axis newest first', () => {
    const result = signedPerMonth([
      ['2026-03-01', 9],
      ['2026-01-01', 3],
    ]);
    const option = chartOption(
      chartDefinition({
        type: 'bar',
        measures: [{ field: 'amount', agg: 'avg' }],
        sort: { by: 'dimension', order: 'desc' },
      }),
      result,
      'en',
    );
    expect(xLabels(option)).toEqual(['2026-03', '2026-02', '2026-01']);
    expect(dataOf(option).map((d) => d.value)).toEqual([9, null, 3]);
  });

  it('keeps the order of a chart sorted by its measure, and a pie’s slices, as the rows have them', () => {
    const result = signedPerMonth([
      ['2026-03-01', 9],
      ['2026-01-01', 3],
    ]);
    const sorted = chartDefinition({ type: 'bar', sort: { by: 'measure:0', order: 'desc' } });
    expect(xLabels(chartOption(sorted, result, 'en'))).toEqual(['2026-03', '2026-01']);
    expect(dataOf(chartOption(chartDefinition({ type: 'pie' }), result, 'en'))).toHaveLength(2);
  });
});

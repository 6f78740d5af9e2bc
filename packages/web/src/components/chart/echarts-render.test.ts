import { chartDefinitionSchema } from '@trestle/shared';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it, vi } from 'vitest';
import { buildChart, echartsTypes } from './chart-option.ts';
import { biChartParts } from './echarts-parts.ts';
import { chartDefinition, column, okResult } from './test-results.ts';

// The parts the drawing registers, drawn to SVG on the server's way (no canvas in jsdom).
use([...biChartParts, SVGRenderer]);

/** Two dimensions and two measures: enough for every type (a heatmap's rows, a treemap's nesting, a scatter). */
const result = okResult(
  [
    column({ name: 'g0', role: 'dimension', field: 'signedOn', type: 'date', bucket: 'quarter' }),
    column({ name: 'g1', role: 'dimension', field: 'stage', dictionary: 'stage' }),
    column({ name: 'm0', role: 'measure', label: { en: 'Amount', zh: '金额' } }),
    column({ name: 'm1', role: 'measure', label: { en: 'Contracts', zh: '合同数' } }),
  ],
  [
    ['2026-01-01', 'A', 1200.5, 3],
    ['2026-01-01', 'B', 300, 1],
    ['2026-04-01', 'A', 800, 2],
  ],
  { dictionaries: { stage: { A: 'Delivery', B: 'Warranty' } } },
);

describe('every ECharts type', () => {
  it.each(echartsTypes)('%s is drawn from its option without a complaint', (type) => {
    // ECharts says what it dislikes through the console (log, warn or error), once per message.
    const said = ['log', 'warn', 'error'].map((level) => vi.spyOn(console, level as 'log'));
    const definition = chartDefinition({
      type,
      dimensions: [{ field: 'signedOn', bucket: 'quarter' }, { field: 'stage' }],
      measures: [{ field: 'amount', agg: 'sum' }, { agg: 'count' }],
      style: chartDefinitionSchema.shape.style.parse({ showLabels: true, colors: ['#112233', '#aabbcc'] }),
    });
    const { option } = buildChart(definition, result, 'zh', ['2026-01-01']);
    const chart = init(null, null, { renderer: 'svg', ssr: true, width: 480, height: 320 });
    try {
      chart.setOption(option ?? {});
      const svg = chart.renderToSVGString();
      expect(svg).toContain('<svg');
      // Something of the data is drawn: a category, a value or a shape's path.
      expect(svg).toMatch(/<path|<text/);
    } finally {
      chart.dispose();
    }
    expect(said.flatMap((spy) => spy.mock.calls)).toEqual([]);
  });
});

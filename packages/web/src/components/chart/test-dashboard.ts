import { type DashboardView, dashboardDefinitionSchema, type RunResponse } from '@trestle/shared';
import { byCustomer, chartDefinition, column, okResult } from './test-results.ts';

/**
 * A dashboard as /api/dashboards/view sends it: amount by customer (a bar), signed amount by year (a line), a
 * count by stage from another dataset without the customer field (a pie), and a text.
 */
export const salesView = (over: Partial<DashboardView['definition']> = {}): DashboardView => ({
  id: 7,
  name: 'Sales',
  description: 'Contracts signed',
  version: 3,
  definition: dashboardDefinitionSchema.parse({
    items: [
      { id: 'byCustomer', kind: 'chart', chartId: 1, x: 0, y: 0, w: 12, h: 8 },
      { id: 'byYear', kind: 'chart', chartId: 2, x: 12, y: 0, w: 12, h: 8 },
      { id: 'byStage', kind: 'chart', chartId: 3, x: 0, y: 8, w: 12, h: 8 },
      { id: 'note', kind: 'text', text: 'Figures in yuan', x: 12, y: 8, w: 12, h: 2 },
    ],
    filters: [
      {
        id: 'signed',
        kind: 'dateRange',
        label: { en: 'Signed', zh: '签订日期' },
        targets: [
          { chartId: 1, field: 'signedOn' },
          { chartId: 2, field: 'signedOn' },
        ],
      },
      {
        id: 'customer',
        kind: 'select',
        label: { en: 'Customer', zh: '客户' },
        targets: [{ chartId: 1, field: 'customer' }],
      },
    ],
    ...over,
  }),
  charts: [
    { id: 1, name: 'By customer', definition: chartDefinition() },
    {
      id: 2,
      name: 'By year',
      definition: chartDefinition({ type: 'line', dimensions: [{ field: 'signedOn', bucket: 'year' }] }),
    },
    {
      id: 3,
      name: 'By stage',
      definition: chartDefinition({
        datasetId: 2,
        type: 'pie',
        dimensions: [{ field: 'stage' }],
        measures: [{ agg: 'count' }],
      }),
    },
  ],
  fields: {
    '1': [
      { name: 'customer', label: { en: 'Customer', zh: '客户' }, type: 'string', dictionary: null, origin: 'field' },
      { name: 'signedOn', label: { en: 'Signed on', zh: '签订日期' }, type: 'date', dictionary: null, origin: 'field' },
    ],
    '2': [
      { name: 'customer', label: { en: 'Customer', zh: '客户' }, type: 'string', dictionary: null, origin: 'field' },
      { name: 'signedOn', label: { en: 'Signed on', zh: '签订日期' }, type: 'date', dictionary: null, origin: 'field' },
    ],
    '3': [{ name: 'stage', label: { en: 'Stage', zh: '阶段' }, type: 'string', dictionary: 'stage', origin: 'field' }],
  },
});

export const byYear = () =>
  okResult(
    [
      column({ name: 'signedOn', role: 'dimension', type: 'date', bucket: 'year' }),
      column({ name: 'amount', role: 'measure' }),
    ],
    [
      ['2025-01-01', 900],
      ['2026-01-01', 1400],
    ],
  );

export const byStage = () =>
  okResult(
    [column({ name: 'stage', role: 'dimension', dictionary: 'stage' }), column({ name: 'count', role: 'measure' })],
    [
      ['DELIVERY', 4],
      ['WARRANTY', 2],
    ],
    { dictionaries: { stage: { DELIVERY: 'Delivery', WARRANTY: 'Warranty' } } },
  );

export const salesResults = (): RunResponse => ({
  results: { byCustomer: byCustomer(), byYear: byYear(), byStage: byStage() },
  ms: 12,
});

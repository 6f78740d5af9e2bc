import { type ChartDefinition, type ChartResult, chartDefinitionSchema, type ResultColumn } from '@trestle/shared';
import type { OkResult } from './chart-model.ts';

/** Definitions and results as the server sends them, for this folder's tests and the dashboards'. */

type DefinitionInput = Partial<Omit<ChartDefinition, 'style'>> & { style?: Partial<ChartDefinition['style']> };

export const chartDefinition = (over: DefinitionInput = {}): ChartDefinition =>
  chartDefinitionSchema.parse({
    datasetId: 1,
    type: 'bar',
    dimensions: [{ field: 'customer' }],
    measures: [{ field: 'amount', agg: 'sum' }],
    ...over,
  });

export const column = (over: Partial<ResultColumn> & Pick<ResultColumn, 'name' | 'role'>): ResultColumn => ({
  label: { en: over.name, zh: over.name },
  type: over.role === 'measure' ? 'number' : 'string',
  dictionary: null,
  field: over.role === 'measure' ? null : over.name,
  bucket: null,
  ...over,
});

export const okResult = (
  columns: ResultColumn[],
  rows: OkResult['rows'],
  over: Partial<Omit<OkResult, 'ok' | 'columns' | 'rows'>> = {},
): OkResult => ({
  ok: true,
  columns,
  rows,
  previous: null,
  truncated: false,
  cached: false,
  ms: 0,
  dictionaries: {},
  ...over,
});

/** Amount by customer: three customers. */
export const byCustomer = (): OkResult =>
  okResult(
    [
      column({ name: 'customer', role: 'dimension' }),
      column({ name: 'amount', role: 'measure', label: { en: 'Amount', zh: '金额' } }),
    ],
    [
      ['Acme', 1200],
      ['Globex', 800],
      ['Initech', 300.5],
    ],
  );

export const failed = (message: string): ChartResult => ({ ok: false, message });

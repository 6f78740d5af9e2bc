import {
  type Aggregate,
  aggregates,
  type ChartDefinition,
  chartDefinitionSchema,
  chartStyleSchema,
  type DatasetField,
  type DateBucket,
  type Dimension,
  type Measure,
} from '@trestle/shared';
import { newCondition } from '../../components/filter-conditions/ConditionList.tsx';
import { conditionField } from './field-conditions.ts';

/**
 * The chart builder's edits as plain functions over a chart definition: where a field goes when it is
 * dropped or clicked, which aggregates it allows, and whether the definition is whole enough to preview.
 */

/** The wells a field may be dropped on. */
export const wells = ['dimensions', 'series', 'measures', 'filters'] as const;
export type Well = (typeof wells)[number];

export const MAX_DIMENSIONS = 3;
export const MAX_MEASURES = 10;

/** A new chart: nothing placed yet, the schema's defaults for the rest (no dataset chosen is 0). */
export function emptyChart(datasetId = 0): ChartDefinition {
  return {
    datasetId,
    type: 'bar',
    dimensions: [],
    series: null,
    measures: [],
    filters: [],
    sort: null,
    limit: 1000,
    compare: 'none',
    compareField: null,
    style: chartStyleSchema.parse({}),
    cacheSeconds: 300,
  };
}

const isDate = (f: Pick<DatasetField, 'type'> | undefined) => f?.type === 'date' || f?.type === 'datetime';

/** Sum, average, minimum and maximum need numbers; any field can be counted. */
export const aggregatesFor = (field: Pick<DatasetField, 'type'> | undefined): readonly Aggregate[] =>
  field === undefined || field.type === 'number' ? aggregates : ['count', 'countDistinct'];

/** Where a click sends a field: numbers are measured, everything else groups. */
export const defaultWell = (field: Pick<DatasetField, 'type'>): Well =>
  field.type === 'number' ? 'measures' : 'dimensions';

/** A date groups by month unless the designer picks another grain; other fields by their value. */
export const newDimension = (field: DatasetField): Dimension =>
  isDate(field) ? { field: field.name, bucket: 'month' } : { field: field.name };

export const newMeasure = (field: DatasetField): Measure => ({
  field: field.name,
  agg: field.type === 'number' ? 'sum' : 'countDistinct',
});

/** The chart with `field` added to `well`; unchanged where the well is full. */
export function addField(chart: ChartDefinition, well: Well, field: DatasetField): ChartDefinition {
  switch (well) {
    case 'dimensions':
      if (chart.dimensions.length >= MAX_DIMENSIONS) return chart;
      return { ...chart, dimensions: [...chart.dimensions, newDimension(field)] };
    case 'series':
      return { ...chart, series: newDimension(field) };
    case 'measures':
      if (chart.measures.length >= MAX_MEASURES) return chart;
      return { ...chart, measures: [...chart.measures, newMeasure(field)] };
    case 'filters':
      return { ...chart, filters: [...chart.filters, newCondition(conditionField(field))] };
  }
}

/** The chart with a count of rows added to its measures. */
export const addRowCount = (chart: ChartDefinition): ChartDefinition =>
  chart.measures.length >= MAX_MEASURES ? chart : { ...chart, measures: [...chart.measures, { agg: 'count' }] };

/** A measure's aggregate changed; a field that cannot take it keeps its own. */
export function setAggregate(
  chart: ChartDefinition,
  index: number,
  agg: Aggregate,
  field: DatasetField | undefined,
): ChartDefinition {
  if (!aggregatesFor(field).includes(agg)) return chart;
  return { ...chart, measures: chart.measures.map((m, i) => (i === index ? { ...m, agg } : m)) };
}

/** The date buckets a dimension may take: none for fields other than dates. */
export const bucketsFor = (field: Pick<DatasetField, 'type'> | undefined): readonly (DateBucket | 'none')[] =>
  isDate(field) ? ['none', 'day', 'week', 'month', 'quarter', 'year', 'monthOfYear', 'dayOfWeek'] : [];

export const withBucket = (d: Dimension, bucket: DateBucket | 'none'): Dimension => {
  const { bucket: _old, ...rest } = d;
  return bucket === 'none' ? rest : { ...rest, bucket };
};

/**
 * A new dataset keeps only what still names its fields: placed fields it lacks are dropped (a count of rows
 * stays), so the chart the builder shows is one the server can answer.
 */
export function forDataset(
  chart: ChartDefinition,
  datasetId: number,
  fields: readonly DatasetField[],
): ChartDefinition {
  const has = (name: string | undefined | null) =>
    name !== undefined && name !== null && fields.some((f) => f.name === name);
  return {
    ...chart,
    datasetId,
    dimensions: chart.dimensions.filter((d) => has(d.field)),
    series: chart.series && has(chart.series.field) ? chart.series : null,
    measures: chart.measures.filter((m) => m.field === undefined || has(m.field)),
    filters: chart.filters.filter((c) => has(c.field)),
    compareField: has(chart.compareField) ? chart.compareField : null,
  };
}

/** What the chart needs before anything can be drawn (the shared check says the rest): a dataset, a measure. */
export function missingParts(chart: ChartDefinition): ('dataset' | 'measure')[] {
  const missing: ('dataset' | 'measure')[] = [];
  if (chart.datasetId <= 0) missing.push('dataset');
  if (chart.measures.length === 0) missing.push('measure');
  return missing;
}

/** The definition as the server will read it, or null while the schema refuses it. */
export function parsedChart(chart: ChartDefinition): ChartDefinition | null {
  const parsed = chartDefinitionSchema.safeParse(chart);
  return parsed.success ? parsed.data : null;
}

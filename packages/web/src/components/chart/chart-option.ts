import { type ChartDefinition, type ChartType, chartTypes } from '@trestle/shared';
import { type BiPick, chartModel, type OkResult } from './chart-model.ts';
import type { ChartLanguage, Scalar } from './format.ts';
import { barOption, heatmapOption, lineOption, scatterOption } from './option-axes.ts';
import { type BiChartOption, type OptionContext, optionContext } from './option-parts.ts';
import { funnelOption, gaugeOption, pieOption, radarOption, treemapOption } from './option-shapes.ts';

export type { BiChartOption } from './option-parts.ts';

/** The chart types antd draws (the KPI's numbers, the table, the pivot); ECharts draws every other one. */
const ANTD_TYPES = ['kpi', 'table', 'pivot'] as const satisfies readonly ChartType[];
export type EChartsType = Exclude<ChartType, (typeof ANTD_TYPES)[number]>;

export const isEChartsType = (type: ChartType): type is EChartsType =>
  !(ANTD_TYPES as readonly string[]).includes(type);

/** The shared chart types ECharts draws, in their order. */
export const echartsTypes: EChartsType[] = chartTypes.filter(isEChartsType);

const builders: Record<EChartsType, (ctx: OptionContext) => BiChartOption> = {
  bar: (ctx) => barOption(ctx, false),
  stackedBar: (ctx) => barOption(ctx, true),
  line: (ctx) => lineOption(ctx, false),
  area: (ctx) => lineOption(ctx, true),
  pie: (ctx) => pieOption(ctx, false),
  donut: (ctx) => pieOption(ctx, true),
  scatter: scatterOption,
  funnel: funnelOption,
  gauge: gaugeOption,
  radar: radarOption,
  heatmap: heatmapOption,
  treemap: treemapOption,
};

/**
 * A chart drawn by ECharts: its option, and what a click on a point picks (a point's `id` is the index into
 * `picks`). `selected`: the values chosen on this chart (its cross-filter); the others are drawn faded.
 */
export function buildChart(
  definition: ChartDefinition,
  result: OkResult,
  language: ChartLanguage,
  selected: readonly Scalar[] = [],
): { option: BiChartOption | null; picks: (BiPick | null)[] } {
  const model = chartModel(definition, result, language);
  if (!isEChartsType(definition.type)) return { option: null, picks: model.picks };
  const ctx = optionContext(definition, result, model, language, selected);
  return { option: builders[definition.type](ctx), picks: model.picks };
}

/** The ECharts option of a chart (null for the types antd draws: KPI, table, pivot). */
export const chartOption = (definition: ChartDefinition, result: OkResult, language: ChartLanguage) =>
  buildChart(definition, result, language).option;

import type { ChartDefinition } from '@trestle/shared';
import type {
  BarSeriesOption,
  FunnelSeriesOption,
  GaugeSeriesOption,
  HeatmapSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  RadarSeriesOption,
  ScatterSeriesOption,
  TreemapSeriesOption,
} from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  RadarComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { type ChartModel, type OkResult, valueKey } from './chart-model.ts';
import { type ChartLanguage, formatNumber, type Scalar, toNumber } from './format.ts';

/** Every option the BI charts draw with (types only: this module stays out of the ECharts chunk). */
export type BiChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | FunnelSeriesOption
  | GaugeSeriesOption
  | RadarSeriesOption
  | HeatmapSeriesOption
  | TreemapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
  | RadarComponentOption
>;

/** What the builders of one chart type share: the model, the measure's format, the chosen values. */
export type OptionContext = {
  definition: ChartDefinition;
  result: OkResult;
  model: ChartModel;
  language: ChartLanguage;
  /** The measure as the style writes it; an array (a heatmap cell) is written by its last number. */
  fmt: (value: unknown) => string;
  /** Whether category `i` is drawn faded: others are chosen (a cross-filter from this chart). */
  faded: (i: number) => boolean;
};

export function optionContext(
  definition: ChartDefinition,
  result: OkResult,
  model: ChartModel,
  language: ChartLanguage,
  selected: readonly Scalar[],
): OptionContext {
  const chosen = new Set(selected.map(valueKey));
  return {
    definition,
    result,
    model,
    language,
    fmt: (value) => formatNumber(toNumber(lastOf(value)), definition.style, language),
    faded: (i) => chosen.size > 0 && !chosen.has(valueKey(model.categories[i]?.raw)),
  };
}

function lastOf(value: unknown): Scalar {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof v === 'number' || typeof v === 'string' ? v : null;
}

/**
 * A data point: its value, its id (the category's index, which a click reads back to its pick) and, when
 * other categories are chosen, a faded look.
 */
export function point<V>(ctx: OptionContext, value: V, i: number) {
  return { value, id: String(i), ...(ctx.faded(i) ? { itemStyle: { opacity: 0.3 } } : {}) };
}

/** Colours, legend and tooltip as the style says. */
export function frame(ctx: OptionContext, trigger: 'axis' | 'item'): BiChartOption {
  const { style } = ctx.definition;
  return {
    ...(style.colors.length > 0 ? { color: style.colors } : {}),
    legend: style.showLegend ? { type: 'scroll', top: 0 } : { show: false },
    tooltip: { trigger, valueFormatter: (value) => ctx.fmt(value) },
  };
}

/** Labels on the points when the style shows them, in the measure's format. */
export const pointLabel = (ctx: OptionContext) => ({
  show: ctx.definition.style.showLabels,
  formatter: (p: { value?: unknown }) => ctx.fmt(p.value),
});

/** A round end for a dial or a radar's axes: 734 → 800, 0.62 → 0.7. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

import { valueKey } from './chart-model.ts';
import { formatValue, toNumber } from './format.ts';
import { type BiChartOption, frame, niceMax, type OptionContext, point, pointLabel } from './option-parts.ts';

/** The charts without axes: slices, a funnel, a dial, a radar, nested rectangles. */

/** The first series' value of each category, named: a slice, a funnel step, a rectangle. */
const namedPoints = (ctx: OptionContext) =>
  ctx.model.categories.map((c, i) => ({ ...point(ctx, ctx.model.series[0]?.values[i] ?? 0, i), name: c.label }));

const namedLabel = (ctx: OptionContext) => ({
  ...pointLabel(ctx),
  formatter: (p: { name?: string; value?: unknown }) => `${p.name ?? ''}: ${ctx.fmt(p.value)}`,
});

export function pieOption(ctx: OptionContext, donut: boolean): BiChartOption {
  return {
    ...frame(ctx, 'item'),
    series: [
      {
        type: 'pie',
        name: ctx.model.series[0]?.name ?? '',
        radius: donut ? ['45%', '70%'] : '70%',
        center: ['50%', ctx.definition.style.showLegend ? '55%' : '50%'],
        label: { ...namedLabel(ctx), position: 'outside' as const },
        data: namedPoints(ctx),
      },
    ],
  };
}

export function funnelOption(ctx: OptionContext): BiChartOption {
  return {
    ...frame(ctx, 'item'),
    series: [
      {
        type: 'funnel',
        name: ctx.model.series[0]?.name ?? '',
        top: ctx.definition.style.showLegend ? 36 : 8,
        bottom: 8,
        sort: 'descending',
        label: { ...namedLabel(ctx), position: 'inside' as const },
        data: namedPoints(ctx),
      },
    ],
  };
}

/** A dial of the first measure of the first row, up to the style's max (or a round number above the value). */
export function gaugeOption(ctx: OptionContext): BiChartOption {
  const measure = ctx.model.measures[0];
  const value = measure ? toNumber(ctx.result.rows[0]?.[measure.index]) : null;
  const percent = ctx.definition.style.numberFormat === 'percent';
  const max = ctx.definition.style.max ?? (percent ? 1 : niceMax(value ?? 0));
  return {
    ...frame(ctx, 'item'),
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        axisLabel: { formatter: (v: number) => ctx.fmt(v), distance: 18 },
        detail: { formatter: (v: number) => ctx.fmt(v), fontSize: 22, offsetCenter: [0, '70%'] },
        data: [{ value: value ?? 0, name: measure?.column.label[ctx.language] ?? '' }],
      },
    ],
  };
}

/** A radar: the categories are its spokes, each series a shape over them. */
export function radarOption(ctx: OptionContext): BiChartOption {
  const { model } = ctx;
  const top = Math.max(0, ...model.series.flatMap((s) => s.values.map((v) => v ?? 0)));
  return {
    ...frame(ctx, 'item'),
    radar: {
      indicator: model.categories.map((c) => ({ name: c.label, max: niceMax(top) })),
      center: ['50%', ctx.definition.style.showLegend ? '55%' : '50%'],
    },
    series: [
      {
        type: 'radar',
        label: pointLabel(ctx),
        data: model.series.map((s) => ({ name: s.name, value: s.values.map((v) => v ?? 0) })),
      },
    ],
  };
}

/**
 * Rectangles sized by the first measure: with a second dimension, each category holds its own rectangles. A
 * click picks the category (the nested ones pick their parent's), so zooming into a node is left off.
 */
export function treemapOption(ctx: OptionContext): BiChartOption {
  const { model, result, definition, language } = ctx;
  const inner = model.dimensions[1];
  const first = model.dimensions[0];
  const measure = model.measures[0];
  const tops = namedPoints(ctx);
  let data: ((typeof tops)[number] | { name: string; id: string; children: typeof tops })[] = tops;
  if (inner && first && measure) {
    // A parent without a value of its own: ECharts sizes it by the sum of its children.
    const position = new Map(model.categories.map((c, i) => [valueKey(c.raw), i]));
    const nested = tops.map(({ name, id }) => ({ name, id, children: [] as typeof tops }));
    for (const row of result.rows) {
      const i = position.get(valueKey(row[first.index])) ?? 0;
      const name = formatValue(row[inner.index] ?? null, inner.column, result.dictionaries, definition.style, language);
      nested[i]?.children.push({ ...point(ctx, toNumber(row[measure.index]) ?? 0, i), name });
    }
    data = nested;
  }
  return {
    ...frame(ctx, 'item'),
    legend: { show: false },
    series: [
      {
        type: 'treemap',
        name: model.series[0]?.name ?? '',
        nodeClick: false,
        roam: false,
        breadcrumb: { show: false },
        label: {
          show: true,
          formatter: (p: { name?: string; value?: unknown }) => `${p.name ?? ''}\n${ctx.fmt(p.value)}`,
        },
        upperLabel: { show: Boolean(inner), height: 20 },
        levels: inner ? [{ itemStyle: { gapWidth: 2 } }, { itemStyle: { gapWidth: 1 } }] : undefined,
        data,
      },
    ],
  };
}

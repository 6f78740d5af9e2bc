import { distinctValues, valueKey } from './chart-model.ts';
import { toNumber } from './format.ts';
import { type BiChartOption, frame, type OptionContext, point, pointLabel } from './option-parts.ts';

/** The charts on a category x axis and a value y axis: bars (side by side or stacked), lines, areas, dots. */

// ECharts 6 keeps the axis labels inside the chart's box by itself (grid.outerBounds): no containLabel.
const grid = (ctx: OptionContext) => ({
  left: 8,
  right: 16,
  top: ctx.definition.style.showLegend ? 36 : 16,
  bottom: 8,
});

function categoryAxes(ctx: OptionContext): BiChartOption {
  return {
    grid: grid(ctx),
    // Long names (a customer's) are cut to a label's width; those that would still collide are left out.
    // Every label is laid out (interval 0): ECharts' automatic interval measures the names uncut and would
    // drop every other one even where the cut names fit (two customers showed one name).
    xAxis: {
      type: 'category',
      data: ctx.model.categories.map((c) => c.label),
      axisLabel: { interval: 0, hideOverlap: true, overflow: 'truncate', width: 96 },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => ctx.fmt(v) } },
  };
}

export function barOption(ctx: OptionContext, stacked: boolean): BiChartOption {
  return {
    ...frame(ctx, 'axis'),
    ...categoryAxes(ctx),
    series: ctx.model.series.map((s) => ({
      type: 'bar',
      name: s.name,
      ...(stacked ? { stack: 'total' } : {}),
      label: { ...pointLabel(ctx), position: stacked ? ('inside' as const) : ('top' as const) },
      data: s.values.map((v, i) => point(ctx, v, i)),
    })),
  };
}

export function lineOption(ctx: OptionContext, area: boolean): BiChartOption {
  // Areas of several series are stacked: overlapping translucent areas hide each other's shape.
  const stacked = area && ctx.model.series.length > 1;
  return {
    ...frame(ctx, 'axis'),
    ...categoryAxes(ctx),
    series: ctx.model.series.map((s) => ({
      type: 'line',
      name: s.name,
      ...(area ? { areaStyle: {} } : {}),
      ...(stacked ? { stack: 'total' } : {}),
      label: pointLabel(ctx),
      data: s.values.map((v, i) => point(ctx, v, i)),
    })),
  };
}

/**
 * Dots: with two measures and no series, one dot per category at (first measure, second measure); otherwise
 * each series' dots over the categories.
 */
export function scatterOption(ctx: OptionContext): BiChartOption {
  const { model } = ctx;
  const [x, y] = model.series;
  if (!model.seriesColumn && x && y) {
    return {
      ...frame(ctx, 'item'),
      grid: grid(ctx),
      xAxis: { type: 'value', name: x.name, axisLabel: { formatter: (v: number) => ctx.fmt(v) } },
      yAxis: { type: 'value', name: y.name, axisLabel: { formatter: (v: number) => ctx.fmt(v) } },
      series: [
        {
          type: 'scatter',
          name: `${x.name} / ${y.name}`,
          label: { ...pointLabel(ctx), formatter: (p: { name?: string }) => p.name ?? '' },
          data: model.categories.map((c, i) => ({ ...point(ctx, [x.values[i], y.values[i]], i), name: c.label })),
        },
      ],
    };
  }
  return {
    ...frame(ctx, 'item'),
    ...categoryAxes(ctx),
    series: model.series.map((s) => ({
      type: 'scatter',
      name: s.name,
      label: pointLabel(ctx),
      data: s.values.map((v, i) => point(ctx, v, i)),
    })),
  };
}

/**
 * A grid of cells: the first dimension across, the second (or the series dimension) down, the first measure
 * as the cell's colour.
 */
export function heatmapOption(ctx: OptionContext): BiChartOption {
  const { model, definition, language } = ctx;
  const down = model.dimensions[1] ?? model.seriesColumn;
  const measure = model.measures[0];
  const first = model.dimensions[0];
  if (!down || !measure || !first) return { ...frame(ctx, 'item'), series: [] };
  const rowsDown = distinctValues(ctx.result, down, definition, language);
  const across = new Map(model.categories.map((c, i) => [valueKey(c.raw), i]));
  const downIndex = new Map(rowsDown.map((c, i) => [valueKey(c.raw), i]));
  const cells = ctx.result.rows.map((row) => {
    const xi = across.get(valueKey(row[first.index])) ?? 0;
    return point(ctx, [xi, downIndex.get(valueKey(row[down.index])) ?? 0, toNumber(row[measure.index])], xi);
  });
  const values = cells.flatMap((c) => (c.value[2] === null || c.value[2] === undefined ? [] : [c.value[2]]));
  return {
    ...frame(ctx, 'item'),
    legend: { show: false },
    // Room below the x axis for the colour scale and the values at its handles.
    grid: { ...grid(ctx), top: 16, bottom: 72 },
    xAxis: { type: 'category', data: model.categories.map((c) => c.label), splitArea: { show: true } },
    yAxis: { type: 'category', data: rowsDown.map((c) => c.label), splitArea: { show: true } },
    visualMap: {
      min: Math.min(0, ...values),
      max: Math.max(1, ...values),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemWidth: 12,
      itemHeight: 160,
      formatter: (v: unknown) => ctx.fmt(v),
      ...(definition.style.colors.length >= 2 ? { inRange: { color: definition.style.colors } } : {}),
    },
    series: [
      {
        type: 'heatmap',
        name: measure.column.label[language],
        label: { ...pointLabel(ctx), position: 'inside' as const },
        data: cells,
      },
    ],
  };
}

import {
  type ChartDefinition,
  type ChartResult,
  type DashboardFilter,
  type DashboardView,
  type RunFilter,
  type RunItem,
  type TimeGrain,
  timeGrains,
} from '@trestle/shared';
import type { BiPick } from './BiChart.tsx';
import { valueKey } from './chart-model.ts';
import { type ChartLanguage, formatValue, parseDay, type Scalar } from './format.ts';

/**
 * What a viewer has done to a dashboard — its filters set, the values clicked to cross-filter, the charts
 * drilled into — and the one batch of run items that follows from it. Pure, so the rules are tested alone.
 */

export type FilterValue =
  | { kind: 'dateRange'; from: string | null; to: string | null }
  | { kind: 'select'; values: (string | number | boolean | null)[] };

/** A value clicked on a chart (`itemId`), filtering the dashboard's other charts that have its field. */
export type CrossFilter = { itemId: string; pick: BiPick };

/** One step down a chart's time grain: the period clicked, read at the next finer grain. */
export type DrillStep = { grain: TimeGrain; from: string; to: string; label: string };

export type ViewState = {
  filters: Record<string, FilterValue>;
  cross: CrossFilter[];
  drills: Record<string, DrillStep[]>;
};

export const emptyState = (): ViewState => ({ filters: {}, cross: [], drills: {} });

/** The drill path down the time grains; a week opens into its days. */
const finer: Partial<Record<string, TimeGrain>> = { year: 'quarter', quarter: 'month', month: 'day', week: 'day' };

const isTimeGrain = (bucket: string | null): bucket is TimeGrain =>
  bucket !== null && (timeGrains as readonly string[]).includes(bucket);

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first and last day of the period a time grain's bucket starts (a bucket's value is its first day). */
export function periodOf(start: string, grain: TimeGrain): { from: string; to: string } | null {
  const day = parseDay(start);
  if (!day) return null;
  const end = new Date(day.getTime());
  switch (grain) {
    case 'year':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      break;
    case 'quarter':
      end.setUTCMonth(end.getUTCMonth() + 3);
      break;
    case 'month':
      end.setUTCMonth(end.getUTCMonth() + 1);
      break;
    case 'week':
      end.setUTCDate(end.getUTCDate() + 7);
      break;
    default:
      end.setUTCDate(end.getUTCDate() + 1);
  }
  end.setUTCDate(end.getUTCDate() - 1);
  return { from: iso(day), to: iso(end) };
}

/**
 * The filter a clicked value puts on another chart: the period of a date bucket, or the value itself. A date
 * part (a month of any year, a weekday) is no range of dates: it filters nothing.
 */
export function pickFilter(pick: BiPick): RunFilter | null {
  if (pick.bucket === null) return { field: pick.field, values: [pick.value] };
  if (!isTimeGrain(pick.bucket) || typeof pick.value !== 'string') return null;
  const period = periodOf(pick.value, pick.bucket);
  return period ? { field: pick.field, ...period } : null;
}

/** The step a click on a chart's date point drills into, or null when it is not one (or is a day already). */
export function drillStep(definition: ChartDefinition, pick: BiPick): DrillStep | null {
  const first = definition.dimensions[0];
  if (!first || first.field !== pick.field || !isTimeGrain(pick.bucket)) return null;
  const grain = finer[pick.bucket];
  const period = typeof pick.value === 'string' ? periodOf(pick.value, pick.bucket) : null;
  return grain && period ? { grain, ...period, label: pick.label } : null;
}

/** What a click on a chart does: drill into a date point, else filter the others by the value (one per chart). */
export function afterPick(
  state: ViewState,
  itemId: string,
  definition: ChartDefinition,
  pick: BiPick,
  crossFilter: boolean,
): ViewState {
  const step = drillStep(definition, pick);
  if (step) return { ...state, drills: { ...state.drills, [itemId]: [...(state.drills[itemId] ?? []), step] } };
  if (!crossFilter || !pickFilter(pick)) return state;
  const others = state.cross.filter((c) => c.itemId !== itemId);
  const current = state.cross.find((c) => c.itemId === itemId);
  // Clicking the value already chosen takes the filter off again.
  const same = current && JSON.stringify(current.pick.value) === JSON.stringify(pick.value);
  return { ...state, cross: same ? others : [...others, { itemId, pick }] };
}

/** Back up a chart's drill to `depth` steps (0: the chart's own grain). */
export const drillTo = (state: ViewState, itemId: string, depth: number): ViewState => ({
  ...state,
  drills: { ...state.drills, [itemId]: (state.drills[itemId] ?? []).slice(0, depth) },
});

function dashboardFilters(view: DashboardView, chartId: number, state: ViewState): RunFilter[] {
  return view.definition.filters.flatMap((f) => {
    const value = state.filters[f.id];
    if (!value) return [];
    return f.targets.flatMap((target): RunFilter[] => {
      if (target.chartId !== chartId) return [];
      if (value.kind === 'dateRange')
        return value.from || value.to ? [{ field: target.field, from: value.from, to: value.to }] : [];
      return value.values.length > 0 ? [{ field: target.field, values: value.values }] : [];
    });
  });
}

/** Whether a chart's dataset has a field (the cross-filter reaches only those that do). */
export const chartHasField = (view: DashboardView, chartId: number, field: string) =>
  (view.fields[String(chartId)] ?? []).some((f) => f.name === field);

/**
 * The batch to run: each chart tile with the dashboard's filters that target it, the values clicked on the
 * other charts whose field its dataset has, and its drill (the finer grain and the period drilled into).
 */
export function runItems(view: DashboardView, state: ViewState): RunItem[] {
  return view.definition.items.flatMap((item): RunItem[] => {
    if (item.kind !== 'chart' || item.chartId === null) return [];
    const chartId = item.chartId;
    const chart = view.charts.find((c) => c.id === chartId);
    if (!chart) return [];
    const filters = dashboardFilters(view, chartId, state);
    for (const cross of state.cross) {
      if (cross.itemId === item.id || !chartHasField(view, chartId, cross.pick.field)) continue;
      const filter = pickFilter(cross.pick);
      if (filter) filters.push(filter);
    }
    const steps = state.drills[item.id] ?? [];
    const step = steps[steps.length - 1];
    const first = chart.definition.dimensions[0];
    if (step && first) filters.push({ field: first.field, from: step.from, to: step.to });
    return [{ key: item.id, chartId, filters, parameters: {}, ...(step ? { grain: step.grain } : {}) }];
  });
}

export type Choice = { value: Scalar; label: string };

/**
 * The values a select filter offers: those its target fields took in the charts' results (a dimension or a
 * series there), each once, with the name the chart shows it by.
 */
export function choicesOf(
  view: DashboardView,
  filter: DashboardFilter,
  results: Record<string, ChartResult>,
  language: ChartLanguage,
): Choice[] {
  const seen = new Map<string, Choice>();
  for (const item of view.definition.items) {
    const target = filter.targets.find((t) => t.chartId === item.chartId);
    const result = results[item.id];
    const chart = view.charts.find((c) => c.id === item.chartId);
    if (!target || !result?.ok || !chart) continue;
    result.columns.forEach((column, index) => {
      if (column.field !== target.field || column.role === 'measure') return;
      for (const row of result.rows) {
        const value = row[index] ?? null;
        const key = valueKey(value);
        if (!seen.has(key))
          seen.set(key, {
            value,
            label: formatValue(value, column, result.dictionaries, chart.definition.style, language),
          });
      }
    });
  }
  return [...seen.values()];
}

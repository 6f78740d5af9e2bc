import type { ChartDefinition, RunFilter } from '@trestle/shared';

/**
 * A KPI's comparison with the period before: the run filters a KPI is asked with, its date range moved back.
 */

const DAY = 86_400_000;
const dayOf = (text: string) => Date.parse(`${text}T00:00:00Z`);
const textOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same day a year before (29 February: the 28th). */
function yearBefore(text: string): string {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * A KPI's comparison: its run filters with the range on `compareField` moved to the period before (as many
 * days, ending the day before it starts) or to the year before. Null without a closed range to move.
 */
export function comparedFilters(chart: ChartDefinition, filters: RunFilter[]): RunFilter[] | null {
  if (chart.compare === 'none' || chart.compareField === null) return null;
  const at = filters.findIndex((f) => f.field === chart.compareField && 'from' in f && f.from && f.to);
  const range = filters[at];
  if (!range || !('from' in range) || !range.from || !range.to) return null;
  let from: string;
  let to: string;
  if (chart.compare === 'previousYear') {
    from = yearBefore(range.from);
    to = yearBefore(range.to);
  } else {
    const days = Math.round((dayOf(range.to) - dayOf(range.from)) / DAY) + 1;
    to = textOf(dayOf(range.from) - DAY);
    from = textOf(dayOf(range.from) - days * DAY);
  }
  return filters.map((f, i) => (i === at ? { field: range.field, from, to } : f));
}

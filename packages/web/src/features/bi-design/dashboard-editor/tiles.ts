import type { DashboardFilter, DashboardItem } from '@trestle/shared';
import { freeSpot, nextId } from '../../../components/grid-layout/layout.ts';

/** A dashboard's own tiles on the shared grid rules (components/grid-layout): their sizes and the filters' targets. */

export const CHART_SIZE = { w: 12, h: 8 };
export const TEXT_SIZE = { w: 24, h: 2 };

/** A new tile: a chart or a text, in the first free place that fits it. */
export function addTile(items: readonly DashboardItem[], tile: { kind: 'chart'; chartId: number } | { kind: 'text' }) {
  const size = tile.kind === 'chart' ? CHART_SIZE : TEXT_SIZE;
  const spot = freeSpot(items, size.w, size.h);
  const item: DashboardItem = {
    id: nextId(items, tile.kind === 'chart' ? 'c' : 't'),
    kind: tile.kind,
    chartId: tile.kind === 'chart' ? tile.chartId : null,
    text: '',
    ...spot,
    ...size,
  };
  return { items: [...items, item], id: item.id };
}

/** The filters' targets on charts still on the dashboard (a removed chart's would be refused on save). */
export const targetsOnBoard = (filters: readonly DashboardFilter[], items: readonly DashboardItem[]) => {
  const charts = new Set(items.flatMap((i) => (i.kind === 'chart' && i.chartId !== null ? [i.chartId] : [])));
  return filters.map((f) => ({ ...f, targets: f.targets.filter((t) => charts.has(t.chartId)) }));
};

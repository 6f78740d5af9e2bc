import type { DashboardFilter, DashboardItem } from '@trestle/shared';
import { GRID_COLUMNS } from '../../../components/chart/dashboard-grid.ts';

/**
 * The editor's layout rules, pure: a tile stays on the 24-column grid, a tile moved or resized onto others
 * pushes them down (never sideways, so the rest of the layout keeps its columns), a new tile takes the first
 * free place that fits it.
 */

export type Rect = Pick<DashboardItem, 'x' | 'y' | 'w' | 'h'>;

const MAX_Y = 500;
const MAX_H = 40;

export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const clampNumber = (n: number, min: number, max: number) => Math.min(Math.max(Math.round(n), min), max);

/** A rectangle kept on the grid: at least a cell, within the columns, below the top. */
export function clampRect(rect: Rect): Rect {
  const w = clampNumber(rect.w, 1, GRID_COLUMNS);
  const h = clampNumber(rect.h, 1, MAX_H);
  return { x: clampNumber(rect.x, 0, GRID_COLUMNS - w), y: clampNumber(rect.y, 0, MAX_Y), w, h };
}

/** The first row below every tile. */
export const bottomOf = (items: readonly Rect[]) => items.reduce((b, i) => Math.max(b, i.y + i.h), 0);

/**
 * `id` placed at `rect`, and every tile it now covers pushed down below what is above it, top to bottom (a
 * pushed tile may push the next). The list keeps its order.
 */
export function placeItem(items: readonly DashboardItem[], id: string, rect: Rect): DashboardItem[] {
  const target = items.find((i) => i.id === id);
  if (!target) return [...items];
  const moved = { ...target, ...clampRect(rect) };
  const placed: DashboardItem[] = [moved];
  const others = items.filter((i) => i.id !== id).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const item of others) {
    let y = item.y;
    for (let hit = placed.filter((p) => overlaps({ ...item, y }, p)); hit.length > 0; ) {
      y = Math.max(...hit.map((p) => p.y + p.h));
      hit = placed.filter((p) => overlaps({ ...item, y }, p));
    }
    placed.push({ ...item, y });
  }
  const byId = new Map(placed.map((p) => [p.id, p]));
  return items.map((i) => byId.get(i.id) ?? i);
}

/** The first place, row by row, where a w×h tile overlaps nothing. */
export function freeSpot(items: readonly Rect[], w: number, h: number): { x: number; y: number } {
  const width = Math.min(w, GRID_COLUMNS);
  for (let y = 0; y <= bottomOf(items); y++)
    for (let x = 0; x + width <= GRID_COLUMNS; x++)
      if (!items.some((i) => overlaps({ x, y, w: width, h }, i))) return { x, y };
  return { x: 0, y: bottomOf(items) };
}

/** An id not used yet: the prefix and the first free number (ids stay short and readable in the JSON). */
export function nextId(taken: readonly { id: string }[], prefix: string): string {
  const used = new Set(taken.map((t) => t.id));
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

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

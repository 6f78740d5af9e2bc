import { GRID_COLUMNS } from './grid.ts';

/**
 * The layout rules of a 24-column grid of tiles, pure, shared by the dashboard editor and the page designer:
 * a tile stays on the grid, a tile moved or resized onto others pushes them down (never sideways, so the rest
 * of the layout keeps its columns), a new tile takes the first free place that fits it.
 */

export type Rect = { x: number; y: number; w: number; h: number };
/** A tile of a grid: its place and a key unique on that grid. */
export type Tile = Rect & { id: string };

const MAX_Y = 500;
/** The tallest a tile may be, unless the grid says otherwise (a dashboard's 40 rows). */
export const DEFAULT_MAX_H = 40;

export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const clampNumber = (n: number, min: number, max: number) => Math.min(Math.max(Math.round(n), min), max);

/** A rectangle kept on the grid: at least a cell, within the columns, below the top. */
export function clampRect(rect: Rect, maxH = DEFAULT_MAX_H): Rect {
  const w = clampNumber(rect.w, 1, GRID_COLUMNS);
  const h = clampNumber(rect.h, 1, maxH);
  return { x: clampNumber(rect.x, 0, GRID_COLUMNS - w), y: clampNumber(rect.y, 0, MAX_Y), w, h };
}

/** The first row below every tile. */
export const bottomOf = (items: readonly Rect[]) => items.reduce((b, i) => Math.max(b, i.y + i.h), 0);

/**
 * `id` placed at `rect`, and every tile it now covers pushed down below what is above it, top to bottom (a
 * pushed tile may push the next). The list keeps its order.
 */
export function placeItem<T extends Tile>(items: readonly T[], id: string, rect: Rect, maxH = DEFAULT_MAX_H): T[] {
  const target = items.find((i) => i.id === id);
  if (!target) return [...items];
  const moved: T = { ...target, ...clampRect(rect, maxH) };
  const placed: T[] = [moved];
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

import type { DashboardItem } from '@trestle/shared';
import type { CSSProperties } from 'react';

/** The dashboard grid as both its viewer and its editor draw it: 24 columns, rows of a fixed height. */
export const GRID_COLUMNS = 24;
export const ROW_HEIGHT = 40;
export const GRID_GAP = 8;
/** A tile's card title and padding: what is left of its height is the chart's. */
const TILE_CHROME = 64;

/** A tile's height in pixels, gaps between its rows included. */
export const tileHeight = (h: number) => h * ROW_HEIGHT + (h - 1) * GRID_GAP;

/** The height a tile leaves its chart. */
export const chartHeight = (h: number) => Math.max(tileHeight(h) - TILE_CHROME, 80);

/** The CSS grid a dashboard's tiles sit in. */
export const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
  gridAutoRows: ROW_HEIGHT,
  gap: GRID_GAP,
};

/** Where a tile sits in that grid. */
export const tilePlace = (item: Pick<DashboardItem, 'x' | 'y' | 'w' | 'h'>): CSSProperties => ({
  gridColumn: `${item.x + 1} / span ${Math.min(item.w, GRID_COLUMNS - item.x)}`,
  gridRow: `${item.y + 1} / span ${item.h}`,
  minWidth: 0,
});

/** The tiles in reading order (top to bottom, left to right): how a narrow screen stacks them. */
export const readingOrder = <T extends Pick<DashboardItem, 'x' | 'y'>>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.y - b.y || a.x - b.x);

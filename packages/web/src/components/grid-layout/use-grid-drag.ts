import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { GRID_COLUMNS, GRID_GAP, ROW_HEIGHT } from './grid.ts';
import type { Rect, Tile } from './layout.ts';

/** A drag under way: which tile, moved or resized, by how many pixels so far. */
type Drag = { id: string; mode: 'move' | 'resize'; startX: number; startY: number; dx: number; dy: number };

/** The arrow keys: a step of one cell (Shift: the tile's size instead of its place). */
const steps: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

type PointerHandlers = {
  onPointerDown(e: PointerEvent): void;
  onPointerMove(e: PointerEvent): void;
  onPointerUp(): void;
};

export type GridDrag<E extends HTMLElement = HTMLElement> = {
  /** The grid's element: its width gives a column's width in pixels. */
  grid: React.RefObject<E | null>;
  /** The tile being dragged, if any (drawn above the others). */
  draggingId: string | null;
  /** The handlers of a tile's title (to move it) and of its corner (to resize it). */
  moveHandlers(tile: Tile): PointerHandlers;
  resizeHandlers(tile: Tile): PointerHandlers;
  /** The arrow keys on a focused tile: a cell at a time, Shift resizing. */
  onKeyDown(e: KeyboardEvent, tile: Tile): void;
  /** How the tile follows the pointer until released. */
  styleOf(tile: Tile): CSSProperties;
};

/**
 * Moving and resizing tiles on a 24-column grid with the pointer (snapped to cells on release) or the arrow
 * keys: the dashboard editor's canvas and the page designer's slots alike. A nested grid has its own; its
 * handles stop the pointer so the grid around it does not move too.
 */
export function useGridDrag<E extends HTMLElement = HTMLDivElement>(
  onSelect: (id: string) => void,
  onPlace: (id: string, rect: Rect) => void,
): GridDrag<E> {
  const grid = useRef<E>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const cells = (dx: number, dy: number) => {
    const width = grid.current?.getBoundingClientRect().width ?? 0;
    const column = width > 0 ? (width + GRID_GAP) / GRID_COLUMNS : 1;
    return { dx: Math.round(dx / column), dy: Math.round(dy / (ROW_HEIGHT + GRID_GAP)) };
  };

  const start = (e: PointerEvent, id: string, mode: Drag['mode']) => {
    if (e.button !== 0) return;
    // No text selected across the page while dragging (the mouse's own default, which this also stops).
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    onSelect(id);
    setDrag({ id, mode, startX: e.clientX, startY: e.clientY, dx: 0, dy: 0 });
  };
  const move = (e: PointerEvent) => {
    e.stopPropagation();
    setDrag((d) => (d ? { ...d, dx: e.clientX - d.startX, dy: e.clientY - d.startY } : d));
  };
  const end = (tile: Tile) => {
    if (!drag || drag.id !== tile.id) return;
    const by = cells(drag.dx, drag.dy);
    setDrag(null);
    if (by.dx === 0 && by.dy === 0) return;
    onPlace(
      tile.id,
      drag.mode === 'move'
        ? { ...tile, x: tile.x + by.dx, y: tile.y + by.dy }
        : { ...tile, w: tile.w + by.dx, h: tile.h + by.dy },
    );
  };
  const handlers = (tile: Tile, mode: Drag['mode']): PointerHandlers => ({
    onPointerDown: (e) => start(e, tile.id, mode),
    onPointerMove: move,
    onPointerUp: () => end(tile),
  });

  return {
    grid,
    draggingId: drag?.id ?? null,
    moveHandlers: (tile) => handlers(tile, 'move'),
    resizeHandlers: (tile) => handlers(tile, 'resize'),
    onKeyDown: (e, tile) => {
      const step = steps[e.key];
      if (!step) return;
      e.preventDefault();
      e.stopPropagation();
      const [dx, dy] = step;
      const { x, y, w, h } = tile;
      onPlace(tile.id, e.shiftKey ? { x, y, w: w + dx, h: h + dy } : { x: x + dx, y: y + dy, w, h });
    },
    styleOf: (tile) => {
      if (drag?.id !== tile.id) return {};
      return drag.mode === 'move'
        ? {
            transform: `translate(${drag.dx}px, ${drag.dy}px)`,
            opacity: 0.85,
            boxShadow: '0 6px 16px rgba(0,0,0,0.15)',
          }
        : { width: `calc(100% + ${drag.dx}px)`, height: `calc(100% + ${drag.dy}px)` };
    },
  };
}

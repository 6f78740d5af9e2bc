import { CloseOutlined } from '@ant-design/icons';
import type { Chart, ChartResult, DashboardItem } from '@trestle/shared';
import { Button, Flex, Spin, Typography } from 'antd';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BiChart } from '../../../components/chart/BiChart.tsx';
import {
  chartHeight,
  GRID_COLUMNS,
  GRID_GAP,
  gridStyle,
  ROW_HEIGHT,
  tileHeight,
  tilePlace,
} from '../../../components/chart/dashboard-grid.ts';
import type { ChartLanguage } from '../../../components/chart/format.ts';
import { bottomOf, type Rect } from './layout.ts';

type Props = {
  items: DashboardItem[];
  charts: Map<number, Chart>;
  results: Record<string, ChartResult>;
  language: ChartLanguage;
  nameOf(item: DashboardItem): string;
  selectedId: string | null;
  onSelect(id: string): void;
  onPlace(id: string, rect: Rect): void;
  onRemove(id: string): void;
};

/** A drag under way: which tile, moved or resized, by how many pixels so far. */
type Drag = { id: string; mode: 'move' | 'resize'; startX: number; startY: number; dx: number; dy: number };

/** The arrow keys: a step of one cell (Shift: the tile's size instead of its place). */
const steps: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The dashboard's 24-column grid as the viewer draws it, each tile moved by dragging its title and resized by
 * its corner (pointer events, snapped to cells on release), or with the arrow keys when focused; the charts
 * drawn from the preview's batch.
 */
export function Canvas({ items, charts, results, language, nameOf, selectedId, onSelect, onPlace, onRemove }: Props) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
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
  const move = (e: PointerEvent) =>
    setDrag((d) => (d ? { ...d, dx: e.clientX - d.startX, dy: e.clientY - d.startY } : d));
  const end = (item: DashboardItem) => {
    if (!drag || drag.id !== item.id) return;
    const by = cells(drag.dx, drag.dy);
    setDrag(null);
    if (by.dx === 0 && by.dy === 0) return;
    onPlace(
      item.id,
      drag.mode === 'move'
        ? { ...item, x: item.x + by.dx, y: item.y + by.dy }
        : { ...item, w: item.w + by.dx, h: item.h + by.dy },
    );
  };
  const keyed = (e: KeyboardEvent, item: DashboardItem) => {
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    const [dx, dy] = step;
    onPlace(
      item.id,
      e.shiftKey ? { ...item, w: item.w + dx, h: item.h + dy } : { ...item, x: item.x + dx, y: item.y + dy },
    );
  };

  const dragStyle = (item: DashboardItem) => {
    if (drag?.id !== item.id) return {};
    return drag.mode === 'move'
      ? { transform: `translate(${drag.dx}px, ${drag.dy}px)`, opacity: 0.85, boxShadow: '0 6px 16px rgba(0,0,0,0.15)' }
      : { width: `calc(100% + ${drag.dx}px)`, height: `calc(100% + ${drag.dy}px)` };
  };

  return (
    <div ref={grid} style={{ ...gridStyle, minHeight: tileHeight(bottomOf(items) + 4), position: 'relative' }}>
      {items.map((item) => {
        const name = nameOf(item);
        const selected = item.id === selectedId;
        const chart = item.chartId === null ? undefined : charts.get(item.chartId);
        const result = results[item.id];
        return (
          // The tile being dragged above the others (z-index counts on the grid's own items).
          <div
            key={item.id}
            style={{ ...tilePlace(item), position: 'relative', zIndex: drag?.id === item.id ? 2 : undefined }}
          >
            <div
              style={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                background: 'var(--ant-color-bg-container, #fff)',
                border: `1px solid ${selected ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)'}`,
                borderRadius: 6,
                overflow: 'hidden',
                ...dragStyle(item),
              }}
            >
              <Flex align="center" style={{ borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' }}>
                {/* The handle: dragged to move the tile, or focused and moved with the arrow keys. */}
                <button
                  type="button"
                  aria-label={t('dashboardEditor.tileLabel', {
                    name,
                    x: item.x + 1,
                    y: item.y + 1,
                    w: item.w,
                    h: item.h,
                  })}
                  onKeyDown={(e) => keyed(e, item)}
                  onFocus={() => onSelect(item.id)}
                  onClick={() => onSelect(item.id)}
                  onPointerDown={(e) => start(e, item.id, 'move')}
                  onPointerMove={move}
                  onPointerUp={() => end(item)}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    padding: '4px 8px',
                    textAlign: 'left',
                    background: 'none',
                    border: 'none',
                    font: 'inherit',
                    cursor: 'move',
                    touchAction: 'none',
                    userSelect: 'none',
                  }}
                >
                  <Typography.Text strong ellipsis>
                    {name}
                  </Typography.Text>
                </button>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={`${t('dashboardEditor.remove')}: ${name}`}
                  onClick={() => onRemove(item.id)}
                />
              </Flex>
              <div style={{ flex: 1, minHeight: 0, padding: 8, overflow: 'hidden' }}>
                {item.kind === 'text' ? (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.text}</Typography.Paragraph>
                ) : chart && result ? (
                  <BiChart
                    definition={chart.definition}
                    result={result}
                    language={language}
                    height={chartHeight(item.h)}
                    title={name}
                  />
                ) : (
                  <Flex align="center" justify="center" style={{ height: '100%' }}>
                    <Spin />
                  </Flex>
                )}
              </div>
              <div
                aria-hidden
                onPointerDown={(e) => start(e, item.id, 'resize')}
                onPointerMove={move}
                onPointerUp={() => end(item)}
                title={t('dashboardEditor.resize', { name })}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 14,
                  height: 14,
                  cursor: 'nwse-resize',
                  touchAction: 'none',
                  userSelect: 'none',
                  background: 'linear-gradient(135deg, transparent 50%, var(--ant-color-text-quaternary, #bbb) 50%)',
                }}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}

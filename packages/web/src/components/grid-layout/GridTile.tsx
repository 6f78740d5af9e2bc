import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { tilePlace } from './grid.ts';
import type { Tile } from './layout.ts';
import type { GridDrag } from './use-grid-drag.ts';

type Props = {
  tile: Tile;
  drag: GridDrag;
  selected: boolean;
  /** What the title bar shows (the handle dragged to move the tile). */
  title: ReactNode;
  /** The handle's accessible name: the tile's name and where it is, in the editor's words. */
  handleLabel: string;
  removeLabel: string;
  resizeLabel: string;
  onSelect(id: string): void;
  onRemove(id: string): void;
  /** More buttons in the title bar, before Remove. */
  extra?: ReactNode;
  /** The body scrolls what does not fit (a container's slots) instead of clipping it (a chart). */
  scroll?: boolean;
  children: ReactNode;
};

/**
 * One tile of an editable 24-column grid: a frame with a title bar dragged to move it (or focused and moved
 * with the arrow keys), a Remove button, and a corner dragged to resize it.
 */
export function GridTile(props: Props) {
  const { tile, drag, selected, title, handleLabel, removeLabel, resizeLabel, onSelect, onRemove } = props;
  return (
    // The tile being dragged above the others (z-index counts on the grid's own items).
    <div style={{ ...tilePlace(tile), position: 'relative', zIndex: drag.draggingId === tile.id ? 2 : undefined }}>
      <div
        style={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          background: 'var(--ant-color-bg-container, #fff)',
          border: `1px solid ${selected ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)'}`,
          borderRadius: 6,
          overflow: 'hidden',
          ...drag.styleOf(tile),
        }}
      >
        <Flex align="center" style={{ borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' }}>
          <button
            type="button"
            aria-label={handleLabel}
            onKeyDown={(e) => drag.onKeyDown(e, tile)}
            onFocus={() => onSelect(tile.id)}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(tile.id);
            }}
            {...drag.moveHandlers(tile)}
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
            {title}
          </button>
          {props.extra}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={removeLabel}
            onClick={(e) => {
              e.stopPropagation();
              onRemove(tile.id);
            }}
          />
        </Flex>
        <div style={{ flex: 1, minHeight: 0, padding: 8, overflow: props.scroll ? 'auto' : 'hidden' }}>
          {props.children}
        </div>
        <div
          aria-hidden
          {...drag.resizeHandlers(tile)}
          title={resizeLabel}
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
}

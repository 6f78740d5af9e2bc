import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { EntityScreenMeta, Where } from '@trestle/shared';
import { Badge, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../grid/columns.tsx';
import { useEntityRows } from './use-entity-rows.ts';

/** Cards read per lane a page at a time: a lane of a thousand rows shows its first ones, and more on demand. */
export const LANE_PAGE = 20;

export type Lane = { code: string; label: string };
/** What a card carries while dragged: its row and the lane it left. */
export type CardDrag = { row: Row; from: string; title: string };
/** A card's line: one of its fields, as its list shows it. */
export type CardLine = { field: string; text: string };
/** A card moved and not yet confirmed by the server: shown in its new lane meanwhile. */
export type Moving = { key: number; row: Row; to: string };

type LaneProps = {
  meta: EntityScreenMeta;
  lane: Lane;
  groupField: string;
  wheres: Where[];
  moving: readonly Moving[];
  canMove: boolean;
  titleOf: (row: Row) => string;
  linesOf: (row: Row) => CardLine[];
  onOpen?: (row: Row) => void;
};

/** One lane: the rows whose group field holds its code, a page at a time, and the cards moving into it. */
export function KanbanLane({ meta, lane, groupField, wheres, moving, canMove, titleOf, linesOf, onOpen }: LaneProps) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const request = {
    page: 1,
    rows: LANE_PAGE * pages,
    wheres: [...wheres, { name: groupField, value: lane.code, displayType: 'eq' }],
  };
  const rows = useEntityRows(meta, request);
  const { setNodeRef, isOver } = useDroppable({
    id: `lane:${lane.code}`,
    data: { lane: lane.code, label: lane.label },
  });
  const keyOf = (row: Row) => Number(row[meta.key]);
  const away = new Set(moving.filter((m) => m.to !== lane.code).map((m) => m.key));
  const arriving = moving.filter((m) => m.to === lane.code);
  const shown = [
    ...arriving.map((m) => m.row),
    ...(rows.data?.rows ?? []).filter((r) => !away.has(keyOf(r)) && !arriving.some((m) => m.key === keyOf(r))),
  ];
  const total = rows.data?.total ?? 0;
  return (
    <section
      ref={setNodeRef}
      data-lane={lane.code}
      aria-label={lane.label}
      style={{
        flex: '0 0 240px',
        background: isOver ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-quaternary, #fafafa)',
        borderRadius: 8,
        padding: 8,
      }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{lane.label}</Typography.Text>
        <Badge count={total} showZero color="gray" title={t('pageBlocks.laneCount', { count: total })} />
      </Flex>
      <Flex vertical gap={6}>
        {shown.map((row) => (
          <KanbanCard
            key={keyOf(row)}
            id={keyOf(row)}
            drag={{ row, from: lane.code, title: titleOf(row) }}
            lines={linesOf(row)}
            canMove={canMove}
            onOpen={onOpen}
          />
        ))}
      </Flex>
      {(rows.data?.rows.length ?? 0) < total && (
        <Button type="link" size="small" onClick={() => setPages((p) => p + 1)}>
          {t('pageBlocks.more')}
        </Button>
      )}
    </section>
  );
}

type CardProps = { id: number; drag: CardDrag; lines: CardLine[]; canMove: boolean; onOpen?: (row: Row) => void };

function KanbanCard({ id, drag, lines, canMove, onOpen }: CardProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `card:${id}`,
    data: drag,
    disabled: !canMove,
  });
  return (
    <Card
      ref={setNodeRef}
      size="small"
      hoverable={onOpen !== undefined}
      onClick={onOpen && (() => onOpen(drag.row))}
      style={{
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        opacity: isDragging ? 0.6 : 1,
        cursor: canMove ? 'grab' : undefined,
      }}
      {...(canMove ? { ...attributes, ...listeners } : {})}
      aria-label={drag.title}
    >
      <Typography.Text strong>{drag.title}</Typography.Text>
      {lines.map((line) => (
        <Typography.Paragraph key={line.field} type="secondary" style={{ margin: 0, fontSize: 12 }}>
          {line.text}
        </Typography.Paragraph>
      ))}
    </Card>
  );
}

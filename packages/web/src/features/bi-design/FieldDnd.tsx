import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DatasetField } from '@trestle/shared';
import { Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dndAccessibility } from '../../components/dnd/accessibility.ts';
import type { WellDrop } from './ChartWells.tsx';
import type { Well } from './chart-model.ts';
import type { FieldDrag } from './FieldPalette.tsx';

const labelOf = (data: unknown) =>
  data && typeof data === 'object' && 'label' in data && typeof data.label === 'string' ? data.label : '';

/**
 * Dragging the dataset's fields onto the wells: with the pointer, or from the keyboard (Space picks up, the
 * arrows move, Space drops, Escape cancels), each step said to screen readers in the reader's language.
 */
export function FieldDnd({ onDrop, children }: { onDrop(well: Well, field: DatasetField): void; children: ReactNode }) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    // A click adds the field (to its usual well); only a real move starts a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );

  const onDragStart = ({ active }: DragStartEvent) => setDragging(labelOf(active.data.current) || null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const from = active.data.current as FieldDrag | undefined;
    const to = over?.data.current as WellDrop | undefined;
    if (from?.from === 'palette' && to?.from === 'well') onDrop(to.well, from.field);
  };

  const accessibility = dndAccessibility(t, 'biDesign', labelOf, (over) => labelOf(over.data.current));

  return (
    <DndContext
      accessibility={accessibility}
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      {children}
      <DragOverlay dropAnimation={null}>{dragging && <Tag color="blue">{dragging}</Tag>}</DragOverlay>
    </DndContext>
  );
}

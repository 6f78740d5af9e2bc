import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dndAccessibility } from '../dnd/accessibility.ts';
import type { CanvasDrag, ContainerDrop } from './Canvas.tsx';
import { Container } from './Canvas.tsx';
import { freshId, type PaletteEntry } from './design-pieces.ts';
import { findItem, itemsOf, locate, ROOT } from './design-tree.ts';
import { type Designer, useDesigner } from './designer-context.ts';
import { Palette, type PaletteDrag } from './Palette.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';

type DragData = PaletteDrag | CanvasDrag | ContainerDrop;

/**
 * The innermost place under the pointer: nested containers all hold the pointer, and the smallest of them
 * (or the item over which it is) is the one meant. From the keyboard, the nearest.
 */
const innermost: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length === 0) return closestCenter(args);
  const area = (id: string | number) => {
    const r = args.droppableRects.get(id);
    return r ? r.width * r.height : Number.POSITIVE_INFINITY;
  };
  return [...within].sort((a, b) => area(a.id) - area(b.id));
};

/** Where a click on the palette adds: into the chosen tab or column, a selected section, or after the selection. */
function clickTarget(designer: Pick<Designer, 'design' | 'selection'>): { container: string; index: number } {
  const { design, selection } = designer;
  const end = (container: string) => ({ container, index: itemsOf(design.items, container)?.length ?? 0 });
  if (!selection) return end(ROOT);
  if (selection.container && itemsOf(design.items, selection.container)) return end(selection.container);
  const item = findItem(design.items, selection.id);
  if (item?.kind === 'section') return end(item.id);
  const at = locate(design.items, selection.id);
  return at ? { container: at.container, index: at.index + 1 } : end(ROOT);
}

/** The palette, the canvas and the selected item's properties, with dragging between them. */
export function LayoutEditor() {
  const { t } = useTranslation();
  const designer = useDesigner();
  const { design, change, select } = designer;
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Enter is the palette button's own (a click adds); Space picks up, moves with the arrows, drops.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  // A piece placed by a click or a drag is selected, so its properties show at once.
  const place = (entry: PaletteEntry, container: string, index: number) => {
    const id = freshId(design, entry.kind === 'layout' ? entry.piece.slice(0, 1) : 'f');
    change({ type: 'add', entry, container, index, id });
    select({ id });
  };
  const add = (entry: PaletteEntry) => {
    const { container, index } = clickTarget(designer);
    place(entry, container, index);
  };

  const onDragStart = (e: DragStartEvent) => {
    const data = e.active.data.current as DragData | undefined;
    setDragging(data?.label ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const from = active.data.current as DragData | undefined;
    const to = over?.data.current as DragData | undefined;
    if (!from || !to || to.from === 'palette') return;
    // Over an item: before it (after it, when an item moves down its own container, as arrayMove does);
    // over a container's free space: at its end.
    const container = to.container;
    let index = to.from === 'canvas' ? to.index : to.size;
    if (from.from === 'palette') return place(from.entry, container, index);
    if (from.from !== 'canvas' || over?.id === active.id) return;
    if (to.from === 'container' && from.container === container) index = to.size - 1;
    change({ type: 'move', id: String(active.id), container, index });
    select({ id: String(active.id) });
  };

  // What a screen reader hears while a piece is dragged from the keyboard, in the reader's language.
  const nameOf = (data: unknown) => (data && typeof data === 'object' && 'label' in data ? String(data.label) : '');
  const targetOf = (over: { data: { current?: unknown } } | null) => {
    const data = over?.data.current as DragData | undefined;
    return data?.label ?? '';
  };
  const accessibility = dndAccessibility(t, 'formDesign', nameOf, targetOf);

  return (
    <DndContext
      accessibility={accessibility}
      sensors={sensors}
      collisionDetection={innermost}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '200px minmax(0, 1fr) 340px', gap: 12, alignItems: 'start' }}>
        <div style={{ position: 'sticky', top: 0, maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
          <Palette onAdd={add} />
        </div>
        <section aria-label={t('formDesign.canvas')} style={{ minWidth: 0 }}>
          <Container id={ROOT} label={t('formDesign.canvas')} items={design.items} />
        </section>
        <div style={{ position: 'sticky', top: 0, maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
          <PropertyPanel />
        </div>
      </div>
      <DragOverlay dropAnimation={null}>{dragging && <Tag color="blue">{dragging}</Tag>}</DragOverlay>
    </DndContext>
  );
}

import {
  CopyOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  HolderOutlined,
  MinusOutlined,
  PlusOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type FormFieldType, type FormItem, langOf } from '@trestle/shared';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOT } from './design-tree.ts';
import { useDesigner } from './designer-context.ts';
import { itemName, itemTitle, spanOf } from './item-names.ts';
import { typeIcons } from './Palette.tsx';

export type CanvasDrag = { from: 'canvas'; container: string; index: number; label: string };
export type ContainerDrop = { from: 'container'; container: string; size: number; label: string };

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
  gap: 8,
  minHeight: 48,
  padding: 8,
  borderRadius: 6,
};

/** A place items sit in (the form, a section, a tab, a column): a 24-column grid its items wrap in. */
export function Container({ id, label, items }: { id: string; label: string; items: readonly FormItem[] }) {
  const { t } = useTranslation();
  const { selection } = useDesigner();
  const { setNodeRef, isOver } = useDroppable({
    id: `drop:${id}`,
    data: { from: 'container', container: id, size: items.length, label } satisfies ContainerDrop,
  });
  const chosen = selection?.container === id;
  return (
    <SortableContext id={id} items={items.map((i) => i.id)} strategy={rectSortingStrategy}>
      <fieldset
        ref={setNodeRef}
        aria-label={t('formDesign.canvas.container', { name: label })}
        style={{
          ...grid,
          // The form's own area keeps room below its last item to drop at the end.
          ...(id === ROOT ? { minHeight: 320, alignContent: 'start' } : {}),
          border: 0,
          margin: 0,
          minWidth: 0,
          background: isOver ? 'rgba(22, 119, 255, 0.08)' : 'rgba(0, 0, 0, 0.02)',
          outline: chosen ? '1px dashed #1677ff' : '1px dashed rgba(0, 0, 0, 0.15)',
        }}
      >
        {items.length === 0 && (
          <Typography.Text type="secondary" style={{ gridColumn: 'span 24', textAlign: 'center', alignSelf: 'center' }}>
            {id === ROOT ? t('formDesign.canvas.empty') : t('formDesign.canvas.dropHere')}
          </Typography.Text>
        )}
        {items.map((item, index) => (
          <CanvasItem key={item.id} item={item} container={id} index={index} />
        ))}
      </fieldset>
    </SortableContext>
  );
}

/** One placed item: its handle to drag it, its title, and when selected its span, duplicate and delete. */
function CanvasItem({ item, container, index }: { item: FormItem; container: string; index: number }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { design, entity, selection, select, change, placed } = useDesigner();
  const title = itemTitle(design, entity, item, lang);
  const name = itemName(t, title, item);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    data: { from: 'canvas', container, index, label: name } satisfies CanvasDrag,
  });
  const selected = selection?.id === item.id;
  const problems = placed.byItem.get(item.id) ?? [];
  const span = spanOf(item);
  const resizable = item.kind === 'field' || item.kind === 'table' || item.kind === 'text';
  const bound = design.entity !== undefined;
  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <fieldset
      ref={setNodeRef}
      aria-label={name}
      data-selected={selected || undefined}
      style={{
        gridColumn: `span ${span}`,
        margin: 0,
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        background: '#fff',
        border: `1px solid ${problems.length ? '#ff4d4f' : selected ? '#1677ff' : 'rgba(0, 0, 0, 0.15)'}`,
        boxShadow: selected ? '0 0 0 2px rgba(22, 119, 255, 0.2)' : undefined,
        borderRadius: 6,
        padding: 6,
        minWidth: 0,
      }}
    >
      <Space size={4} style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space size={4}>
          <Button
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            type="text"
            size="small"
            icon={<HolderOutlined />}
            aria-label={t('formDesign.item.drag', { name })}
            style={{ cursor: 'grab', touchAction: 'none' }}
          />
          <Button
            type="text"
            size="small"
            aria-pressed={selected}
            aria-label={name}
            onClick={stop(() => select({ id: item.id }))}
            style={{ fontWeight: 500, paddingInline: 2 }}
          >
            {item.kind === 'field' && fieldIcon(design, entity, item.name)} {title || name}
          </Button>
          {'hidden' in item && item.hidden && (
            <Tooltip title={t('formDesign.item.hidden')}>
              <EyeInvisibleOutlined aria-label={t('formDesign.item.hidden')} />
            </Tooltip>
          )}
          {item.kind === 'field' && isRequired(design, item) && <Tag color="red">{t('formDesign.item.required')}</Tag>}
          {problems.length > 0 && (
            <Tooltip title={problems.join('; ')}>
              <WarningOutlined
                style={{ color: '#ff4d4f' }}
                aria-label={`${t('formDesign.item.hasErrors')}: ${problems.join('; ')}`}
              />
            </Tooltip>
          )}
        </Space>
        {selected && (
          <Space size={2}>
            {resizable && (
              <>
                <Button
                  size="small"
                  icon={<MinusOutlined />}
                  aria-label={t('formDesign.item.narrower')}
                  disabled={span <= 1}
                  onClick={stop(() => change({ type: 'span', id: item.id, span: span - (span > 6 ? 6 : 1) }))}
                />
                <Typography.Text style={{ fontSize: 12 }} aria-live="polite">
                  {span}/24
                </Typography.Text>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t('formDesign.item.wider')}
                  disabled={span >= 24}
                  onClick={stop(() => change({ type: 'span', id: item.id, span: span + (span >= 6 ? 6 : 1) }))}
                />
              </>
            )}
            {!(bound && (item.kind === 'field' || item.kind === 'table')) && (
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('formDesign.item.duplicate')}
                onClick={stop(() => change({ type: 'duplicate', id: item.id }))}
              />
            )}
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('formDesign.item.remove')}
              onClick={stop(() => {
                change({ type: 'remove', id: item.id });
                select(null);
              })}
            />
          </Space>
        )}
      </Space>
      <ItemBody item={item} />
    </fieldset>
  );
}

function fieldIcon(
  design: ReturnType<typeof useDesigner>['design'],
  entity: ReturnType<typeof useDesigner>['entity'],
  name: string,
): ReactNode {
  const type = (design.fields.find((f) => f.name === name) ?? entity?.fields.find((f) => f.name === name))?.type;
  return type ? typeIcons[type as FormFieldType] : null;
}

const isRequired = (design: ReturnType<typeof useDesigner>['design'], item: FormItem & { kind: 'field' }) =>
  item.required === true || design.fields.find((f) => f.name === item.name)?.required === true;

/** What sits inside a layout piece: its containers, each a drop area of its own. */
function ItemBody({ item }: { item: FormItem }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { selection, select } = useDesigner();
  // The palette adds into the tab or column chosen here (a click on the palette, not a drag).
  const chooser = (container: string, name: string) => (
    <Button
      type="link"
      size="small"
      aria-pressed={selection?.container === container}
      onClick={(e) => {
        e.stopPropagation();
        select({ id: item.id, container });
      }}
      style={{ paddingInline: 0 }}
    >
      {name}
    </Button>
  );
  const pick = (l: { en: string; zh: string }) => l[lang] || l.en;
  switch (item.kind) {
    case 'section':
      return <Container id={item.id} label={pick(item.title)} items={item.items} />;
    case 'tabs':
      return (
        <div style={{ display: 'grid', gap: 6 }}>
          {item.tabs.map((tab) => (
            <div key={tab.id}>
              {chooser(tab.id, t('formDesign.item.tab', { name: pick(tab.title) }))}
              <Container id={tab.id} label={t('formDesign.item.tab', { name: pick(tab.title) })} items={tab.items} />
            </div>
          ))}
        </div>
      );
    case 'columns':
      return (
        <div style={{ ...grid, padding: 0 }}>
          {item.columns.map((col, n) => (
            <div key={col.id} style={{ gridColumn: `span ${col.span}`, minWidth: 0 }}>
              {chooser(col.id, t('formDesign.item.column', { n: n + 1 }))}
              <Container id={col.id} label={t('formDesign.item.column', { n: n + 1 })} items={col.items} />
            </div>
          ))}
        </div>
      );
    case 'divider':
      return <hr style={{ border: 0, borderTop: '1px solid rgba(0,0,0,0.2)' }} />;
    case 'text':
      return <Typography.Paragraph style={{ margin: 0 }}>{pick(item.text)}</Typography.Paragraph>;
    default:
      return null;
  }
}

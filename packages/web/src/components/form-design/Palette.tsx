import {
  AlignLeftOutlined,
  BorderOuterOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ColumnWidthOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FolderOutlined,
  FontColorsOutlined,
  FontSizeOutlined,
  MinusOutlined,
  NumberOutlined,
  PaperClipOutlined,
  PercentageOutlined,
  PictureOutlined,
  TableOutlined,
  TagsOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { type FormFieldType, formFieldTypes, langOf, walkItems } from '@trestle/shared';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutPiece, PaletteEntry } from './design-pieces.ts';
import { useDesigner } from './designer-context.ts';

export const typeIcons: Record<FormFieldType, ReactNode> = {
  string: <FontSizeOutlined />,
  text: <AlignLeftOutlined />,
  integer: <NumberOutlined />,
  decimal: <PercentageOutlined />,
  boolean: <CheckSquareOutlined />,
  date: <CalendarOutlined />,
  datetime: <FieldTimeOutlined />,
  time: <ClockCircleOutlined />,
  dict: <UnorderedListOutlined />,
  dictMulti: <TagsOutlined />,
  file: <PaperClipOutlined />,
  image: <PictureOutlined />,
  richText: <EditOutlined />,
};

const pieceIcons: Record<LayoutPiece, ReactNode> = {
  section: <BorderOuterOutlined />,
  tabs: <FolderOutlined />,
  columns: <ColumnWidthOutlined />,
  divider: <MinusOutlined />,
  text: <FontColorsOutlined />,
  table: <TableOutlined />,
};

export type PaletteDrag = { from: 'palette'; entry: PaletteEntry; label: string };
type PaletteItem = { id: string; entry: PaletteEntry; label: string; icon: ReactNode };

function PaletteButton({ id, entry, label, icon, onAdd }: PaletteItem & { onAdd(): void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${id}`,
    data: { from: 'palette', entry, label } satisfies PaletteDrag,
  });
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      icon={icon}
      size="small"
      block
      aria-label={t('formDesign.palette.add', { name: label })}
      style={{ justifyContent: 'flex-start', opacity: isDragging ? 0.5 : 1, touchAction: 'none' }}
      onClick={onAdd}
    >
      {label}
    </Button>
  );
}

const list = { display: 'grid', gap: 4, marginBottom: 12 } as const;

/** One heading's pieces, with a note when there are none. */
function PaletteGroup({
  title,
  label = title,
  items,
  empty,
  onAdd,
}: {
  title: string;
  label?: string;
  items: PaletteItem[];
  empty?: string;
  onAdd(entry: PaletteEntry): void;
}) {
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <section aria-label={label} style={list}>
        {empty !== undefined && items.length === 0 && <Typography.Text type="secondary">{empty}</Typography.Text>}
        {items.map((item) => (
          <PaletteButton key={item.id} {...item} onAdd={() => onAdd(item.entry)} />
        ))}
      </section>
    </>
  );
}

/**
 * The pieces to place: a standalone form's field types, or a bound form's fields not yet placed and its
 * detail tables; then the layout pieces. Each is dragged onto the canvas or clicked to add it where the
 * selection is.
 */
export function Palette({ onAdd }: { onAdd(entry: PaletteEntry): void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { design, entity } = useDesigner();
  const bound = design.entity !== undefined;
  const placed = new Set(
    [...walkItems(design.items)].flatMap((i) => (i.kind === 'field' || i.kind === 'table' ? [i.name] : [])),
  );
  const pieces: LayoutPiece[] = bound
    ? ['section', 'tabs', 'columns', 'divider', 'text']
    : ['section', 'tabs', 'columns', 'divider', 'text', 'table'];
  const freeFields = entity?.fields.filter((f) => f.name !== entity.key && !placed.has(f.name)) ?? [];
  const freeTables = entity?.detailMetas.filter((m) => !placed.has(m.name)) ?? [];
  return (
    <nav aria-label={t('formDesign.palette')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('formDesign.palette.hint')}
      </Typography.Paragraph>
      {bound ? (
        <>
          <PaletteGroup
            title={t('formDesign.palette.entityFields', { entity: entity?.label[lang] ?? design.entity })}
            label={t('formDesign.palette.entityFields', { entity: design.entity })}
            empty={t('formDesign.palette.allPlaced')}
            items={freeFields.map((f) => ({
              id: `field:${f.name}`,
              entry: { kind: 'entityField', name: f.name },
              label: f.label[lang],
              icon: typeIcons[f.type as FormFieldType] ?? <FontSizeOutlined />,
            }))}
            onAdd={onAdd}
          />
          {freeTables.length > 0 && (
            <PaletteGroup
              title={t('formDesign.palette.details')}
              items={freeTables.map((m) => ({
                id: `table:${m.name}`,
                entry: { kind: 'entityTable', name: m.name },
                label: m.label[lang],
                icon: <TableOutlined />,
              }))}
              onAdd={onAdd}
            />
          )}
        </>
      ) : (
        <PaletteGroup
          title={t('formDesign.palette.fields')}
          items={formFieldTypes.map((type) => ({
            id: `type:${type}`,
            entry: { kind: 'fieldType', type },
            label: t(`formDesign.type.${type}`),
            icon: typeIcons[type],
          }))}
          onAdd={onAdd}
        />
      )}
      <PaletteGroup
        title={t('formDesign.palette.layout')}
        items={pieces.map((piece) => ({
          id: `piece:${piece}`,
          entry: { kind: 'layout', piece },
          label: t(`formDesign.piece.${piece}`),
          icon: pieceIcons[piece],
        }))}
        onAdd={onAdd}
      />
    </nav>
  );
}

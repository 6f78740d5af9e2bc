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
import type { LayoutPiece, PaletteEntry } from './design-state.ts';
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

function PaletteButton({
  id,
  entry,
  label,
  icon,
  onAdd,
}: PaletteDrag & { id: string; icon: ReactNode; onAdd(): void }) {
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
          <Typography.Text strong>
            {t('formDesign.palette.entityFields', { entity: entity?.label[lang] ?? design.entity })}
          </Typography.Text>
          <section aria-label={t('formDesign.palette.entityFields', { entity: design.entity })} style={list}>
            {freeFields.length === 0 && (
              <Typography.Text type="secondary">{t('formDesign.palette.allPlaced')}</Typography.Text>
            )}
            {freeFields.map((f) => {
              const entry: PaletteEntry = { kind: 'entityField', name: f.name };
              const label = f.label[lang];
              const icon = typeIcons[f.type as FormFieldType] ?? <FontSizeOutlined />;
              return (
                <PaletteButton
                  key={f.name}
                  id={`field:${f.name}`}
                  from="palette"
                  entry={entry}
                  label={label}
                  icon={icon}
                  onAdd={() => onAdd(entry)}
                />
              );
            })}
          </section>
          {freeTables.length > 0 && (
            <>
              <Typography.Text strong>{t('formDesign.palette.details')}</Typography.Text>
              <section aria-label={t('formDesign.palette.details')} style={list}>
                {freeTables.map((m) => {
                  const entry: PaletteEntry = { kind: 'entityTable', name: m.name };
                  return (
                    <PaletteButton
                      key={m.name}
                      id={`table:${m.name}`}
                      from="palette"
                      entry={entry}
                      label={m.label[lang]}
                      icon={<TableOutlined />}
                      onAdd={() => onAdd(entry)}
                    />
                  );
                })}
              </section>
            </>
          )}
        </>
      ) : (
        <>
          <Typography.Text strong>{t('formDesign.palette.fields')}</Typography.Text>
          <section aria-label={t('formDesign.palette.fields')} style={list}>
            {formFieldTypes.map((type) => {
              const entry: PaletteEntry = { kind: 'fieldType', type };
              const label = t(`formDesign.type.${type}`);
              return (
                <PaletteButton
                  key={type}
                  id={`type:${type}`}
                  from="palette"
                  entry={entry}
                  label={label}
                  icon={typeIcons[type]}
                  onAdd={() => onAdd(entry)}
                />
              );
            })}
          </section>
        </>
      )}
      <Typography.Text strong>{t('formDesign.palette.layout')}</Typography.Text>
      <section aria-label={t('formDesign.palette.layout')} style={list}>
        {pieces.map((piece) => {
          const entry: PaletteEntry = { kind: 'layout', piece };
          const label = t(`formDesign.piece.${piece}`);
          return (
            <PaletteButton
              key={piece}
              id={`piece:${piece}`}
              from="palette"
              entry={entry}
              label={label}
              icon={pieceIcons[piece]}
              onAdd={() => onAdd(entry)}
            />
          );
        })}
      </section>
    </nav>
  );
}

import {
  CalendarOutlined,
  CheckSquareOutlined,
  DownOutlined,
  FontSizeOutlined,
  NumberOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { type DatasetField, langOf } from '@trestle/shared';
import { Button, Dropdown, Input, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultWell, type Well, wells } from './chart-model.ts';

const typeIcons: Record<DatasetField['type'], ReactNode> = {
  number: <NumberOutlined />,
  string: <FontSizeOutlined />,
  date: <CalendarOutlined />,
  datetime: <CalendarOutlined />,
  boolean: <CheckSquareOutlined />,
};

/** What a dragged field carries to the well it is dropped on. */
export type FieldDrag = { from: 'palette'; field: DatasetField; label: string };

type Props = { fields: DatasetField[]; onAdd(well: Well, field: DatasetField): void };

function PaletteField({ field, label, onAdd }: { field: DatasetField; label: string; onAdd: Props['onAdd'] }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `field:${field.name}`,
    data: { from: 'palette', field, label } satisfies FieldDrag,
  });
  const well = defaultWell(field);
  return (
    <Space.Compact block>
      <Button
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        size="small"
        icon={typeIcons[field.type]}
        aria-label={t('biDesign.palette.add', { name: label, well: t(`biDesign.well.${well}`) })}
        title={field.name}
        style={{
          justifyContent: 'flex-start',
          flex: 1,
          minWidth: 0,
          opacity: isDragging ? 0.5 : 1,
          touchAction: 'none',
        }}
        onClick={() => onAdd(well, field)}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: wells.map((w) => ({ key: w, label: t(`biDesign.well.${w}`) })),
          onClick: ({ key }) => onAdd(key as Well, field),
        }}
      >
        <Button size="small" icon={<DownOutlined />} aria-label={t('biDesign.palette.addTo', { name: label })} />
      </Dropdown>
    </Space.Compact>
  );
}

/**
 * The dataset's fields, to drag onto a well or to click: a click puts a number in the measures and anything
 * else in the dimensions; the arrow beside each chooses the well (the keyboard's way to every well).
 */
export function FieldPalette({ fields, onAdd }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q
    ? fields.filter((f) => f.name.toLowerCase().includes(q) || f.label[lang].toLowerCase().includes(q))
    : fields;
  return (
    <nav aria-label={t('biDesign.palette')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('biDesign.palette.hint')}
      </Typography.Paragraph>
      <Input.Search
        aria-label={t('biDesign.palette.search')}
        placeholder={t('biDesign.palette.search')}
        size="small"
        allowClear
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {/* A long list scrolls on its own, so the wells stay in reach while a field is dragged. */}
      <div style={{ display: 'grid', gap: 4, maxHeight: 'calc(100vh - 320px)', overflowY: 'auto', paddingRight: 2 }}>
        {shown.length === 0 && <Typography.Text type="secondary">{t('biDesign.fields.none')}</Typography.Text>}
        {shown.map((f) => (
          <PaletteField key={f.name} field={f} label={f.label[lang] || f.name} onAdd={onAdd} />
        ))}
      </div>
    </nav>
  );
}

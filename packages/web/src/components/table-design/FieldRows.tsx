import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  HolderOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { designFieldSchema, designKinds, fieldTypes } from '@trestle/shared';
import { Button, Checkbox, Form, type FormRule, Input, Select, Space, Table } from 'antd';
import type { FormListFieldData } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../zod-rules.ts';
import { type DesignForm, newField } from './design-form.ts';
import { MoreSettings, type Named, type TargetOption, TypeSettings, tight } from './FieldSettings.tsx';

/** What a dragged field row carries: its index, under a type of its own (a dragged text is not a row). */
const DRAG_TYPE = 'application/x-trestle-field-row';

/**
 * The design's fields, one row each: add, remove and move rows; each keeps its id, so a rename stays one.
 * Not built from the ViewGrid parts: an editable form laid out as a table, not a list of records.
 */
export function FieldRows({
  translate,
  targets,
}: {
  translate: (message: string) => string;
  targets: readonly TargetOption[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<DesignForm>();
  const takenIds = () => new Set((form.getFieldValue('fields') as DesignForm['fields']).map((f) => f.id));
  const named: Named = (what, index) => t('tableDesign.fieldInput', { what, n: index + 1 });
  const rule = (key: 'name') => zodRule(designFieldSchema.shape[key], translate);
  const required = { required: true, message: t('form.required') };
  /** A small icon button of a field row, named with the row's number. */
  const rowButton = (
    key: 'moveUp' | 'moveDown' | 'removeField',
    icon: ReactNode,
    index: number,
    onClick: () => void,
    state: { disabled?: boolean; danger?: boolean },
  ) => (
    <Button
      size="small"
      type="text"
      icon={icon}
      aria-label={named(t(`tableDesign.${key}`), index)}
      title={t(`tableDesign.${key}`)}
      onClick={onClick}
      {...state}
    />
  );
  /** A column of one text input a row, the column's title naming it. */
  const textColumn = (key: string, path: string[], rules: FormRule[], maxLength: number) => ({
    key,
    title: t(`tableDesign.field.${key}`),
    width: 120,
    render: (_: unknown, row: FormListFieldData) => (
      <Form.Item name={[row.name, ...path]} rules={rules} validateFirst style={tight}>
        <Input aria-label={named(t(`tableDesign.field.${key}`), row.name)} maxLength={maxLength} />
      </Form.Item>
    ),
  });

  return (
    <Form.List
      name="fields"
      rules={[
        {
          validator: async (_, rows: unknown[]) => {
            if (!rows?.length) throw new Error(t('tableDesign.atLeastOneField'));
          },
        },
      ]}
    >
      {(rows, { add, remove, move }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Table<FormListFieldData>
            size="small"
            rowKey="key"
            data-testid="design-fields"
            pagination={false}
            dataSource={rows}
            // A row dragged by its handle onto another takes that row's place.
            onRow={(row) => ({
              onDragOver: (e) => {
                if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              },
              onDrop: (e) => {
                const from = Number(e.dataTransfer.getData(DRAG_TYPE));
                if (!e.dataTransfer.types.includes(DRAG_TYPE) || !Number.isInteger(from)) return;
                e.preventDefault();
                if (from !== row.name) move(from, row.name);
              },
            })}
            // The widths as set, the details taking what is left: an input's content must not push the row's
            // actions out of sight.
            tableLayout="fixed"
            expandable={{
              expandedRowRender: (row) => <MoreSettings index={row.name} named={named} />,
              expandIcon: ({ expanded, onExpand, record }) => (
                <Button
                  size="small"
                  type="text"
                  icon={expanded ? <DownOutlined /> : <RightOutlined />}
                  aria-expanded={expanded}
                  aria-label={named(t('tableDesign.more'), record.name)}
                  title={t('tableDesign.more')}
                  onClick={(e) => onExpand(record, e)}
                />
              ),
            }}
            columns={[
              {
                key: 'n',
                title: '#',
                width: 52,
                // The handle a row is dragged by (the Move up and down buttons do the same from the keyboard).
                render: (_, row) => (
                  // biome-ignore lint/a11y/noStaticElementInteractions: a drag handle for the pointer; the row's Move up and down buttons do the same from the keyboard.
                  <span
                    draggable
                    data-testid={`drag-field-${row.name + 1}`}
                    title={t('tableDesign.dragField')}
                    style={{ cursor: 'grab', whiteSpace: 'nowrap' }}
                    onDragStart={(e) => {
                      e.dataTransfer.setData(DRAG_TYPE, String(row.name));
                      e.dataTransfer.effectAllowed = 'move';
                      const tr = (e.currentTarget as HTMLElement).closest('tr');
                      if (tr) e.dataTransfer.setDragImage(tr, 8, 8);
                    }}
                  >
                    <HolderOutlined aria-hidden /> {row.name + 1}
                  </span>
                ),
              },
              textColumn('name', ['name'], [required, rule('name')], 40),
              textColumn('labelEn', ['label', 'en'], [required], 50),
              textColumn('labelZh', ['label', 'zh'], [required], 50),
              {
                key: 'type',
                title: t('tableDesign.field.type'),
                width: 140,
                render: (_, row) => (
                  <Form.Item name={[row.name, 'type']} rules={[required]} style={tight}>
                    <Select
                      aria-label={named(t('tableDesign.field.type'), row.name)}
                      style={{ width: '100%' }}
                      showSearch={{ optionFilterProp: 'label' }}
                      // Two dozen types: all of them in the list, not a window of eight that scrolls by itself.
                      virtual={false}
                      listHeight={360}
                      options={[
                        {
                          label: t('tableDesign.typeGroup.kinds'),
                          options: designKinds.map((k) => ({ value: k, label: t(`tableDesign.type.${k}`) })),
                        },
                        {
                          label: t('tableDesign.typeGroup.types'),
                          options: fieldTypes.map((type) => ({ value: type, label: t(`tableDesign.type.${type}`) })),
                        },
                      ]}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'settings',
                title: t('tableDesign.field.settings'),
                render: (_, row) => <TypeSettings index={row.name} named={named} targets={targets} />,
              },
              ...(['required', 'unique', 'sortable'] as const).map((flag) => ({
                key: flag,
                title: t(`tableDesign.field.${flag}`),
                width: 78,
                align: 'center' as const,
                render: (_: unknown, row: FormListFieldData) => (
                  <Form.Item name={[row.name, flag]} valuePropName="checked" style={tight}>
                    <Checkbox aria-label={named(t(`tableDesign.field.${flag}`), row.name)} />
                  </Form.Item>
                ),
              })),
              {
                key: 'searchable',
                title: t('tableDesign.field.searchable'),
                width: 98,
                align: 'center' as const,
                render: (_: unknown, row: FormListFieldData) => (
                  // Searchable is having a place in the search form; the design sets the place from the order.
                  <Form.Item
                    name={[row.name, 'search']}
                    valuePropName="checked"
                    getValueProps={(v: unknown) => ({ checked: v !== undefined && v !== null })}
                    normalize={(checked: boolean) => (checked ? { row: 1, col: 1 } : undefined)}
                    style={tight}
                  >
                    <Checkbox aria-label={named(t('tableDesign.field.searchable'), row.name)} />
                  </Form.Item>
                ),
              },
              {
                key: 'actions',
                title: t('tableDesign.actions'),
                width: 104,
                render: (_, row, index) => (
                  <Space size={2}>
                    {rowButton('moveUp', <ArrowUpOutlined />, row.name, () => move(index, index - 1), {
                      disabled: index === 0,
                    })}
                    {rowButton('moveDown', <ArrowDownOutlined />, row.name, () => move(index, index + 1), {
                      disabled: index === rows.length - 1,
                    })}
                    {rowButton('removeField', <DeleteOutlined />, row.name, () => remove(index), { danger: true })}
                  </Space>
                ),
              },
            ]}
          />
          <Button icon={<PlusOutlined />} onClick={() => add(newField(takenIds()))}>
            {t('tableDesign.addField')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}

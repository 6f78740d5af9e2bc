import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  HolderOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { designFieldSchema, designKinds, fieldTypes, kindType, searchOps } from '@trestle/shared';
import { AutoComplete, Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Table } from 'antd';
import type { FormListFieldData } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/zod-rules.ts';
import {
  type DesignForm,
  hasLength,
  hasPattern,
  isDictionary,
  isKind,
  isNumeric,
  isReference,
  newField,
  type RowType,
} from './design-form.ts';

/** A table a reference may point at, as the target input offers it. */
export type TargetOption = { value: string; label: string };

const tight = { marginBottom: 0 } as const;
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
  // "Name of field 2": every input of a row says which row it is in, for a screen reader and for a test.
  const named = (what: string, index: number) => t('tableDesign.fieldInput', { what, n: index + 1 });
  const rule = (key: 'name') => zodRule(designFieldSchema.shape[key], translate);
  const required = { required: true, message: t('form.required') };

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
              {
                key: 'name',
                title: t('tableDesign.field.name'),
                width: 120,
                render: (_, row) => (
                  <Form.Item name={[row.name, 'name']} rules={[required, rule('name')]} validateFirst style={tight}>
                    <Input aria-label={named(t('tableDesign.field.name'), row.name)} maxLength={40} />
                  </Form.Item>
                ),
              },
              {
                key: 'labelEn',
                title: t('tableDesign.field.labelEn'),
                width: 120,
                render: (_, row) => (
                  <Form.Item name={[row.name, 'label', 'en']} rules={[required]} style={tight}>
                    <Input aria-label={named(t('tableDesign.field.labelEn'), row.name)} maxLength={50} />
                  </Form.Item>
                ),
              },
              {
                key: 'labelZh',
                title: t('tableDesign.field.labelZh'),
                width: 120,
                render: (_, row) => (
                  <Form.Item name={[row.name, 'label', 'zh']} rules={[required]} style={tight}>
                    <Input aria-label={named(t('tableDesign.field.labelZh'), row.name)} maxLength={50} />
                  </Form.Item>
                ),
              },
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
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={named(t('tableDesign.moveUp'), row.name)}
                      title={t('tableDesign.moveUp')}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={named(t('tableDesign.moveDown'), row.name)}
                      title={t('tableDesign.moveDown')}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={named(t('tableDesign.removeField'), row.name)}
                      title={t('tableDesign.removeField')}
                      onClick={() => remove(index)}
                    />
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

/**
 * What the field's type needs beside it: a string's length, a reference's table, a dictionary's code, an
 * auto-number's pattern.
 */
function TypeSettings({
  index,
  named,
  targets,
}: {
  index: number;
  named: (what: string, index: number) => string;
  targets: readonly TargetOption[];
}) {
  const { t } = useTranslation();
  const type = Form.useWatch(['fields', index, 'type']) as RowType | undefined;
  if (!type) return null;
  if (hasPattern(type))
    return (
      <Form.Item
        name={[index, 'autoNumber', 'pattern']}
        rules={[{ required: true, message: t('form.required') }]}
        style={tight}
      >
        <Input
          aria-label={named(t('tableDesign.field.pattern'), index)}
          placeholder="VH{yyyy}-{seq:4}"
          maxLength={40}
          style={{ width: '100%' }}
        />
      </Form.Item>
    );
  if (hasLength(type))
    return (
      <Form.Item name={[index, 'length']} style={tight}>
        <InputNumber
          aria-label={named(t('tableDesign.field.length'), index)}
          placeholder={t('tableDesign.field.lengthDefault')}
          min={1}
          max={10000}
          precision={0}
          style={{ width: '100%' }}
        />
      </Form.Item>
    );
  if (isReference(type))
    return (
      <Form.Item
        name={[index, 'reference', 'table']}
        validateFirst
        rules={[
          { required: true, message: t('form.required') },
          {
            pattern: /^[a-z][a-z0-9_]*$/,
            message: t('tableDesign.msg.Start with a small letter; small letters, digits and _ only'),
          },
        ]}
        style={tight}
      >
        <AutoComplete
          aria-label={named(t('tableDesign.field.target'), index)}
          placeholder={t('tableDesign.field.target')}
          style={{ width: '100%' }}
          options={[...targets]}
          filterOption={(typed, option) => String(option?.value ?? '').startsWith(typed.trim().toLowerCase())}
        />
      </Form.Item>
    );
  if (isDictionary(type))
    return (
      <Form.Item name={[index, 'dictionary']} rules={[{ required: true, message: t('form.required') }]} style={tight}>
        <Input
          aria-label={named(t('tableDesign.field.dictionary'), index)}
          placeholder={t('tableDesign.field.dictionary')}
          maxLength={50}
          style={{ width: '100%' }}
        />
      </Form.Item>
    );
  return null;
}

/**
 * A field's further settings, folded under its row: the range of a number, the summary of the list's
 * total row, the text pattern, whether the form shows it read-only, the list column's width, whether it takes a
 * whole row of the add and edit form, how the search form compares it, and its help text in both languages.
 */
function MoreSettings({ index, named }: { index: number; named: (what: string, index: number) => string }) {
  const { t } = useTranslation();
  const type = Form.useWatch(['fields', index, 'type']) as RowType | undefined;
  const searched = Form.useWatch(['fields', index, 'search']) != null;
  if (!type) return null;
  const ops = searchOps(isKind(type) ? kindType[type] : type);
  const numeric = isNumeric(type);
  const text = type === 'string';
  const input = (what: string) => ({ 'aria-label': named(t(`tableDesign.field.${what}`), index) });
  return (
    <Row gutter={12} data-testid={`field-more-${index + 1}`}>
      {numeric && (
        <>
          <Col span={4}>
            <Form.Item label={t('tableDesign.field.min')} name={[index, 'min']} style={tight}>
              <InputNumber {...input('min')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label={t('tableDesign.field.max')} name={[index, 'max']} style={tight}>
              <InputNumber {...input('max')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label={t('tableDesign.field.summary')} name={[index, 'summary']} style={tight}>
              <Select
                {...input('summary')}
                allowClear
                options={(['sum', 'avg', 'count'] as const).map((v) => ({
                  value: v,
                  label: t(`tableDesign.summary.${v}`),
                }))}
              />
            </Form.Item>
          </Col>
        </>
      )}
      {text && (
        <Col span={6}>
          <Form.Item
            label={t('tableDesign.field.textPattern')}
            name={[index, 'pattern']}
            style={tight}
            rules={[
              {
                validator: async (_, v: unknown) => {
                  if (typeof v !== 'string' || v === '') return;
                  new RegExp(v);
                },
                message: t('tableDesign.field.badPattern'),
              },
            ]}
          >
            <Input {...input('textPattern')} maxLength={200} placeholder="^[A-Z]{2}-\d{4}$" />
          </Form.Item>
        </Col>
      )}
      <Col span={4}>
        <Form.Item label={t('tableDesign.field.width')} name={[index, 'list', 'width']} style={tight}>
          <InputNumber {...input('width')} min={40} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item
          label={t('tableDesign.field.readOnly')}
          name={[index, 'readOnly']}
          valuePropName="checked"
          style={tight}
        >
          <Checkbox {...input('readOnly')} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item
          label={t('tableDesign.field.wholeRow')}
          name={[index, 'edit', 'span']}
          valuePropName="checked"
          getValueProps={(v: unknown) => ({ checked: v === 24 })}
          normalize={(checked: boolean) => (checked ? 24 : undefined)}
          style={tight}
        >
          <Checkbox {...input('wholeRow')} />
        </Form.Item>
      </Col>
      {searched && ops.length > 1 && (
        <Col span={4}>
          <Form.Item label={t('tableDesign.field.searchOp')} name={[index, 'search', 'op']} style={tight}>
            <Select
              {...input('searchOp')}
              allowClear
              placeholder={t(`tableDesign.op.${ops[0]}`)}
              options={ops.map((op) => ({ value: op, label: t(`tableDesign.op.${op}`) }))}
            />
          </Form.Item>
        </Col>
      )}
      <Col span={8}>
        <Form.Item label={t('tableDesign.field.helpEn')} name={[index, 'help', 'en']} style={tight}>
          <Input {...input('helpEn')} maxLength={200} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label={t('tableDesign.field.helpZh')} name={[index, 'help', 'zh']} style={tight}>
          <Input {...input('helpZh')} maxLength={200} />
        </Form.Item>
      </Col>
    </Row>
  );
}

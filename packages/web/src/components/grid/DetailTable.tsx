import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type EntityMeta, lockedInForm } from '@trestle/shared';
import { Button, Form, Space, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldSource } from '../form/FieldInput.tsx';
import { fieldRules, normalizeToggle, ruleMessages, triggerOf } from '../form/field-rules.ts';
import { labelOf } from '../form/layout.ts';
import { RichTextCell } from '../rich-text/RichTextCell.tsx';
import { defaultsOf, editFields } from './edit-fields.ts';
import { entityApi, gridKeys } from './entity-api.ts';

type Props = {
  meta: EntityMeta;
  foreignKey: string;
  /** The master entity and the key of the row being edited (null while adding: no rows to load). */
  master: string;
  masterKey: number | null;
  sourceOf: (meta: EntityMeta) => (field: EntityMeta['fields'][number]) => FieldSource;
  /** Told the key of a saved row the user removed, for the save's delKeys. */
  onRemoveSaved: (key: number) => void;
};

/** The editable rows of one detail entity, kept in the dialog's form under detailData.<Entity>. */
export function DetailTable({ meta, foreignKey, master, masterKey, sourceOf, onRemoveSaved }: Props) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const fields = editFields(meta, [foreignKey]).sort(
    (a, b) => (a.edit?.row ?? 0) - (b.edit?.row ?? 0) || (a.edit?.col ?? 0) - (b.edit?.col ?? 0),
  );
  const listName = ['detailData', meta.name];
  const translate = ruleMessages(t);
  const source = sourceOf(meta);
  const rowsQuery = useQuery({
    queryKey: gridKeys.detail(master, masterKey ?? 0, meta.name),
    queryFn: () =>
      entityApi(master).detailPage({
        value: masterKey ?? 0,
        detail: meta.name,
        page: 1,
        rows: 500,
        sort: meta.defaultSort.field,
        order: meta.defaultSort.order,
      }),
    enabled: masterKey !== null,
    gcTime: 0,
  });
  const loaded = rowsQuery.data?.rows;
  useEffect(() => {
    if (loaded) form.setFieldValue(['detailData', meta.name], loaded);
  }, [form, loaded, meta.name]);

  return (
    <Form.List name={listName}>
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid={`detail-${meta.name}`}>
          <Space>
            <Typography.Text strong>{labelOf(meta, i18n.language)}</Typography.Text>
            <Button size="small" icon={<PlusOutlined />} onClick={() => add(defaultsOf(meta))}>
              {t('grid.addRow')}
            </Button>
          </Space>
          <Table
            size="small"
            rowKey="key"
            loading={rowsQuery.isFetching}
            pagination={false}
            scroll={{ x: 'max-content', y: 260 }}
            dataSource={rows}
            columns={[
              ...fields.map((f) => ({
                key: f.name,
                title: labelOf(f, i18n.language),
                width: f.list?.width ?? 140,
                render: (_: unknown, row: (typeof rows)[number]) => (
                  <Form.Item
                    name={[row.name, f.name]}
                    style={{ margin: 0 }}
                    rules={fieldRules(f, translate)}
                    validateTrigger={triggerOf(f)}
                    validateFirst
                    normalize={f.type === 'boolean' ? normalizeToggle : undefined}
                  >
                    {f.type === 'richText' ? (
                      // A whole editor does not fit a cell: the cell shows the words, the editor opens over it.
                      <RichTextCell
                        label={labelOf(f, i18n.language)}
                        disabled={lockedInForm(f) || f.readOnly === true}
                        upload={source(f).upload}
                      />
                    ) : (
                      <FieldInput field={f} purpose="edit" disabled={lockedInForm(f)} {...source(f)} />
                    )}
                  </Form.Item>
                ),
              })),
              {
                key: 'actions',
                title: '',
                width: 60,
                fixed: 'right' as const,
                render: (_: unknown, row: (typeof rows)[number]) => (
                  <Button
                    size="small"
                    danger
                    type="text"
                    aria-label={t('grid.deleteRow')}
                    icon={<DeleteOutlined />}
                    onClick={() => {
                      const key: unknown = form.getFieldValue([...listName, row.name, meta.key]);
                      if (typeof key === 'number') onRemoveSaved(key);
                      remove(row.name);
                    }}
                  />
                ),
              },
            ]}
          />
        </Space>
      )}
    </Form.List>
  );
}

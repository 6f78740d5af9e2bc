import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FieldMeta, lockedInForm, type ResolvedTable } from '@trestle/shared';
import { Button, Form, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldSource } from '../form/FieldInput.tsx';
import { fieldRules, normalizeToggle, ruleMessages, triggerOf } from '../form/field-rules.ts';
import { RichTextCell } from '../rich-text/RichTextCell.tsx';
import { fieldIn, lineDefaults, textIn } from './live-rules.ts';
import './form-runtime.css';

type Props = {
  table: ResolvedTable;
  lang: 'en' | 'zh';
  readOnly?: boolean;
  sourceOf: (field: FieldMeta) => FieldSource;
  /** The table's own objection (too few or too many lines), shown under it. */
  error?: string;
};

/** A sub-table's lines, edited in place, kept in the form under detailData.<Table> (like the grid's DetailTable). */
export function LineTable({ table, lang, readOnly, sourceOf, error }: Props) {
  const { t } = useTranslation();
  const translate = ruleMessages(t);
  const title = textIn(table.label, lang);
  return (
    <Form.List name={['detailData', table.name]}>
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid={`lines-${table.name}`}>
          <Space>
            <Typography.Text strong>{title}</Typography.Text>
            {!readOnly && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                disabled={table.maxRows !== undefined && rows.length >= table.maxRows}
                onClick={() => add(lineDefaults(table))}
              >
                {t('formRuntime.addLine')}
              </Button>
            )}
          </Space>
          <Table
            size="small"
            rowKey="key"
            aria-label={title}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            locale={{ emptyText: t('formRuntime.noLines') }}
            columns={[
              ...table.fields.map((f) => {
                const label = textIn(f.label, lang);
                const locked = readOnly === true || lockedInForm(f);
                const shown = fieldIn(f, lang);
                return {
                  key: f.name,
                  title: f.required && !readOnly ? `${label} *` : label,
                  width: f.list?.width ?? 160,
                  render: (_: unknown, row: (typeof rows)[number]) => (
                    <Form.Item
                      name={[row.name, f.name]}
                      // Named for assistive technology (the column header is not a label): "Fee, line 2".
                      label={t('formRuntime.cellLabel', { label, n: row.name + 1 })}
                      className="line-cell"
                      style={{ margin: 0 }}
                      rules={readOnly ? undefined : fieldRules(f, translate)}
                      validateTrigger={triggerOf(f)}
                      validateFirst
                      normalize={f.type === 'boolean' ? normalizeToggle : undefined}
                    >
                      {f.type === 'richText' ? (
                        <RichTextCell label={label} disabled={locked} upload={sourceOf(f).upload} />
                      ) : (
                        <FieldInput field={shown} purpose="edit" disabled={locked} {...sourceOf(f)} />
                      )}
                    </Form.Item>
                  ),
                };
              }),
              ...(readOnly
                ? []
                : [
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
                          aria-label={t('formRuntime.removeLine')}
                          icon={<DeleteOutlined />}
                          onClick={() => remove(row.name)}
                        />
                      ),
                    },
                  ]),
            ]}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Space>
      )}
    </Form.List>
  );
}

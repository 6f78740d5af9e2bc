import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { langOf } from '@trestle/shared';
import { Button, Checkbox, Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignForm, FieldRow } from '../../components/table-design/design-form.ts';

/** An index id no other index has: `i` and eight hex digits (the schema allows small letters and digits). */
function newIndexId(taken: ReadonlySet<string>): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(4));
    const id = `i${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Indexes over several fields (a booking's vehicle and day, unique together): each names its fields by
 * their stable ids, so renaming a field keeps it; the index leads (after tenant_id) with the field chosen first.
 */
export function IndexRows() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const form = Form.useFormInstance<DesignForm>();
  // preserve: the rows' ids too, which no input holds.
  const fields = (Form.useWatch('fields', { form, preserve: true }) ?? []) as FieldRow[];
  const options = fields.map((f) => ({ value: f.id, label: f.name || f.label?.[lang] || f.id }));
  const named = (what: string, n: number) => t('tableDesign.indexInput', { what, n: n + 1 });
  return (
    <Form.List name="indexes">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="design-indexes">
          <Typography.Text strong>{t('tableDesign.indexes')}</Typography.Text>
          {rows.map((row) => (
            <Space key={row.key} align="start">
              <Form.Item
                name={[row.name, 'fields']}
                style={{ marginBottom: 0, minWidth: 420 }}
                rules={[
                  {
                    validator: async (_, v: unknown) => {
                      if (!Array.isArray(v) || v.length < 2) throw new Error(t('tableDesign.indexTwoFields'));
                    },
                  },
                ]}
              >
                <Select
                  mode="multiple"
                  aria-label={named(t('tableDesign.indexFields'), row.name)}
                  placeholder={t('tableDesign.indexFields')}
                  options={options}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'unique']} valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox aria-label={named(t('tableDesign.field.unique'), row.name)}>
                  {t('tableDesign.field.unique')}
                </Checkbox>
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={named(t('tableDesign.removeIndex'), row.name)}
                title={t('tableDesign.removeIndex')}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              const taken = new Set(((form.getFieldValue('indexes') ?? []) as { id: string }[]).map((x) => x.id));
              add({ id: newIndexId(taken), fields: [], unique: false });
            }}
          >
            {t('tableDesign.addIndex')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

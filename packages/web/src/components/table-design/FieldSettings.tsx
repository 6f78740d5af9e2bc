import { kindType, searchOps } from '@trestle/shared';
import { AutoComplete, Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasLength, hasPattern, isDictionary, isKind, isNumeric, isReference, type RowType } from './design-form.ts';

/** A table a reference may point at, as the target input offers it. */
export type TargetOption = { value: string; label: string };

/** "Name of field 2": every input of a row says which row it is in, for a screen reader and for a test. */
export type Named = (what: string, index: number) => string;

/** Form items inside a table row: no room below them. */
export const tight = { marginBottom: 0 } as const;

/**
 * What the field's type needs beside it: a string's length, a reference's table, a dictionary's code, an
 * auto-number's pattern.
 */
export function TypeSettings({
  index,
  named,
  targets,
}: {
  index: number;
  named: Named;
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
export function MoreSettings({ index, named }: { index: number; named: Named }) {
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

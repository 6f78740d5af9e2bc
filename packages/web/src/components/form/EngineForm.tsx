import type { FieldMeta } from '@trestle/shared';
import { Col, Form, type FormInstance, Row } from 'antd';
import { type Ref, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldSource } from './FieldInput.tsx';
import { fieldRules, normalizeToggle, triggerOf } from './field-rules.ts';
import { createFormHandle, type FormHandle } from './form-handle.ts';
import { labelOf, layoutRows } from './layout.ts';

type Props = {
  fields: readonly FieldMeta[];
  /** 'edit' validates with the field rules; 'search' lays out the search cells without rules. */
  purpose: 'edit' | 'search';
  /** The antd form the caller owns; the engine lays out its items only. */
  form: FormInstance;
  /** false hides the messages, keeping the error state of the fields (spec §5). */
  showMessage?: boolean;
  sourceOf?: (field: FieldMeta) => FieldSource;
  handleRef?: Ref<FormHandle>;
};

/** The fields of a search or edit form in their 2-D layout, each rule from the shared zod schema. */
export function EngineForm({ fields, purpose, form, showMessage = true, sourceOf, handleRef }: Props) {
  const { t, i18n } = useTranslation();
  const rows = layoutRows(fields, purpose);
  const translate = (msg: string) =>
    msg === 'required' ? t('form.required') : t(`validation.${msg}`, { defaultValue: msg });
  useImperativeHandle(
    handleRef,
    () =>
      createFormHandle(
        form,
        rows.flat().map((c) => c.field.name),
      ),
    [form, rows],
  );

  return (
    <>
      {rows.map((cells) => (
        <Row gutter={16} key={cells.map((c) => c.field.name).join()}>
          {cells.map(({ field, span }) => (
            <Col span={span} key={field.name}>
              <Form.Item
                name={field.name}
                label={labelOf(field, i18n.language)}
                rules={purpose === 'edit' ? fieldRules(field, translate) : undefined}
                validateTrigger={purpose === 'edit' ? triggerOf(field) : undefined}
                validateFirst
                help={showMessage ? undefined : ''}
                normalize={purpose === 'edit' && field.type === 'boolean' ? normalizeToggle : undefined}
              >
                <FieldInput
                  field={field}
                  purpose={purpose}
                  disabled={purpose === 'edit' && field.readOnly}
                  {...sourceOf?.(field)}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      ))}
    </>
  );
}

import { type FieldMeta, lockedInForm, stateChoices } from '@trestle/shared';
import { Col, Form, type FormInstance, Row } from 'antd';
import { type Ref, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldSource, limitSource } from './FieldInput.tsx';
import { fieldRules, normalizeToggle, ruleMessages, triggerOf } from './field-rules.ts';
import { createFormHandle, type FormHandle } from './form-handle.ts';
import { helpOf, labelOf, layoutRows } from './layout.ts';
import { useReferenceFills } from './reference-fills.ts';

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
  /** The stored row an edit form changes (none while adding): a state field offers the moves from its state. */
  record?: Record<string, unknown>;
};

/** A state field offers only what its lifecycle allows from the stored state (a new row: its initial states). */
const withLifecycle = (field: FieldMeta, source: FieldSource, record?: Record<string, unknown>): FieldSource =>
  limitSource(source, stateChoices(field, record?.[field.name]) ?? null);

/** The fields of a search or edit form in their 2-D layout, each rule from the shared zod schema. */
export function EngineForm({ fields, purpose, form, showMessage = true, sourceOf, handleRef, record }: Props) {
  const { t, i18n } = useTranslation();
  const rows = layoutRows(fields, purpose);
  const shown = new Set(rows.flat().map((c) => c.field.name));
  const { withFilled, choose } = useReferenceFills(form, (name) => shown.has(name));
  const sourceFor = (field: FieldMeta): FieldSource => {
    const source = sourceOf?.(field) ?? {};
    if (purpose !== 'edit') return source;
    return withLifecycle(field, withFilled(field.name, source), record);
  };
  const translate = ruleMessages(t);
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
                extra={purpose === 'edit' ? helpOf(field, i18n.language) : undefined}
                rules={purpose === 'edit' ? fieldRules(field, translate) : undefined}
                validateTrigger={purpose === 'edit' ? triggerOf(field) : undefined}
                validateFirst
                help={showMessage ? undefined : ''}
                normalize={purpose === 'edit' && field.type === 'boolean' ? normalizeToggle : undefined}
              >
                <FieldInput
                  field={field}
                  purpose={purpose}
                  disabled={purpose === 'edit' && lockedInForm(field)}
                  placeholder={purpose === 'edit' && field.autoNumber ? t('form.assignedOnSave') : undefined}
                  onChoose={purpose === 'edit' ? choose : undefined}
                  {...sourceFor(field)}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      ))}
    </>
  );
}

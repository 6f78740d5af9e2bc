import {
  type FieldMeta,
  type FormItem,
  type FormState,
  lockedInForm,
  type ResolvedField,
  type ResolvedForm,
  type ResolvedTable,
  stateChoices,
  type TargetState,
} from '@trestle/shared';
import { Card, Col, Divider, Form, type FormInstance, Row, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldSource, limitSource } from '../form/FieldInput.tsx';
import { fieldRules, normalizeToggle, ruleMessages, triggerOf } from '../form/field-rules.ts';
import { useReferenceFills } from '../form/reference-fills.ts';
import type { Option } from '../form/selects.tsx';
import { fieldIn, textIn } from './live-rules.ts';

export type FormLayoutProps = {
  /** The antd form the caller owns; its values are the fields by name and the lines under detailData.<Table>. */
  form: FormInstance;
  resolved: ResolvedForm;
  /** The rules' state for the values the form holds now (liveState). */
  state: FormState;
  /** Fields the user cannot change now (lockedFields). */
  locked: ReadonlySet<string>;
  lang: 'en' | 'zh';
  /** Shows an answer: every input locked, no rules checked. */
  readOnly?: boolean;
  sourceOf: (field: FieldMeta) => FieldSource;
  /** Draws a sub-table (a standalone form's lines, or a bound entity's detail table). */
  renderTable: (table: ResolvedTable, target: TargetState) => ReactNode;
  /** The stored record a bound form edits: a state field offers only the moves its lifecycle allows from it. */
  record?: Record<string, unknown>;
  /** Told after a reference choice filled other fields (setFieldsValue tells the form's onValuesChange nothing). */
  onFilled?: () => void;
  /**
   * One column whatever the screen's width: a phone's layout inside a wide window (the designer's phone preview;
   * the grid's breakpoints read the window, not the box the form is in).
   */
  narrow?: boolean;
};

function intersect(a: readonly string[] | null, b: readonly string[] | null): string[] | null {
  if (!a) return b ? [...b] : null;
  return b ? a.filter((x) => b.includes(x)) : [...a];
}

/**
 * A form design's layout over an antd form: sections as titled groups, tabs, columns, dividers, text and fields
 * on a 24-column grid (one column on a phone), each field with its metadata's checks and what the rules say now
 * (hidden, required, locked, choices). Used by FormFill and by a bound form in the entity's edit dialog.
 */
export function FormLayout(props: FormLayoutProps) {
  const { form, resolved, state, onFilled } = props;
  const { withFilled, choose } = useReferenceFills(
    form,
    (name) => resolved.fields.get(name)?.placed === true && state.targets.get(name)?.visible !== false,
    onFilled,
  );
  const sourceOf = (field: FieldMeta): FieldSource => withFilled(field.name, props.sourceOf(field));
  return (
    <Row gutter={16}>
      <Items {...props} sourceOf={sourceOf} choose={choose} items={resolved.design.items} />
    </Row>
  );
}

type Inner = FormLayoutProps & { choose: (option: Option | undefined) => void };

function Items(props: Inner & { items: readonly FormItem[] }) {
  const { items, state, lang, resolved, narrow } = props;
  const wide = (span: number) => (narrow ? 24 : span);
  const shown = (name: string) => state.targets.get(name)?.visible !== false;
  return (
    <>
      {items.map((item): ReactNode => {
        switch (item.kind) {
          case 'field': {
            const field = resolved.fields.get(item.name);
            if (!field || !shown(item.name)) return null;
            return (
              <Col key={item.id} xs={24} sm={wide(field.span)}>
                <FieldItem {...props} field={field} />
              </Col>
            );
          }
          case 'table': {
            const table = resolved.tables.get(item.name);
            const target = state.targets.get(item.name);
            if (!table || !target?.visible) return null;
            return (
              <Col key={item.id} xs={24} sm={wide(item.span ?? 24)}>
                {props.renderTable(table, target)}
              </Col>
            );
          }
          case 'section':
            if (!shown(item.id)) return null;
            return (
              <Col key={item.id} span={24}>
                <Card
                  size="small"
                  title={textIn(item.title, lang)}
                  role="group"
                  aria-label={textIn(item.title, lang)}
                  style={{ marginBottom: 16 }}
                >
                  <Row gutter={16}>
                    <Items {...props} items={item.items} />
                  </Row>
                </Card>
              </Col>
            );
          case 'tabs':
            return (
              <Col key={item.id} span={24}>
                <Tabs
                  items={item.tabs.map((tab) => ({
                    key: tab.id,
                    label: textIn(tab.title, lang),
                    // Every tab's fields stay mounted, so a check on submit reaches the ones not in view.
                    forceRender: true,
                    children: (
                      <Row gutter={16}>
                        <Items {...props} items={tab.items} />
                      </Row>
                    ),
                  }))}
                />
              </Col>
            );
          case 'columns':
            return (
              <Col key={item.id} span={24}>
                <Row gutter={16}>
                  {item.columns.map((col) => (
                    <Col key={col.id} xs={24} sm={wide(col.span)}>
                      <Row gutter={16}>
                        <Items {...props} items={col.items} />
                      </Row>
                    </Col>
                  ))}
                </Row>
              </Col>
            );
          case 'divider':
            return (
              <Col key={item.id} span={24}>
                <Divider titlePlacement="start">{item.title ? textIn(item.title, lang) : null}</Divider>
              </Col>
            );
          case 'text':
            return (
              <Col key={item.id} xs={24} sm={wide(item.span ?? 24)}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                  {textIn(item.text, lang)}
                </Typography.Paragraph>
              </Col>
            );
          default:
            return null;
        }
      })}
    </>
  );
}

function FieldItem(props: Inner & { field: ResolvedField }) {
  const { field, state, locked, lang, readOnly, sourceOf, record, choose } = props;
  const { t } = useTranslation();
  const target = state.targets.get(field.name);
  const isLocked = readOnly === true || locked.has(field.name) || lockedInForm(field);
  const allowed = intersect(target?.options ?? null, stateChoices(field, record?.[field.name]) ?? null);
  // The field as the rules have it now: required by a rule, its own choices limited.
  const named = fieldIn(field, lang);
  const shown: FieldMeta = {
    ...named,
    ...(target?.required ? { required: true } : {}),
    ...(isLocked ? { readOnly: true } : {}),
    // The field's own choices, left as the rules limit them.
    ...(named.options ? { options: named.options.filter((o) => !allowed || allowed.includes(o.value)) } : {}),
  };
  const translate = ruleMessages(t);
  const help = textIn(field.help, lang) || undefined;
  const placeholder = field.placeholder
    ? textIn(field.placeholder, lang)
    : field.autoNumber && !readOnly
      ? t('form.assignedOnSave')
      : undefined;
  return (
    <Form.Item
      name={field.name}
      label={textIn(field.label, lang)}
      extra={readOnly ? undefined : help}
      rules={readOnly ? undefined : fieldRules(shown, translate)}
      validateTrigger={triggerOf(field)}
      validateFirst
      normalize={field.type === 'boolean' ? normalizeToggle : undefined}
    >
      <FieldInput
        field={shown}
        purpose="edit"
        disabled={isLocked}
        placeholder={placeholder}
        onChoose={isLocked ? undefined : choose}
        {...limitSource(sourceOf(field), allowed)}
      />
    </Form.Item>
  );
}

import {
  checkFormBody,
  type EntityScreenMeta,
  type FormBody,
  type FormDesign,
  type FormViewer,
  langOf,
  resolveForm,
} from '@trestle/shared';
import { Alert, App, Button, Form, Typography } from 'antd';
import { type JSX, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { type FieldPath, mapFieldErrors } from '../grid/field-errors.ts';
import { FormLayout } from './FormLayout.tsx';
import { useFormSources } from './form-sources.ts';
import { LineTable } from './LineTable.tsx';
import {
  answerState,
  formBody,
  liveState,
  lockedFields,
  splitValues,
  startValues,
  textIn,
  writeRules,
} from './live-rules.ts';

type Row = Record<string, unknown>;

export type FormFillProps = {
  design: FormDesign;
  /** A bound form's entity (with its detail entities' metadata). */
  entity?: EntityScreenMeta;
  /** Who fills it: rules may test their roles and organisation. */
  viewer: FormViewer;
  /** The language of the form's labels; the app's language when omitted (the designer previews both). */
  lang?: 'en' | 'zh';
  /** The values to start from (an answer to show, or what was typed before the form was published again). */
  initial?: FormBody;
  /** Shows an answer: nothing can be changed, nothing is sent. */
  readOnly?: boolean;
  /** Given: a submit button sends the answer; a rejection with fieldErrors (a 400) lands on the fields. */
  onSubmit?: (body: FormBody) => Promise<void>;
  submitLabel?: string;
  /** A visitor who is not signed in (a public link): no call that needs a session (dictionaries, lookups). */
  anonymous?: boolean;
  /** Shown above the submit button (a public link's captcha, in a form of its own with `component={false}`). */
  beforeSubmit?: ReactNode;
  /** One column whatever the window's width (the designer's phone preview). */
  narrow?: boolean;
  /** The standalone form being filled, whose upload route its file, image and rich-text fields use. */
  formId?: number;
};

/**
 * A form design filled in (or an answer shown): its layout, its rules run live as the user types (hidden,
 * required, locked, limited choices, set and computed values), and on submit the same check the server runs
 * before anything is sent.
 */
export function FormFill({
  design,
  entity,
  viewer,
  lang,
  initial,
  readOnly = false,
  onSubmit,
  submitLabel,
  anonymous = false,
  beforeSubmit,
  narrow = false,
  formId,
}: FormFillProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const language = lang ?? langOf(i18n.language);
  const resolved = useMemo(() => resolveForm(design, entity), [design, entity]);
  const [form] = Form.useForm();
  const [first] = useState<Row>(() => startValues(resolved, initial, readOnly));
  const [values, setValues] = useState<Row>(first);
  const [submitting, setSubmitting] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [tableErrors, setTableErrors] = useState<Record<string, string>>({});
  const sources = useFormSources(resolved, entity, anonymous, formId);

  // The rules run again when the values (or the design, or who fills it) change, not on every render: a long
  // form's rules are read several times over (liveState), and a spinner or an error shown changes none of them.
  const { state, locked } = useMemo(() => {
    const { main, lines } = splitValues(values);
    const live = liveState(resolved, main, lines, viewer);
    const state = readOnly ? answerState(resolved, live, main, lines) : live;
    return { state, locked: lockedFields(resolved, state, viewer) };
  }, [resolved, values, viewer, readOnly]);

  // Reads what the user has now, writes in what the rules set or compute, and keeps it for the next render.
  const sync = () => setValues(readOnly ? (form.getFieldsValue(true) as Row) : writeRules(form, resolved, viewer));
  const syncRef = useRef(sync);
  syncRef.current = sync;

  // A new answer to show (or typed values given back after a reload) replaces what the form holds. A design
  // changed in the designer keeps what was typed in its preview: only `initial` starts afresh.
  // Compared by content: a caller may build `initial` anew on every render.
  const given = useRef({ resolved, initial, readOnly });
  given.current = { resolved, initial, readOnly };
  const initialKey = JSON.stringify(initial ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialKey stands for `initial`, read through the ref
  useEffect(() => {
    const { resolved: r, initial: i, readOnly: answered } = given.current;
    // Every field set, so that nothing of an answer shown before stays behind.
    const cleared = Object.fromEntries([...r.fields.keys()].map((name) => [name, undefined]));
    form.resetFields();
    form.setFieldsValue({ ...cleared, ...startValues(r, i, answered) });
    syncRef.current();
  }, [form, initialKey]);

  // A changed design (the designer's preview) or viewer: new defaults fill empty fields, the rules run again.
  const viewerKey = `${viewer.roleIds.join(',')}|${viewer.organizationId ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the viewer is read by sync; its key (not the object a caller may build anew each render) says when it changed
  useEffect(() => {
    const now = form.getFieldsValue(true) as Row;
    const start = startValues(resolved, undefined, readOnly);
    const missing = Object.fromEntries(Object.entries(start).filter(([k]) => now[k] === undefined));
    if (Object.keys(missing).length) form.setFieldsValue(missing);
    syncRef.current();
  }, [form, resolved, viewerKey, readOnly]);

  const showErrors = (fieldErrors: Record<string, string>) => {
    const hasField = (p: FieldPath) =>
      typeof p === 'string' ? resolved.fields.has(p) : p[0] === 'detailData' && resolved.tables.has(String(p[1]));
    const { fields, unplaced } = mapFieldErrors(fieldErrors, hasField);
    const byTable: Record<string, string> = {};
    const rest: string[] = [];
    for (const line of unplaced) {
      const m = /^detailData\.([A-Za-z0-9]+): (.*)$/.exec(line);
      if (m?.[1] && m[2] && resolved.tables.has(m[1])) byTable[m[1]] = m[2];
      else rest.push(line);
    }
    const translated = fields.map((f) => ({
      ...f,
      errors: f.errors.map((e) => (e === 'required' ? t('form.required') : e)),
    }));
    form.setFields(translated);
    setTableErrors(byTable);
    setFormErrors(rest);
    const first = translated[0];
    if (first) form.scrollToField(first.name, { block: 'center' });
    void message.error({
      key: 'form-fill-errors',
      content: t('formRuntime.fixErrors', { count: fields.length + Object.keys(byTable).length + rest.length }),
    });
  };

  const submit = async () => {
    if (!onSubmit) return;
    setFormErrors([]);
    setTableErrors({});
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const split = splitValues(form.getFieldsValue(true) as Row);
    const body = formBody(resolved, liveState(resolved, split.main, split.lines, viewer));
    // The server's own check, run here first: the user sees its objections before anything is sent.
    const check = checkFormBody(resolved, body, viewer, { validate: entity ? 'entity' : 'form' });
    if (!check.ok) return showErrors(check.fieldErrors);
    setSubmitting(true);
    try {
      await onSubmit(body);
    } catch (e) {
      if (e instanceof HttpError && Object.keys(e.fieldErrors).length > 0) showErrors(e.fieldErrors);
      else void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  };

  const description = design.description ? textIn(design.description, language) : '';
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={first}
      onValuesChange={sync}
      onFinish={() => void submit()}
      // A long form is sent by its button only: Enter in a field (confirming a date, a choice) must not send it.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
      }}
      data-testid="form-fill"
      style={design.width ? { maxWidth: design.width } : undefined}
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      <FormLayout
        form={form}
        resolved={resolved}
        state={state}
        locked={locked}
        lang={language}
        readOnly={readOnly}
        sourceOf={sources(null)}
        onFilled={sync}
        narrow={narrow}
        renderTable={(table) => (
          <LineTable
            table={table}
            lang={language}
            readOnly={readOnly}
            sourceOf={sources(table.name)}
            error={tableErrors[table.name]}
          />
        )}
      />
      {formErrors.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={formErrors.join('; ')} />
      )}
      {onSubmit && !readOnly && beforeSubmit}
      {onSubmit && !readOnly && (
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitLabel ?? t('formRuntime.submit')}
        </Button>
      )}
    </Form>
  );
}

import { computeDocument, computedFields, computesAnything, type EntityMeta, type FieldMeta } from '@trestle/shared';
import { App, Divider, Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { dialogSize } from '../../lib/theme.ts';
import { AppModal } from '../AppModal.tsx';
import { EngineForm } from '../form/EngineForm.tsx';
import type { FieldSource } from '../form/FieldInput.tsx';
import { singularOf } from '../form/layout.ts';
import { ApprovalHistory } from './ApprovalHistory.tsx';
import type { Row } from './columns.tsx';
import { DetailTable } from './DetailTable.tsx';
import { defaultsOf, editFields } from './edit-fields.ts';
import { entityApi } from './entity-api.ts';
import { type FieldPath, mapFieldErrors } from './field-errors.ts';
import { buildSaveBody, type DetailRow } from './save-body.ts';

type Props = {
  meta: EntityMeta;
  detailMetas: readonly EntityMeta[];
  /** The row being edited; null adds a new one. */
  row: Row | null;
  /** Given the dialog's form, a reference narrowed by a parent field reads the parent's current value. */
  sourceOf: (meta: EntityMeta, row?: Row, form?: FormInstance) => (field: FieldMeta) => FieldSource;
  onClose: () => void;
  onSaved: () => void;
};

/** Add or edit one row (and its detail rows) in a dialog; the server's objections stay in the dialog. */
export function EditDialog({ meta, detailMetas, row, sourceOf, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [delKeys, setDelKeys] = useState<Record<string, number[]>>({});
  const key = row ? Number(row[meta.key]) : null;
  const api = entityApi(meta.name);
  const fields = editFields(meta);

  useEffect(() => {
    form.setFieldsValue(row ?? defaultsOf(meta));
  }, [form, row, meta]);

  // A 400's fieldErrors, or a 422 rule's field, sit on the fields (and detail cells) they name; the first
  // is scrolled into view and the notice only counts them. What names no field shown is told in the notice.
  // Computed fields follow what the user types, with the function the server runs again on save.
  const live = computesAnything(meta, detailMetas);
  const recompute = () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const lines = (values.detailData ?? {}) as Record<string, DetailRow[]>;
    const out = computeDocument(meta, values, lines, detailMetas);
    const patch: Record<string, unknown> = {};
    for (const f of computedFields(meta)) if (out.row[f.name] !== values[f.name]) patch[f.name] = out.row[f.name];
    const changedLines: Record<string, DetailRow[]> = {};
    for (const child of detailMetas) {
      const fields = computedFields(child);
      const before = lines[child.name] ?? [];
      const after = out.lines[child.name] ?? [];
      if (fields.some((f) => after.some((l, i) => l[f.name] !== before[i]?.[f.name]))) changedLines[child.name] = after;
    }
    if (Object.keys(changedLines).length) patch.detailData = { ...lines, ...changedLines };
    if (Object.keys(patch).length) form.setFieldsValue(patch);
  };

  const showErrors = (e: unknown) => {
    if (!(e instanceof HttpError)) return void message.error(e instanceof Error ? e.message : String(e));
    const names = new Set(fields.map((f) => f.name));
    const hasField = (p: FieldPath) => (typeof p === 'string' ? names.has(p) : p[0] === 'detailData');
    const { fields: placed, unplaced } = mapFieldErrors(e.fieldErrors, hasField);
    const first = placed[0];
    if (!first) return void message.error([e.message, ...unplaced].join('; '));
    form.setFields(placed);
    form.scrollToField(first.name, { block: 'center' });
    // Keyed: saving again replaces the notice instead of stacking a second, identical one.
    void message.error({
      key: 'grid-field-errors',
      content: [t('grid.fieldsNeedAttention', { count: placed.length }), ...unplaced].join('; '),
    });
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const rows = (values.detailData ?? {}) as Record<string, DetailRow[]>;
    const body = buildSaveBody(meta, values, { rows, delKeys }, detailMetas, row ?? undefined);
    setSaving(true);
    try {
      await (row ? api.update(body) : api.add(body));
      void message.success(t('grid.saved'));
      onSaved();
    } catch (e) {
      // 409 (stale version), 422 (a rule refused) and field errors keep the dialog open with the input.
      showErrors(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      open
      title={t(row ? 'grid.editTitle' : 'grid.addTitle', { entity: singularOf(meta, i18n.language) })}
      width={meta.details.length > 0 ? 1000 : dialogSize.width}
      okText={t('grid.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      maskClosable={false}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name={`${meta.name}-edit`}
        layout="vertical"
        data-testid="grid-edit-form"
        scrollToFirstError={{ block: 'center' }}
        onValuesChange={live ? recompute : undefined}
      >
        <EngineForm
          fields={fields}
          purpose="edit"
          form={form}
          sourceOf={sourceOf(meta, row ?? undefined, form)}
          record={row ?? undefined}
        />
        {meta.details.map((rel) => {
          const child = detailMetas.find((m) => m.name === rel.entity);
          if (!child) return null;
          return (
            <div key={rel.entity}>
              <Divider style={{ margin: '8px 0' }} />
              <DetailTable
                meta={child}
                foreignKey={rel.foreignKey}
                master={meta.name}
                masterKey={key}
                sourceOf={(m) => sourceOf(m, undefined, form)}
                onRemoveSaved={(k) => setDelKeys((d) => ({ ...d, [rel.entity]: [...(d[rel.entity] ?? []), k] }))}
              />
            </div>
          );
        })}
        {meta.audit && row && (
          <>
            <Divider style={{ margin: '8px 0' }} />
            <ApprovalHistory meta={meta} row={row} />
          </>
        )}
      </Form>
    </AppModal>
  );
}

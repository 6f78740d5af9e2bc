import {
  computeDocument,
  computedFields,
  computesAnything,
  type EntityMeta,
  type FieldMeta,
  langOf,
  type ResolvedTable,
} from '@trestle/shared';
import { App, Divider, Form, type FormInstance, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { dialogSize } from '../../lib/theme.ts';
import { AppModal } from '../AppModal.tsx';
import { EngineForm } from '../form/EngineForm.tsx';
import type { FieldSource } from '../form/FieldInput.tsx';
import { singularOf } from '../form/layout.ts';
import { FormLayout } from '../form-runtime/FormLayout.tsx';
import { ApprovalHistory } from './ApprovalHistory.tsx';
import { type BoundForm, useBoundDesign, useBoundForm } from './bound-form.ts';
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
  /** A new row's values over its defaults (a calendar's day clicked); ignored when editing. */
  initial?: Row;
  /** Given the dialog's form, a reference narrowed by a parent field reads the parent's current value. */
  sourceOf: (meta: EntityMeta, row?: Row, form?: FormInstance) => (field: FieldMeta) => FieldSource;
  onClose: () => void;
  onSaved: () => void;
};

/** Add or edit one row (and its detail rows) in a dialog; the server's objections stay in the dialog. */
export function EditDialog({ meta, detailMetas, row, initial, sourceOf, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [delKeys, setDelKeys] = useState<Record<string, number[]>>({});
  const key = row ? Number(row[meta.key]) : null;
  const api = entityApi(meta.name);
  const fields = editFields(meta);
  // A form published for the entity lays the dialog out and adds its rules; without one it is as it always was.
  const design = useBoundDesign(meta.name);
  const bound = useBoundForm(design.data ?? null, meta, detailMetas, form);
  const boundRef = useRef<BoundForm | null>(bound);
  boundRef.current = bound;

  // The first render's initial values: a parent's re-render passes a new object for the same new row.
  const initialRef = useRef(initial);
  useEffect(() => {
    form.setFieldsValue(row ?? { ...defaultsOf(meta), ...initialRef.current });
    boundRef.current?.sync();
  }, [form, row, meta]);
  // The form arrives after the values were set: its rules run on them once it is there.
  const boundReady = bound !== null;
  useEffect(() => {
    if (boundReady) boundRef.current?.sync();
  }, [boundReady]);

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

  // A 400's fieldErrors, or a 422 rule's field, sit on the fields (and detail cells) they name; the first
  // is scrolled into view and the notice only counts them. What names no field shown is told in the notice.
  const placeErrors = (fieldErrors: Record<string, string>, summary: string) => {
    const names = new Set(
      bound
        ? [...bound.resolved.fields.values()]
            .filter((f) => f.placed && bound.state.targets.get(f.name)?.visible !== false)
            .map((f) => f.name)
        : fields.map((f) => f.name),
    );
    const hasField = (p: FieldPath) => (typeof p === 'string' ? names.has(p) : p[0] === 'detailData');
    const { fields: placed, unplaced } = mapFieldErrors(fieldErrors, hasField);
    const first = placed[0];
    if (!first) return void message.error([summary, ...unplaced].join('; '));
    form.setFields(placed);
    form.scrollToField(first.name, { block: 'center' });
    // Keyed: saving again replaces the notice instead of stacking a second, identical one.
    void message.error({
      key: 'grid-field-errors',
      content: [t('grid.fieldsNeedAttention', { count: placed.length }), ...unplaced].join('; '),
    });
  };
  const showErrors = (e: unknown) => {
    if (e instanceof HttpError) placeErrors(e.fieldErrors, e.message);
    else void message.error(e instanceof Error ? e.message : String(e));
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const rows = (values.detailData ?? {}) as Record<string, DetailRow[]>;
    const built = buildSaveBody(meta, values, { rows, delKeys }, detailMetas, row ?? undefined);
    const body = bound ? bound.prune(built) : built;
    // A bound form's rules, checked here as the server will: what they require is asked for before sending.
    const refused = bound?.check(body);
    if (refused) return placeErrors(refused, t('grid.fieldsNeedAttention', { count: 1 }));
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

  const detailTable = (entity: string, divided: boolean) => {
    const rel = meta.details.find((d) => d.entity === entity);
    const child = detailMetas.find((m) => m.name === entity);
    if (!rel || !child) return null;
    return (
      <div key={entity}>
        {divided && <Divider style={{ margin: '8px 0' }} />}
        <DetailTable
          meta={child}
          foreignKey={rel.foreignKey}
          master={meta.name}
          masterKey={key}
          sourceOf={(m) => sourceOf(m, undefined, form)}
          onRemoveSaved={(k) => setDelKeys((d) => ({ ...d, [entity]: [...(d[entity] ?? []), k] }))}
        />
      </div>
    );
  };

  return (
    <AppModal
      open
      title={t(row ? 'grid.editTitle' : 'grid.addTitle', { entity: singularOf(meta, i18n.language) })}
      width={design.data?.width ?? (meta.details.length > 0 ? 1000 : dialogSize.width)}
      okText={t('grid.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      mask={{ closable: false }}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name={`${meta.name}-edit`}
        layout="vertical"
        data-testid="grid-edit-form"
        scrollToFirstError={{ block: 'center' }}
        onValuesChange={() => {
          if (live) recompute();
          bound?.sync();
        }}
      >
        {design.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : bound ? (
          <FormLayout
            form={form}
            resolved={bound.resolved}
            state={bound.state}
            locked={bound.locked}
            lang={langOf(i18n.language)}
            sourceOf={sourceOf(meta, row ?? undefined, form)}
            record={row ?? undefined}
            onFilled={bound.sync}
            renderTable={(table: ResolvedTable) => detailTable(table.name, false)}
          />
        ) : (
          <>
            <EngineForm
              fields={fields}
              purpose="edit"
              form={form}
              sourceOf={sourceOf(meta, row ?? undefined, form)}
              record={row ?? undefined}
            />
            {meta.details.map((rel) => detailTable(rel.entity, true))}
          </>
        )}
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

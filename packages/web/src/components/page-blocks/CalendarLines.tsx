import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockProps, EntityMeta, EntityScreenMeta, SaveBody } from '@trestle/shared';
import { App, Form } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { AppModal } from '../AppModal.tsx';
import { EngineForm } from '../form/EngineForm.tsx';
import { singularOf } from '../form/layout.ts';
import type { Row } from '../grid/columns.tsx';
import { defaultsOf, editFields } from '../grid/edit-fields.ts';
import { entityApi, gridKeys } from '../grid/entity-api.ts';
import { fieldSources } from '../grid/field-sources.ts';
import { buildSaveBody } from '../grid/save-body.ts';
import { CalendarView } from './CalendarView.tsx';
import { monthRequest, prefillOf } from './calendar-month.ts';
import { BlockEmpty, BlockError, useEntityGrants } from './entity-block.tsx';
import { usePage } from './page-context.tsx';
import { blockName, conditionWheres, filterWheres, pageFiltersOf } from './page-wheres.ts';
import { useRowTitle } from './use-row-title.ts';

type Props = { uid: string; props: BlockProps<'calendar'>; master: EntityScreenMeta };

/**
 * A month of the lines of the master row selected in the linked block, read with the master's getDetailPage.
 * A line is added (or changed) through the master's own update, its Update grant: a detail has no routes of its
 * own, and the master's rules (totals, approval locks) see the change.
 */
export function CalendarLines({ uid, props, master }: Props) {
  const { t, i18n } = useTranslation();
  const page = usePage();
  const queryClient = useQueryClient();
  const grants = useEntityGrants(master.name);
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [dialog, setDialog] = useState<Row | null>(null);
  const line = master.detailMetas.find((m) => m.name === props.entity);
  const selected = props.link ? page.selection[props.link.block] : undefined;
  const request = line ? monthRequest(line, props, month) : null;
  const fixed = [...conditionWheres(props.conditions), ...filterWheres(pageFiltersOf(page.nodes), page.filters, uid)];
  const body = request &&
    selected && { ...request, value: selected.key, detail: props.entity, wheres: [...fixed, ...request.wheres] };
  const rows = useQuery({
    queryKey: gridKeys.detail(master.name, selected?.key ?? 0, `${props.entity}:${JSON.stringify(body)}`),
    queryFn: () => entityApi(master.name).detailPage(body ?? {}),
    enabled: body !== null && body !== undefined,
  });
  const { titleOf, dictionaries } = useRowTitle(line ?? master, props.titleField, rows.data?.rows ?? []);
  if (!line) return <BlockEmpty />;
  if (!selected)
    return (
      <BlockEmpty
        text={t('pageBlocks.noMaster', { block: blockName(page.nodes, props.link?.block ?? '', i18n.language) })}
      />
    );
  if (rows.error) return <BlockError error={rows.error} />;
  const date = line.fields.find((f) => f.name === props.dateField);
  const canWrite = grants.can('Update');
  const canAdd = canWrite && props.actions.includes('add') && date !== undefined;
  return (
    <>
      <CalendarView
        uid={uid}
        month={month}
        onMonth={setMonth}
        rows={rows.data?.rows ?? []}
        total={rows.data?.total ?? 0}
        rowKey={(r) => String(r[line.key])}
        titleOf={titleOf}
        dateField={props.dateField}
        endField={props.endField}
        onAdd={canAdd && date ? (day) => setDialog({ [date.name]: prefillOf(day, date) }) : undefined}
        onOpen={canWrite && props.actions.includes('edit') ? setDialog : undefined}
      />
      {dialog && (
        <LineDialog
          master={master}
          masterKey={selected.key}
          line={line}
          row={dialog}
          sourceOf={fieldSources(master, dictionaries, grants.can('Upload'))}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void queryClient.invalidateQueries({ queryKey: gridKeys.entity(master.name) });
          }}
        />
      )}
    </>
  );
}

type DialogProps = {
  master: EntityScreenMeta;
  masterKey: number;
  line: EntityMeta;
  /** The line opened (with its key) or a new one's starting values. */
  row: Row;
  sourceOf: ReturnType<typeof fieldSources>;
  onClose: () => void;
  onSaved: () => void;
};

/** The master's update that adds or changes one line: the master as it is now (its version) and that line. */
export async function saveLine(master: EntityScreenMeta, masterKey: number, line: EntityMeta, values: Row, row: Row) {
  const api = entityApi(master.name);
  // Read again: the selection may be older than the master's version (a line added a moment ago moved it).
  const now = await api.page({
    page: 1,
    rows: 1,
    count: false,
    wheres: [{ name: master.key, value: masterKey, displayType: 'eq' }],
  });
  const current = now.rows[0];
  if (!current) throw new Error(`No record with key ${masterKey}`);
  const mainData = buildSaveBody(master, current, { rows: {}, delKeys: {} }, [], current).mainData;
  const rel = master.details.find((d) => d.entity === line.name);
  const existing = typeof row[line.key] === 'number' ? row : undefined;
  const lineData = buildSaveBody(line, values, { rows: {}, delKeys: {} }, [], existing).mainData;
  if (rel) delete lineData[rel.foreignKey];
  const body: SaveBody = { mainData, detailData: { [line.name]: [lineData] }, delKeys: {} };
  return api.update(body);
}

function LineDialog({ master, masterKey, line, row, sourceOf, onClose, onSaved }: DialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const rel = master.details.find((d) => d.entity === line.name);
  const fields = editFields(line, rel ? [rel.foreignKey] : []);
  const editing = typeof row[line.key] === 'number';
  useEffect(() => {
    form.setFieldsValue(editing ? row : { ...defaultsOf(line), ...row });
  }, [form, row, line, editing]);
  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveLine(master, masterKey, line, form.getFieldsValue(true) as Row, row);
      void message.success(t('grid.saved'));
      onSaved();
    } catch (e) {
      if (e instanceof HttpError && Object.keys(e.fieldErrors).length > 0)
        void message.error(Object.values(e.fieldErrors).join('; '));
      else void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal
      open
      title={t(editing ? 'grid.editTitle' : 'grid.addTitle', { entity: singularOf(line, i18n.language) })}
      okText={t('grid.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" data-testid="line-edit-form">
        <EngineForm
          fields={fields}
          purpose="edit"
          form={form}
          sourceOf={sourceOf(line, editing ? row : undefined, form)}
          record={editing ? row : undefined}
        />
      </Form>
    </AppModal>
  );
}

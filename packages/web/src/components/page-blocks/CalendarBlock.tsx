import { useQueryClient } from '@tanstack/react-query';
import type { BlockProps, EntityScreenMeta } from '@trestle/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../grid/columns.tsx';
import { EditDialog } from '../grid/EditDialog.tsx';
import { gridKeys } from '../grid/entity-api.ts';
import { fieldSources } from '../grid/field-sources.ts';
import { offers } from './block-meta.ts';
import { CalendarLines } from './CalendarLines.tsx';
import { CalendarView } from './CalendarView.tsx';
import { monthRequest, prefillOf } from './calendar-month.ts';
import { BlockEmpty, BlockError, EntityGate, useEntityGrants } from './entity-block.tsx';
import { useBlockWheres } from './use-block-wheres.ts';
import { useEntityRows } from './use-entity-rows.ts';
import { useRowTitle } from './use-row-title.ts';

export type CalendarProps = BlockProps<'calendar'>;

/**
 * Rows on a month calendar by a date field, the month shown read alone (never the table). A click on a day adds a
 * row on it (Add grant), on an entry edits it (Update grant). With `detailOf`, the rows are lines of the row
 * selected in the linked block, read and written through that master entity (CalendarLines).
 */
export function CalendarBlock({ uid, props }: { uid: string; props: CalendarProps }) {
  if (props.detailOf)
    return (
      <EntityGate entity={props.detailOf}>
        {(master) => <CalendarLines uid={uid} props={props} master={master} />}
      </EntityGate>
    );
  return <EntityGate entity={props.entity}>{(meta) => <OwnCalendar uid={uid} props={props} meta={meta} />}</EntityGate>;
}

function OwnCalendar({ uid, props, meta }: { uid: string; props: CalendarProps; meta: EntityScreenMeta }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const grants = useEntityGrants(meta.name);
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [dialog, setDialog] = useState<{ row: Row | null; initial?: Row } | null>(null);
  const { wheres, waitingFor } = useBlockWheres(uid, props, meta.key);
  const request = monthRequest(meta, props, month);
  const rows = useEntityRows(meta, { ...request, wheres: [...wheres, ...request.wheres] }, waitingFor === null);
  const { titleOf, dictionaries } = useRowTitle(meta, props.titleField, rows.data?.rows ?? []);
  const date = meta.fields.find((f) => f.name === props.dateField);
  if (waitingFor) return <BlockEmpty text={t('pageBlocks.selectFirst', { block: waitingFor })} />;
  if (rows.error) return <BlockError error={rows.error} />;
  const canAdd = offers(props.actions, 'add', grants.can) && date !== undefined;
  const canEdit = offers(props.actions, 'edit', grants.can);
  return (
    <>
      <CalendarView
        uid={uid}
        month={month}
        onMonth={setMonth}
        rows={rows.data?.rows ?? []}
        total={rows.data?.total ?? 0}
        rowKey={(r) => String(r[meta.key])}
        titleOf={titleOf}
        dateField={props.dateField}
        endField={props.endField}
        onAdd={
          canAdd && date ? (day) => setDialog({ row: null, initial: { [date.name]: prefillOf(day, date) } }) : undefined
        }
        onOpen={canEdit ? (row) => setDialog({ row }) : undefined}
      />
      {dialog && (
        <EditDialog
          meta={meta}
          detailMetas={meta.detailMetas}
          row={dialog.row}
          initial={dialog.initial}
          sourceOf={fieldSources(meta, dictionaries, grants.can('Upload'))}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });
          }}
        />
      )}
    </>
  );
}

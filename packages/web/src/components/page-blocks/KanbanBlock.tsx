import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import type { BlockProps, EntityScreenMeta } from '@trestle/shared';
import { App, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../ActionToolbar.tsx';
import { dndAccessibility } from '../dnd/accessibility.ts';
import { cellText, type Row } from '../grid/columns.tsx';
import { useDictionaries, useRemoteLabels } from '../grid/dictionaries.ts';
import { EditDialog } from '../grid/EditDialog.tsx';
import { entityApi, gridKeys } from '../grid/entity-api.ts';
import { fieldSources } from '../grid/field-sources.ts';
import { gridActions } from '../grid/grid-actions.tsx';
import { buildSaveBody } from '../grid/save-body.ts';
import { offers } from './block-meta.ts';
import { BlockEmpty, EntityGate, entityPath, useEntityGrants } from './entity-block.tsx';
import { type CardDrag, KanbanLane, type Lane, type Moving } from './KanbanLane.tsx';
import { useBlockWheres } from './use-block-wheres.ts';

type Props = BlockProps<'kanban'>;

const titleOfData = (data: unknown) =>
  data && typeof data === 'object' && 'title' in data && typeof data.title === 'string' ? data.title : '';
const labelOfData = (data: unknown) =>
  data && typeof data === 'object' && 'label' in data && typeof data.label === 'string' ? data.label : '';

/**
 * Cards in lanes, one lane per item of the group field's dictionary. Dragging a card to another lane saves that
 * field through the entity's own update (the viewer's Update grant); a refusal puts the card back and says why.
 */
export function KanbanBlock({ uid, props }: { uid: string; props: Props }) {
  return <EntityGate entity={props.entity}>{(meta) => <Kanban uid={uid} props={props} meta={meta} />}</EntityGate>;
}

/** The whole row with the one field changed, at the version read (a card changed since answers 409). */
export const movedBody = (meta: EntityScreenMeta, row: Row, field: string, value: string) =>
  buildSaveBody(meta, { ...row, [field]: value }, { rows: {}, delKeys: {} }, [], row);

/**
 * Cards moved to another lane: each shown there at once, saved through the entity's update, and put back (with
 * the server's reason) when it refuses.
 */
function useCardMoves(meta: EntityScreenMeta, groupField: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<Moving[]>([]);
  const move = async (drag: CardDrag, to: Lane) => {
    const key = Number(drag.row[meta.key]);
    setMoving((m) => [
      ...m.filter((x) => x.key !== key),
      { key, row: { ...drag.row, [groupField]: to.code }, to: to.code },
    ]);
    try {
      await entityApi(meta.name).update(movedBody(meta, drag.row, groupField, to.code));
      void message.success(t('pageBlocks.moved', { lane: to.label }));
      await queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });
    } catch (e) {
      void message.error(t('pageBlocks.moveFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setMoving((m) => m.filter((x) => x.key !== key));
    }
  };
  return { moving, move };
}

function Kanban({ uid, props, meta }: { uid: string; props: Props; meta: EntityScreenMeta }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const grants = useEntityGrants(meta.name);
  const { wheres, waitingFor } = useBlockWheres(uid, props, meta.key);
  const dictionaries = useDictionaries([meta, ...meta.detailMetas]);
  const remoteLabels = useRemoteLabels(meta, [], dictionaries);
  const { moving, move } = useCardMoves(meta, props.groupField);
  const [dialog, setDialog] = useState<{ row: Row | null } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const group = meta.fields.find((f) => f.name === props.groupField);
  const lanes: Lane[] = (group?.dictionary ? (dictionaries.get(group.dictionary)?.items ?? []) : []).map((i) => ({
    code: String(i.value),
    label: i.label,
  }));
  const canMove = offers(props.actions, 'edit', grants.can);
  const ctx = { language: i18n.language, t, dictionaries, remoteLabels };
  const fieldOf = (name: string) => meta.fields.find((f) => f.name === name);
  const titleOf = (row: Row) => {
    const f = fieldOf(props.titleField);
    return f ? cellText(f, row, ctx) : String(row[meta.key]);
  };
  const linesOf = (row: Row) =>
    props.cardFields.flatMap((name) => {
      const f = fieldOf(name);
      return f ? [{ field: name, text: cellText(f, row, ctx) }] : [];
    });
  const refresh = () => queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const drag = active.data.current as CardDrag | undefined;
    const to = over?.data.current as { lane: string; label: string } | undefined;
    if (!drag || !to || drag.from === to.lane || !canMove) return;
    void move(drag, { code: to.lane, label: to.label });
  };

  if (waitingFor) return <BlockEmpty text={t('pageBlocks.selectFirst', { block: waitingFor })} />;
  if (lanes.length === 0) return <BlockEmpty />;
  const accessibility = dndAccessibility(t, 'pageBlocks', titleOfData, (over) => labelOfData(over.data.current));
  const add = gridActions(t).add(() => setDialog({ row: null }));
  return (
    <Flex vertical gap={8}>
      {props.actions.includes('add') && <ActionToolbar items={[add]} menuUrlPath={entityPath(meta.name)} />}
      <DndContext accessibility={accessibility} sensors={sensors} onDragEnd={onDragEnd}>
        <Flex gap={8} style={{ overflowX: 'auto' }} data-testid={`block-${uid}-lanes`}>
          {lanes.map((lane) => (
            <KanbanLane
              key={lane.code}
              meta={meta}
              lane={lane}
              groupField={props.groupField}
              wheres={wheres}
              moving={moving}
              canMove={canMove}
              titleOf={titleOf}
              linesOf={linesOf}
              onOpen={canMove ? (row) => setDialog({ row }) : undefined}
            />
          ))}
        </Flex>
      </DndContext>
      {dialog && (
        <EditDialog
          meta={meta}
          detailMetas={meta.detailMetas}
          row={dialog.row}
          sourceOf={fieldSources(meta, dictionaries, grants.can('Upload'))}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </Flex>
  );
}

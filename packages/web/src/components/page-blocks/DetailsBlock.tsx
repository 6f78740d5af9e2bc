import { useQuery } from '@tanstack/react-query';
import type { BlockProps, EntityScreenMeta, Where } from '@trestle/shared';
import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../form/layout.ts';
import { cellText, listFields } from '../grid/columns.tsx';
import { useDictionaries, useRemoteLabels } from '../grid/dictionaries.ts';
import { entityApi, gridKeys } from '../grid/entity-api.ts';
import { BlockEmpty, BlockError, EntityGate } from './entity-block.tsx';
import { useBlockWheres } from './use-block-wheres.ts';

type Props = BlockProps<'details'>;

/** One record's fields: the row selected in the linked block, read again through the entity's getPageData. */
export function DetailsBlock({ uid, props }: { uid: string; props: Props }) {
  return <EntityGate entity={props.entity}>{(meta) => <Details uid={uid} props={props} meta={meta} />}</EntityGate>;
}

function Details({ uid, props, meta }: { uid: string; props: Props; meta: EntityScreenMeta }) {
  const { t } = useTranslation();
  const { wheres, waitingFor } = useBlockWheres(uid, props, meta.key);
  if (waitingFor) return <BlockEmpty text={t('pageBlocks.selectFirst', { block: waitingFor })} />;
  return <RecordFields meta={meta} props={props} wheres={wheres} />;
}

function RecordFields({ meta, props, wheres }: { meta: EntityScreenMeta; props: Props; wheres: Where[] }) {
  const { t, i18n } = useTranslation();
  const request = { page: 1, rows: 1, wheres, count: false };
  // Read again, not taken from the selection: the record as it is now, with every field the block shows.
  const record = useQuery({
    queryKey: gridKeys.page(meta.name, request),
    queryFn: () => entityApi(meta.name).page(request),
  });
  const row = record.data?.rows[0];
  const dictionaries = useDictionaries([meta]);
  const remoteLabels = useRemoteLabels(meta, row ? [row] : [], dictionaries);
  if (record.error) return <BlockError error={record.error} />;
  if (record.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!row) return <BlockEmpty text={t('pageBlocks.noRecord')} />;
  const fields =
    props.fields.length > 0
      ? props.fields.flatMap((name) => meta.fields.filter((f) => f.name === name))
      : listFields(meta).filter((f) => f.name !== meta.key);
  const ctx = { language: i18n.language, t, dictionaries, remoteLabels };
  return (
    <Descriptions
      size="small"
      bordered
      column={props.columns}
      items={fields.map((f) => ({ key: f.name, label: labelOf(f, i18n.language), children: cellText(f, row, ctx) }))}
    />
  );
}

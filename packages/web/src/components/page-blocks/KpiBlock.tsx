import { useQuery } from '@tanstack/react-query';
import { type BlockProps, type EntityScreenMeta, groupDigits } from '@trestle/shared';
import { Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../form/layout.ts';
import { entityApi, gridKeys } from '../grid/entity-api.ts';
import { BlockEmpty, BlockError, EntityGate } from './entity-block.tsx';
import { useBlockWheres } from './use-block-wheres.ts';

type Props = BlockProps<'kpi'>;

/**
 * A number over the rows the viewer may read: their count (the list's exact total), or the sum of a field as the
 * list's summary row gives it. One row is read, never the table.
 */
export function KpiBlock({ uid, props }: { uid: string; props: Props }) {
  return <EntityGate entity={props.entity}>{(meta) => <Kpi uid={uid} props={props} meta={meta} />}</EntityGate>;
}

function Kpi({ uid, props, meta }: { uid: string; props: Props; meta: EntityScreenMeta }) {
  const { t, i18n } = useTranslation();
  const { wheres, waitingFor } = useBlockWheres(uid, props, meta.key);
  const request = { page: 1, rows: 1, wheres, exactTotal: true };
  const page = useQuery({
    queryKey: gridKeys.page(meta.name, request),
    queryFn: () => entityApi(meta.name).page(request),
    enabled: waitingFor === null,
  });
  if (waitingFor) return <BlockEmpty text={t('pageBlocks.selectFirst', { block: waitingFor })} />;
  if (page.error) return <BlockError error={page.error} />;
  if (!page.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const field = meta.fields.find((f) => f.name === props.field);
  if (props.measure === 'count')
    return <Statistic title={t('pageBlocks.kpiCount')} value={groupDigits(String(page.data.total))} />;
  const fieldLabel = field ? labelOf(field, i18n.language) : (props.field ?? '');
  const sum = props.field ? page.data.summary?.[props.field] : undefined;
  if (sum === undefined) return <BlockEmpty text={t('pageBlocks.kpiNoSum', { field: fieldLabel })} />;
  return <Statistic title={fieldLabel} value={sum === null ? '0' : groupDigits(String(sum))} />;
}

import { formatLocalDateTime } from '@trestle/shared';
import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { type Dictionary, dictLabel } from '../../components/grid/dictionaries.ts';

export type Row = Record<string, unknown>;
export const severityColor: Record<string, string> = { CRITICAL: 'red', WARNING: 'orange', INFO: 'blue' };

type Context = {
  t: TFunction;
  dict(code: string): Dictionary | undefined;
  sortOrder(key: string): 'ascend' | 'descend' | null;
};

/** The warning list's columns: codes as their dictionary labels, severity as a coloured tag. */
export const warningColumns = ({ t, dict, sortOrder }: Context): TableColumnsType<Row> => [
  {
    key: 'severity',
    title: t('warnings.severity'),
    width: 90,
    sorter: true,
    sortOrder: sortOrder('severity'),
    render: (_, r) => (
      <Tag color={severityColor[String(r.severity)]}>{dictLabel(dict('warningSeverity'), r.severity)}</Tag>
    ),
  },
  {
    key: 'status',
    title: t('warnings.status'),
    width: 100,
    render: (_, r) => dictLabel(dict('warningStatus'), r.status),
  },
  {
    key: 'ruleCode',
    title: t('warnings.rule'),
    width: 220,
    sorter: true,
    sortOrder: sortOrder('ruleCode'),
    render: (_, r) => dictLabel(dict('warningRule'), r.ruleCode),
  },
  {
    key: 'project',
    title: t('warnings.project'),
    width: 200,
    render: (_, r) => String(r.projectIdLabel ?? ''),
  },
  { key: 'title', title: t('warnings.title'), dataIndex: 'title', width: 360 },
  {
    key: 'values',
    title: t('warnings.values'),
    width: 140,
    render: (_, r) => (r.triggerValue ? `${String(r.triggerValue)} / ${String(r.thresholdValue ?? '')}` : ''),
  },
  {
    key: 'assignee',
    title: t('warnings.assignee'),
    width: 120,
    render: (_, r) => String(r.assigneeIdLabel ?? ''),
  },
  {
    key: 'firstDetectedAt',
    title: t('warnings.firstDetected'),
    width: 150,
    sorter: true,
    sortOrder: sortOrder('firstDetectedAt'),
    render: (_, r) => formatLocalDateTime(r.firstDetectedAt),
  },
  { key: 'snoozedUntil', title: t('warnings.snoozedUntil'), dataIndex: 'snoozedUntil', width: 110 },
  { key: 'note', title: t('warnings.note'), dataIndex: 'note', width: 160, ellipsis: true },
];

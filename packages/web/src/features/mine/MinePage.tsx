import { useQuery } from '@tanstack/react-query';
import {
  formatLocalDateTime,
  type MineDocument,
  type MineMilestone,
  type MineProject,
  type MineWarning,
} from '@trestle/shared';
import { Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Dictionary, dictionaryKeys, dictLabel } from '../../components/grid/dictionaries.ts';
import {
  mineKeys,
  myApprovals,
  myMilestones,
  myProjects,
  mySubmissions,
  myWarnings,
} from '../../components/mine-api.ts';
import { http } from '../../lib/http/client.ts';
import { wideTable } from '../../lib/theme.ts';

const DICTIONARIES = [
  'milestoneStatus',
  'omStatus',
  'projectHealth',
  'projectStatus',
  'teamRole',
  'warningSeverity',
  'warningStatus',
];
const HEALTH_COLOR: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red', GREY: 'default' };
const SEVERITY_COLOR: Record<string, string> = { CRITICAL: 'red', WARNING: 'orange', INFO: 'blue' };

/** One tab's rows, fetched when the tab is first shown, and again in another language. */
function useTab<T>(name: string, load: () => Promise<T[]>, active: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: mineKeys.tab(name, i18n.language), queryFn: load, enabled: active });
}

/** /MineInformation: the signed-in user's projects, milestones, approvals, submissions and warnings. */
export function MinePage() {
  // Not built from the ViewGrid parts: five read-only tabs of the user's own rows, each fetched whole when first shown.
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState('projects');
  const zh = i18n.language.startsWith('zh');
  const dictionaries = useQuery({
    queryKey: dictionaryKeys.codes(DICTIONARIES, i18n.language),
    queryFn: () => http.post<Dictionary[]>('/api/Dictionary/getVueDictionary', DICTIONARIES, { quiet: true }),
    staleTime: 5 * 60_000,
  });
  const label = (code: string, value: unknown) =>
    dictLabel(
      dictionaries.data?.find((d) => d.code === code),
      value,
    );
  const projectStatus = (p: MineProject) => label(p.type === 'OM' ? 'omStatus' : 'projectStatus', p.status);
  const projects = useTab<MineProject>('projects', myProjects, tab === 'projects');
  const milestones = useTab<MineMilestone>('milestones', myMilestones, tab === 'milestones');
  const approvals = useTab<MineDocument>('approvals', myApprovals, tab === 'approvals');
  const submissions = useTab<MineDocument>('submissions', mySubmissions, tab === 'submissions');
  const warnings = useTab<MineWarning>('warnings', myWarnings, tab === 'warnings');

  const documentColumns = [
    {
      title: t('mine.documentType'),
      key: 'entity',
      width: 180,
      render: (_: unknown, d: MineDocument) => (
        <Link to={`/${d.entity}`}>{zh ? d.entityLabel.zh : d.entityLabel.en}</Link>
      ),
    },
    { title: t('mine.document'), dataIndex: 'text', width: 200 },
    { title: t('mine.project'), dataIndex: 'projectCode', width: 140 },
    {
      title: t('mine.approval'),
      key: 'auditStatus',
      width: 120,
      render: (_: unknown, d: MineDocument) =>
        d.auditStatus === 2 ? (
          <Tag color="red">{t('mine.rejected')}</Tag>
        ) : (
          <Tag color="blue">{t('mine.inApproval')}</Tag>
        ),
    },
    { title: t('mine.reason'), dataIndex: 'auditReason', ellipsis: true },
    {
      title: t('mine.updated'),
      key: 'updatedAt',
      width: 150,
      render: (_: unknown, d: MineDocument) => formatLocalDateTime(d.updatedAt),
    },
  ];
  const table = <T extends object>(
    rows: T[] | undefined,
    loading: boolean,
    columns: object[],
    key: (r: T) => string | number,
  ) => (
    <Table<T>
      size="small"
      rowKey={key}
      loading={loading}
      dataSource={rows ?? []}
      pagination={{ pageSize: 20, size: 'small', hideOnSinglePage: true }}
      {...wideTable}
      columns={columns}
    />
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'projects',
          label: t('mine.projects'),
          children: table<MineProject>(
            projects.data,
            projects.isFetching,
            [
              { title: t('mine.code'), dataIndex: 'code', width: 130 },
              { title: t('mine.name'), dataIndex: 'name', width: 240 },
              {
                title: t('mine.role'),
                key: 'role',
                width: 120,
                render: (_: unknown, p: MineProject) => label('teamRole', p.role),
              },
              {
                title: t('mine.status'),
                key: 'status',
                width: 110,
                render: (_: unknown, p: MineProject) => projectStatus(p),
              },
              {
                title: t('mine.health'),
                key: 'health',
                width: 90,
                render: (_: unknown, p: MineProject) => (
                  <Tag color={HEALTH_COLOR[p.health]}>{label('projectHealth', p.health)}</Tag>
                ),
              },
              {
                title: t('mine.progress'),
                key: 'progress',
                width: 90,
                render: (_: unknown, p: MineProject) => `${p.progressPct}%`,
              },
              {
                title: t('mine.nextMilestone'),
                key: 'next',
                render: (_: unknown, p: MineProject) =>
                  p.nextMilestone ? `${p.nextMilestone} (${p.nextMilestoneDate})` : '—',
              },
            ],
            (p) => p.id,
          ),
        },
        {
          key: 'milestones',
          label: t('mine.milestones'),
          children: table<MineMilestone>(
            milestones.data,
            milestones.isFetching,
            [
              {
                title: t('mine.project'),
                key: 'project',
                width: 220,
                render: (_: unknown, m: MineMilestone) => `${m.projectCode} ${m.projectName}`,
              },
              {
                title: t('mine.milestone'),
                key: 'name',
                width: 200,
                render: (_: unknown, m: MineMilestone) => (m.isKey ? <b>{m.name}</b> : m.name),
              },
              { title: t('mine.plannedDate'), dataIndex: 'plannedDate', width: 110 },
              {
                title: t('mine.daysLeft'),
                key: 'daysLeft',
                width: 120,
                render: (_: unknown, m: MineMilestone) =>
                  m.daysLeft < 0 ? (
                    <Tag color="red">{t('mine.overdueDays', { count: -m.daysLeft })}</Tag>
                  ) : (
                    t('mine.inDays', { count: m.daysLeft })
                  ),
              },
              {
                title: t('mine.status'),
                key: 'status',
                width: 120,
                render: (_: unknown, m: MineMilestone) => label('milestoneStatus', m.status),
              },
            ],
            (m) => m.id,
          ),
        },
        {
          key: 'approvals',
          label: t('mine.approvals'),
          children: table<MineDocument>(
            approvals.data,
            approvals.isFetching,
            documentColumns,
            (d) => `${d.entity}-${d.key}`,
          ),
        },
        {
          key: 'submissions',
          label: t('mine.submissions'),
          children: table<MineDocument>(
            submissions.data,
            submissions.isFetching,
            documentColumns,
            (d) => `${d.entity}-${d.key}`,
          ),
        },
        {
          key: 'warnings',
          label: t('mine.warnings'),
          children: table<MineWarning>(
            warnings.data,
            warnings.isFetching,
            [
              {
                title: t('mine.severity'),
                key: 'severity',
                width: 90,
                render: (_: unknown, w: MineWarning) => (
                  <Tag color={SEVERITY_COLOR[w.severity]}>{label('warningSeverity', w.severity)}</Tag>
                ),
              },
              { title: t('mine.project'), dataIndex: 'projectCode', width: 130 },
              { title: t('mine.warning'), dataIndex: 'title' },
              {
                title: t('mine.status'),
                key: 'status',
                width: 120,
                render: (_: unknown, w: MineWarning) => label('warningStatus', w.status),
              },
              {
                title: t('mine.since'),
                key: 'since',
                width: 150,
                render: (_: unknown, w: MineWarning) => formatLocalDateTime(w.firstDetectedAt),
              },
            ],
            (w) => w.id,
          ),
        },
      ]}
    />
  );
}

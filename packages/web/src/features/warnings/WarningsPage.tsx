import {
  CheckOutlined,
  ClockCircleOutlined,
  EyeInvisibleOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type PageRequest, type PageResult, projectWarningMeta, type Where } from '@trestle/shared';
import { App, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { DelayedSelect, RemoteSelect } from '../../components/form/selects.tsx';
import { useDictionaries } from '../../components/grid/dictionaries.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { useGridState } from '../../components/grid/use-grid-state.ts';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { RulesDialog } from './RulesDialog.tsx';
import { IgnoreDialog, SnoozeDialog } from './WarningDialogs.tsx';
import { warningColumns } from './warning-columns.tsx';
import {
  acknowledgeWarnings,
  evaluateWarnings,
  exportWarnings,
  listWarnings,
  lookupProjects,
  warningKeys,
} from './warnings-api.ts';

type Filters = { severity: string[]; status: string[]; ruleCode: string[]; projectId?: number };
type DictionaryField = 'severity' | 'status' | 'ruleCode';
type Dialog = 'snooze' | 'ignore' | 'rules' | null;

const OPEN = ['OPEN', 'ACKNOWLEDGED'];
const SORTS: Record<string, string> = {
  severity: 'severityRank',
  ruleCode: 'ruleCode',
  firstDetectedAt: 'firstDetectedAt',
};

const wheresOf = (f: Filters): Where[] => [
  { name: 'severity', value: f.severity, displayType: 'in' },
  { name: 'status', value: f.status, displayType: 'in' },
  { name: 'ruleCode', value: f.ruleCode, displayType: 'in' },
  ...(f.projectId ? [{ name: 'projectId', value: f.projectId, displayType: 'eq' }] : []),
];

/** /ProjectWarning: the warnings of the caller's projects, with their actions and the rules. */
export function WarningsPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const standard = gridActions(t);
  const canUpdate = useMenuGrants().can('Update');
  const dictionaries = useDictionaries([projectWarningMeta]);
  const dict = (code: string) => dictionaries.get(code);
  const [filters, setFilters] = useState<Filters>({ severity: [], status: OPEN, ruleCode: [] });
  const grid = useGridState<PageRequest & { page: number; rows: number }, PageResult>({
    key: warningKeys.lists(i18n.language),
    fetchPage: listWarnings,
    initial: { page: 1, rows: 30, sort: 'severityRank', order: 'desc', wheres: wheresOf(filters) },
    rowKey: (r) => Number(r.id),
    defaultSort: { field: 'severityRank', order: 'desc' },
  });
  const { request } = grid;
  const selected = grid.selectedKeys.map(Number);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Also the rules: a recheck or an action can change what they count.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: warningKeys.all });
  const search = (next: Filters = filters) => grid.setRequest((r) => ({ ...r, page: 1, wheres: wheresOf(next) }));
  /** A filter of several values from one of the warning's dictionaries. */
  const dictionaryFilter = (field: DictionaryField, dictionary: string, label: string, minWidth: number) => (
    <DelayedSelect
      mode="multiple"
      size="small"
      style={{ minWidth }}
      aria-label={label}
      placeholder={label}
      options={dict(dictionary)?.items ?? []}
      value={filters[field]}
      onChange={(values: string[]) => change({ [field]: values })}
    />
  );
  const change = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    search(next);
  };
  const needSelection = (run: () => void) => () =>
    selected.length ? run() : void message.warning(t('grid.selectSome'));

  const acknowledge = () =>
    modal.confirm({
      title: t('warnings.acknowledgeConfirm', { count: selected.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await acknowledgeWarnings(selected);
        void message.success(t('warnings.acknowledged'));
        grid.clearSelection();
        refresh();
      },
    });
  const recheck = async () => {
    const result = await evaluateWarnings();
    void message.success(t('warnings.rechecked', { opened: result.opened, resolved: result.resolved }));
    refresh();
  };
  const done = () => {
    setDialog(null);
    grid.clearSelection();
    refresh();
  };

  const sortOrder = (key: string) =>
    request.sort === SORTS[key] ? (request.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Flex justify="space-between" wrap gap="small">
        <Space wrap>
          {dictionaryFilter('severity', 'warningSeverity', t('warnings.severity'), 150)}
          {dictionaryFilter('status', 'warningStatus', t('warnings.status'), 180)}
          {dictionaryFilter('ruleCode', 'warningRule', t('warnings.rule'), 220)}
          <RemoteSelect
            size="small"
            style={{ width: 220 }}
            aria-label={t('warnings.project')}
            placeholder={t('warnings.project')}
            fetchOptions={lookupProjects}
            value={filters.projectId}
            onChange={(projectId?: number) => change({ projectId })}
          />
        </Space>
        <ActionToolbar
          items={[
            standard.search(() => void grid.query.refetch()),
            {
              grant: 'Search',
              key: 'acknowledge',
              label: t('warnings.acknowledge'),
              icon: <CheckOutlined />,
              onClick: needSelection(acknowledge),
            },
            {
              grant: 'Search',
              key: 'snooze',
              label: t('warnings.snooze'),
              icon: <ClockCircleOutlined />,
              onClick: needSelection(() => setDialog('snooze')),
            },
            {
              grant: 'Update',
              key: 'ignore',
              label: t('warnings.ignore'),
              icon: <EyeInvisibleOutlined />,
              onClick: needSelection(() => setDialog('ignore')),
            },
            {
              grant: 'Update',
              key: 'recheck',
              label: t('warnings.recheck'),
              icon: <ReloadOutlined />,
              onClick: () => void recheck(),
            },
            { key: 'rules', label: t('warnings.rules'), icon: <SettingOutlined />, onClick: () => setDialog('rules') },
            standard.export(() => void exportWarnings({ ...request, page: 1 })),
          ]}
        />
      </Flex>
      <GridTable
        grid={grid}
        testId="warnings-table"
        wide
        selection="checkbox"
        expandable={{
          expandedRowRender: (r) => <Typography.Paragraph>{String(r.message ?? '')}</Typography.Paragraph>,
        }}
        pagination={{ showSizeChanger: true }}
        sortField={(key) => SORTS[key] ?? 'severityRank'}
        columns={warningColumns({ t, dict, sortOrder })}
      />
      {dialog === 'snooze' && <SnoozeDialog keys={selected} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'ignore' && <IgnoreDialog keys={selected} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'rules' && <RulesDialog canEdit={canUpdate} onClose={() => setDialog(null)} onSaved={refresh} />}
    </Space>
  );
}

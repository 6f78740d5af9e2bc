import {
  CheckOutlined,
  ClockCircleOutlined,
  ExportOutlined,
  EyeInvisibleOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PageRequest, projectWarningMeta, type Where } from '@trestle/shared';
import { App, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { wideTable } from '../../app/theme.ts';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { DelayedSelect, RemoteSelect } from '../../components/form/selects.tsx';
import { useDictionaries } from '../../components/grid/dictionaries.ts';
import { findMenuEntry } from '../../components/menu-tree.ts';
import { useAppStore } from '../../lib/store.ts';
import { RulesDialog } from './RulesDialog.tsx';
import { IgnoreDialog, SnoozeDialog } from './WarningDialogs.tsx';
import { type Row, warningColumns } from './warning-columns.tsx';
import {
  acknowledgeWarnings,
  evaluateWarnings,
  exportWarnings,
  listWarnings,
  lookupProjects,
  warningKeys,
} from './warnings-api.ts';

type Filters = { severity: string[]; status: string[]; ruleCode: string[]; projectId?: number };
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
  const location = useLocation();
  const buttons = useAppStore((s) => s.buttons);
  const permission = useAppStore((s) => s.permission);
  const idOf = (code: string) => buttons.find((b) => b.code === code)?.id ?? -1;
  const canUpdate = (findMenuEntry(permission, location.pathname)?.permission ?? []).includes(idOf('Update'));
  const dictionaries = useDictionaries([projectWarningMeta]);
  const dict = (code: string) => dictionaries.get(code);
  const [filters, setFilters] = useState<Filters>({ severity: [], status: OPEN, ruleCode: [] });
  const [request, setRequest] = useState<PageRequest>({
    page: 1,
    rows: 30,
    sort: 'severityRank',
    order: 'desc',
    wheres: wheresOf(filters),
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const page = useQuery({
    queryKey: warningKeys.list(request, i18n.language),
    queryFn: () => listWarnings(request),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: warningKeys.all });
  const search = (next: Filters = filters) => setRequest((r) => ({ ...r, page: 1, wheres: wheresOf(next) }));
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
        setSelected([]);
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
    setSelected([]);
    refresh();
  };

  const rows = page.data?.rows ?? [];
  const sortOrder = (key: string) =>
    request.sort === SORTS[key] ? (request.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Flex justify="space-between" wrap gap="small">
        <Space wrap>
          <DelayedSelect
            mode="multiple"
            size="small"
            style={{ minWidth: 150 }}
            aria-label={t('warnings.severity')}
            placeholder={t('warnings.severity')}
            options={dict('warningSeverity')?.items ?? []}
            value={filters.severity}
            onChange={(severity: string[]) => change({ severity })}
          />
          <DelayedSelect
            mode="multiple"
            size="small"
            style={{ minWidth: 180 }}
            aria-label={t('warnings.status')}
            placeholder={t('warnings.status')}
            options={dict('warningStatus')?.items ?? []}
            value={filters.status}
            onChange={(status: string[]) => change({ status })}
          />
          <DelayedSelect
            mode="multiple"
            size="small"
            style={{ minWidth: 220 }}
            aria-label={t('warnings.rule')}
            placeholder={t('warnings.rule')}
            options={dict('warningRule')?.items ?? []}
            value={filters.ruleCode}
            onChange={(ruleCode: string[]) => change({ ruleCode })}
          />
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
            {
              id: idOf('Search'),
              key: 'search',
              label: t('grid.search'),
              icon: <SearchOutlined />,
              onClick: () => void page.refetch(),
            },
            {
              id: idOf('Search'),
              key: 'acknowledge',
              label: t('warnings.acknowledge'),
              icon: <CheckOutlined />,
              onClick: needSelection(acknowledge),
            },
            {
              id: idOf('Search'),
              key: 'snooze',
              label: t('warnings.snooze'),
              icon: <ClockCircleOutlined />,
              onClick: needSelection(() => setDialog('snooze')),
            },
            {
              id: idOf('Update'),
              key: 'ignore',
              label: t('warnings.ignore'),
              icon: <EyeInvisibleOutlined />,
              onClick: needSelection(() => setDialog('ignore')),
            },
            {
              id: idOf('Update'),
              key: 'recheck',
              label: t('warnings.recheck'),
              icon: <ReloadOutlined />,
              onClick: () => void recheck(),
            },
            { key: 'rules', label: t('warnings.rules'), icon: <SettingOutlined />, onClick: () => setDialog('rules') },
            {
              id: idOf('Export'),
              key: 'export',
              label: t('grid.export'),
              icon: <ExportOutlined />,
              onClick: () => void exportWarnings({ ...request, page: 1 }),
            },
          ]}
        />
      </Flex>
      <Table<Row>
        size="small"
        data-testid="warnings-table"
        rowKey={(r) => Number(r.id)}
        loading={page.isFetching}
        dataSource={rows}
        {...wideTable}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        expandable={{
          expandedRowRender: (r) => <Typography.Paragraph>{String(r.message ?? '')}</Typography.Paragraph>,
        }}
        pagination={{
          current: request.page,
          pageSize: request.rows,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          size: 'small',
          showTotal: (total) => t('grid.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = s?.order ? (SORTS[String(s.columnKey)] ?? 'severityRank') : 'severityRank';
          const order = s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : 'desc';
          setRequest((r) => ({
            ...r,
            page: r.sort !== sort || r.order !== order ? 1 : (pagination.current ?? 1),
            rows: pagination.pageSize ?? r.rows,
            sort,
            order,
          }));
        }}
        columns={warningColumns({ t, dict, sortOrder })}
      />
      {dialog === 'snooze' && <SnoozeDialog keys={selected} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'ignore' && <IgnoreDialog keys={selected} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'rules' && <RulesDialog canEdit={canUpdate} onClose={() => setDialog(null)} onSaved={refresh} />}
    </Space>
  );
}

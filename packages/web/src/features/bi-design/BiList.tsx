import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BiListItem, formatLocalDateTime } from '@trestle/shared';
import { App, Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import type { MenuGrants } from '../../components/menu-grants.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { wideTable } from '../../lib/theme.ts';
import { type BiKind, biDesignKeys, deleteBi, listBi } from './bi-design-api.ts';

export const BI_MENU_PATH = '/BIDesign';

type Props = {
  kind: BiKind;
  grants: MenuGrants;
  onOpen(id: number | 'new'): void;
};

/** A row's kind in words: a dataset's entity or SQL, a chart's type, a dashboard. */
function useKindLabel() {
  const { t } = useTranslation();
  return (kind: BiKind, row: BiListItem) => {
    if (kind === 'chart') return t(`biDesign.chartType.${row.kind}`, { defaultValue: row.kind });
    if (kind === 'dataset') return t(`biDesign.datasetKind.${row.kind}`, { defaultValue: row.kind });
    return t('biDesign.kind.dashboard');
  };
}

/**
 * One tab of /BIDesign: the datasets, charts or dashboards with where they read from, whose they are, who
 * they are shared with and what uses them. New, Edit and Delete show as the user's grants allow; a row
 * still in use stays, and the server's reason is said.
 */
export function BiList({ kind, grants, onOpen }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const kindLabel = useKindLabel();
  const list = useQuery({ queryKey: biDesignKeys.list(kind), queryFn: () => listBi(kind) });
  const canUpdate = grants.can('Update');

  const confirmDelete = (row: BiListItem) =>
    confirm({
      title: t('biDesign.deleteConfirm', { name: row.name }),
      okText: t('biDesign.delete'),
      run: async () => {
        try {
          await deleteBi(kind, row.id);
        } catch (e) {
          // Still in use (409): the server names what uses it; the write is quiet, so it is said here.
          if (e instanceof HttpError) void message.error(e.message);
          return;
        }
        void message.success(t('biDesign.deleted'));
        await queryClient.invalidateQueries({ queryKey: biDesignKeys.list(kind) });
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        menuUrlPath={BI_MENU_PATH}
        items={[
          {
            grant: 'Add',
            key: 'add',
            label: t(`biDesign.new.${kind}`),
            icon: <PlusOutlined />,
            onClick: () => onOpen('new'),
          },
          {
            grant: 'Search',
            key: 'refresh',
            label: t('biDesign.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void list.refetch(),
          },
        ]}
      />
      <QueryTable<BiListItem>
        rowKey="id"
        testId={`bi-${kind}-list`}
        query={list}
        {...wideTable}
        pageSize={30}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('biDesign.col.name'), fixed: 'left', width: 220 },
          { key: 'kind', title: t('biDesign.col.kind'), width: 130, render: (_, r) => kindLabel(kind, r) },
          {
            key: 'source',
            title: t('biDesign.col.source'),
            width: 180,
            // A dashboard's source says whether it is published as a menu entry.
            render: (_, r) =>
              kind === 'dashboard' ? (r.source === 'menu' ? t('biDesign.publishedAsMenu') : '—') : r.source,
          },
          { key: 'owner', title: t('biDesign.col.owner'), width: 140, render: (_, r) => r.ownerName ?? '—' },
          {
            key: 'sharedWith',
            title: t('biDesign.col.sharedWith'),
            width: 200,
            render: (_, r) =>
              r.sharedWith.length === 0 ? '—' : r.sharedWith.map((role) => <Tag key={role}>{role}</Tag>),
          },
          { key: 'usedBy', title: t('biDesign.col.usedBy'), width: 100, render: (_, r) => usedBy(t, kind, r.usedBy) },
          {
            key: 'updatedAt',
            title: t('biDesign.col.updatedAt'),
            width: 180,
            render: (_, r) => formatLocalDateTime(r.updatedAt),
          },
          {
            key: 'actions',
            title: t('biDesign.col.actions'),
            fixed: 'right',
            width: 200,
            render: (_, r) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={canUpdate ? <EditOutlined /> : <EyeOutlined />}
                  aria-label={`${t(canUpdate ? 'biDesign.edit' : 'biDesign.view')} ${r.name}`}
                  onClick={() => onOpen(r.id)}
                >
                  {t(canUpdate ? 'biDesign.edit' : 'biDesign.view')}
                </Button>
                {grants.can('Delete') && (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('biDesign.delete')} ${r.name}`}
                    onClick={() => confirmDelete(r)}
                  >
                    {t('biDesign.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** What uses a row: charts use a dataset, dashboards show a chart; a dashboard is used by nothing. */
function usedBy(t: (key: string, options?: Record<string, unknown>) => string, kind: BiKind, count: number) {
  if (kind === 'dashboard') return '—';
  return t(kind === 'dataset' ? 'biDesign.usedBy.charts' : 'biDesign.usedBy.dashboards', { count });
}

import { EditOutlined, PlusOutlined, SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenantRow } from '@trestle/shared';
import { Space, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useCurrentUser } from '../../components/current-user.ts';
import { QuickSearch } from '../../components/QuickSearch.tsx';
import { useAppStore } from '../../lib/store.ts';
import { TenantDialog } from './TenantDialog.tsx';
import { listTenants, switchTenant } from './tenants-api.ts';

const PAGE_SIZE = 30;

/** /TenantMan: the platform's tenants; a platform admin adds them, edits their packages and works in them. */
export function TenantManPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const buttons = useAppStore((s) => s.buttons);
  const idOf = (code: string) => buttons.find((b) => b.code === code)?.id ?? -1;
  const me = useCurrentUser().data;
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [selected, setSelected] = useState<TenantRow | null>(null);
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const list = useQuery({
    queryKey: ['tenants', query],
    queryFn: () => listTenants(query.q, query.page, PAGE_SIZE),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['tenants'] });
  const close = useCallback(() => setDialog(null), []);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <QuickSearch
          testId="tenant-search"
          placeholder={t('tenants.searchHint')}
          value={text}
          onChange={setText}
          onSearch={() => setQuery({ q: text.trim(), page: 1 })}
        />
        <ActionToolbar
          items={[
            {
              id: idOf('Search'),
              key: 'search',
              label: t('grid.search'),
              icon: <SearchOutlined />,
              onClick: () => setQuery({ q: text.trim(), page: 1 }),
            },
            {
              id: idOf('Add'),
              key: 'add',
              label: t('grid.add'),
              icon: <PlusOutlined />,
              onClick: () => setDialog({ id: null }),
            },
            {
              id: idOf('Update'),
              key: 'update',
              label: t('grid.edit'),
              icon: <EditOutlined />,
              disabled: !selected,
              onClick: () => selected && setDialog({ id: selected.id }),
            },
            // Working in a tenant needs a platform administrator's session: not offered during first-run setup.
            ...(me
              ? [
                  {
                    id: idOf('Update'),
                    key: 'switch',
                    label: t('tenants.switch'),
                    icon: <SwapOutlined />,
                    disabled: !selected || selected.id === me.tenant.id || !selected.enabled,
                    onClick: () => selected && void switchTenant(selected.id),
                  },
                ]
              : []),
          ]}
        />
      </Space>
      <Table<TenantRow>
        rowKey="id"
        size="small"
        data-testid="tenant-table"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [selected.id] : [],
          onChange: (_keys, rows) => setSelected(rows[0] ?? null),
        }}
        onRow={(row) => ({ onDoubleClick: () => setDialog({ id: row.id }) })}
        pagination={{
          current: query.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          size: 'small',
          showTotal: (total) => t('grid.total', { count: total }),
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
        columns={[
          { title: t('tenants.code'), dataIndex: 'code', width: 140 },
          { title: t('tenants.name'), dataIndex: 'name' },
          {
            title: t('tenants.status'),
            key: 'status',
            width: 160,
            render: (_, row) => (
              <Space size={4}>
                <Tag color={row.enabled ? 'green' : 'default'}>
                  {row.enabled ? t('tenants.enabledTag') : t('tenants.disabledTag')}
                </Tag>
                {row.isPlatform && <Tag color="blue">{t('tenants.platformTag')}</Tag>}
              </Space>
            ),
          },
          { title: t('tenants.expiresOn'), dataIndex: 'expiresOn', width: 120 },
          { title: t('tenants.admin'), dataIndex: 'adminUserName', width: 140 },
          { title: t('tenants.users'), dataIndex: 'users', width: 80, align: 'right' },
          { title: t('tenants.remark'), dataIndex: 'remark' },
        ]}
      />
      {dialog && (
        <TenantDialog
          id={dialog.id}
          onClose={close}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Space>
  );
}

import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataSourceRow } from '@trestle/shared';
import { App, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { QuickSearch } from '../../components/QuickSearch.tsx';
import { useAppStore } from '../../lib/store.ts';
import { DataSourceDialog } from './DataSourceDialog.tsx';
import { deleteDataSources, listDataSources } from './data-sources-api.ts';

const PAGE_SIZE = 30;

/** /DataSourceMan: the tenant's external databases for BI and low-code. */
export function DataSourceManPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const buttons = useAppStore((s) => s.buttons);
  const idOf = (code: string) => buttons.find((b) => b.code === code)?.id ?? -1;
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [selected, setSelected] = useState<DataSourceRow | null>(null);
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const list = useQuery({
    queryKey: ['dataSources', query],
    queryFn: () => listDataSources(query.q, query.page, PAGE_SIZE),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['dataSources'] });
  // A test from the dialog records its outcome on a saved source: the list shows it after closing.
  const close = useCallback(() => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: ['dataSources'] });
  }, [queryClient]);

  const confirmDelete = () => {
    if (!selected) return;
    modal.confirm({
      title: t('dataSources.deleteConfirm', { name: selected.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDataSources([selected.id]);
        void message.success(t('dataSources.deleted'));
        setSelected(null);
        refresh();
      },
    });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <QuickSearch
          placeholder={t('dataSources.searchHint')}
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
            {
              id: idOf('Delete'),
              key: 'delete',
              label: t('grid.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              disabled: !selected,
              onClick: confirmDelete,
            },
          ]}
        />
      </Space>
      <Table<DataSourceRow>
        rowKey="id"
        size="small"
        data-testid="data-source-table"
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
          { title: t('dataSources.name'), dataIndex: 'name' },
          {
            title: t('dataSources.kind'),
            dataIndex: 'kind',
            width: 130,
            render: (k: string) => (k === 'mysql' ? 'MySQL / MariaDB' : 'PostgreSQL'),
          },
          { title: t('dataSources.host'), key: 'host', render: (_, r) => `${r.host}:${r.port}` },
          { title: t('dataSources.database'), dataIndex: 'database', width: 140 },
          { title: t('dataSources.userName'), dataIndex: 'userName', width: 140 },
          {
            title: t('dataSources.lastTest'),
            key: 'lastTest',
            width: 200,
            render: (_, r) =>
              r.lastTestOk === null ? (
                <Typography.Text type="secondary">{t('dataSources.untested')}</Typography.Text>
              ) : (
                <Space size={4}>
                  <Tag color={r.lastTestOk ? 'green' : 'red'}>
                    {r.lastTestOk ? t('dataSources.connected') : t('dataSources.failedTag')}
                  </Tag>
                  {r.lastTestOk && (
                    <Tag color={r.lastReadOnly ? 'blue' : 'orange'}>
                      {r.lastReadOnly ? t('dataSources.readOnlyTag') : t('dataSources.writableTag')}
                    </Tag>
                  )}
                </Space>
              ),
          },
          { title: t('dataSources.remark'), dataIndex: 'remark' },
        ]}
      />
      {dialog && (
        <DataSourceDialog
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

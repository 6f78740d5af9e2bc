import type { DataSourceRow } from '@trestle/shared';
import { App, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { useGridDialog, useGridState } from '../../components/grid/use-grid-state.ts';
import { QuickSearch } from '../../components/QuickSearch.tsx';
import { DataSourceDialog } from './DataSourceDialog.tsx';
import { dataSourceKeys, deleteDataSources, listDataSources } from './data-sources-api.ts';

/** /DataSourceMan: the tenant's external databases for BI and low-code. */
export function DataSourceManPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const standard = gridActions(t);
  const [text, setText] = useState('');
  const grid = useGridState({
    key: dataSourceKeys.all,
    fetchPage: listDataSources,
    initial: { q: '', page: 1, rows: 30 },
    rowKey: (r: DataSourceRow) => r.id,
  });
  const selected = grid.selectedRows[0];
  const dialog = useGridDialog<number>(grid.reload);
  const search = () => grid.search({ q: text.trim() });

  const confirmDelete = () => {
    if (!selected) return;
    modal.confirm({
      title: t('dataSources.deleteConfirm', { name: selected.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDataSources([selected.id]);
        void message.success(t('dataSources.deleted'));
        grid.clearSelection();
        void grid.reload();
      },
    });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <QuickSearch placeholder={t('dataSources.searchHint')} value={text} onChange={setText} onSearch={search} />
        <ActionToolbar
          items={[
            standard.search(search),
            standard.add(() => dialog.open(null)),
            standard.edit(() => selected && dialog.open(selected.id), !selected),
            standard.remove(confirmDelete, !selected),
          ]}
        />
      </Space>
      <GridTable
        grid={grid}
        testId="data-source-table"
        selection="radio"
        onOpen={(row) => dialog.open(row.id)}
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
      {dialog.isOpen && (
        // A test from the dialog records its outcome on a saved source: closing shows it in the list too.
        <DataSourceDialog id={dialog.target} onClose={dialog.saved} onSaved={dialog.saved} />
      )}
    </Space>
  );
}

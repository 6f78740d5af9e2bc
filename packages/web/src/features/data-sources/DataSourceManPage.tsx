import type { DataSourceRow } from '@trestle/shared';
import { App, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { RecordList, useRecordList } from '../../components/grid/RecordList.tsx';
import { DataSourceDialog } from './DataSourceDialog.tsx';
import { dataSourceKeys, deleteDataSources, listDataSources } from './data-sources-api.ts';

/** /DataSourceMan: the tenant's external databases for BI and low-code. */
export function DataSourceManPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const list = useRecordList<DataSourceRow>({ key: dataSourceKeys.all, fetchPage: listDataSources });
  const { grid, dialog, selected } = list;

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
      <RecordList
        list={list}
        searchHint={t('dataSources.searchHint')}
        actions={[gridActions(t).remove(confirmDelete, !selected)]}
        testId="data-source-table"
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

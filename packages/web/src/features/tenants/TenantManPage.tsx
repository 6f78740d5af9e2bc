import { SwapOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../components/current-user.ts';
import { RecordList, useRecordList } from '../../components/grid/RecordList.tsx';
import { TenantDialog } from './TenantDialog.tsx';
import { listTenants, switchTenant, tenantKeys } from './tenants-api.ts';

/** /TenantMan: the platform's tenants; a platform admin adds them, edits their packages and works in them. */
export function TenantManPage() {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const list = useRecordList({ key: tenantKeys.all, fetchPage: listTenants });
  const { dialog, selected } = list;

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <RecordList
        list={list}
        searchHint={t('tenants.searchHint')}
        searchTestId="tenant-search"
        // Working in a tenant needs a platform administrator's session: not offered during first-run setup.
        actions={
          me
            ? [
                {
                  grant: 'Update',
                  key: 'switch',
                  label: t('tenants.switch'),
                  icon: <SwapOutlined />,
                  disabled: !selected || selected.id === me.tenant.id || !selected.enabled,
                  onClick: () => selected && void switchTenant(selected.id),
                },
              ]
            : []
        }
        testId="tenant-table"
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
      {dialog.isOpen && <TenantDialog id={dialog.target} onClose={dialog.close} onSaved={dialog.saved} />}
    </Space>
  );
}

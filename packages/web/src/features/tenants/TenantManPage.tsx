import { SwapOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useCurrentUser } from '../../components/current-user.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { useGridDialog, useGridState } from '../../components/grid/use-grid-state.ts';
import { QuickSearch } from '../../components/QuickSearch.tsx';
import { TenantDialog } from './TenantDialog.tsx';
import { listTenants, switchTenant, tenantKeys } from './tenants-api.ts';

/** /TenantMan: the platform's tenants; a platform admin adds them, edits their packages and works in them. */
export function TenantManPage() {
  const { t } = useTranslation();
  const standard = gridActions(t);
  const me = useCurrentUser().data;
  const [text, setText] = useState('');
  const grid = useGridState({
    key: tenantKeys.all,
    fetchPage: listTenants,
    initial: { q: '', page: 1, rows: 30 },
    rowKey: (r) => r.id,
  });
  const selected = grid.selectedRows[0];
  const dialog = useGridDialog<number>(grid.reload);
  const search = () => grid.search({ q: text.trim() });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <QuickSearch
          testId="tenant-search"
          placeholder={t('tenants.searchHint')}
          value={text}
          onChange={setText}
          onSearch={search}
        />
        <ActionToolbar
          items={[
            standard.search(search),
            standard.add(() => dialog.open(null)),
            standard.edit(() => selected && dialog.open(selected.id), !selected),
            // Working in a tenant needs a platform administrator's session: not offered during first-run setup.
            ...(me
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
              : []),
          ]}
        />
      </Space>
      <GridTable
        grid={grid}
        testId="tenant-table"
        selection="radio"
        onOpen={(row) => dialog.open(row.id)}
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

import { ReloadOutlined } from '@ant-design/icons';
import type { RoleType } from '@trestle/shared';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { useGridState, wholeList } from '../../components/grid/use-grid-state.ts';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { RoleTypeModal } from './RoleTypeModal.tsx';
import { listRoleTypes, roleTypeKeys, useDeleteRoleType } from './role-types-api.ts';

// The server sends the whole list: it is short.
const pageOfRoleTypes = wholeList(listRoleTypes);

/** /roletype: the global role types that group roles; a type in use cannot be deleted. */
export function RoleTypesPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const grants = useMenuGrants();
  const grid = useGridState({
    key: roleTypeKeys.list(),
    fetchPage: pageOfRoleTypes,
    initial: { page: 1, rows: 1 },
    rowKey: (x) => x.id,
  });
  const del = useDeleteRoleType();
  const [editing, setEditing] = useState<{ type: RoleType | null } | null>(null);

  const confirmDelete = (type: RoleType) =>
    modal.confirm({
      title: t('users-roles.deleteTypeTitle', { name: type.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await del.mutateAsync(type.id);
          void message.success(t('users-roles.deleted'));
        } catch {
          // The HTTP client has shown why.
        }
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('users-roles.roleTypesHint')}</Typography.Text>
      <ActionToolbar
        items={[
          gridActions(t).add(() => setEditing({ type: null }), t('users-roles.addRoleType')),
          {
            key: 'refresh',
            label: t('users-roles.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void grid.query.refetch(),
          },
        ]}
      />
      <GridTable
        grid={grid}
        pagination={false}
        columns={[
          { title: t('users-roles.code'), dataIndex: 'code', width: 180 },
          { title: t('users-roles.roleTypeName'), dataIndex: 'name' },
          { title: t('users-roles.roleCount'), dataIndex: 'roleCount', width: 120 },
          {
            title: t('users-roles.actions'),
            key: 'actions',
            width: 180,
            render: (_, x) => (
              <Space size={0}>
                {grants.can('Update') && (
                  <Button type="link" size="small" onClick={() => setEditing({ type: x })}>
                    {t('users-roles.edit')}
                  </Button>
                )}
                {grants.can('Delete') && (
                  <Button type="link" size="small" danger disabled={x.roleCount > 0} onClick={() => confirmDelete(x)}>
                    {t('users-roles.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <RoleTypeModal type={editing.type} onClose={() => setEditing(null)} />}
    </Space>
  );
}

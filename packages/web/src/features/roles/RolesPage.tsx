import { PlusOutlined } from '@ant-design/icons';
import type { Role } from '@trestle/shared';
import { App, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { RowActions } from '../../components/grid/RowActions.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { type NestedRow, nestRows } from '../../components/tree/tree-rows.ts';
import { type RoleEdit, RoleFormModal } from './RoleFormModal.tsx';
import { useDeleteRole, useRoleTree, useRoleTypeOptions } from './roles-api.ts';

// Not the grid parts: roles are a tree shown whole (nested rows, no paging), not a paged list.
/**
 * /Role: the role tree; the caller's own roles are shown but only the roles below them can be changed.
 * Not built from the ViewGrid parts: the tree is shown whole and expanded (roles nest; a page of a tree
 * would cut branches).
 */
export function RolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const grants = useMenuGrants();
  const tree = useRoleTree();
  const types = useRoleTypeOptions();
  const del = useDeleteRole();
  const [edit, setEdit] = useState<RoleEdit | null>(null);
  const roles = tree.data ?? [];
  // A super admin manages every role; anyone else holds at least one role it cannot change.
  const callerIsSuper = roles.length > 0 && roles.every((r) => r.manageable);

  const confirmDelete = (role: Role) =>
    confirm({
      title: t('users-roles.deleteRoleTitle', { name: role.name }),
      run: async () => {
        await del.mutateAsync(role.id);
        void message.success(t('users-roles.deleted'));
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        items={[
          {
            id: grants.idOf('Add'),
            key: 'add',
            label: t('users-roles.addRole'),
            icon: <PlusOutlined />,
            onClick: () => setEdit({ role: null, parentId: roles.find((r) => !r.manageable)?.id ?? null }),
          },
          gridActions(t).refresh(() => void tree.refetch(), t('users-roles.refresh')),
        ]}
      />
      {roles.length > 0 && (
        <Table<NestedRow<Role>>
          rowKey="id"
          size="small"
          pagination={false}
          loading={tree.isFetching}
          dataSource={nestRows(roles)}
          expandable={{ defaultExpandAllRows: true }}
          columns={[
            { title: t('users-roles.roleName'), dataIndex: 'name' },
            { title: t('users-roles.code'), dataIndex: 'code', width: 140 },
            {
              title: t('users-roles.roleType'),
              dataIndex: 'roleTypeId',
              width: 130,
              render: (id: number | null) => types.data?.find((x) => x.id === id)?.name ?? '',
            },
            {
              title: t('users-roles.status'),
              key: 'status',
              width: 200,
              render: (_, r) => (
                <Space size={2}>
                  <Tag color={r.enabled ? 'green' : 'red'}>
                    {t(r.enabled ? 'users-roles.enabled' : 'users-roles.disabled')}
                  </Tag>
                  {r.isSuper && <Tag color="purple">{t('users-roles.isSuper')}</Tag>}
                  {!r.manageable && <Tag>{t('users-roles.yourRole')}</Tag>}
                </Space>
              ),
            },
            { title: t('users-roles.userCount'), dataIndex: 'userCount', width: 90 },
            {
              title: t('users-roles.actions'),
              key: 'actions',
              width: 250,
              render: (_, r) => (
                <RowActions
                  actions={[
                    {
                      key: 'addChild',
                      label: t('users-roles.addChild'),
                      shown: grants.can('Add'),
                      onClick: () => setEdit({ role: null, parentId: r.id }),
                    },
                    {
                      key: 'edit',
                      label: t('users-roles.edit'),
                      shown: grants.can('Update') && r.manageable,
                      onClick: () => setEdit({ role: r, parentId: r.parentId }),
                    },
                    {
                      key: 'delete',
                      label: t('users-roles.delete'),
                      shown: grants.can('Delete') && r.manageable,
                      danger: true,
                      onClick: () => confirmDelete(r),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      {edit && <RoleFormModal edit={edit} roles={roles} callerIsSuper={callerIsSuper} onClose={() => setEdit(null)} />}
    </Space>
  );
}

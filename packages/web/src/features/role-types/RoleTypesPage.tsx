import type { RoleType } from '@trestle/shared';
import { App, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { RowActions } from '../../components/grid/RowActions.tsx';
import { useWholeListState } from '../../components/grid/use-grid-state.ts';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { RoleTypeModal } from './RoleTypeModal.tsx';
import { listRoleTypes, roleTypeKeys, useDeleteRoleType } from './role-types-api.ts';

/** /roletype: the global role types that group roles; a type in use cannot be deleted. */
export function RoleTypesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const grants = useMenuGrants();
  // The server sends the whole list: it is short.
  const grid = useWholeListState(roleTypeKeys.list(), listRoleTypes, (x) => x.id);
  const del = useDeleteRoleType();
  const [editing, setEditing] = useState<{ type: RoleType | null } | null>(null);

  const confirmDelete = (type: RoleType) =>
    confirm({
      title: t('users-roles.deleteTypeTitle', { name: type.name }),
      run: async () => {
        await del.mutateAsync(type.id);
        void message.success(t('users-roles.deleted'));
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('users-roles.roleTypesHint')}</Typography.Text>
      <ActionToolbar
        items={[
          gridActions(t).add(() => setEditing({ type: null }), t('users-roles.addRoleType')),
          gridActions(t).refresh(() => void grid.query.refetch(), t('users-roles.refresh')),
        ]}
      />
      <GridTable
        grid={grid}
        columns={[
          { title: t('users-roles.code'), dataIndex: 'code', width: 180 },
          { title: t('users-roles.roleTypeName'), dataIndex: 'name' },
          { title: t('users-roles.roleCount'), dataIndex: 'roleCount', width: 120 },
          {
            title: t('users-roles.actions'),
            key: 'actions',
            width: 180,
            render: (_, x) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('users-roles.edit'),
                    shown: grants.can('Update'),
                    onClick: () => setEditing({ type: x }),
                  },
                  {
                    key: 'delete',
                    label: t('users-roles.delete'),
                    shown: grants.can('Delete'),
                    danger: true,
                    disabled: x.roleCount > 0,
                    onClick: () => confirmDelete(x),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && <RoleTypeModal type={editing.type} onClose={() => setEditing(null)} />}
    </Space>
  );
}

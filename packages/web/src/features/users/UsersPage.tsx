import type { UserRow } from '@trestle/shared';
import { App, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { RowActions } from '../../components/grid/RowActions.tsx';
import { useGridState } from '../../components/grid/use-grid-state.ts';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { SessionsModal } from './SessionsModal.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import { listUsers, userKeys, useSetEnabled, useUnlock, useUserOptions } from './users-api.ts';

/** /User: users with several roles and organisations; enable, disable, reset, unlock and sessions per row. */
export function UsersPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const grants = useMenuGrants();
  const grid = useGridState({
    key: userKeys.lists(),
    fetchPage: listUsers,
    initial: { page: 1, rows: 30, search: '' },
    rowKey: (u) => u.id,
  });
  const options = useUserOptions();
  const setEnabled = useSetEnabled();
  const unlock = useUnlock();
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [viewing, setViewing] = useState<UserRow | null>(null);

  const nameOf = (items: { id: number; name: string }[] | undefined, id: number) =>
    items?.find((x) => x.id === id)?.name ?? `#${id}`;

  const toggle = (user: UserRow) => {
    const run = async () => {
      await setEnabled.mutateAsync({ id: user.id, enabled: !user.enabled });
      void message.success(t(user.enabled ? 'users-roles.disabledDone' : 'users-roles.enabledDone'));
    };
    if (!user.enabled) return void run().catch(() => {});
    modal.confirm({
      title: t('users-roles.disableTitle', { name: user.userName }),
      content: t('users-roles.disableHint'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => run().catch(() => {}),
    });
  };

  const doUnlock = async (user: UserRow) => {
    await unlock.mutateAsync(user.id);
    void message.success(t('users-roles.unlocked'));
  };

  const canUpdate = grants.can('Update');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={t('users-roles.search')}
          placeholder={t('users-roles.search')}
          style={{ width: 280 }}
          onSearch={(value) => grid.search({ search: value.trim() })}
        />
        <ActionToolbar
          items={[
            gridActions(t).add(() => setEditing({ user: null }), t('users-roles.addUser')),
            gridActions(t).refresh(() => void grid.query.refetch(), t('users-roles.refresh')),
          ]}
        />
      </Space>
      <GridTable
        grid={grid}
        wide
        pagination={{ showSizeChanger: false, showTotal: undefined }}
        columns={[
          { title: t('users-roles.userName'), dataIndex: 'userName', width: 130, fixed: 'left' },
          { title: t('users-roles.userTrueName'), dataIndex: 'userTrueName', width: 140 },
          {
            title: t('users-roles.roles'),
            dataIndex: 'roleIds',
            width: 220,
            render: (ids: number[]) => ids.map((id) => <Tag key={id}>{nameOf(options.data?.roles, id)}</Tag>),
          },
          {
            title: t('users-roles.organizations'),
            dataIndex: 'organizationIds',
            width: 220,
            render: (ids: number[], u) =>
              ids.map((id) => (
                <Tag key={id} color={id === u.organizationId ? 'blue' : undefined}>
                  {nameOf(options.data?.organizations, id)}
                </Tag>
              )),
          },
          { title: t('users-roles.phone'), dataIndex: 'phone', width: 120 },
          { title: t('users-roles.email'), dataIndex: 'email', width: 170, ellipsis: true },
          {
            title: t('users-roles.status'),
            key: 'status',
            width: 200,
            render: (_, u) => (
              <Space size={2} wrap>
                <Tag color={u.enabled ? 'green' : 'red'}>
                  {t(u.enabled ? 'users-roles.enabled' : 'users-roles.disabled')}
                </Tag>
                {u.locked && <Tag color="orange">{t('users-roles.locked')}</Tag>}
                {u.mustChangePassword && <Tag color="gold">{t('users-roles.mustChange')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('users-roles.actions'),
            key: 'actions',
            fixed: 'right',
            width: 300,
            render: (_, u) => (
              <RowActions
                wrap
                actions={[
                  {
                    key: 'edit',
                    label: t('users-roles.edit'),
                    shown: canUpdate,
                    onClick: () => setEditing({ user: u }),
                  },
                  {
                    key: 'enabled',
                    label: t(u.enabled ? 'users-roles.disable' : 'users-roles.enable'),
                    shown: canUpdate,
                    danger: u.enabled,
                    onClick: () => toggle(u),
                  },
                  {
                    key: 'resetPassword',
                    label: t('users-roles.resetPassword'),
                    shown: canUpdate,
                    onClick: () => setResetting(u),
                  },
                  {
                    key: 'unlock',
                    label: t('users-roles.unlock'),
                    shown: canUpdate && u.locked,
                    onClick: () => void doUnlock(u).catch(() => {}),
                  },
                  { key: 'sessions', label: t('users-roles.sessions'), onClick: () => setViewing(u) },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && <UserFormModal open user={editing.user} options={options.data} onClose={() => setEditing(null)} />}
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <SessionsModal user={viewing} canEnd={canUpdate} onClose={() => setViewing(null)} />
    </Space>
  );
}

import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { PermissionMenu } from '@trestle/shared';
import { App, Card, Checkbox, Empty, Space, Table, type TableColumnsType, Tag, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { type NestedRow, nestRows } from '../../components/tree/tree-rows.ts';
import { wideTable } from '../../lib/theme.ts';
import {
  columnState,
  editable,
  type Grants,
  initialGrants,
  rowState,
  setButton,
  setColumn,
  setOpen,
  setRow,
  toSaveBody,
} from './matrix-state.ts';
import { useMatrix, usePermissionRoles, useSavePermission } from './permissions-api.ts';

/** /permission: pick a role on the left, tick its menus and buttons on the right, save. */
export function PermissionPage() {
  // Not built from the ViewGrid parts: a matrix of one role's menus × buttons to tick, not a list of records.
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const grants = useMenuGrants();
  const roles = usePermissionRoles();
  const [roleId, setRoleId] = useState<number | null>(null);
  const matrix = useMatrix(roleId, i18n.language);
  const save = useSavePermission();
  const [edited, setEdited] = useState<Grants>(new Map());

  useEffect(() => {
    if (matrix.data) setEdited(initialGrants(matrix.data));
  }, [matrix.data]);

  const roleTree = useMemo(() => {
    const list = roles.data ?? [];
    type Node = { key: number; title: string; children: Node[] };
    const nodes = new Map<number, Node>(list.map((r) => [r.id, { key: r.id, title: r.name, children: [] }]));
    const roots: Node[] = [];
    for (const r of list) {
      const node = nodes.get(r.id);
      const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
      if (node && parent) parent.children.push(node);
      else if (node) roots.push(node);
    }
    return roots;
  }, [roles.data]);

  const menus = matrix.data?.menus ?? [];
  const role = roles.data?.find((r) => r.id === roleId);
  const readOnly = !role?.manageable || !grants.can('Update');
  const offeredIds = new Set(menus.flatMap((m) => m.offered));
  const columnButtons = (matrix.data?.buttons ?? []).filter((b) => offeredIds.has(b.id));

  const check = (
    label: string,
    state: { checked: boolean; indeterminate?: boolean },
    disabled: boolean,
    on: (v: boolean) => void,
  ) => (
    <Checkbox
      aria-label={label}
      checked={state.checked}
      indeterminate={state.indeterminate}
      disabled={disabled}
      onChange={(e) => on(e.target.checked)}
    />
  );

  const columns: TableColumnsType<NestedRow<PermissionMenu>> = [
    { title: t('users-roles.menu'), dataIndex: 'name', width: 220, fixed: 'left' },
    {
      title: t('users-roles.all'),
      key: 'row',
      width: 70,
      render: (_, m) =>
        m.url !== '' &&
        check(`${m.name}: ${t('users-roles.all')}`, rowState(edited, m), readOnly || !editable(m), (v) =>
          setEdited((g) => setRow(g, m, v)),
        ),
    },
    {
      title: t('users-roles.open'),
      key: 'open',
      width: 70,
      render: (_, m) =>
        m.url !== '' &&
        check(`${m.name}: ${t('users-roles.open')}`, { checked: edited.has(m.id) }, readOnly || !editable(m), (v) =>
          setEdited((g) => setOpen(g, m, v)),
        ),
    },
    ...columnButtons.map((b) => ({
      key: `b${b.id}`,
      width: 90,
      title: (
        <Space size={4}>
          {check(`${t('users-roles.allOf')} ${b.name}`, columnState(edited, menus, b.id), readOnly, (v) =>
            setEdited((g) => setColumn(g, menus, b.id, v)),
          )}
          {b.name}
        </Space>
      ),
      render: (_: unknown, m: NestedRow<PermissionMenu>) =>
        m.offered.includes(b.id) &&
        check(
          `${m.name}: ${b.name}`,
          { checked: edited.get(m.id)?.has(b.id) ?? false },
          readOnly || !editable(m) || (!m.assignable.includes(b.id) && !m.granted.includes(b.id)),
          (v) => setEdited((g) => setButton(g, m, b.id, v)),
        ),
    })),
  ];

  const onSave = async () => {
    if (roleId === null) return;
    try {
      await save.mutateAsync(toSaveBody(roleId, menus, edited));
      void message.success(t('users-roles.permissionsSaved'));
    } catch {
      // The HTTP client has shown why.
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card size="small" title={t('users-roles.roles')} style={{ width: 240, flex: 'none' }}>
          {roleTree.length > 0 && (
            <Tree
              defaultExpandAll
              blockNode
              treeData={roleTree}
              selectedKeys={roleId === null ? [] : [roleId]}
              onSelect={(_keys, { node }) => setRoleId(Number(node.key))}
            />
          )}
        </Card>
        <Card
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          title={
            <Space>
              {role ? role.name : t('users-roles.pickRole')}
              {role && !role.manageable && <Tag>{t('users-roles.yourRole')}</Tag>}
            </Space>
          }
          extra={
            <ActionToolbar
              items={[
                {
                  id: grants.idOf('Update'),
                  key: 'save',
                  label: t('users-roles.save'),
                  icon: <SaveOutlined />,
                  disabled: readOnly || roleId === null,
                  onClick: () => void onSave(),
                },
                {
                  key: 'reload',
                  label: t('users-roles.refresh'),
                  icon: <ReloadOutlined />,
                  disabled: roleId === null,
                  onClick: () => void matrix.refetch(),
                },
              ]}
            />
          }
        >
          {roleId === null ? (
            <Empty description={t('users-roles.pickRole')} />
          ) : (
            matrix.data && (
              <Table<NestedRow<PermissionMenu>>
                key={roleId}
                rowKey="id"
                size="small"
                pagination={false}
                loading={matrix.isFetching}
                dataSource={nestRows(menus)}
                columns={columns}
                expandable={{ defaultExpandAllRows: true }}
                {...wideTable}
              />
            )
          )}
        </Card>
      </div>
    </Space>
  );
}

import type { ButtonRow } from '@trestle/shared';
import { App, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { RowActions } from '../../components/grid/RowActions.tsx';
import { useWholeListState } from '../../components/grid/use-grid-state.ts';
import { iconFor } from '../../components/icons.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { ButtonDialog } from './ButtonDialog.tsx';
import { buttonKeys, deleteButton, listButtons, useButtonsChanged } from './buttons-api.ts';

/** /Button: the button catalogue the screens' toolbars and the role grants use. */
export function ButtonsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const k = (key: string, o?: Record<string, unknown>) => t(`organizations-menus.button.${key}`, o);
  // The server sends the whole list: it is short.
  const grid = useWholeListState(buttonKeys.list(), listButtons, (b) => b.id);
  const rows = grid.rows;
  const changed = useButtonsChanged();
  const [editing, setEditing] = useState<ButtonRow | 'new' | null>(null);
  const grants = useMenuGrants();
  const canUpdate = grants.can('Update');
  const canDelete = grants.can('Delete');
  const zh = i18n.language.startsWith('zh');

  const remove = (row: ButtonRow) =>
    confirm({
      title: k('confirmDelete', { name: row.name }),
      run: async () => {
        await deleteButton(row.id);
        await changed();
        void message.success(k('deleted'));
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        items={[
          // Reloads the store's catalogue too: every screen's toolbar reads it.
          gridActions(t).refresh(() => void changed(), t('buttons.refresh'), 'Search'),
          gridActions(t).add(() => setEditing('new'), k('add')),
        ]}
      />
      <GridTable
        grid={grid}
        columns={[
          { title: t('buttons.id'), dataIndex: 'id', width: 60 },
          { title: t('buttons.code'), dataIndex: 'code' },
          { title: t('buttons.name'), key: 'name', render: (_, b) => (zh ? b.nameZh : b.name) },
          { title: t('buttons.functionName'), dataIndex: 'functionName' },
          {
            title: t('buttons.icon'),
            dataIndex: 'icon',
            render: (icon: string) => (
              <Space size={6}>
                {iconFor(icon)}
                <span>{icon}</span>
              </Space>
            ),
          },
          { title: k('type'), dataIndex: 'type' },
          { title: t('buttons.sort'), dataIndex: 'sort', width: 70 },
          {
            title: k('builtIn'),
            dataIndex: 'builtIn',
            render: (builtIn: boolean) => (builtIn ? <Tag>{k('builtIn')}</Tag> : null),
          },
          {
            title: k('actions'),
            key: 'actions',
            render: (_, b) => (
              <RowActions
                actions={[
                  { key: 'edit', label: k('edit'), shown: canUpdate, onClick: () => setEditing(b) },
                  {
                    key: 'delete',
                    label: k('delete'),
                    shown: canDelete && !b.builtIn,
                    danger: true,
                    onClick: () => remove(b),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <ButtonDialog
        editing={editing}
        nextSort={Math.max(0, ...rows.map((r) => r.sort)) + 1}
        onClose={() => setEditing(null)}
        onSaved={changed}
      />
    </Space>
  );
}

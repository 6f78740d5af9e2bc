import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ButtonRow } from '@trestle/shared';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { iconFor } from '../../components/icons.tsx';
import { ButtonDialog } from './ButtonDialog.tsx';
import { deleteButton, useButtonId, useButtonRows, useButtonsChanged, useGranted } from './buttons-api.ts';

/** /Button: the button catalogue the screens' toolbars and the role grants use. */
export function ButtonsPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const k = (key: string, o?: Record<string, unknown>) => t(`organizations-menus.button.${key}`, o);
  const { data: rows = [], isFetching } = useButtonRows();
  const changed = useButtonsChanged();
  const [editing, setEditing] = useState<ButtonRow | 'new' | null>(null);
  const canUpdate = useGranted('Update');
  const canDelete = useGranted('Delete');
  const searchId = useButtonId('Search');
  const addId = useButtonId('Add');
  const zh = i18n.language.startsWith('zh');

  const remove = (row: ButtonRow) =>
    modal.confirm({
      title: k('confirmDelete', { name: row.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteButton(row.id);
        } catch {
          return; // The HTTP client has shown why.
        }
        await changed();
        void message.success(k('deleted'));
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        items={[
          {
            id: searchId,
            key: 'refresh',
            label: t('buttons.refresh'),
            icon: <ReloadOutlined />,
            // Reloads the store's catalogue too: every screen's toolbar reads it.
            onClick: () => void changed(),
          },
          {
            id: addId,
            key: 'add',
            label: k('add'),
            icon: <PlusOutlined />,
            onClick: () => setEditing('new'),
          },
        ]}
      />
      <Table<ButtonRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        pagination={false}
        dataSource={rows}
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
              <Space size={0}>
                {canUpdate && (
                  <Button type="link" size="small" onClick={() => setEditing(b)}>
                    {k('edit')}
                  </Button>
                )}
                {canDelete && !b.builtIn && (
                  <Button type="link" size="small" danger onClick={() => remove(b)}>
                    {k('delete')}
                  </Button>
                )}
              </Space>
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

import {
  DatabaseOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BroughtIn, formatLocalDateTime, langOf } from '@trestle/shared';
import { App, Button, Space, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import {
  type DesignListItem,
  type DesignStatus,
  deleteDesign,
  listDesigns,
  tableDesignKeys,
} from '../../components/table-design/table-design-api.ts';
import { BringInDialog } from './BringInDialog.tsx';
import { BuiltInTables } from './BuiltInTables.tsx';
import { DesignEditor } from './DesignEditor.tsx';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { TableList } from './TableList.tsx';

const MENU_PATH = '/tableDesign';

const statusColor: Record<DesignStatus, string> = { draft: 'default', applied: 'green', changed: 'orange' };

/**
 * /tableDesign: the table designer. Designs are few, so the list is paged here; each is edited as a draft,
 * previewed with the SQL and the risks to the rows there are, applied as a migration and rolled back.
 * Not built from the ViewGrid parts: designs are the platform's metadata (one per designed table, each with
 * its status from the designer's own route), not an entity's rows.
 */
export function TableDesignPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const queryClient = useQueryClient();
  const grants = useMenuGrants(MENU_PATH);
  const idOf = (code: string) => grants.idOf(code) ?? -1;
  const may = grants.can;
  const [editing, setEditing] = useState<{ id: number | null; broughtIn?: BroughtIn } | null>(null);
  const [bringing, setBringing] = useState(false);
  const [previewing, setPreviewing] = useState<DesignListItem | null>(null);
  const [history, setHistory] = useState<DesignListItem | null>(null);
  const list = useQuery({ queryKey: tableDesignKeys.list(), queryFn: listDesigns });
  const { modal, message } = App.useApp();
  // Only a design never applied: nothing of it exists but the draft.
  const confirmDelete = (design: DesignListItem) =>
    modal.confirm({
      title: t('tableDesign.deleteConfirm', { label: design.label[lang], name: design.name }),
      content: t('tableDesign.deleteHint'),
      okButtonProps: { danger: true },
      okText: t('grid.delete'),
      onOk: async () => {
        await deleteDesign(design.id);
        void message.success(t('tableDesign.deleted', { name: design.name }));
        await queryClient.invalidateQueries({ queryKey: tableDesignKeys.all });
      },
    });
  const closeEditor = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: tableDesignKeys.all });
  }, [queryClient]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        menuUrlPath={MENU_PATH}
        items={[
          {
            id: idOf('Add'),
            key: 'add',
            label: t('tableDesign.newTable'),
            icon: <PlusOutlined />,
            onClick: () => setEditing({ id: null }),
          },
          {
            id: idOf('Add'),
            key: 'bringIn',
            label: t('tableDesign.bringIn'),
            icon: <DatabaseOutlined />,
            onClick: () => setBringing(true),
          },
          {
            id: idOf('Search'),
            key: 'refresh',
            label: t('tableDesign.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void list.refetch(),
          },
        ]}
      />
      <Tabs
        items={[
          {
            key: 'designs',
            label: t('tableDesign.tab.designs'),
            children: (
              <TableList<DesignListItem>
                rowKey="id"
                testId="table-design-list"
                query={list}
                nameWidth={180}
                columns={[
                  {
                    key: 'status',
                    dataIndex: 'status',
                    title: t('tableDesign.status'),
                    width: 180,
                    render: (s: DesignStatus) => <Tag color={statusColor[s]}>{t(`tableDesign.status.${s}`)}</Tag>,
                  },
                  {
                    key: 'updatedAt',
                    dataIndex: 'updatedAt',
                    title: t('tableDesign.updatedAt'),
                    width: 180,
                    render: (v: string) => formatLocalDateTime(v),
                  },
                  {
                    key: 'actions',
                    title: t('tableDesign.actions'),
                    fixed: 'right',
                    width: 430,
                    render: (_, r) => (
                      <Space size={4}>
                        {may('Update') && (
                          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: r.id })}>
                            {t('tableDesign.edit')}
                          </Button>
                        )}
                        {may('Update') && (
                          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => setPreviewing(r)}>
                            {t('tableDesign.previewApply')}
                          </Button>
                        )}
                        <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory(r)}>
                          {t('tableDesign.history')}
                        </Button>
                        {may('Delete') && !r.everApplied && (
                          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(r)}>
                            {t('grid.delete')}
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          },
          { key: 'builtIn', label: t('tableDesign.tab.builtIn'), children: <BuiltInTables /> },
        ]}
      />
      {editing && (
        <DesignEditor
          id={editing.id}
          designs={list.data ?? []}
          broughtIn={editing.broughtIn}
          onClose={closeEditor}
          onSaved={saved}
        />
      )}
      {bringing && (
        <BringInDialog
          onClose={() => setBringing(false)}
          onBrought={(broughtIn) => {
            setBringing(false);
            setEditing({ id: null, broughtIn });
          }}
        />
      )}
      {previewing && <PreviewDialog design={previewing} onClose={() => setPreviewing(null)} />}
      <HistoryDrawer design={history} onClose={() => setHistory(null)} />
    </Space>
  );
}

import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLocalDateTime, langOf, type PageListItem, type PageStatus } from '@trestle/shared';
import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { wideTable } from '../../lib/theme.ts';
import { NewPageDialog } from './NewPageDialog.tsx';
import { PageDesigner } from './PageDesigner.tsx';
import { deletePage, listPages, pageDesignKeys, useFolders } from './page-design-api.ts';

export const PAGE_DESIGN_PATH = '/pageDesign';
const statusColor: Record<PageStatus, string> = { draft: 'default', published: 'green', changed: 'orange' };

/**
 * /pageDesign: the pages with their status and versions, and `?id=` one page's designer. New, Duplicate (a copy
 * of a page's draft, as a template), Design and Delete show as the menu entry's grants allow (Add, Update,
 * Delete); a published page opens at /page/<id> as its viewers see it.
 */
export function PageDesignPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const grants = useMenuGrants(PAGE_DESIGN_PATH);
  const [creating, setCreating] = useState<{ copyOf?: PageListItem } | null>(null);
  const openId = Number(params.get('id'));
  const list = useQuery({ queryKey: pageDesignKeys.list(), queryFn: listPages, enabled: !(openId > 0) });
  const folders = useFolders();
  const folderName = (code: string) => folders.data?.find((f) => f.code === code)?.name ?? code;
  const open = (id: number) => setParams({ id: String(id) });

  if (openId > 0)
    return (
      <PageDesigner
        key={openId}
        id={openId}
        canEdit={grants.can('Update')}
        canAdd={grants.can('Add')}
        onOpen={open}
        onClose={() => {
          setParams({});
          void queryClient.invalidateQueries({ queryKey: pageDesignKeys.list() });
        }}
      />
    );

  const titleOf = (r: PageListItem) => r.title[lang] || r.title.en || r.name;
  const confirmDelete = (r: PageListItem) =>
    confirm({
      title: t('pageDesign.deleteConfirm', { title: titleOf(r) }),
      content: t('pageDesign.deleteHint'),
      okText: t('pageDesign.delete'),
      run: async () => {
        try {
          await deletePage(r.id);
        } catch (e) {
          if (e instanceof HttpError) void message.error(e.message);
          return;
        }
        void message.success(t('pageDesign.deleted'));
        await queryClient.invalidateQueries({ queryKey: pageDesignKeys.list() });
      },
    });

  const actions = (r: PageListItem) => (
    <Space size={4}>
      {grants.can('Update') && (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`${t('pageDesign.design')} ${titleOf(r)}`}
          onClick={() => open(r.id)}
        >
          {t('pageDesign.design')}
        </Button>
      )}
      {grants.can('Add') && (
        <Button
          size="small"
          icon={<CopyOutlined />}
          aria-label={`${t('pageDesign.duplicate')} ${titleOf(r)}`}
          onClick={() => setCreating({ copyOf: r })}
        >
          {t('pageDesign.duplicate')}
        </Button>
      )}
      {r.publishedVersion !== null && (
        <Link to={`/page/${r.id}`} aria-label={`${t('pageDesign.open')} ${titleOf(r)}`}>
          <ExportOutlined /> {t('pageDesign.open')}
        </Link>
      )}
      {grants.can('Delete') && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('pageDesign.delete')} ${titleOf(r)}`}
          onClick={() => confirmDelete(r)}
        >
          {t('pageDesign.delete')}
        </Button>
      )}
    </Space>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        menuUrlPath={PAGE_DESIGN_PATH}
        items={[
          {
            grant: 'Add',
            key: 'add',
            label: t('pageDesign.newPage'),
            icon: <PlusOutlined />,
            onClick: () => setCreating({}),
          },
          {
            grant: 'Search',
            key: 'refresh',
            label: t('pageDesign.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void list.refetch(),
          },
        ]}
      />
      <QueryTable<PageListItem>
        rowKey="id"
        testId="page-design-list"
        query={list}
        {...wideTable}
        pageSize={30}
        columns={[
          { key: 'title', title: t('pageDesign.col.title'), fixed: 'left', width: 220, render: (_, r) => titleOf(r) },
          { key: 'name', dataIndex: 'name', title: t('pageDesign.col.name'), width: 160 },
          {
            key: 'status',
            title: t('pageDesign.col.status'),
            width: 150,
            render: (_, r) => <Tag color={statusColor[r.status]}>{t(`pageDesign.status.${r.status}`)}</Tag>,
          },
          {
            key: 'published',
            title: t('pageDesign.col.published'),
            width: 110,
            render: (_, r) => r.publishedVersion ?? '—',
          },
          { key: 'versions', dataIndex: 'versions', title: t('pageDesign.col.versions'), width: 90 },
          {
            key: 'folder',
            title: t('pageDesign.col.folder'),
            width: 140,
            render: (_, r) =>
              r.menuFolder === null ? '—' : r.menuFolder === '' ? t('pageDesign.topLevel') : folderName(r.menuFolder),
          },
          {
            key: 'updatedAt',
            title: t('pageDesign.col.updatedAt'),
            width: 170,
            render: (_, r) => formatLocalDateTime(r.updatedAt),
          },
          {
            key: 'actions',
            title: t('pageDesign.col.actions'),
            fixed: 'right',
            width: 360,
            render: (_, r) => actions(r),
          },
        ]}
      />
      {creating && (
        <NewPageDialog
          copyOf={creating.copyOf}
          onClose={() => setCreating(null)}
          onCreated={(id) => {
            setCreating(null);
            void queryClient.invalidateQueries({ queryKey: pageDesignKeys.list() });
            open(id);
          }}
        />
      )}
    </Space>
  );
}

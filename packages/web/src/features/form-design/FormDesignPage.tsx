import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLocalDateTime, langOf } from '@trestle/shared';
import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import {
  deleteForm,
  type FormListItem,
  type FormStatus,
  formDesignKeys,
  listForms,
} from '../../components/form-design/form-design-api.ts';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { wideTable } from '../../lib/theme.ts';
import { FormDesigner } from './FormDesigner.tsx';
import { NewFormDialog } from './NewFormDialog.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

const MENU_PATH = '/formDesign';
const statusColor: Record<FormStatus, string> = { draft: 'default', published: 'green', changed: 'orange' };

/**
 * /formDesign: the forms, and `?id=` one form's designer. A form is made at once (standalone, or bound to
 * an entity) and then designed; its answers are read on /formAnswers.
 */
export function FormDesignPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const grants = useMenuGrants(MENU_PATH);
  const may = grants.can;
  const [creating, setCreating] = useState(false);
  const [versions, setVersions] = useState<FormListItem | null>(null);
  const openId = Number(params.get('id'));
  const list = useQuery({ queryKey: formDesignKeys.list(), queryFn: listForms, enabled: !openId });
  const open = (id: number) => setParams({ id: String(id) });

  if (openId > 0)
    return (
      <FormDesigner
        id={openId}
        canEdit={may('Update')}
        onClose={() => {
          setParams({});
          void queryClient.invalidateQueries({ queryKey: formDesignKeys.list() });
        }}
      />
    );

  const titleOf = (r: FormListItem) => r.title[lang] || r.title.en;
  const confirmDelete = (r: FormListItem) =>
    confirm({
      title: t('formDesign.deleteConfirm', { title: titleOf(r) }),
      content: t('formDesign.deleteHint'),
      okText: t('formDesign.delete'),
      run: async () => {
        try {
          await deleteForm(r.id);
        } catch (e) {
          // A form with answers stays (409): the server says why (the write is quiet, so it is said here).
          if (e instanceof HttpError) void message.error(e.message);
          return;
        }
        void message.success(t('formDesign.deleted'));
        await queryClient.invalidateQueries({ queryKey: formDesignKeys.all });
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        menuUrlPath={MENU_PATH}
        items={[
          {
            grant: 'Add',
            key: 'add',
            label: t('formDesign.newForm'),
            icon: <PlusOutlined />,
            onClick: () => setCreating(true),
          },
          {
            grant: 'Search',
            key: 'refresh',
            label: t('formDesign.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void list.refetch(),
          },
        ]}
      />
      <QueryTable<FormListItem>
        rowKey="id"
        testId="form-design-list"
        query={list}
        {...wideTable}
        pageSize={30}
        columns={[
          { key: 'title', title: t('formDesign.title'), fixed: 'left', width: 220, render: (_, r) => titleOf(r) },
          {
            key: 'entity',
            title: t('formDesign.entity'),
            width: 160,
            render: (_, r) => r.entity ?? t('formDesign.standalone'),
          },
          {
            key: 'status',
            title: t('formDesign.status'),
            width: 160,
            render: (_, r) => <Tag color={statusColor[r.status]}>{t(`formDesign.status.${r.status}`)}</Tag>,
          },
          {
            key: 'published',
            title: t('formDesign.publishedVersion'),
            width: 120,
            render: (_, r) => r.publishedVersion ?? '—',
          },
          { key: 'answers', dataIndex: 'submissions', title: t('formDesign.answers'), width: 90 },
          {
            key: 'link',
            title: t('formDesign.publicLink'),
            width: 100,
            render: (_, r) => (r.publicLink ? <Tag color="blue">{t('formDesign.on')}</Tag> : t('formDesign.off')),
          },
          {
            key: 'updatedAt',
            title: t('formDesign.updatedAt'),
            width: 170,
            render: (_, r) => formatLocalDateTime(r.updatedAt),
          },
          {
            key: 'actions',
            title: t('formDesign.actions'),
            fixed: 'right',
            width: 360,
            render: (_, r) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('formDesign.design')} ${titleOf(r)}`}
                  onClick={() => open(r.id)}
                >
                  {t('formDesign.design')}
                </Button>
                <Link to={`/formAnswers?id=${r.id}`} aria-label={`${t('formDesign.answers')} ${titleOf(r)}`}>
                  {t('formDesign.answers')}
                </Link>
                <Button
                  size="small"
                  icon={<HistoryOutlined />}
                  aria-label={`${t('formDesign.versions')} ${titleOf(r)}`}
                  onClick={() => setVersions(r)}
                >
                  {t('formDesign.versions')}
                </Button>
                {may('Delete') && (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('formDesign.delete')} ${titleOf(r)}`}
                    onClick={() => confirmDelete(r)}
                  >
                    {t('formDesign.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {creating && (
        <NewFormDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: formDesignKeys.list() });
            open(id);
          }}
        />
      )}
      {versions && (
        <VersionsDrawer
          id={versions.id}
          title={titleOf(versions)}
          canRevert={may('Update')}
          onClose={() => setVersions(null)}
          onReverted={() => setVersions(null)}
        />
      )}
    </Space>
  );
}

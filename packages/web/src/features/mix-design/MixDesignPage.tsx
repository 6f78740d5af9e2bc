import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLocalDateTime, langOf, type MixAppItem, mixDraftSchema } from '@trestle/shared';
import { Alert, Button, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useConfirm } from '../../components/confirm.ts';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { wideTable } from '../../lib/theme.ts';
import { MixWizard } from './MixWizard.tsx';
import { deleteApp, getApp, listApps, mixKeys } from './mix-api.ts';
import { newApp } from './mix-model.ts';

const MENU_PATH = '/mixDesign';

/**
 * /mixDesign: the apps built with the guided flow, each opened where its draft stopped (`?id=`), and a new
 * one (`?new=1`). A published app's page opens from its row.
 */
export function MixDesignPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const openId = Number(params.get('id'));
  const close = () => {
    setParams({});
    void queryClient.invalidateQueries({ queryKey: mixKeys.list() });
  };
  if (params.has('new')) return <MixWizard initial={newApp()} onClose={close} />;
  if (openId > 0) return <OpenedApp id={openId} onClose={close} />;
  return <AppList open={(id) => setParams(id === null ? { new: '1' } : { id: String(id) })} />;
}

function OpenedApp({ id, onClose }: { id: number; onClose(): void }) {
  const app = useQuery({ queryKey: mixKeys.app(id), queryFn: () => getApp(id), staleTime: Infinity, gcTime: 0 });
  if (app.isError) return <Alert type="error" showIcon title={app.error.message} />;
  if (!app.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { name, title, version, status } = app.data;
  // A draft the schema no longer reads (an older wizard's) starts again at the first step, with its name kept.
  const draft = mixDraftSchema.safeParse(app.data.draft).data ?? mixDraftSchema.parse({});
  return (
    <MixWizard
      key={id}
      initial={{ id, version, name, title, draft, published: status === 'published' }}
      onClose={onClose}
    />
  );
}

function AppList({ open }: { open(id: number | null): void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const may = useMenuGrants(MENU_PATH).can;
  const list = useQuery({ queryKey: mixKeys.list(), queryFn: listApps });
  const titleOf = (r: MixAppItem) => r.title[lang] || r.title.en;
  const remove = (r: MixAppItem) =>
    confirm({
      title: t('mixDesign.deleteConfirm', { title: titleOf(r) }),
      content: t('mixDesign.deleteHint'),
      okText: t('mixDesign.delete'),
      run: async () => {
        await deleteApp(r.id);
        await queryClient.invalidateQueries({ queryKey: mixKeys.list() });
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionToolbar
        menuUrlPath={MENU_PATH}
        items={[
          { grant: 'Add', key: 'add', label: t('mixDesign.newApp'), icon: <PlusOutlined />, onClick: () => open(null) },
          {
            grant: 'Search',
            key: 'refresh',
            label: t('mixDesign.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void list.refetch(),
          },
        ]}
      />
      <QueryTable<MixAppItem>
        rowKey="id"
        testId="mix-design-list"
        query={list}
        {...wideTable}
        pageSize={30}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('mixDesign.name'), width: 180 },
          { key: 'title', title: t('mixDesign.title'), width: 220, render: (_, r) => titleOf(r) },
          {
            key: 'status',
            title: t('mixDesign.status'),
            width: 120,
            render: (_, r) => (
              <Tag color={r.status === 'published' ? 'green' : 'default'}>{t(`mixDesign.status.${r.status}`)}</Tag>
            ),
          },
          {
            key: 'step',
            title: t('mixDesign.stepColumn'),
            width: 120,
            render: (_, r) => t(`mixDesign.step.${r.step}`),
          },
          {
            key: 'updated',
            title: t('mixDesign.updatedAt'),
            width: 170,
            render: (_, r) => formatLocalDateTime(r.updatedAt),
          },
          {
            key: 'actions',
            title: t('mixDesign.actions'),
            width: 240,
            render: (_, r) => (
              <Space size={4}>
                {may('Update') && (
                  <Button
                    size="small"
                    aria-label={t('mixDesign.openNamed', { title: titleOf(r) })}
                    onClick={() => open(r.id)}
                  >
                    {r.status === 'published' ? t('mixDesign.open') : t('mixDesign.resumeDraft')}
                  </Button>
                )}
                {r.pageId !== null && r.status === 'published' && (
                  <Link to={`/page/${r.pageId}`}>{t('mixDesign.openPage')}</Link>
                )}
                {may('Delete') && (
                  <Button
                    size="small"
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('mixDesign.deleteNamed', { title: titleOf(r) })}
                    onClick={() => remove(r)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatLocalDateTime, type PageDetail } from '@trestle/shared';
import { App, Button, Drawer, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageRenderer } from '../../components/page-blocks/PageRenderer.tsx';
import { HttpError } from '../../lib/http/transport.ts';
import { pageDesignKeys, pageVersion, pageVersions, restorePage } from './page-design-api.ts';

/** A page's published versions: each with its note, to view as it was, or to make the draft again. */
export function VersionsDrawer({
  id,
  canRestore,
  onClose,
  onRestored,
}: {
  id: number;
  canRestore: boolean;
  onClose(): void;
  onRestored(page: PageDetail): void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const versions = useQuery({
    queryKey: pageDesignKeys.versions(id),
    queryFn: async () => (await pageVersions(id)).sort((a, b) => b.version - a.version),
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const viewed = useQuery({
    queryKey: pageDesignKeys.version(id, viewing ?? 0),
    enabled: viewing !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => pageVersion(id, viewing ?? 0),
  });

  const restore = (version: number) =>
    modal.confirm({
      title: t('pageDesign.restoreConfirm', { version }),
      content: t('pageDesign.restoreHint'),
      onOk: async () => {
        try {
          const page = await restorePage(id, version);
          void message.success(t('pageDesign.restored', { version }));
          onRestored(page);
        } catch (e) {
          if (e instanceof HttpError) void message.error(e.message);
          throw e;
        }
      },
    });

  return (
    <Drawer open size="80%" title={t('pageDesign.versions')} onClose={onClose}>
      <Table
        size="small"
        rowKey="version"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        locale={{ emptyText: t('pageDesign.noVersions') }}
        columns={[
          { key: 'version', dataIndex: 'version', title: t('pageDesign.col.version'), width: 80 },
          { key: 'note', dataIndex: 'note', title: t('pageDesign.col.note') },
          {
            key: 'at',
            dataIndex: 'publishedAt',
            title: t('pageDesign.col.publishedAt'),
            render: (v: string) => formatLocalDateTime(v),
          },
          { key: 'by', dataIndex: 'publishedBy', title: t('pageDesign.col.publishedBy') },
          { key: 'blocks', dataIndex: 'blocks', title: t('pageDesign.col.blocks'), width: 80 },
          {
            key: 'actions',
            title: '',
            render: (_, v) => (
              <Space size={4}>
                <Button size="small" onClick={() => setViewing(v.version)}>
                  {t('pageDesign.view')}
                </Button>
                {canRestore && (
                  <Button size="small" onClick={() => restore(v.version)}>
                    {t('pageDesign.restore')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {viewing !== null && viewed.data && (
        <section aria-label={t('pageDesign.viewing', { version: viewing })} style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t('pageDesign.viewing', { version: viewing })}</Typography.Title>
          <PageRenderer nodes={viewed.data.nodes} pageId={id} mode="preview" />
        </section>
      )}
    </Drawer>
  );
}

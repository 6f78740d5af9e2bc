import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormDesign, formatLocalDateTime, langOf } from '@trestle/shared';
import { App, Button, Drawer, Select, Space, Table, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formDesignKeys,
  formVersion,
  formVersions,
  getForm,
  revertForm,
  useEntityMeta,
} from '../../components/form-design/form-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { DiffView } from './DiffView.tsx';
import { LazyFormFill } from './lazy-form-fill.ts';
import { diffDesigns } from './version-diff.ts';

const DRAFT = 0;

/** A version as it was asked: the renderer, read-only, in the reader's language. */
function VersionView({ design }: { design: FormDesign }) {
  const { i18n } = useTranslation();
  const entity = useEntityMeta(design.entity);
  if (design.entity !== undefined && !entity.data) return null;
  return (
    <div style={{ border: '1px solid rgba(0,0,0,0.1)', borderRadius: 6, padding: 12 }}>
      <Suspense fallback={null}>
        <LazyFormFill
          design={design}
          entity={entity.data}
          viewer={{ roleIds: [], organizationId: null }}
          lang={langOf(i18n.language)}
          readOnly
        />
      </Suspense>
    </div>
  );
}

/**
 * A form's published versions: each to view, any two (or one and the draft) to compare, and one to make the
 * draft again. `draft` is the designer's design when opened from it (unsaved changes included).
 */
export function VersionsDrawer({
  id,
  title,
  draft,
  canRevert,
  onClose,
  onReverted,
}: {
  id: number;
  title: string;
  draft?: FormDesign;
  canRevert: boolean;
  onClose(): void;
  onReverted?(): void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: formDesignKeys.versions(id),
    // Newest first, whatever order the server lists them in.
    queryFn: async () => (await formVersions(id)).sort((a, b) => b.version - a.version),
  });
  const detail = useQuery({
    queryKey: formDesignKeys.detail(id),
    queryFn: () => getForm(id),
    enabled: draft === undefined,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const latest = versions.data?.[0]?.version ?? DRAFT;
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number>(DRAFT);
  const left = from ?? versions.data?.[1]?.version ?? latest;

  const load = (v: number) =>
    queryClient.fetchQuery({
      queryKey: formDesignKeys.version(id, v),
      queryFn: () => formVersion(id, v),
      staleTime: Infinity,
    });
  const designOf = useQuery({
    queryKey: [...formDesignKeys.versions(id), 'compare', left, to, draft ?? detail.data?.draft],
    enabled: versions.isSuccess && (draft !== undefined || detail.isSuccess),
    queryFn: async () => {
      const get = async (v: number) => (v === DRAFT ? (draft ?? detail.data?.draft ?? null) : (await load(v)).design);
      return { before: await get(left), after: await get(to) };
    },
  });
  // The same query the comparison loads through `load`: its own fetch, as a fetchQuery of its own key from
  // inside its queryFn would wait on itself.
  const viewed = useQuery({
    queryKey: formDesignKeys.version(id, viewing ?? -1),
    enabled: viewing !== null,
    staleTime: Infinity,
    queryFn: () => formVersion(id, viewing ?? 0),
  });

  const revert = (v: number) =>
    modal.confirm({
      title: t('formDesign.versions.revertConfirm', { version: v }),
      onOk: async () => {
        const current = await getForm(id);
        try {
          await revertForm(id, current.version, v);
        } catch (e) {
          if (e instanceof HttpError) void message.error(e.message);
          throw e;
        }
        void message.success(t('formDesign.versions.reverted', { version: v }));
        await queryClient.invalidateQueries({ queryKey: formDesignKeys.all });
        onReverted?.();
      },
    });

  const choices = [
    { value: DRAFT, label: t('formDesign.versions.draft') },
    ...(versions.data ?? []).map((v) => ({
      value: v.version,
      label: `${t('formDesign.versions.version')} ${v.version}`,
    })),
  ];
  return (
    <Drawer open size={760} title={t('formDesign.versions.title', { title })} onClose={onClose}>
      <Table
        size="small"
        rowKey="version"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        locale={{ emptyText: t('formDesign.versions.none') }}
        columns={[
          { key: 'version', dataIndex: 'version', title: t('formDesign.versions.version'), width: 80 },
          {
            key: 'at',
            dataIndex: 'publishedAt',
            title: t('formDesign.versions.publishedAt'),
            render: (v: string) => formatLocalDateTime(v),
          },
          { key: 'by', dataIndex: 'publishedBy', title: t('formDesign.versions.publishedBy') },
          { key: 'answers', dataIndex: 'submissions', title: t('formDesign.versions.answers'), width: 80 },
          {
            key: 'actions',
            title: '',
            render: (_, v) => (
              <Space size={4}>
                <Button size="small" onClick={() => setViewing(v.version)}>
                  {t('formDesign.versions.view')}
                </Button>
                {canRevert && (
                  <Button size="small" onClick={() => revert(v.version)}>
                    {t('formDesign.versions.revert')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {viewing !== null && viewed.data && (
        <section aria-label={t('formDesign.versions.viewing', { version: viewing })} style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t('formDesign.versions.viewing', { version: viewing })}</Typography.Title>
          <VersionView design={viewed.data.design} />
        </section>
      )}
      <section aria-label={t('formDesign.versions.compare')} style={{ marginTop: 16 }}>
        <Typography.Title level={5}>{t('formDesign.versions.compare')}</Typography.Title>
        <Space style={{ marginBottom: 12 }}>
          <Select
            aria-label={t('formDesign.versions.compareFrom')}
            style={{ width: 160 }}
            value={left}
            options={choices}
            onChange={setFrom}
          />
          <span>→</span>
          <Select
            aria-label={t('formDesign.versions.compareTo')}
            style={{ width: 160 }}
            value={to}
            options={choices}
            onChange={setTo}
          />
        </Space>
        {designOf.data?.before && designOf.data.after && (
          <DiffView diff={diffDesigns(designOf.data.before, designOf.data.after)} />
        )}
      </section>
    </Drawer>
  );
}

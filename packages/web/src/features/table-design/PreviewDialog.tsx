import { RollbackOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { langOf } from '@trestle/shared';
import { Alert, App, Button, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { useConfirm } from '../../components/confirm.ts';
import {
  applyDesign,
  type DesignListItem,
  getDesign,
  previewDesign,
  type Risk,
  rollbackDesign,
  tableDesignKeys,
  useDesignApplied,
} from '../../components/table-design/table-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { riskText, stepText } from './preview-text.ts';
import { MigrationSql } from './SqlScript.tsx';

const isRisks = (v: unknown): v is Risk[] => Array.isArray(v);

/**
 * What applying the draft would do: the steps, the SQL that runs (and, folded, the SQL that undoes it) and the
 * risks to the rows there are. Apply waits until no blocking risk remains; Roll back undoes the last apply.
 */
export function PreviewDialog({ design, onClose }: { design: DesignListItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const changed = useDesignApplied();
  const preview = useQuery({
    queryKey: tableDesignKeys.preview(design.id),
    queryFn: () => previewDesign(design.id),
    gcTime: 0,
  });
  const detail = useQuery({ queryKey: tableDesignKeys.detail(design.id), queryFn: () => getDesign(design.id) });
  // A refused apply answers with the risks as they were then, which may be newer than the preview's.
  const [refused, setRefused] = useState<Risk[] | null>(null);
  const [busy, setBusy] = useState<'apply' | 'rollback' | null>(null);
  const label = design.label[langOf(i18n.language)];
  const steps = preview.data?.steps ?? [];
  const risks = refused ?? preview.data?.risks ?? [];
  const blocked = risks.some((r) => r.blocking);
  const applied = detail.data ? detail.data.applied !== null : design.status !== 'draft';
  // A change of labels, folder or layout alters no column: it has no step, and is applied all the same.
  const pending = detail.data
    ? JSON.stringify(detail.data.draft) !== JSON.stringify(detail.data.applied)
    : design.status !== 'applied';
  const fieldNames = new Set(
    [...(detail.data?.draft.fields ?? []), ...(detail.data?.applied?.fields ?? [])].map((f) => f.name),
  );

  /** Marks the button busy while `work` runs. */
  const busyWith = async (what: 'apply' | 'rollback', work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const apply = () =>
    busyWith('apply', async () => {
      try {
        const result = await applyDesign(design.id);
        void message.success(t('tableDesign.appliedAs', { n: result.migration }));
        // Closed first: its own preview, invalidated with the rest, is not asked for again.
        onClose();
        await changed(design.name);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        const data = e.data as { risks?: unknown } | null;
        if (e.status === 422 && isRisks(data?.risks)) {
          setRefused(data.risks);
          void message.error(t('tableDesign.refused'));
        } else void message.error(e.message);
      }
    });

  const rollback = () =>
    confirm({
      title: t('tableDesign.rollbackConfirm', { label }),
      content: t('tableDesign.rollbackHint'),
      okText: t('tableDesign.rollback'),
      run: () =>
        busyWith('rollback', async () => {
          const result = await rollbackDesign(design.id);
          void message.success(t('tableDesign.rolledBack', { n: result.migration }));
          onClose();
          await changed(design.name);
        }),
    });

  return (
    <AppModal
      open
      width={900}
      title={t('tableDesign.previewTitle', { label })}
      onCancel={onClose}
      footer={
        <Space>
          {applied && (
            <Button danger icon={<RollbackOutlined />} loading={busy === 'rollback'} onClick={rollback}>
              {t('tableDesign.rollback')}
            </Button>
          )}
          <Button onClick={onClose}>{t('tableDesign.close')}</Button>
          <Button
            type="primary"
            icon={<ThunderboltOutlined />}
            loading={busy === 'apply'}
            disabled={!preview.data || !detail.data || !pending || blocked}
            onClick={() => void apply()}
          >
            {t('tableDesign.apply')}
          </Button>
        </Space>
      }
    >
      {!preview.data ? (
        <Skeleton active={preview.isPending} paragraph={{ rows: 6 }} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="design-preview">
          {steps.length === 0 && (
            <Alert
              type="info"
              showIcon
              title={pending ? t('tableDesign.noTableChange') : t('tableDesign.nothingToApply')}
            />
          )}
          {blocked && <Alert type="error" showIcon title={t('tableDesign.blocked')} />}
          {steps.length > 0 && (
            <div>
              <Typography.Text strong>{t('tableDesign.steps')}</Typography.Text>
              <ol style={{ margin: '4px 0 0', paddingInlineStart: 24 }} data-testid="design-steps">
                {steps.map((s, i) => (
                  // Steps have no identity of their own; their order is what they are.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={i}>{stepText(t, s, design.table, fieldNames)}</li>
                ))}
              </ol>
            </div>
          )}
          {steps.length > 0 && (
            <div>
              <Typography.Text strong>{t('tableDesign.risks')}</Typography.Text>
              {risks.length === 0 ? (
                <div>
                  <Typography.Text type="secondary">{t('tableDesign.noRisks')}</Typography.Text>
                </div>
              ) : (
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 24 }} data-testid="design-risks">
                  {risks.map((r) => (
                    <li key={`${r.kind}:${r.field}`}>
                      <Typography.Text type={r.blocking ? 'danger' : undefined}>
                        {riskText(t, r, steps, design.name)}
                      </Typography.Text>{' '}
                      {r.blocking && <Tag color="red">{t('tableDesign.blocking')}</Tag>}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {steps.length > 0 && (
            <div>
              <Typography.Text strong>{t('tableDesign.upSql')}</Typography.Text>
              <MigrationSql up={preview.data.up} down={preview.data.down} testId="design-sql" />
            </div>
          )}
        </Space>
      )}
    </AppModal>
  );
}

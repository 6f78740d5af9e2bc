import { useQuery } from '@tanstack/react-query';
import { AuditStatus, type EntityMeta, formatLocalDateTime } from '@trestle/shared';
import { Alert, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from './columns.tsx';
import { entityApi, gridKeys } from './entity-api.ts';

const COLORS: Record<number, string> = {
  [AuditStatus.draft]: 'default',
  [AuditStatus.inApproval]: 'processing',
  [AuditStatus.approved]: 'success',
  [AuditStatus.rejected]: 'error',
};

/** A document's approval state as a coloured tag (list cells and the edit dialog). */
export function ApprovalTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const n = Number(status ?? AuditStatus.draft);
  return <Tag color={COLORS[n] ?? 'default'}>{t(`grid.auditStatus.${n}`)}</Tag>;
}

/** Where the document stands in its approval, and every step so far (who, when, why). */
export function ApprovalHistory({ meta, row }: { meta: EntityMeta; row: Row }) {
  const { t } = useTranslation();
  const key = Number(row[meta.key]);
  const history = useQuery({
    queryKey: [...gridKeys.entity(meta.name), 'approval', key],
    queryFn: () => entityApi(meta.name).approvalHistory(key),
  });
  const status = Number(row.auditStatus ?? AuditStatus.draft);
  return (
    <div data-testid="approval-history">
      <Typography.Text strong>{t('grid.approval')}</Typography.Text> <ApprovalTag status={status} />
      {status === AuditStatus.approved && (
        <Alert type="info" showIcon style={{ margin: '8px 0' }} title={t('grid.approvedLocked')} />
      )}
      {status === AuditStatus.inApproval && (
        <Alert type="warning" showIcon style={{ margin: '8px 0' }} title={t('grid.inApprovalLocked')} />
      )}
      <Timeline
        style={{ marginTop: 12 }}
        items={(history.data ?? []).map((step) => ({
          color: step.action === 'reject' ? 'red' : step.action === 'approve' ? 'green' : 'blue',
          content: (
            <span>
              {t(`grid.approvalAction.${step.action}`)} · {step.userName ?? ''} · {formatLocalDateTime(step.at)}
              {step.reason ? ` · ${step.reason}` : ''}
            </span>
          ),
        }))}
      />
    </div>
  );
}

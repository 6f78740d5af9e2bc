import { Alert, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../AppModal.tsx';

type Props = {
  onClose: () => void;
  onAudit: (status: 1 | 2, reason: string) => Promise<void>;
  /** false: the caller submitted one of the documents and may not approve it (segregation of duties). */
  canApprove?: boolean;
};

/** Approve or reject the selected rows (entities with `audit`). */
export function AuditDialog({ onClose, onAudit, canApprove = true }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<1 | 2>(canApprove ? 1 : 2);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onAudit(status, reason);
    } catch {
      // The HTTP client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open
      title={t('grid.audit')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        {!canApprove && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('grid.submitterMayNotApprove')} />
        )}
        <Form.Item>
          <Radio.Group
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[
              ...(canApprove ? [{ value: 1 as const, label: t('grid.approve') }] : []),
              { value: 2 as const, label: t('grid.reject') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('grid.reason')} htmlFor="audit-reason">
          <Input.TextArea
            id="audit-reason"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

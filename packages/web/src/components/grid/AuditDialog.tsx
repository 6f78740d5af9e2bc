import { Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../AppModal.tsx';

type Props = { onClose: () => void; onAudit: (status: 1 | 2, reason: string) => Promise<void> };

/** Approve or reject the selected rows (entities with `audit`). */
export function AuditDialog({ onClose, onAudit }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<1 | 2>(1);
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
        <Form.Item>
          <Radio.Group
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[
              { value: 1, label: t('grid.approve') },
              { value: 2, label: t('grid.reject') },
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

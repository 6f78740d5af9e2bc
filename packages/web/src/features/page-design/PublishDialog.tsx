import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { HttpError } from '../../lib/http/transport.ts';
import { publishPage } from './page-design-api.ts';

/**
 * Publishing the draft as the next version, with a note of what changed. The draft is sent first (`settle`):
 * a publish never leaves a typed change behind.
 */
export function PublishDialog({
  id,
  settle,
  onClose,
  onPublished,
}: {
  id: number;
  settle(): Promise<boolean>;
  onClose(): void;
  onPublished(version: number): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const publish = async () => {
    setBusy(true);
    setRefused(null);
    try {
      if (!(await settle())) {
        setRefused(t('pageDesign.publishUnsaved'));
        return;
      }
      const { version } = await publishPage(id, note.trim());
      void message.success(t('pageDesign.published', { version }));
      onPublished(version);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      setRefused(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open
      title={t('pageDesign.publishTitle')}
      okText={t('pageDesign.publish')}
      okButtonProps={{ loading: busy }}
      onOk={() => void publish()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('pageDesign.publishNote')}
          validateStatus={refused ? 'error' : undefined}
          help={refused ?? undefined}
        >
          <Input.TextArea
            aria-label={t('pageDesign.publishNote')}
            maxLength={500}
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

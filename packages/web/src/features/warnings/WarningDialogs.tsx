import { App, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { DateInput } from '../../components/form/pickers.tsx';
import { HttpError } from '../../lib/http.ts';
import { ignoreWarnings, snoozeWarnings } from './warnings-api.ts';

type Props = { keys: number[]; onClose(): void; onDone(): void };

/** Snooze until a later date, with an optional note: the warning leaves "my open warnings" until then. */
export function SnoozeDialog({ keys, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ until: string | null; note: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { until, note } = await form.validateFields();
    setSaving(true);
    try {
      await snoozeWarnings({ keys, until: until ?? '', note: note ?? '' });
      void message.success(t('warnings.snoozed'));
      onDone();
    } catch (e) {
      void message.error(e instanceof HttpError ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal
      open
      title={t('warnings.snoozeTitle', { count: keys.length })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ until: dayjs().add(7, 'day').format('YYYY-MM-DD'), note: '' }}
      >
        <Form.Item
          name="until"
          label={t('warnings.snoozeUntil')}
          rules={[{ required: true, message: t('warnings.snoozeUntilRequired') }]}
        >
          <DateInput disabledDate={(d) => !d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="note" label={t('warnings.note')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/** Ignore with a reason (admins): the warning stays ignored until its condition is gone. */
export function IgnoreDialog({ keys, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { note } = await form.validateFields();
    setSaving(true);
    try {
      await ignoreWarnings(keys, note.trim());
      void message.success(t('warnings.ignored'));
      onDone();
    } catch (e) {
      void message.error(e instanceof HttpError ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal
      open
      title={t('warnings.ignoreTitle', { count: keys.length })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t('warnings.ignoreReason')}
          rules={[{ required: true, whitespace: true, message: t('warnings.ignoreReasonRequired') }]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

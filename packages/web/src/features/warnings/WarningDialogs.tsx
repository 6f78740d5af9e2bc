import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/FormModal.tsx';
import { DateInput } from '../../components/form/pickers.tsx';
import { ignoreWarnings, snoozeWarnings } from './warnings-api.ts';

type Props = { keys: number[]; onClose(): void; onDone(): void };

type ActionProps<V> = Omit<Props, 'keys'> & {
  title: string;
  /** Acts on the warnings with the form's values. */
  run(values: V): Promise<unknown>;
  /** The message once done. */
  done: string;
  initialValues?: V;
  /** The form's items. */
  children: ReactNode;
};

/** A dialog that acts on the chosen warnings with what its form asks; a refusal shows as a message. */
function WarningActionDialog<V extends object>({ run, ...props }: ActionProps<V>) {
  return <FormModal<V> {...props} fields={[]} submit={run} />;
}

/** Snooze until a later date, with an optional note: the warning leaves "my open warnings" until then. */
export function SnoozeDialog({ keys, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <WarningActionDialog<{ until: string | null; note: string }>
      title={t('warnings.snoozeTitle', { count: keys.length })}
      run={({ until, note }) => snoozeWarnings({ keys, until: until ?? '', note: note ?? '' })}
      done={t('warnings.snoozed')}
      initialValues={{ until: dayjs().add(7, 'day').format('YYYY-MM-DD'), note: '' }}
      onClose={onClose}
      onDone={onDone}
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
    </WarningActionDialog>
  );
}

/** Ignore with a reason (admins): the warning stays ignored until its condition is gone. */
export function IgnoreDialog({ keys, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <WarningActionDialog<{ note: string }>
      title={t('warnings.ignoreTitle', { count: keys.length })}
      run={({ note }) => ignoreWarnings(keys, note.trim())}
      done={t('warnings.ignored')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item
        name="note"
        label={t('warnings.ignoreReason')}
        rules={[{ required: true, whitespace: true, message: t('warnings.ignoreReasonRequired') }]}
      >
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </WarningActionDialog>
  );
}

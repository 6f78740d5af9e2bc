import { App, Form, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../AppModal.tsx';
import { showSaveError } from './save-error.ts';

type Props<V extends object> = {
  open?: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** The form fields a server field error may name. */
  fields: readonly string[];
  /** Saves the checked values; resolving closes the dialog with `done` as the message. */
  submit(values: V): Promise<unknown>;
  done: string;
  onClose(): void;
  initialValues?: Partial<V>;
  /** Shown above the form. */
  intro?: ReactNode;
  /** The form's items. */
  children: ReactNode;
};

/** A dialog holding one form: OK checks and saves it, a server field error shows on its field. */
export function FormModal<V extends object>({ open = true, form, fields, submit, done, onClose, ...props }: Props<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await submit(values);
      void message.success(done);
      onClose();
    } catch (e) {
      // The field names are the form's own; antd cannot see that through the generic values type.
      const setFields = form.setFields as (errors: { name: string; errors: string[] }[]) => void;
      showSaveError(e, fields, setFields, (text) => void message.error(text));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      open={open}
      title={props.title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
    >
      {props.intro}
      <Form<V> form={form} layout="vertical" preserve={false} initialValues={props.initialValues}>
        {props.children}
      </Form>
    </AppModal>
  );
}

import { App, Form, type FormInstance, type FormProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../AppModal.tsx';
import { showSaveError } from './save-error.ts';

/** What a dialog editing one stored record is given: the record's id (null to add one) and what to do after. */
export type RecordDialogProps = { id: number | null; onClose(): void; onSaved(): void };

type Props<V extends object> = {
  open?: boolean;
  title: ReactNode;
  /** The caller's form, where it reads or sets values itself; else the dialog makes its own. */
  form?: FormInstance<V>;
  /** The form fields a server field error may name (a nested one as `admin.userName`). */
  fields: readonly string[];
  /** Saves the checked values; resolving shows `done` as the message and calls onDone (else onClose). */
  submit(values: V): Promise<unknown>;
  done: string;
  onClose(): void;
  onDone?(): void;
  /** The values of a stored record, read once as the dialog opens; failing to read closes it. */
  load?(): Promise<Partial<V>>;
  initialValues?: Partial<V>;
  width?: number;
  okText?: string;
  /** Buttons before Cancel and OK. */
  extraButtons?: ReactNode;
  /** More of antd's Form props (a test id, an aria label, a change handler). */
  formProps?: Omit<FormProps<V>, 'form' | 'initialValues' | 'children'> & { 'data-testid'?: string };
  /** Shown above the form. */
  intro?: ReactNode;
  /** The form's items. */
  children: ReactNode;
};

/** A dialog holding one form: OK checks and saves it, a server field error shows on its field. */
export function FormModal<V extends object>({ open = true, fields, submit, done, onClose, ...props }: Props<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  const [saving, setSaving] = useState(false);
  useLoad(form, props.load, onClose);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await submit(values);
      void message.success(done);
      (props.onDone ?? onClose)();
    } catch (e) {
      // The field names are the form's own; antd cannot see that through the generic values type.
      const setFields = form.setFields as (errors: { name: string[]; errors: string[] }[]) => void;
      const setNamed = (errors: { name: string; errors: string[] }[]) =>
        setFields(errors.map((error) => ({ ...error, name: error.name.split('.') })));
      showSaveError(e, fields, setNamed, (text) => void message.error(text));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      open={open}
      title={props.title}
      width={props.width}
      okText={props.okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      footer={
        props.extraButtons
          ? (buttons) => (
              <>
                {props.extraButtons}
                {buttons}
              </>
            )
          : undefined
      }
    >
      {props.intro}
      <Form<V> {...props.formProps} form={form} layout="vertical" preserve={false} initialValues={props.initialValues}>
        {props.children}
      </Form>
    </AppModal>
  );
}

/** Fills the form from `load` once; a failed read closes the dialog (the HTTP client has said why). */
function useLoad<V extends object>(
  form: FormInstance<V>,
  load: (() => Promise<Partial<V>>) | undefined,
  onClose: () => void,
) {
  // The first render's reader and close: a parent's re-render passes new closures for the same record.
  const first = useRef({ load, onClose });
  useEffect(() => {
    const { load: read, onClose: close } = first.current;
    read?.()
      .then((values) => form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]))
      .catch(close);
  }, [form]);
}

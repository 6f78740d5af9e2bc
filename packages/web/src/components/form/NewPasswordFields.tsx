import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules } from '../zod-rules.ts';

type Props = {
  name: string;
  label: string;
  rules: FormRule[];
  /** The field that repeats it. */
  confirmName: string;
  confirmLabel: string;
};

/** A new password and its confirmation, which must match it. */
export function NewPasswordFields({ name, label, rules, confirmName, confirmLabel }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={label} name={name} required rules={rules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name={confirmName}
        dependencies={[name]}
        rules={confirmRules(name, { required: t('form.required'), mismatch: t('form.passwordMismatch') })}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

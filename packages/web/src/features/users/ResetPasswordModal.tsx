import { resetPasswordBodySchema, type UserRow } from '@trestle/shared';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { confirmRules, fieldErrorsToFields, zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { useResetPassword } from './users-api.ts';

type Values = { password: string; confirm: string };

/** The admin sets a temporary password; the user's sessions end and the next sign-in must change it. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });

  const submit = async () => {
    const { password } = await form.validateFields();
    if (!user) return;
    try {
      await reset.mutateAsync({ id: user.id, password });
      void message.success(t('users-roles.passwordReset'));
      onClose();
    } catch (e) {
      const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, ['password'] as const) : [];
      if (errors.length) form.setFields(errors);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <AppModal
      open={user !== null}
      title={t('users-roles.resetPasswordOf', { name: user?.userName ?? '' })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('users-roles.resetHint')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" preserve={false}>
        <Form.Item
          label={t('users-roles.temporaryPassword')}
          name="password"
          required
          rules={[zodRule(resetPasswordBodySchema.shape.password, translate)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('users-roles.confirmPassword')}
          name="confirm"
          dependencies={['password']}
          rules={confirmRules('password', { required: t('form.required'), mismatch: t('form.passwordMismatch') })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

import { modifyPwdBodySchema } from '@trestle/shared';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
// [issue 4: site-login-settings] LoginSet's password policy, checked in the form as on the server
import { passwordPolicyRule, usePasswordPolicy } from '../../components/site-appearance.tsx';
import { confirmRules, fieldErrorsToFields, zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { modifyPassword } from './user-info-api.ts';

type PasswordForm = { oldPwd: string; newPwd: string; confirmPwd: string };

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const policy = usePasswordPolicy().data;
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });

  const submit = async () => {
    const { oldPwd, newPwd } = await form.validateFields();
    setBusy(true);
    try {
      await modifyPassword({ oldPwd, newPwd });
      void message.success(t('userInfo.passwordChanged'));
      form.resetFields();
      onClose();
    } catch (e) {
      const fieldErrors =
        e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, ['oldPwd', 'newPwd'] as const) : [];
      if (fieldErrors.length > 0) form.setFields(fieldErrors);
      else void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      title={t('userInfo.changePassword')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Form<PasswordForm> form={form} layout="vertical" preserve={false}>
        <Form.Item
          label={t('userInfo.oldPassword')}
          name="oldPwd"
          required
          rules={[zodRule(modifyPwdBodySchema.shape.oldPwd, translate)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('userInfo.newPassword')}
          name="newPwd"
          required
          rules={[zodRule(modifyPwdBodySchema.shape.newPwd, translate), passwordPolicyRule(policy)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('userInfo.confirmPassword')}
          name="confirmPwd"
          dependencies={['newPwd']}
          rules={confirmRules('newPwd', { required: t('form.required'), mismatch: t('form.passwordMismatch') })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

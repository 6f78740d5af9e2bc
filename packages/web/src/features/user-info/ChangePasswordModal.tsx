import { modifyPwdBodySchema } from '@trestle/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/FormModal.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
// LoginSet's password policy, checked in the form as on the server.
import { passwordPolicyRule, usePasswordPolicy } from '../../components/site-appearance.tsx';
import { modifyPassword } from './user-info-api.ts';

type PasswordForm = { oldPwd: string; newPwd: string; confirmPwd: string };

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const policy = usePasswordPolicy().data;
  const rule = useSchemaRule(modifyPwdBodySchema.shape);

  return (
    <FormModal<PasswordForm>
      open={open}
      title={t('userInfo.changePassword')}
      form={form}
      fields={['oldPwd', 'newPwd']}
      submit={async ({ oldPwd, newPwd }) => {
        await modifyPassword({ oldPwd, newPwd });
        form.resetFields();
      }}
      done={t('userInfo.passwordChanged')}
      onClose={onClose}
    >
      <Form.Item label={t('userInfo.oldPassword')} name="oldPwd" required rules={[rule('oldPwd')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        name="newPwd"
        label={t('userInfo.newPassword')}
        rules={[rule('newPwd'), passwordPolicyRule(policy)]}
        confirmName="confirmPwd"
        confirmLabel={t('userInfo.confirmPassword')}
      />
    </FormModal>
  );
}

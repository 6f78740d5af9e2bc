import { resetPasswordBodySchema, type UserRow } from '@trestle/shared';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/FormModal.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { zodRule } from '../../components/zod-rules.ts';
import { useResetPassword } from './users-api.ts';

type Values = { password: string; confirm: string };

/** The admin sets a temporary password; the user's sessions end and the next sign-in must change it. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });

  return (
    <FormModal<Values>
      open={user !== null}
      title={t('users-roles.resetPasswordOf', { name: user?.userName ?? '' })}
      form={form}
      fields={['password']}
      // The dialog is open only with a user.
      submit={({ password }) => (user ? reset.mutateAsync({ id: user.id, password }) : Promise.resolve())}
      done={t('users-roles.passwordReset')}
      onClose={onClose}
      intro={<Typography.Paragraph type="secondary">{t('users-roles.resetHint')}</Typography.Paragraph>}
    >
      <NewPasswordFields
        name="password"
        label={t('users-roles.temporaryPassword')}
        rules={[zodRule(resetPasswordBodySchema.shape.password, translate)]}
        confirmName="confirm"
        confirmLabel={t('users-roles.confirmPassword')}
      />
    </FormModal>
  );
}

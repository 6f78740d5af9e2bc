import { type RegisterBody, registerBodySchema } from '@trestle/shared';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
// LoginSet's password policy and registration switch
import { passwordPolicyRule, usePasswordPolicy } from '../../components/site-appearance.tsx';
import { showStaticMessage } from '../../components/static-message.ts';
import { fieldErrorsToFields } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { register, useLoginConfig } from './auth-api.ts';

type RegisterForm = RegisterBody & { confirmPassword: string };

const fields = registerBodySchema.shape;
const fieldNames = ['userName', 'password', 'userTrueName', 'phone', 'email'] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [busy, setBusy] = useState(false);
  const policy = usePasswordPolicy().data;
  const registerEnabled = useLoginConfig().data?.registerEnabled !== false;
  const rule = useSchemaRule(fields);

  const onFinish = async ({ confirmPassword: _confirm, ...body }: RegisterForm) => {
    setBusy(true);
    try {
      await register(body);
      // Outside antd's App, as the sign-in screen it goes to.
      showStaticMessage('success', t('register.success'));
      await navigate('/login');
    } catch (e) {
      const fieldErrors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, fieldNames) : [];
      if (fieldErrors.length > 0) form.setFields(fieldErrors);
      else showStaticMessage('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-screen">
      <section className="auth-card" style={{ width: 440 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <h1 className="auth-title">{t('register.heading')}</h1>
          <LanguageSwitcher />
        </Space>
        {!registerEnabled && (
          <Alert type="info" showIcon style={{ marginTop: 16 }} title={t('site-login-settings.registerOff')} />
        )}
        <Form<RegisterForm>
          hidden={!registerEnabled}
          form={form}
          layout="vertical"
          onFinish={onFinish}
          style={{ marginTop: 16 }}
        >
          <Form.Item label={t('login.userName')} name="userName" required rules={[rule('userName')]}>
            <Input autoComplete="username" />
          </Form.Item>
          <NewPasswordFields
            name="password"
            label={t('login.password')}
            rules={[rule('password'), passwordPolicyRule(policy)]}
            confirmName="confirmPassword"
            confirmLabel={t('register.confirmPassword')}
          />
          <Form.Item label={t('register.userTrueName')} name="userTrueName" required rules={[rule('userTrueName')]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label={t('register.phone')} name="phone" required rules={[rule('phone')]}>
            <Input autoComplete="tel" />
          </Form.Item>
          <Form.Item label={t('register.email')} name="email" required rules={[rule('email')]}>
            <Input autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('register.submit')}
          </Button>
        </Form>
        <div style={{ marginTop: 12 }}>
          <Link to="/login">{t('register.backToLogin')}</Link>
        </div>
      </section>
    </main>
  );
}

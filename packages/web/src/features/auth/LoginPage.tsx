import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, type LoginBody } from '@trestle/shared';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
// The logo, background and the image captcha from LoginSet/SiteConfig
import { CaptchaField, usePublicSite } from '../../components/site-appearance.tsx';
import { HttpError } from '../../lib/http/transport.ts';
import { takeReturnTo } from '../../lib/return-to.ts';
import { useAppStore } from '../../lib/store.ts';
import { login, useLoginConfig } from './auth-api.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useLoginConfig();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const site = usePublicSite().data;
  const [captchaRound, setCaptchaRound] = useState(0);
  // The server asks for the captcha on its own while this account is under attack from elsewhere.
  const [captchaAsked, setCaptchaAsked] = useState(false);

  const onFinish = async (values: LoginBody) => {
    setBusy(true);
    setError(null);
    try {
      const result = await login(values);
      const store = useAppStore.getState();
      store.setUserInfo(result);
      // A different user may sign in: the guard must load their own buttons and menu.
      store.clearPermission();
      store.setButtons([]);
      // After an admin's password reset the change-password dialog comes first (the personal center opens it).
      const target = takeReturnTo();
      await navigate(result.mustChangePassword ? '/UserInfo' : target, { replace: true });
    } catch (e) {
      setError(e instanceof HttpError || e instanceof Error ? e.message : String(e));
      if (e instanceof HttpError && e.code === ErrorCode.captchaRequired) setCaptchaAsked(true);
      // Every captcha allows one try: a failed sign-in needs a new picture.
      setCaptchaRound((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main
      className="auth-screen"
      style={site?.background ? { backgroundImage: `url(${site.background})`, backgroundSize: 'cover' } : undefined}
    >
      <section className="auth-card" style={{ width: 380 }}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <h1 className="auth-title">
              {site?.logo && <img src={site.logo} alt="" style={{ height: 28, marginRight: 8 }} />}
              {config.data?.title || t('app.name')}
            </h1>
            <LanguageSwitcher />
          </Space>
          <span className="auth-heading">{t('login.heading')}</span>
          {error && <Alert type="error" showIcon title={error} />}
          <Form<LoginBody> layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item
              label={t('login.userName')}
              name="userName"
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            {(site?.captchaEnabled || captchaAsked) && (
              <CaptchaField round={captchaRound} onRefresh={() => setCaptchaRound((n) => n + 1)} />
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
          {config.data?.registerEnabled && <Link to="/Register">{t('login.register')}</Link>}
        </Space>
      </section>
    </main>
  );
}

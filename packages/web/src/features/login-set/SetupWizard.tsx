import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LoginSettingsBody, type SetupAdminBody, setupAdminBodySchema } from '@trestle/shared';
import { Alert, App, Button, Card, Form, Input, Space, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator } from 'react-router-dom';
import { showSaveError } from '../../components/form/save-error.ts';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { passwordPolicyRule, siteKeys, usePasswordPolicy } from '../../components/site-appearance.tsx';
import { showStaticMessage } from '../../components/static-message.ts';
import { dropSetupCode, heldSetupCode, holdSetupCode } from '../../lib/setup-code.ts';
import { useAppStore } from '../../lib/store.ts';
import { LoginSettingsFields, loginSetFieldNames, withRegisterTarget } from './LoginSettingsFields.tsx';
import { checkSetupCode, createFirstAdmin, getSetupState, loginSetKeys, saveSetupLoginSet } from './login-set-api.ts';

type AdminForm = Omit<SetupAdminBody, 'code'>;
const adminFields = ['userName', 'userTrueName', 'password'] as const;

/** Shows the server's field errors on the form, or the message when no field is named. */
function useFailure() {
  const { message } = App.useApp();
  return <K extends string>(
    e: unknown,
    setFields: (errors: { name: K; errors: string[] }[]) => void,
    names: readonly K[],
  ) => showSaveError(e, names, setFields, (text) => void message.error(text));
}

/** First-run setup: the code from the server log, then the sign-in settings, then the first administrator. */
export function SetupWizard() {
  const { t } = useTranslation();
  const state = useQuery({ queryKey: loginSetKeys.setupState(), queryFn: getSetupState });
  const [code, setCode] = useState('');
  const [login, setLogin] = useState<LoginSettingsBody | null>(null);
  const [step, setStep] = useState(0);
  const revalidator = useRevalidator();

  // Back from the tenant or data-source screen: the held code is checked again, and the wizard goes on.
  useEffect(() => {
    const held = heldSetupCode();
    if (!held) return;
    checkSetupCode(held).then((settings) => {
      setCode(held);
      setLogin(settings);
      setStep((s) => Math.max(s, 1));
    }, dropSetupCode);
  }, []);

  if (state.data && !state.data.setupOpen) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('site-login-settings.setup.closed')}
        action={<Link to="/login">{t('login.submit')}</Link>}
      />
    );
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      {/* Nobody is signed in yet, so no menu names the page: the wizard's own heading is its level-1 one. */}
      <Typography.Title level={1} className="app-page-title">
        {t('site-login-settings.setup.heading')}
      </Typography.Title>
      <Steps
        current={step}
        items={[
          { title: t('site-login-settings.setup.stepCode') },
          { title: t('site-login-settings.setup.stepLogin') },
          { title: t('site-login-settings.setup.stepAdmin') },
        ]}
      />
      {step === 0 && (
        <CodeStep
          onDone={(c, settings) => {
            holdSetupCode(c);
            setCode(c);
            setLogin(settings);
            setStep(1);
            // The guard loads the menu the code opens (this screen, tenants, data sources).
            void revalidator.revalidate();
          }}
        />
      )}
      {step > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('site-login-settings.setup.moreTitle')}
          description={
            <Space size="middle">
              <Link to="/TenantMan">{t('site-login-settings.setup.tenants')}</Link>
              <Link to="/DataSourceMan">{t('site-login-settings.setup.dataSources')}</Link>
            </Space>
          }
        />
      )}
      {step === 1 && login && <LoginStep code={code} initial={login} onDone={() => setStep(2)} />}
      {step === 2 && <AdminStep code={code} />}
    </Space>
  );
}

function CodeStep({ onDone }: { onDone(code: string, login: LoginSettingsBody): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const fail = useFailure();
  const submit = async ({ code }: { code: string }) => {
    try {
      onDone(code, await checkSetupCode(code));
    } catch (e) {
      fail(e, form.setFields, ['code'] as const);
    }
  };
  return (
    <Card size="small">
      <Typography.Paragraph>{t('site-login-settings.setup.codeHelp')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={submit}>
        <Form.Item
          label={t('site-login-settings.setup.code')}
          name="code"
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Input autoComplete="off" style={{ width: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('site-login-settings.setup.continue')}
        </Button>
      </Form>
    </Card>
  );
}

function LoginStep({ code, initial, onDone }: { code: string; initial: LoginSettingsBody; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginSettingsBody>();
  const queryClient = useQueryClient();
  const fail = useFailure();
  const submit = async (values: LoginSettingsBody) => {
    try {
      await saveSetupLoginSet(code, withRegisterTarget(values));
      // The password policy (and the sign-in page) may have changed.
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      onDone();
    } catch (e) {
      fail(e, form.setFields, loginSetFieldNames);
    }
  };
  return (
    <Form<LoginSettingsBody>
      form={form}
      initialValues={initial}
      layout="horizontal"
      labelCol={{ span: 8 }}
      wrapperCol={{ span: 14 }}
      onFinish={submit}
    >
      <LoginSettingsFields />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit">
          {t('site-login-settings.setup.saveContinue')}
        </Button>
        <Button onClick={onDone}>{t('site-login-settings.setup.skip')}</Button>
      </Space>
    </Form>
  );
}

function AdminStep({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<AdminForm>();
  const policy = usePasswordPolicy().data;
  const fail = useFailure();
  const rule = useSchemaRule(setupAdminBodySchema.shape);
  const submit = async (values: AdminForm) => {
    try {
      await createFirstAdmin({ ...values, code });
      // Setup is over: the code and the setup menu go; the administrator signs in.
      dropSetupCode();
      useAppStore.getState().clearPermission();
      // The App and its messages leave with this screen: the sign-in screen shows this one.
      showStaticMessage('success', t('site-login-settings.setup.done'));
      await navigate('/login', { replace: true });
    } catch (e) {
      fail(e, form.setFields, adminFields);
    }
  };
  return (
    <Card size="small">
      <Form<AdminForm> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 400 }}>
        <Form.Item label={t('login.userName')} name="userName" required rules={[rule('userName')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('register.userTrueName')} name="userTrueName" required rules={[rule('userTrueName')]}>
          <Input />
        </Form.Item>
        <Form.Item
          label={t('login.password')}
          name="password"
          required
          rules={[rule('password'), passwordPolicyRule(policy)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('site-login-settings.setup.createAdmin')}
        </Button>
      </Form>
    </Card>
  );
}

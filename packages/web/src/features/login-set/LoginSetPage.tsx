import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LoginSettingsBody, TENANT_LOGIN_FIELDS } from '@trestle/shared';
import { Alert, App, Form, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { siteKeys } from '../../components/site-appearance.tsx';
import { fieldErrorsToFields } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { useAppStore } from '../../lib/store.ts';
import { getToken } from '../../lib/token.ts';
import { LoginSettingsFields, loginSetFieldNames, withRegisterTarget } from './LoginSettingsFields.tsx';
import { getLoginSet, loginSetKeys, saveLoginSet } from './login-set-api.ts';
import { SetupWizard } from './SetupWizard.tsx';

/** Button ids of the catalogue (seeded in issue 2). */
const BUTTON = { search: 1, update: 3 } as const;

/**
 * LoginSet. The spec lists it as anonymous: without sign-in it is first-run setup (the one-time code
 * from the server log, the first administrator, these settings), and only while no administrator exists.
 */
export function LoginSetPage() {
  // The store's user is read so that signing in or out re-renders the screen.
  useAppStore((s) => s.userInfo);
  return getToken() ? <LoginSetScreen /> : <SetupWizard />;
}

function LoginSetScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginSettingsBody>();
  const current = useQuery({ queryKey: loginSetKeys.detail(), queryFn: getLoginSet });
  const scope = current.data?.scope;

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    try {
      // A tenant's administrator sends its own fields only: the rest is the platform's.
      const body = scope === 'tenant' ? pick(values, TENANT_LOGIN_FIELDS) : withRegisterTarget(values);
      const saved = await saveLoginSet(body);
      form.setFieldsValue(saved);
      queryClient.setQueryData(loginSetKeys.detail(), saved);
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
      void message.success(t('site-login-settings.saved'));
    } catch (e) {
      const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, loginSetFieldNames) : [];
      if (errors.length > 0) form.setFields(errors);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <ActionToolbar
        items={[
          {
            id: BUTTON.search,
            key: 'refresh',
            label: t('site-login-settings.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void current.refetch(),
          },
          {
            id: BUTTON.update,
            key: 'save',
            label: t('site-login-settings.save'),
            icon: <SaveOutlined />,
            onClick: () => void save().catch(() => {}),
          },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title={t(
          scope === 'tenant' ? 'site-login-settings.login.tenantNote' : 'site-login-settings.login.lifetimesNote',
        )}
      />
      {scope && (
        <Form<LoginSettingsBody> form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 14 }}>
          <LoginSettingsFields scope={scope} />
        </Form>
      )}
    </Space>
  );
}

/** Only `keys` of `values`. */
function pick<T extends object, K extends keyof T>(values: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, values[k]])) as Pick<T, K>;
}

import { type LoginSettingsBody, type LoginSettingsView, TENANT_LOGIN_FIELDS } from '@trestle/shared';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsScreen, useSettingsForm } from '../../components/form/SettingsScreen.tsx';
import { useAppStore } from '../../lib/store.ts';
import { getToken } from '../../lib/token.ts';
import { LoginSettingsFields, loginSetFieldNames, withRegisterTarget } from './LoginSettingsFields.tsx';
import { getLoginSet, loginSetKeys, saveLoginSet } from './login-set-api.ts';
import { SetupWizard } from './SetupWizard.tsx';

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
  const settings = useSettingsForm<LoginSettingsBody, LoginSettingsView>({
    queryKey: loginSetKeys.detail(),
    load: getLoginSet,
    // A tenant's administrator sends its own fields only: the rest is the platform's.
    store: (values, scope) =>
      saveLoginSet(scope === 'tenant' ? pick(values, TENANT_LOGIN_FIELDS) : withRegisterTarget(values)),
    fieldNames: loginSetFieldNames,
  });
  const { scope } = settings;

  return (
    <SettingsScreen settings={settings}>
      <Alert
        type="info"
        showIcon
        title={t(
          scope === 'tenant' ? 'site-login-settings.login.tenantNote' : 'site-login-settings.login.lifetimesNote',
        )}
      />
      {scope && (
        <Form<LoginSettingsBody>
          form={settings.form}
          layout="horizontal"
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 14 }}
        >
          <LoginSettingsFields scope={scope} />
        </Form>
      )}
    </SettingsScreen>
  );
}

/** Only `keys` of `values`. */
function pick<T extends object, K extends keyof T>(values: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, values[k]])) as Pick<T, K>;
}

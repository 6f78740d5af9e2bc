import { useQuery } from '@tanstack/react-query';
import { type LoginSettingsBody, loginSettingsBodySchema, type SettingsScope } from '@trestle/shared';
import { Card, Checkbox, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../components/form/ImageDataUrlInput.tsx';
import { NumberSetting } from '../../components/form/SettingsScreen.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { getRegisterOptions, loginSetKeys } from './login-set-api.ts';

const fields = loginSettingsBodySchema.shape;
export const loginSetFieldNames = Object.keys(fields) as (keyof LoginSettingsBody)[];

/** A cleared tenant or role select holds undefined; the server needs null ("none"), not "unchanged". */
export const withRegisterTarget = <T extends Partial<LoginSettingsBody>>(values: T): T => ({
  ...values,
  registerTenantId: values.registerTenantId ?? null,
  registerRoleId: values.registerRoleId ?? null,
});

/**
 * The LoginSet form items (inside a Form<LoginSettingsBody>), shared by the screen and first-run setup.
 * The platform administrator (and setup) sees them all; a tenant's administrator only its users'
 * password policy, the one part of sign-in that is its tenant's own.
 */
export function LoginSettingsFields({ scope = 'platform' }: { scope?: SettingsScope }) {
  const { t } = useTranslation();
  const rule = useSchemaRule(fields);
  const label = (name: string) => t(`site-login-settings.login.${name}`);
  const number = (name: keyof typeof fields) => ({ name, label: label(name), rule: rule(name) });
  const classes = ['passwordUpper', 'passwordLower', 'passwordDigit', 'passwordSymbol'] as const;

  const policy = (
    <Card size="small" title={t('site-login-settings.login.policy')} style={{ marginTop: scope === 'tenant' ? 0 : 16 }}>
      <NumberSetting {...number('passwordMinLength')} min={8} max={64} />
      {classes.map((name) => (
        <Form.Item key={name} label={label(name)} name={name} valuePropName="checked">
          <Checkbox />
        </Form.Item>
      ))}
    </Card>
  );
  if (scope === 'tenant') return policy;

  return (
    <>
      <Card size="small" title={t('site-login-settings.login.page')}>
        <Form.Item label={label('title')} name="title" required rules={[rule('title')]}>
          <Input maxLength={100} />
        </Form.Item>
        <ImageField name="background" label={label('background')} />
        <Form.Item label={label('captchaEnabled')} name="captchaEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <RegistrationFields />
      </Card>
      <Card size="small" title={t('site-login-settings.login.lockout')} style={{ marginTop: 16 }}>
        <NumberSetting
          {...number('lockoutThreshold')}
          min={1}
          max={100}
          extra={t('site-login-settings.login.lockoutHelp')}
        />
        <NumberSetting {...number('lockoutMinutes')} min={1} max={1440} />
      </Card>
      {policy}
    </>
  );
}

/** Registration's switch, and the tenant and role a new account gets (roles of that tenant, enabled, not super). */
function RegistrationFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<LoginSettingsBody>();
  const tenantId = Form.useWatch('registerTenantId', form);
  const enabled = Form.useWatch('registerEnabled', form);
  const options = useQuery({ queryKey: loginSetKeys.registerOptions(), queryFn: getRegisterOptions });
  const label = (name: string) => t(`site-login-settings.login.${name}`);
  const tenant = options.data?.find((o) => o.id === tenantId);
  const needed = enabled ? [{ required: true, message: t('form.required') }] : [];
  return (
    <>
      <Form.Item label={label('registerEnabled')} name="registerEnabled" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label={label('registerTenantId')} name="registerTenantId" required={enabled} rules={needed}>
        <Select
          allowClear
          loading={options.isLoading}
          options={options.data?.map((o) => ({ value: o.id, label: o.name }))}
          onChange={() => form.setFieldValue('registerRoleId', null)}
        />
      </Form.Item>
      <Form.Item
        label={label('registerRoleId')}
        name="registerRoleId"
        required={enabled}
        rules={needed}
        extra={t('site-login-settings.login.registerRoleHelp')}
      >
        <Select
          allowClear
          disabled={!tenant}
          options={tenant?.roles.map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
        />
      </Form.Item>
    </>
  );
}

import { type LoginSettingsBody, loginSettingsBodySchema } from '@trestle/shared';
import { Card, Checkbox, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageDataUrlInput } from '../../components/form/ImageDataUrlInput.tsx';
import { zodRule } from '../../components/zod-rules.ts';

const fields = loginSettingsBodySchema.shape;
export const loginSetFieldNames = Object.keys(fields) as (keyof LoginSettingsBody)[];

/** The LoginSet form items (inside a Form<LoginSettingsBody>), shared by the screen and first-run setup. */
export function LoginSettingsFields() {
  const { t } = useTranslation();
  const rule = (name: keyof typeof fields) =>
    zodRule(fields[name], (msg) => t(`validation.${msg}`, { defaultValue: msg }));
  const label = (name: string) => t(`site-login-settings.login.${name}`);
  const classes = ['passwordUpper', 'passwordLower', 'passwordDigit', 'passwordSymbol'] as const;

  return (
    <>
      <Card size="small" title={t('site-login-settings.login.page')}>
        <Form.Item label={label('title')} name="title" required rules={[rule('title')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={label('background')} name="background">
          <ImageDataUrlInput label={label('background')} />
        </Form.Item>
        <Form.Item label={label('captchaEnabled')} name="captchaEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={label('registerEnabled')} name="registerEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={label('defaultRoleCode')} name="defaultRoleCode" required rules={[rule('defaultRoleCode')]}>
          <Input maxLength={50} />
        </Form.Item>
      </Card>
      <Card size="small" title={t('site-login-settings.login.lockout')} style={{ marginTop: 16 }}>
        <Form.Item
          label={label('lockoutThreshold')}
          name="lockoutThreshold"
          required
          rules={[rule('lockoutThreshold')]}
        >
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item label={label('lockoutMinutes')} name="lockoutMinutes" required rules={[rule('lockoutMinutes')]}>
          <InputNumber min={1} max={1440} precision={0} />
        </Form.Item>
      </Card>
      <Card size="small" title={t('site-login-settings.login.policy')} style={{ marginTop: 16 }}>
        <Form.Item
          label={label('passwordMinLength')}
          name="passwordMinLength"
          required
          rules={[rule('passwordMinLength')]}
        >
          <InputNumber min={8} max={64} precision={0} />
        </Form.Item>
        {classes.map((name) => (
          <Form.Item key={name} label={label(name)} name={name} valuePropName="checked">
            <Checkbox />
          </Form.Item>
        ))}
      </Card>
    </>
  );
}

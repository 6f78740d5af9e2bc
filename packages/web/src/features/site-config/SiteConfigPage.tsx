import {
  PAGE_SIZES,
  type SiteSettingsBody,
  type SiteSettingsView,
  siteSettingsBodySchema,
  UPLOAD_KINDS,
} from '@trestle/shared';
import { Alert, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/form/CheckboxGroupField.tsx';
import { ImageField } from '../../components/form/ImageDataUrlInput.tsx';
import { NumberSetting, SettingsScreen, useSettingsForm } from '../../components/form/SettingsScreen.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { DocumentSettings } from './DocumentSettings.tsx';
import { getSiteConfig, saveSiteConfig, siteConfigKeys } from './site-config-api.ts';

const fields = siteSettingsBodySchema.shape;
const names = Object.keys(fields) as (keyof SiteSettingsBody)[];

/**
 * SiteConfig: the system's name, logo, footer, upload limits, list page size, token lifetimes and log
 * retention. The platform administrator sets them all (every tenant's defaults); a tenant's
 * administrator only what its own users see: name, logo, footer and page size.
 */
export function SiteConfigPage() {
  const { t } = useTranslation();
  const settings = useSettingsForm<SiteSettingsBody, SiteSettingsView>({
    queryKey: siteConfigKeys.detail(),
    load: getSiteConfig,
    // An emptied pattern falls back to the document's own.
    store: (values) =>
      saveSiteConfig({
        ...values,
        codePatterns: Object.fromEntries(Object.entries(values.codePatterns ?? {}).filter(([, p]) => p)),
      }),
    fieldNames: names,
  });
  const { scope } = settings;
  const rule = useSchemaRule(fields);
  const label = (name: string) => t(`site-login-settings.site.${name}`);

  return (
    <SettingsScreen settings={settings}>
      {scope === 'tenant' && <Alert type="info" showIcon title={t('site-login-settings.site.tenantNote')} />}
      <Form<SiteSettingsBody> form={settings.form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 14 }}>
        <Card size="small" title={t('site-login-settings.site.appearance')}>
          <Form.Item label={label('systemName')} name="systemName" required rules={[rule('systemName')]}>
            <Input maxLength={50} />
          </Form.Item>
          <ImageField name="logo" label={label('logo')} />
          <Form.Item label={label('footerText')} name="footerText" rules={[rule('footerText')]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label={label('pageSize')} name="pageSize" required>
            <Select options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))} />
          </Form.Item>
        </Card>
        <DocumentSettings />
        {scope === 'platform' && <PlatformCards />}
      </Form>
    </SettingsScreen>
  );
}

/** Upload limits, token lifetimes and log retention: the whole platform's, its administrator's alone. */
function PlatformCards() {
  const { t } = useTranslation();
  const rule = useSchemaRule(fields);
  const label = (name: string) => t(`site-login-settings.site.${name}`);
  const number = (name: keyof typeof fields) => ({ name, label: label(name), rule: rule(name) });
  return (
    <>
      <Card size="small" title={t('site-login-settings.site.uploads')} style={{ marginTop: 16 }}>
        <NumberSetting {...number('uploadMaxMb')} min={1} max={100} suffix="MB" />
        <Form.Item label={label('uploadKinds')} name="uploadKinds" required rules={[rule('uploadKinds')]}>
          <CheckboxGroupField
            options={UPLOAD_KINDS.map((k) => ({ value: k, label: t(`site-login-settings.kind.${k}`) }))}
          />
        </Form.Item>
      </Card>
      <Card size="small" title={t('site-login-settings.site.security')} style={{ marginTop: 16 }}>
        <NumberSetting {...number('accessTokenMinutes')} min={5} max={1440} />
        <NumberSetting {...number('sessionMaxHours')} min={1} max={720} />
        <NumberSetting {...number('logRetentionDays')} min={1} max={3650} />
      </Card>
    </>
  );
}

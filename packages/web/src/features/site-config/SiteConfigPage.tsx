import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type SiteSettingsBody, siteSettingsBodySchema, UPLOAD_KINDS } from '@trestle/shared';
import { Alert, App, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { CheckboxGroupField } from '../../components/form/CheckboxGroupField.tsx';
import { ImageDataUrlInput } from '../../components/form/ImageDataUrlInput.tsx';
import { siteKeys } from '../../components/site-appearance.tsx';
import { fieldErrorsToFields, zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { DocumentSettings } from './DocumentSettings.tsx';
import { getSiteConfig, saveSiteConfig, siteConfigKeys } from './site-config-api.ts';

/** Button ids of the catalogue (seeded in issue 2). */
const BUTTON = { search: 1, update: 3 } as const;
const fields = siteSettingsBodySchema.shape;
const names = Object.keys(fields) as (keyof SiteSettingsBody)[];

/**
 * SiteConfig: the system's name, logo, footer, upload limits, list page size, token lifetimes and log
 * retention. The platform administrator sets them all (every tenant's defaults); a tenant's
 * administrator only what its own users see: name, logo, footer and page size.
 */
export function SiteConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SiteSettingsBody>();
  const current = useQuery({ queryKey: siteConfigKeys.detail(), queryFn: getSiteConfig });
  const scope = current.data?.scope;
  const rule = (name: keyof typeof fields) =>
    zodRule(fields[name], (msg) => t(`validation.${msg}`, { defaultValue: msg }));
  const label = (name: string) => t(`site-login-settings.site.${name}`);

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    // An emptied pattern falls back to the document's own.
    const codePatterns = Object.fromEntries(Object.entries(values.codePatterns ?? {}).filter(([, p]) => p));
    try {
      const saved = await saveSiteConfig({ ...values, codePatterns });
      form.setFieldsValue(saved);
      queryClient.setQueryData(siteConfigKeys.detail(), saved);
      // The shell (name, logo, footer, page size) reads these: fetch them again.
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
      void message.success(t('site-login-settings.saved'));
    } catch (e) {
      const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, names) : [];
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
      {scope === 'tenant' && <Alert type="info" showIcon title={t('site-login-settings.site.tenantNote')} />}
      <Form<SiteSettingsBody> form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 14 }}>
        <Card size="small" title={t('site-login-settings.site.appearance')}>
          <Form.Item label={label('systemName')} name="systemName" required rules={[rule('systemName')]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label={label('logo')} name="logo">
            <ImageDataUrlInput label={label('logo')} />
          </Form.Item>
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
    </Space>
  );
}

/** Upload limits, token lifetimes and log retention: the whole platform's, its administrator's alone. */
function PlatformCards() {
  const { t } = useTranslation();
  const rule = (name: keyof typeof fields) =>
    zodRule(fields[name], (msg) => t(`validation.${msg}`, { defaultValue: msg }));
  const label = (name: string) => t(`site-login-settings.site.${name}`);
  return (
    <>
      <Card size="small" title={t('site-login-settings.site.uploads')} style={{ marginTop: 16 }}>
        <Form.Item label={label('uploadMaxMb')} name="uploadMaxMb" required rules={[rule('uploadMaxMb')]}>
          <InputNumber min={1} max={100} precision={0} suffix="MB" />
        </Form.Item>
        <Form.Item label={label('uploadKinds')} name="uploadKinds" required rules={[rule('uploadKinds')]}>
          <CheckboxGroupField
            options={UPLOAD_KINDS.map((k) => ({ value: k, label: t(`site-login-settings.kind.${k}`) }))}
          />
        </Form.Item>
      </Card>
      <Card size="small" title={t('site-login-settings.site.security')} style={{ marginTop: 16 }}>
        <Form.Item
          label={label('accessTokenMinutes')}
          name="accessTokenMinutes"
          required
          rules={[rule('accessTokenMinutes')]}
        >
          <InputNumber min={5} max={1440} precision={0} />
        </Form.Item>
        <Form.Item label={label('sessionMaxHours')} name="sessionMaxHours" required rules={[rule('sessionMaxHours')]}>
          <InputNumber min={1} max={720} precision={0} />
        </Form.Item>
        <Form.Item
          label={label('logRetentionDays')}
          name="logRetentionDays"
          required
          rules={[rule('logRetentionDays')]}
        >
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
      </Card>
    </>
  );
}

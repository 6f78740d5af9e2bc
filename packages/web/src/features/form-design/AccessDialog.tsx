import { CopyOutlined } from '@ant-design/icons';
import type { FormAccess } from '@trestle/shared';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { saveAccess, useRoles } from '../../components/form-design/form-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';

/** The address a public link is filled at (the app's own page, hash-routed). */
const publicUrl = (token: string) => `${location.origin}${location.pathname}#/formSubmit?link=${token}`;

/**
 * Who may design, fill and read one form, and its public link (on or off, until when, how many answers,
 * with a captcha or not), with the link's address to copy once it is on.
 */
export function AccessDialog({
  id,
  version,
  title,
  access,
  publicToken,
  published,
  onClose,
  onSaved,
}: {
  id: number;
  version: number;
  title: string;
  access: FormAccess;
  publicToken: string | null;
  published: boolean;
  onClose(): void;
  onSaved(result: { version: number; publicToken: string | null; access: FormAccess }): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useRoles();
  const [value, setValue] = useState<FormAccess>(access);
  const [token, setToken] = useState(publicToken);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const link = value.publicLink;
  const setLink = (patch: Partial<FormAccess['publicLink']>) =>
    setValue({ ...value, publicLink: { ...link, ...patch } });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const result = await saveAccess(id, version, value);
      setToken(result.publicToken);
      void message.success(t('formDesign.accessDialog.saved'));
      onSaved({ ...result, access: value });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (Object.keys(e.fieldErrors).length) setErrors(e.fieldErrors);
      else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  const roleSelect = (key: 'designRoles' | 'fillRoles' | 'readRoles') => {
    const label = t(`formDesign.accessDialog.${key}`);
    return (
      <Form.Item
        label={label}
        help={errors[`access.${key}`] ?? errors[key] ?? t('formDesign.accessDialog.rolesHint')}
        validateStatus={errors[key] ? 'error' : undefined}
      >
        <Select
          aria-label={label}
          mode="multiple"
          allowClear
          optionFilterProp="label"
          value={value[key]}
          options={roleOptions.length ? roleOptions : value[key].map((r) => ({ value: r, label: String(r) }))}
          onChange={(ids: number[]) => setValue({ ...value, [key]: ids })}
        />
      </Form.Item>
    );
  };

  const address = token && link.enabled ? publicUrl(token) : null;
  return (
    <AppModal
      open
      width={640}
      title={t('formDesign.accessDialog.title', { title })}
      onCancel={onClose}
      mask={{ closable: false }}
      okText={t('formDesign.accessDialog.save')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save()}
    >
      <Form layout="vertical" component="div">
        {!published && (
          <Alert type="info" showIcon title={t('formDesign.accessDialog.unpublished')} style={{ marginBottom: 12 }} />
        )}
        {roleSelect('designRoles')}
        {roleSelect('fillRoles')}
        {roleSelect('readRoles')}
        <Form.Item label={t('formDesign.accessDialog.publicLink')}>
          <Switch
            aria-label={t('formDesign.accessDialog.publicLink')}
            checked={link.enabled}
            onChange={(enabled) => setLink({ enabled })}
          />
        </Form.Item>
        {link.enabled && (
          <>
            <Space wrap>
              <Form.Item label={t('formDesign.accessDialog.expiresAt')} help={errors['publicLink.expiresAt']}>
                <DatePicker
                  aria-label={t('formDesign.accessDialog.expiresAt')}
                  showTime
                  value={link.expiresAt ? dayjs(link.expiresAt) : null}
                  onChange={(d) => setLink({ expiresAt: d ? d.toISOString() : null })}
                />
              </Form.Item>
              <Form.Item label={t('formDesign.accessDialog.maxCount')} help={errors['publicLink.maxCount']}>
                <InputNumber
                  aria-label={t('formDesign.accessDialog.maxCount')}
                  min={1}
                  max={1_000_000}
                  precision={0}
                  value={link.maxCount}
                  onChange={(v) => setLink({ maxCount: typeof v === 'number' ? v : null })}
                />
              </Form.Item>
              <Form.Item label={t('formDesign.accessDialog.captcha')}>
                <Switch
                  aria-label={t('formDesign.accessDialog.captcha')}
                  checked={link.captcha}
                  onChange={(captcha) => setLink({ captcha })}
                />
              </Form.Item>
            </Space>
            <Form.Item
              label={t('formDesign.accessDialog.url')}
              help={address ? undefined : t('formDesign.accessDialog.urlAfterSave')}
            >
              {address && (
                <Space.Compact style={{ width: '100%' }}>
                  <Input aria-label={t('formDesign.accessDialog.url')} readOnly value={address} />
                  <Button
                    icon={<CopyOutlined />}
                    aria-label={t('formDesign.accessDialog.copy')}
                    onClick={() =>
                      void navigator.clipboard
                        ?.writeText(address)
                        .then(() => message.success(t('formDesign.accessDialog.copied')))
                    }
                  />
                </Space.Compact>
              )}
            </Form.Item>
          </>
        )}
      </Form>
    </AppModal>
  );
}

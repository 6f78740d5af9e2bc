import { type DataSourceInput, type DataSourceTestResult, dataSourceInputSchema } from '@trestle/shared';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { addDataSource, getDataSource, testDataSource, updateDataSource } from './data-sources-api.ts';

const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;

/** Add or edit an external database; the password is write-only (empty on edit keeps the stored one). */
export function DataSourceDialog({
  id,
  onClose,
  onSaved,
}: {
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DataSourceInput>();
  const [version, setVersion] = useState(1);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [result, setResult] = useState<DataSourceTestResult | null>(null);
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });
  const rule = (name: keyof typeof dataSourceInputSchema.shape) => [
    zodRule(dataSourceInputSchema.shape[name], translate),
  ];
  const adding = id === null;

  useEffect(() => {
    if (id === null) return;
    getDataSource(id)
      .then((row) => {
        setVersion(row.version);
        form.setFieldsValue({ ...row, password: '' });
      })
      .catch(onClose);
  }, [id, form, onClose]);

  /** Server field errors go on their fields; anything else is a message. */
  const showError = (e: unknown) => {
    if (!(e instanceof HttpError)) throw e;
    const placed = Object.entries(e.fieldErrors).map(([name, error]) => ({ name, errors: [error] }));
    if (placed.length) form.setFields(placed as never);
    else void message.error(e.message);
  };

  const run = async (what: 'save' | 'test') => {
    const values = await form.validateFields();
    setBusy(what);
    try {
      if (what === 'test') setResult(await testDataSource({ ...values, ...(id ? { id } : {}) }));
      else {
        if (adding) await addDataSource(values);
        else await updateDataSource({ ...values, id, version });
        void message.success(t('dataSources.saved'));
        onSaved();
      }
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AppModal
      open
      width={640}
      title={adding ? t('dataSources.addTitle') : t('dataSources.editTitle')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => void run('test').catch(() => {})} loading={busy === 'test'}>
            {t('dataSources.test')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy === 'save'} onClick={() => void run('save').catch(() => {})}>
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      <Form<DataSourceInput>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'postgres', port: 5432, ssl: false, timeoutSeconds: 10, remark: '', password: '' }}
        onValuesChange={(changed: Partial<DataSourceInput>) => {
          if (changed.kind) form.setFieldValue('port', DEFAULT_PORTS[changed.kind]);
          setResult(null);
        }}
      >
        <Form.Item label={t('dataSources.name')} name="name" required rules={rule('name')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('dataSources.kind')} name="kind" required>
          <Select
            options={[
              { value: 'postgres', label: 'PostgreSQL' },
              { value: 'mysql', label: 'MySQL / MariaDB' },
            ]}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item label={t('dataSources.host')} name="host" required rules={rule('host')} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item label={t('dataSources.port')} name="port" required rules={rule('port')}>
            <InputNumber min={1} max={65535} />
          </Form.Item>
        </Space.Compact>
        <Form.Item label={t('dataSources.database')} name="database" required rules={rule('database')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('dataSources.userName')} name="userName" required rules={rule('userName')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('dataSources.password')}
          name="password"
          required={adding}
          extra={adding ? undefined : t('dataSources.passwordKept')}
          rules={adding ? [{ required: true, message: t('form.required') }] : []}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space size="large">
          <Form.Item label={t('dataSources.ssl')} name="ssl" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('dataSources.timeout')} name="timeoutSeconds" rules={rule('timeoutSeconds')}>
            <InputNumber min={1} max={60} />
          </Form.Item>
        </Space>
        <Form.Item label={t('dataSources.remark')} name="remark">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          data-testid="data-source-test-result"
          type={!result.ok ? 'error' : result.readOnly ? 'success' : 'warning'}
          showIcon
          title={
            result.ok
              ? result.readOnly
                ? t('dataSources.readOnlyOk')
                : t('dataSources.notReadOnly')
              : t('dataSources.failed')
          }
          description={[result.serverVersion, ...result.problems].filter(Boolean).join(' · ')}
        />
      )}
    </AppModal>
  );
}

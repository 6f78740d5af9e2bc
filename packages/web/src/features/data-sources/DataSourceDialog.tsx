import { type DataSourceInput, type DataSourceTestResult, dataSourceInputSchema } from '@trestle/shared';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type RecordDialogProps } from '../../components/form/FormModal.tsx';
import { showSaveError } from '../../components/form/save-error.ts';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { addDataSource, getDataSource, testDataSource, updateDataSource } from './data-sources-api.ts';

const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;

const FIELDS: (keyof DataSourceInput)[] = [
  'name',
  'kind',
  'host',
  'port',
  'database',
  'userName',
  'password',
  'ssl',
  'timeoutSeconds',
  'remark',
];

/** Add or edit an external database; the password is write-only (empty on edit keeps the stored one). */
export function DataSourceDialog({ id, onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DataSourceInput>();
  const [version, setVersion] = useState(1);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<DataSourceTestResult | null>(null);
  const rule = useSchemaRule(dataSourceInputSchema.shape);
  const adding = id === null;

  const load = async (): Promise<Partial<DataSourceInput>> => {
    if (id === null) return {};
    const row = await getDataSource(id);
    setVersion(row.version);
    return { ...row, password: '' };
  };

  const submit = (values: DataSourceInput) =>
    id === null ? addDataSource(values) : updateDataSource({ ...values, id, version });

  /** Tries the connection with the form's values; the server's field errors go on their fields. */
  const test = async () => {
    const values = await form.validateFields();
    setTesting(true);
    try {
      setResult(await testDataSource({ ...values, ...(id ? { id } : {}) }));
    } catch (e) {
      showSaveError(e, FIELDS, form.setFields, (text) => void message.error(text));
    } finally {
      setTesting(false);
    }
  };

  return (
    <FormModal<DataSourceInput>
      width={640}
      title={adding ? t('dataSources.addTitle') : t('dataSources.editTitle')}
      form={form}
      fields={FIELDS}
      load={load}
      submit={submit}
      done={t('dataSources.saved')}
      onClose={onClose}
      onDone={onSaved}
      extraButtons={
        <Button onClick={() => void test().catch(() => {})} loading={testing}>
          {t('dataSources.test')}
        </Button>
      }
      initialValues={{ kind: 'postgres', port: 5432, ssl: false, timeoutSeconds: 10, remark: '', password: '' }}
      formProps={{
        onValuesChange: (changed: Partial<DataSourceInput>) => {
          if (changed.kind) form.setFieldValue('port', DEFAULT_PORTS[changed.kind]);
          setResult(null);
        },
      }}
    >
      <Form.Item label={t('dataSources.name')} name="name" required rules={[rule('name')]}>
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
        <Form.Item label={t('dataSources.host')} name="host" required rules={[rule('host')]} style={{ flex: 1 }}>
          <Input />
        </Form.Item>
        <Form.Item label={t('dataSources.port')} name="port" required rules={[rule('port')]}>
          <InputNumber min={1} max={65535} />
        </Form.Item>
      </Space.Compact>
      <Form.Item label={t('dataSources.database')} name="database" required rules={[rule('database')]}>
        <Input />
      </Form.Item>
      <Form.Item label={t('dataSources.userName')} name="userName" required rules={[rule('userName')]}>
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
        <Form.Item label={t('dataSources.timeout')} name="timeoutSeconds" rules={[rule('timeoutSeconds')]}>
          <InputNumber min={1} max={60} />
        </Form.Item>
      </Space>
      <Form.Item label={t('dataSources.remark')} name="remark">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
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
    </FormModal>
  );
}

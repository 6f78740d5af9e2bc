import { QuestionCircleOutlined } from '@ant-design/icons';
import type { EntityScope, ExplainResult, ScopeOrganization } from '@trestle/shared';
import { Alert, Button, Form, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../components/form/layout.ts';
import { explainRow, useScopeUsers } from './data-permission-api.ts';
import { describeRuleDetails, kindLabel } from './scope-text.ts';

type Props = { entities: EntityScope[]; organizations: ScopeOrganization[] };
type Values = { userId: number; entity: string; key: number };
type RoleRow = ExplainResult['roles'][number];

/** For a user and one row: visible or not, and each of the user's roles with its rule and whether the row matches. */
export function ExplainPanel({ entities, organizations }: Props) {
  // Not built from the ViewGrid parts: the answer to one question (a user and a row), its roles shown whole.
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [q, setQ] = useState('');
  const users = useScopeUsers(q);
  const [result, setResult] = useState<{ values: Values; answer: ExplainResult } | null>(null);
  const [loading, setLoading] = useState(false);

  const run = async () => {
    const values = await form.validateFields();
    setLoading(true);
    try {
      setResult({ values, answer: await explainRow(values) });
    } catch {
      // The HTTP client has shown the failure.
      setResult(null);
    } finally {
      setLoading(false);
    }
  };

  const entity = entities.find((e) => e.entity === result?.values.entity);
  const fieldLabel = (name: string) => {
    const f = entity?.fields.find((x) => x.name === name);
    return f ? labelOf(f, i18n.language) : name;
  };
  const userName = users.data?.find((u) => u.id === result?.values.userId)?.userTrueName ?? '';
  const answer = result?.answer;

  const required = [{ required: true, message: t('form.required') }];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Form form={form} layout="inline" onFinish={run}>
        <Form.Item name="userId" label={t('dataPermission.user')} rules={required}>
          <Select
            style={{ width: 220 }}
            showSearch={{ filterOption: false, onSearch: setQ }}
            loading={users.isLoading}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.userTrueName} (${u.userName})` }))}
          />
        </Form.Item>
        <Form.Item name="entity" label={t('dataPermission.entity')} rules={required}>
          <Select
            style={{ width: 200 }}
            options={entities.map((e) => ({ value: e.entity, label: labelOf(e, i18n.language) }))}
          />
        </Form.Item>
        <Form.Item name="key" label={t('dataPermission.rowKey')} rules={required}>
          <InputNumber min={1} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<QuestionCircleOutlined />} loading={loading}>
            {t('dataPermission.explain')}
          </Button>
        </Form.Item>
      </Form>
      {answer && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="explain-result">
          <Alert
            type={answer.visible ? 'success' : 'warning'}
            showIcon
            title={t(answer.visible ? 'dataPermission.visible' : 'dataPermission.hidden', { user: userName })}
            description={
              <>
                <Typography.Text>
                  {t('dataPermission.row')}: {answer.rowLabel || `#${result.values.key}`}
                </Typography.Text>
                {!answer.granted && (
                  <div>
                    <Typography.Text type="secondary">
                      {t('dataPermission.notGranted', { user: userName })}
                    </Typography.Text>
                  </div>
                )}
                {answer.roles.length === 0 && <div>{t('dataPermission.noRoles')}</div>}
              </>
            }
          />
          <Table<RoleRow>
            rowKey="roleId"
            size="small"
            pagination={false}
            dataSource={answer.roles}
            columns={[
              { title: t('dataPermission.role'), dataIndex: 'name' },
              {
                title: t('dataPermission.source'),
                dataIndex: 'source',
                render: (source: RoleRow['source']) => t(`dataPermission.source.${source}`),
              },
              {
                title: t('dataPermission.scope'),
                render: (_, r) => {
                  const details = describeRuleDetails(r.rule, { t, organizations, fieldLabel });
                  return details ? `${kindLabel(t, r.rule.scope)}: ${details}` : kindLabel(t, r.rule.scope);
                },
              },
              {
                title: t('dataPermission.result'),
                render: (_, { matches, opensScreen }) =>
                  !opensScreen ? (
                    <Tag>{t('dataPermission.noScreen')}</Tag>
                  ) : matches ? (
                    <Tag color="success">{t('dataPermission.matches')}</Tag>
                  ) : (
                    <Tag color="error">{t('dataPermission.noMatch')}</Tag>
                  ),
              },
            ]}
          />
        </Space>
      )}
    </Space>
  );
}

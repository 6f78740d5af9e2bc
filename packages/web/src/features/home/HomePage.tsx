import { useQuery } from '@tanstack/react-query';
import type { MineWarning } from '@trestle/shared';
import { Card, Col, Descriptions, List, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../components/current-user.ts';
import { iconFor } from '../../components/icons.tsx';
import { findMenuEntry, permittedScreens } from '../../components/menu-tree.ts';
import { mineKeys } from '../../components/mine-api.ts';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';

const SEVERITY_COLOR: Record<string, string> = { CRITICAL: 'red', WARNING: 'orange', INFO: 'blue' };

/** The open warnings assigned to the user, for whoever has /MineInformation. */
function MyWarningsCard() {
  const { t, i18n } = useTranslation();
  const permission = useAppStore((s) => s.permission);
  const allowed = findMenuEntry(permission, '/MineInformation') !== undefined;
  const warnings = useQuery({
    queryKey: mineKeys.tab('warnings', i18n.language),
    queryFn: () => http.get<MineWarning[]>('/api/MineInformation/warnings', undefined, { quiet: true }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const rows = warnings.data ?? [];
  return (
    <Card
      size="small"
      title={t('warnings.homeTitle', { count: rows.length })}
      extra={<Link to="/MineInformation">{t('warnings.homeAll')}</Link>}
      data-testid="my-warnings"
    >
      <List
        size="small"
        loading={warnings.isFetching}
        locale={{ emptyText: t('warnings.homeNone') }}
        dataSource={rows.slice(0, 5)}
        renderItem={(w) => (
          <List.Item>
            <Space>
              <Tag color={SEVERITY_COLOR[w.severity]}>{w.ruleCode}</Tag>
              {w.title}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const userInfo = useAppStore((s) => s.userInfo);
  const permission = useAppStore((s) => s.permission);
  const { data: user } = useCurrentUser();
  const name = user?.userTrueName || userInfo?.userTrueName || userInfo?.userName || '';
  const links = permittedScreens(permission).filter(({ path }) => path.toLowerCase() !== '/home');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('home.greeting', { name })}
      </Typography.Title>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('home.roles')}>
          {user && user.roles.length > 0 ? user.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : t('home.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('home.organization')}>
          {user?.organization?.name ?? t('home.none')}
        </Descriptions.Item>
      </Descriptions>
      <MyWarningsCard />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('home.quickLinks')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {links.map(({ entry, path }) => (
          <Col key={entry.id} xs={24} sm={12} md={8} lg={6}>
            <Link to={path}>
              <Card hoverable size="small">
                <Space>
                  {iconFor(entry.icon)}
                  {entry.name}
                </Space>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Space>
  );
}

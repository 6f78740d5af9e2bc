import { ReloadOutlined } from '@ant-design/icons';
import type { Button } from '@trestle/shared';
import { Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { http } from '../../lib/http.ts';
import { useAppStore } from '../../lib/store.ts';

const SEARCH = 1;

/** The read-only button catalogue, straight from the store the guard filled. */
export function ButtonsPage() {
  const { t } = useTranslation();
  const buttons = useAppStore((s) => s.buttons);
  const setButtons = useAppStore((s) => s.setButtons);
  const [loading, setLoading] = useState(false);

  const refresh = async () => {
    setLoading(true);
    try {
      setButtons(await http.get<Button[]>('/api/Button/Get'));
    } catch {
      // The HTTP client has shown the failure.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('buttons.heading')}
      </Typography.Title>
      <ActionToolbar
        items={[
          { id: SEARCH, key: 'refresh', label: t('buttons.refresh'), icon: <ReloadOutlined />, onClick: refresh },
        ]}
      />
      <Table<Button>
        rowKey="id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={buttons}
        columns={[
          { title: t('buttons.id'), dataIndex: 'id' },
          { title: t('buttons.code'), dataIndex: 'code' },
          { title: t('buttons.name'), dataIndex: 'name' },
          { title: t('buttons.functionName'), dataIndex: 'functionName' },
          { title: t('buttons.icon'), dataIndex: 'icon' },
          { title: t('buttons.sort'), dataIndex: 'sort' },
        ]}
      />
    </Space>
  );
}

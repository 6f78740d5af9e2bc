import { useQuery } from '@tanstack/react-query';
import { formatLocalDateTime, langOf } from '@trestle/shared';
import { Card, Descriptions, Drawer, Empty, Skeleton, Space, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DesignListItem, designHistory, tableDesignKeys } from '../../components/table-design/table-design-api.ts';
import { MigrationSql } from './SqlScript.tsx';

/**
 * A design's migrations, newest first: when each ran, whether it was rolled back, its SQL and the SQL that
 * undoes it. Kept mounted and opened by `design`, so the drawer gives the focus back as it closes.
 */
export function HistoryDrawer({ design, onClose }: { design: DesignListItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // The title stays while the drawer closes.
  const last = useRef(design);
  if (design) last.current = design;
  const shown = last.current;
  const history = useQuery({
    queryKey: tableDesignKeys.history(shown?.id ?? 0),
    queryFn: () => designHistory(shown?.id ?? 0),
    enabled: design !== null,
  });
  const label = shown ? shown.label[langOf(i18n.language)] : '';

  return (
    <Drawer
      open={design !== null}
      size={760}
      title={t('tableDesign.historyTitle', { label })}
      onClose={onClose}
      destroyOnHidden
    >
      {!history.data ? (
        <Skeleton active={history.isPending} paragraph={{ rows: 6 }} />
      ) : history.data.length === 0 ? (
        <Empty description={t('tableDesign.noHistory')} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {history.data.map((m) => (
            <Card
              key={m.id}
              size="small"
              data-testid="design-migration"
              title={t('tableDesign.migration', { n: m.id })}
              extra={
                m.rolledBackAt ? (
                  <Tag>{t('tableDesign.rolledBackTag')}</Tag>
                ) : (
                  <Tag color="green">{t('tableDesign.appliedTag')}</Tag>
                )
              }
            >
              <Descriptions
                size="small"
                column={2}
                items={[
                  { key: 'applied', label: t('tableDesign.appliedAt'), children: formatLocalDateTime(m.appliedAt) },
                  {
                    key: 'rolledBack',
                    label: t('tableDesign.rolledBackAt'),
                    children: m.rolledBackAt ? formatLocalDateTime(m.rolledBackAt) : '—',
                  },
                ]}
              />
              <MigrationSql up={m.upSql} down={m.downSql} />
            </Card>
          ))}
        </Space>
      )}
    </Drawer>
  );
}

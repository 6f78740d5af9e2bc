import type { BiListItem } from '@trestle/shared';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { useWholeListState } from '../../components/grid/use-grid-state.ts';
import { dashboardKeys, myDashboards } from './dashboards-api.ts';

/** /dashboards: the dashboards shared with one of the caller's roles, each opened at /dashboards/<id>. */
export function DashboardsPage() {
  const { t } = useTranslation();
  // The server sends the caller's dashboards whole: a short list.
  const grid = useWholeListState(dashboardKeys.mine(), myDashboards, (d: BiListItem) => d.id);
  return (
    <Card>
      <GridTable
        grid={grid}
        testId="my-dashboards"
        locale={{ emptyText: t('dashboards.none') }}
        columns={[
          {
            title: t('dashboards.name'),
            key: 'name',
            render: (_, d: BiListItem) => <Link to={`/dashboards/${d.id}`}>{d.name}</Link>,
          },
          { title: t('dashboards.description'), dataIndex: 'description' },
          {
            title: t('dashboards.updatedAt'),
            key: 'updatedAt',
            width: 180,
            render: (_, d: BiListItem) => d.updatedAt.slice(0, 16).replace('T', ' '),
          },
        ]}
      />
    </Card>
  );
}

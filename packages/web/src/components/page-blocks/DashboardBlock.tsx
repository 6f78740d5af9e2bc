import type { BlockProps } from '@trestle/shared';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { DashboardBoard } from '../chart/DashboardBoard.tsx';
import { useDashboardView } from '../chart/dashboard-api.ts';
import { NoAccess } from './entity-block.tsx';

/**
 * A saved dashboard drawn as /dashboards/<id> draws it, with its own filters, cross-filters and drills. The
 * server shows it to those it is shared with: anyone else reads "no access" in its place.
 */
export function DashboardBlock({ props }: { props: BlockProps<'dashboard'> }) {
  const { t } = useTranslation();
  const view = useDashboardView(props.dashboardId, true);
  if (view.error) return <NoAccess name={t('pageBlocks.thisDashboard')} />;
  if (!view.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <DashboardBoard key={view.data.id} view={view.data} />;
}

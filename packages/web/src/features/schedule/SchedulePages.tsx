import {
  acceptanceCheckItemMeta,
  acceptanceTestMeta,
  projectMilestoneMeta,
  weeklyReportIssueMeta,
  weeklyReportMeta,
} from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

export function MilestonesPage() {
  return <ViewGrid meta={projectMilestoneMeta} />;
}

export function AcceptanceTestsPage({ menuPath }: { menuPath?: string }) {
  return <ViewGrid meta={acceptanceTestMeta} detailMetas={[acceptanceCheckItemMeta]} menuPath={menuPath} />;
}

export function WeeklyReportsPage() {
  return <ViewGrid meta={weeklyReportMeta} detailMetas={[weeklyReportIssueMeta]} />;
}

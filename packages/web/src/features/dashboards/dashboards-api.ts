import type { BiListItem } from '@trestle/shared';
import { dashboardViewKeys } from '../../components/chart/dashboard-api.ts';
import { http } from '../../lib/http/client.ts';

export const dashboardKeys = {
  all: dashboardViewKeys.all,
  mine: () => [...dashboardKeys.all, 'mine'] as const,
};

export const myDashboards = () => http.get<BiListItem[]>('/api/dashboards/mine');

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BiListItem, DashboardView, RunItem } from '@trestle/shared';
import { runCharts } from '../../components/chart/bi-run.ts';
import { http } from '../../lib/http/client.ts';

export const dashboardKeys = {
  all: ['dashboards'] as const,
  mine: () => [...dashboardKeys.all, 'mine'] as const,
  view: (id: number) => [...dashboardKeys.all, 'view', id] as const,
  run: (id: number, items: RunItem[]) => [...dashboardKeys.all, 'run', id, items] as const,
};

export const myDashboards = () => http.get<BiListItem[]>('/api/dashboards/mine');

export const useDashboardView = (id: number) =>
  useQuery({
    queryKey: dashboardKeys.view(id),
    queryFn: () => http.get<DashboardView>('/api/dashboards/view', { id }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * Every chart of the dashboard in one batch, run as its viewer (the dashboard's sharing, the viewer's scope).
 * A new filter is a new batch; the charts keep the last results until it answers. `refreshSeconds` > 0
 * asks again on that beat.
 */
export function useDashboardRun(id: number, items: RunItem[], refreshSeconds: number) {
  return useQuery({
    queryKey: dashboardKeys.run(id, items),
    queryFn: () => runCharts({ dashboardId: id, items }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardView, RunItem } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { runCharts } from './bi-run.ts';

/** Query keys of a dashboard as its viewer sees it: /dashboards/<id> and a page's dashboard block share them. */
export const dashboardViewKeys = {
  all: ['dashboards'] as const,
  view: (id: number) => [...dashboardViewKeys.all, 'view', id] as const,
  run: (id: number, items: RunItem[]) => [...dashboardViewKeys.all, 'run', id, items] as const,
};

/** A dashboard as its viewer draws it; `quiet`: a refusal is the caller's to say (a page's block), not a notice. */
export const useDashboardView = (id: number, quiet = false) =>
  useQuery({
    queryKey: dashboardViewKeys.view(id),
    queryFn: () => http.get<DashboardView>('/api/dashboards/view', { id }, { quiet }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * Every chart of the dashboard in one batch, run as its viewer (the dashboard's sharing, the viewer's scope).
 * A new filter is a new batch; the charts keep the last results until it answers. `refreshSeconds` > 0
 * asks again on that beat.
 */
export function useDashboardRun(id: number, items: RunItem[], refreshSeconds: number) {
  return useQuery({
    queryKey: dashboardViewKeys.run(id, items),
    queryFn: () => runCharts({ dashboardId: id, items }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
  });
}

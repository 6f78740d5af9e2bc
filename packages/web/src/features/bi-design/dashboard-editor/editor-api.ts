import { useQueries, useQuery } from '@tanstack/react-query';
import type {
  BiListItem,
  Chart,
  Dashboard,
  DashboardItem,
  DashboardSave,
  DatasetField,
  DesignerRole,
  RunItem,
} from '@trestle/shared';
import { useMemo } from 'react';
import { runCharts } from '../../../components/chart/bi-run.ts';
import { http } from '../../../lib/http/client.ts';

/** The dashboard editor's calls, under the BI designer's grants. */

export const editorKeys = {
  all: ['dashboardEditor'] as const,
  dashboard: (id: number) => [...editorKeys.all, 'dashboard', id] as const,
  charts: () => [...editorKeys.all, 'charts'] as const,
  chart: (id: number) => [...editorKeys.all, 'chart', id] as const,
  fields: (datasetId: number) => [...editorKeys.all, 'fields', datasetId] as const,
  roles: () => [...editorKeys.all, 'roles'] as const,
  menuFolders: () => [...editorKeys.all, 'menuFolders'] as const,
  preview: (items: RunItem[]) => [...editorKeys.all, 'preview', items] as const,
};

const base = '/api/bi';

export const getDashboard = (id: number) => http.get<Dashboard>(`${base}/dashboard`, { id });
// Writes are quiet: the editor tells a conflict and a refused definition itself.
export const saveDashboard = (body: DashboardSave) =>
  http.post<{ id: number; version: number }>(`${base}/dashboard/save`, body, { quiet: true });
export const publishDashboard = (id: number, parentMenu: string | null) =>
  http.post<{ id: number; menuCode: string }>(`${base}/dashboard/publish`, { id, parentMenu }, { quiet: true });
export const unpublishDashboard = (id: number) =>
  http.post<{ id: number }>(`${base}/dashboard/unpublish`, { id }, { quiet: true });

export const useDashboard = (id: number | undefined) =>
  useQuery({
    queryKey: editorKeys.dashboard(id ?? 0),
    queryFn: () => getDashboard(id ?? 0),
    enabled: id !== undefined,
    // The editor holds its own draft: a background refetch must not look like someone else's save.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The saved charts a tile may show. */
export const useChartList = () =>
  useQuery({ queryKey: editorKeys.charts(), queryFn: () => http.get<BiListItem[]>(`${base}/charts`) });

/** The definitions of the charts on the dashboard (what to draw, and which dataset their fields come from). */
export function useCharts(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: editorKeys.chart(id),
      queryFn: () => http.get<Chart>(`${base}/chart`, { id }),
      staleTime: 60_000,
    })),
    combine: (answers) => new Map(answers.flatMap((a) => (a.data ? [[a.data.id, a.data] as const] : []))),
  });
}

/** The fields of each dataset the dashboard's charts read, by dataset id (a filter's targets choose among them). */
export function useDatasetFields(datasetIds: readonly number[]) {
  return useQueries({
    queries: datasetIds.map((id) => ({
      queryKey: editorKeys.fields(id),
      queryFn: () => http.get<DatasetField[]>(`${base}/datasetFields`, { id }),
      staleTime: 60_000,
    })),
    combine: (answers) => new Map(datasetIds.map((id, i) => [id, answers[i]?.data ?? []] as const)),
  });
}

/** The company's roles a dashboard may be shared with. */
export const useRoles = () =>
  useQuery({
    queryKey: editorKeys.roles(),
    staleTime: 5 * 60_000,
    queryFn: () => http.get<DesignerRole[]>(`${base}/roles`),
  });

/** The menu folders a dashboard may be published under. */
export const useMenuFolders = (enabled: boolean) =>
  useQuery({
    queryKey: editorKeys.menuFolders(),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: () => http.get<{ code: string; name: string }[]>(`${base}/menuFolders`),
  });

/** The charts on the canvas, run in one batch as the designer: moving a tile asks nothing again. */
export const usePreview = (items: RunItem[]) =>
  useQuery({
    queryKey: editorKeys.preview(items),
    queryFn: () => runCharts({ items }),
    enabled: items.length > 0,
    staleTime: 60_000,
  });

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * What the canvas and the filters need of the charts on the board: the list to add from, each chart's
 * definition, its dataset's fields, and the preview's results by tile.
 */
export function useBoardCharts(items: DashboardItem[]) {
  const list = useChartList();
  const chartIds = useMemo(
    () => unique(items.flatMap((i) => (i.kind === 'chart' && i.chartId !== null ? [i.chartId] : []))),
    [items],
  );
  const charts = useCharts(chartIds);
  const fields = useDatasetFields(unique([...charts.values()].map((c) => c.definition.datasetId)));
  // The preview asks again only when the charts on the canvas change, not when a tile moves.
  const previewItems = useMemo(
    (): RunItem[] =>
      items.flatMap((i) =>
        i.kind === 'chart' && i.chartId !== null
          ? [{ key: i.id, chartId: i.chartId, filters: [], parameters: {} }]
          : [],
      ),
    [items],
  );
  const preview = usePreview(previewItems);
  return { list, chartIds, charts, fields, results: preview.data?.results ?? {} };
}

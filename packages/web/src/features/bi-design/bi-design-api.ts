import { useQuery } from '@tanstack/react-query';
import type {
  BiListItem,
  Chart,
  ChartDefinition,
  ChartSave,
  DataSourceRow,
  Dataset,
  DatasetSave,
  EntityMeta,
  RunResponse,
  SqlTry,
  SqlTryRequest,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

/** What /BIDesign lists and edits: its tabs, and the path segment of each one's calls. */
export const biKinds = ['dataset', 'chart', 'dashboard'] as const;
export type BiKind = (typeof biKinds)[number];

export const biDesignKeys = {
  all: ['biDesign'] as const,
  list: (kind: BiKind) => [...biDesignKeys.all, 'list', kind] as const,
  dataset: (id: number) => [...biDesignKeys.all, 'dataset', id] as const,
  chart: (id: number) => [...biDesignKeys.all, 'chart', id] as const,
  entities: () => [...biDesignKeys.all, 'entities'] as const,
  dataSources: () => [...biDesignKeys.all, 'dataSources'] as const,
  preview: (definition: string) => [...biDesignKeys.all, 'preview', definition] as const,
};

const base = '/api/bi';
const plural: Record<BiKind, string> = { dataset: 'datasets', chart: 'charts', dashboard: 'dashboards' };

export const listBi = (kind: BiKind) => http.get<BiListItem[]>(`${base}/${plural[kind]}`);
// Writes are quiet: the screen says why one was refused (in use, someone else's newer save, a bad field).
export const deleteBi = (kind: BiKind, id: number) => http.post<null>(`${base}/${kind}/del`, { id }, { quiet: true });

export const getDataset = (id: number) => http.get<Dataset>(`${base}/dataset`, { id });
export const getChart = (id: number) => http.get<Chart>(`${base}/chart`, { id });

/** What a save answers: the row's id (new when it was added) and the version to save over next. */
export type Saved = { id: number; version: number };
export const saveDataset = (body: DatasetSave) => http.post<Saved>(`${base}/dataset/save`, body, { quiet: true });
export const saveChart = (body: ChartSave) => http.post<Saved>(`${base}/chart/save`, body, { quiet: true });

/** The entities a dataset may read, with their fields: the browser works out a dataset's fields from them. */
export const listBiEntities = () => http.get<EntityMeta[]>(`${base}/entities`);

/** The entities a dataset may read, kept a while: the dataset editor and the chart builder read the same list. */
export const useBiEntities = () =>
  useQuery({ queryKey: biDesignKeys.entities(), queryFn: listBiEntities, staleTime: 5 * 60_000 });

/** The external data sources a SQL dataset may read (the Sql grant lists them: names and kinds only). */
export const listDataSourceChoices = () =>
  http.get<Pick<DataSourceRow, 'id' | 'name' | 'kind'>[]>(`${base}/dataSources`, undefined, { quiet: true });

export const trySql = (body: SqlTryRequest) => http.post<SqlTry>(`${base}/sql/try`, body, { quiet: true });

/** The chart being built, answered as a saved one would be (the designer's own scope applies). */
export const runPreview = (chart: ChartDefinition) =>
  http.post<RunResponse>(`${base}/run`, { items: [{ key: 'preview', chart }] }, { quiet: true });

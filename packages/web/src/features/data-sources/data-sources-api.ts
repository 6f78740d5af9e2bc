import type {
  DataSourceInput,
  DataSourceRow,
  DataSourceTest,
  DataSourceTestResult,
  DataSourceUpdate,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const dataSourceKeys = { all: ['dataSources'] as const };

export const listDataSources = (query: { q: string; page: number; rows: number }) =>
  http.post<{ rows: DataSourceRow[]; total: number }>('/api/DataSourceMan/getPageData', query);

export const getDataSource = (id: number) => http.get<DataSourceRow>('/api/DataSourceMan/get', { id });

// Form calls are quiet: the dialog shows field errors itself.
export const addDataSource = (body: DataSourceInput) =>
  http.post<{ id: number }>('/api/DataSourceMan/add', body, { quiet: true });
export const updateDataSource = (body: DataSourceUpdate) =>
  http.post<null>('/api/DataSourceMan/update', body, { quiet: true });
export const testDataSource = (body: DataSourceTest) =>
  http.post<DataSourceTestResult>('/api/DataSourceMan/test', body, { quiet: true });
export const deleteDataSources = (ids: number[]) => http.post<null>('/api/DataSourceMan/del', ids);

import type {
  ApprovalEntry,
  ImportExisting,
  ImportMode,
  ImportSummary,
  PageRequest,
  PageResult,
  SaveBody,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import type { Option } from '../form/selects.tsx';

/** Query keys of the grid engine: one subtree per entity, so a save refreshes only its screen. */
export const gridKeys = {
  all: ['grid'] as const,
  entity: (name: string) => [...gridKeys.all, name] as const,
  page: (name: string, req: PageRequest) => [...gridKeys.entity(name), 'page', req] as const,
  detail: (name: string, key: number, detail: string) => [...gridKeys.entity(name), 'detail', key, detail] as const,
};

/** The pages of an entity's grid, from the engine's list route. */
export const entitySource = (name: string) => ({
  key: gridKeys.entity(name),
  fetchPage: (req: PageRequest) => entityApi(name).page(req),
});

/** The generic calls of docs/dev/grid-engine-api.md for one entity. */
export function entityApi(name: string) {
  const base = `/api/${name}`;
  return {
    page: (req: PageRequest) => http.post<PageResult>(`${base}/getPageData`, req),
    detailPage: (req: PageRequest) => http.post<PageResult>(`${base}/getDetailPage`, req),
    lookup: (field: string, q: string, detail = '', parent?: number) =>
      http.get<Option[]>(`${base}/lookup`, { field, q, detail: detail || undefined, parent }),
    // Save calls are quiet: the dialog shows field errors, conflicts and refusals itself.
    add: (body: SaveBody) => http.post<{ key: number }>(`${base}/add`, body, { quiet: true }),
    update: (body: SaveBody) => http.post<{ key: number }>(`${base}/update`, body, { quiet: true }),
    del: (keys: number[]) => http.post<{ count: number }>(`${base}/del`, keys),
    submit: (keys: number[]) => http.post<{ count: number }>(`${base}/submit`, { keys }),
    approvalHistory: (key: number) => http.get<ApprovalEntry[]>(`${base}/approvalHistory`, { key }),
    audit: (keys: number[], status: 1 | 2, reason: string) =>
      http.post<{ count: number }>(`${base}/audit`, { keys, status, reason }),
    exportFile: (req: PageRequest) => http.download(`${base}/export`, req),
    template: () => http.downloadGet(`${base}/downLoadTemplate`),
    importFile: (file: File, mode: ImportMode, existing: ImportExisting = 'refuse') => {
      const form = new FormData();
      form.append('file', file);
      return http.formPost<ImportSummary>(`${base}/import?mode=${mode}&existing=${existing}`, form);
    },
  };
}

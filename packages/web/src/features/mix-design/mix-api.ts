import { useQuery } from '@tanstack/react-query';
import type {
  MixApp,
  MixAppItem,
  MixAppSave,
  PageDetail,
  PageListItem,
  PagePatch,
  PagePatchResult,
  PageSettings,
  PermissionMatrix,
  SavePermissionBody,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

/** The mixed designer's calls: its apps (/api/mixApps), and what its publish drives in the pages and grants APIs. */

export const mixKeys = {
  all: ['mixDesign'] as const,
  list: () => [...mixKeys.all, 'list'] as const,
  app: (id: number) => [...mixKeys.all, 'app', id] as const,
  roles: () => [...mixKeys.all, 'roles'] as const,
  folders: () => [...mixKeys.all, 'folders'] as const,
  designs: () => [...mixKeys.all, 'designs'] as const,
};

export const listApps = () => http.get<MixAppItem[]>('/api/mixApps/list');
export const getApp = (id: number) => http.get<MixApp>(`/api/mixApps/get/${id}`);
// Quiet: the wizard says itself what a refused save means (a name taken, someone else's newer save).
export const saveApp = (body: MixAppSave) =>
  http.post<{ id: number; version: number }>('/api/mixApps/save', body, { quiet: true });
export const deleteApp = (id: number) => http.post<null>('/api/mixApps/delete', { id });

// The publish's writes are quiet: its progress list shows what failed, with a Retry.
const quiet = { quiet: true };
export const pages = {
  list: () => http.get<PageListItem[]>('/api/pages/list', undefined, quiet),
  create: (name: string, title: { en: string; zh: string }) =>
    http.post<{ id: number }>('/api/pages/create', { name, title }, quiet),
  get: (id: number) => http.get<PageDetail>(`/api/pages/get/${id}`, undefined, quiet),
  patch: (body: PagePatch) => http.post<PagePatchResult>('/api/pages/patch', body, quiet),
  settings: (body: PageSettings) => http.post<unknown>('/api/pages/settings', body, quiet),
  publish: (id: number, note: string) => http.post<unknown>('/api/pages/publish', { id, note }, quiet),
};

export const grants = {
  matrix: (roleId: number) => http.get<PermissionMatrix>('/api/permission/getMatrix', { roleId }, quiet),
  save: (body: SavePermissionBody) => http.post<null>('/api/permission/save', body, quiet),
};

export type PageRole = { id: number; name: string };
export type PageFolder = { code: string; name: string };

/** The roles a page may be shared with, read under the page designer's grant. */
export const usePageRoles = () =>
  useQuery({
    queryKey: mixKeys.roles(),
    staleTime: 5 * 60_000,
    queryFn: () => http.get<PageRole[]>('/api/pages/roles'),
  });

/** The menu folders a page may be published under, by code. */
export const usePageFolders = () =>
  useQuery({
    queryKey: mixKeys.folders(),
    staleTime: 5 * 60_000,
    queryFn: () => http.get<PageFolder[]>('/api/pages/folders'),
  });

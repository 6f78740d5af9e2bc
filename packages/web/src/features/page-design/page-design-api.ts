import { useQueries, useQuery } from '@tanstack/react-query';
import type {
  BiListItem,
  DesignerRole,
  EntityMeta,
  EntityScreenMeta,
  FormListItem,
  PageCreate,
  PageDetail,
  PageListItem,
  PagePatch,
  PagePatchResult,
  PageSettings,
  PageVersion,
  PageVersionItem,
} from '@trestle/shared';
import { langOf } from '@trestle/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { entityOfRoute, entryPath } from '../../components/menu-tree.ts';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';

/** The page designer's calls: /api/pages/* under its own grants, and the lists its pickers choose from. */

export const pageDesignKeys = {
  all: ['pageDesign'] as const,
  list: () => [...pageDesignKeys.all, 'list'] as const,
  page: (id: number) => [...pageDesignKeys.all, 'page', id] as const,
  versions: (id: number) => [...pageDesignKeys.all, 'versions', id] as const,
  version: (id: number, version: number) => [...pageDesignKeys.all, 'version', id, version] as const,
  roles: () => [...pageDesignKeys.all, 'roles'] as const,
  folders: () => [...pageDesignKeys.all, 'folders'] as const,
  meta: (entity: string) => [...pageDesignKeys.all, 'meta', entity] as const,
  forms: () => [...pageDesignKeys.all, 'forms'] as const,
  charts: () => [...pageDesignKeys.all, 'charts'] as const,
  dashboards: () => [...pageDesignKeys.all, 'dashboards'] as const,
  entities: () => [...pageDesignKeys.all, 'entities'] as const,
};

const base = '/api/pages';

export const listPages = () => http.get<PageListItem[]>(`${base}/list`);
export const getPage = (id: number) => http.get<PageDetail>(`${base}/get/${id}`);
export const pageVersions = (id: number) => http.get<PageVersionItem[]>(`${base}/versions/${id}`);
export const pageVersion = (id: number, version: number) => http.get<PageVersion>(`${base}/version`, { id, version });
// Writes are quiet: the designer says why one was refused (someone else's change, the page's problems).
export const createPage = (body: PageCreate) => http.post<{ id: number }>(`${base}/create`, body, { quiet: true });
export const savePageSettings = (body: PageSettings) =>
  http.post<{ id: number; revision: number }>(`${base}/settings`, body, { quiet: true });
export const patchPage = (body: PagePatch) => http.post<PagePatchResult>(`${base}/patch`, body, { quiet: true });
export const publishPage = (id: number, note: string) =>
  http.post<{ id: number; version: number }>(`${base}/publish`, { id, note }, { quiet: true });
export const unpublishPage = (id: number) => http.post<{ id: number }>(`${base}/unpublish`, { id }, { quiet: true });
export const restorePage = (id: number, version: number) =>
  http.post<PageDetail>(`${base}/restore`, { id, version }, { quiet: true });
export const deletePage = (id: number) => http.post<{ id: number }>(`${base}/delete`, { id }, { quiet: true });

const minutes = 5 * 60_000;

export const usePage = (id: number) =>
  useQuery({
    queryKey: pageDesignKeys.page(id),
    queryFn: () => getPage(id),
    // The designer holds its own draft from here: a background refetch must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The company's roles a page may be shared with. */
export const useRoles = () =>
  useQuery({
    queryKey: pageDesignKeys.roles(),
    staleTime: minutes,
    queryFn: () => http.get<DesignerRole[]>(`${base}/roles`),
  });

/** The menu folders a page may be published under. */
export const useFolders = () =>
  useQuery({
    queryKey: pageDesignKeys.folders(),
    staleTime: minutes,
    queryFn: () => http.get<{ code: string; name: string }[]>(`${base}/folders`),
  });

/** The published forms a form block may show. */
export const usePublishedForms = (enabled: boolean) =>
  useQuery({
    queryKey: pageDesignKeys.forms(),
    enabled,
    staleTime: minutes,
    queryFn: async () =>
      (await http.get<FormListItem[]>('/api/formDesign/list', undefined, { quiet: true })).filter(
        (f) => f.publishedVersion !== null,
      ),
  });

/** The saved charts and dashboards of the BI designer a chart or dashboard block may show. */
export const useBiList = (kind: 'charts' | 'dashboards', enabled: boolean) =>
  useQuery({
    queryKey: kind === 'charts' ? pageDesignKeys.charts() : pageDesignKeys.dashboards(),
    enabled,
    staleTime: minutes,
    queryFn: () => http.get<BiListItem[]>(`/api/bi/${kind}`, undefined, { quiet: true }),
  });

export type PageEntity = { name: string; label: string };

/**
 * The entities a data block may read: the server's list of those the designer may open (the BI designer's, with
 * detail entities), or when that is not granted, the screens the designer's menu offers (`/Project`). A block
 * reads its entity through the entity's own routes, so one the designer cannot open is no choice.
 */
export function usePageEntities(): PageEntity[] {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const permission = useAppStore((s) => s.permission);
  const served = useQuery({
    queryKey: pageDesignKeys.entities(),
    staleTime: minutes,
    retry: false,
    queryFn: () => http.get<EntityMeta[]>('/api/bi/entities', undefined, { quiet: true }),
  });
  return useMemo(() => {
    if (served.data) return served.data.map((m) => ({ name: m.name, label: m.label[lang] }));
    const seen = new Set<string>();
    return permission.flatMap((entry) => {
      const name = entityOfRoute(entryPath(entry));
      if (!name || seen.has(name)) return [];
      seen.add(name);
      return [{ name, label: entry.name }];
    });
  }, [permission, served.data, lang]);
}

export const entityMetaQuery = (name: string) => ({
  queryKey: pageDesignKeys.meta(name),
  staleTime: minutes,
  queryFn: () => http.get<EntityScreenMeta>(`/api/${name}/getMeta`, undefined, { quiet: true }),
});

export const useEntityMeta = (name: string | undefined) =>
  useQuery({ ...entityMetaQuery(name ?? ''), enabled: Boolean(name) });

/** The metadata of each entity the page's blocks name: the field pickers and the live checks read them. */
export function useEntityMetas(names: readonly string[]) {
  return useQueries({
    queries: names.map((name) => entityMetaQuery(name)),
    combine: (answers) => ({
      metas: new Map(names.flatMap((name, i) => (answers[i]?.data ? [[name, answers[i].data] as const] : []))),
      /** Every one answered (a refused one counts: the checks say the entity is not there). */
      settled: answers.every((a) => !a.isPending),
    }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type {
  BuiltInTable,
  DesignListItem,
  EntityScreenMeta,
  FormAccess,
  FormDesign,
  FormDetail,
  FormListItem,
  FormVersionItem,
  Role,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export type { FormAccess, FormDetail, FormListItem, FormStatus, FormVersionItem } from '@trestle/shared';

export const formDesignKeys = {
  all: ['formDesign'] as const,
  list: () => [...formDesignKeys.all, 'list'] as const,
  detail: (id: number) => [...formDesignKeys.all, 'detail', id] as const,
  versions: (id: number) => [...formDesignKeys.all, 'versions', id] as const,
  version: (id: number, version: number) => [...formDesignKeys.all, 'version', id, version] as const,
  entities: () => [...formDesignKeys.all, 'entities'] as const,
  entity: (name: string) => [...formDesignKeys.all, 'entity', name] as const,
  roles: () => [...formDesignKeys.all, 'roles'] as const,
  dictionaries: () => [...formDesignKeys.all, 'dictionaries'] as const,
};

const base = '/api/formDesign';
export const listForms = () => http.get<FormListItem[]>(`${base}/list`);
export const getForm = (id: number) => http.get<FormDetail>(`${base}/get`, { id });
export const formVersions = (id: number) => http.get<FormVersionItem[]>(`${base}/versions`, { id });
export const formVersion = (id: number, version: number) =>
  http.get<{ version: number; design: FormDesign }>(`${base}/version`, { id, version });
// Writes are quiet: the designer places field errors and tells a conflict itself.
export const addForm = (design: FormDesign) =>
  http.post<{ id: number; version: number }>(`${base}/add`, { design }, { quiet: true });
export const saveForm = (id: number, version: number, design: FormDesign) =>
  http.post<{ version: number }>(`${base}/save`, { id, version, design }, { quiet: true });
export const publishForm = (id: number, version: number) =>
  http.post<{ publishedVersion: number; version: number }>(`${base}/publish`, { id, version }, { quiet: true });
export const revertForm = (id: number, version: number, toVersion: number) =>
  http.post<{ version: number }>(`${base}/revert`, { id, version, toVersion }, { quiet: true });
export const saveAccess = (id: number, version: number, access: FormAccess) =>
  http.post<{ version: number; publicToken: string | null }>(
    `${base}/access`,
    { id, version, access },
    { quiet: true },
  );
export const deleteForm = (id: number) => http.post<null>(`${base}/del`, { id }, { quiet: true });

/** An entity a form may lay out: the designed tables and the built-in ones, by name. */
export type BindableEntity = { name: string; label: { en: string; zh: string }; designed: boolean };

export function useBindableEntities(enabled: boolean) {
  return useQuery({
    queryKey: formDesignKeys.entities(),
    enabled,
    queryFn: async (): Promise<BindableEntity[]> => {
      const [designed, builtIn] = await Promise.all([
        http.get<DesignListItem[]>('/api/tableDesign/list', undefined, { quiet: true }).catch(() => []),
        http.get<BuiltInTable[]>('/api/tableDesign/builtIns', undefined, { quiet: true }).catch(() => []),
      ]);
      return [
        // A design never applied has no entity to lay out yet.
        ...designed.filter((d) => d.status !== 'draft').map((d) => ({ name: d.name, label: d.label, designed: true })),
        ...builtIn.map((b) => ({ name: b.name, label: b.label, designed: false })),
      ];
    },
  });
}

/** The bound entity's metadata with its detail entities, which the checks and the preview read the design against. */
export const useEntityMeta = (name: string | undefined) =>
  useQuery({
    queryKey: formDesignKeys.entity(name ?? ''),
    enabled: name !== undefined,
    staleTime: 5 * 60_000,
    queryFn: () => http.get<EntityScreenMeta>(`/api/${name}/getMeta`),
  });

/**
 * The roles a form's access and rules may name. The role tree is the Role screen's route; someone who may
 * design forms but not see roles gets none here and types nothing (the selects then show the ids saved).
 */
export const useRoles = () =>
  useQuery({
    queryKey: formDesignKeys.roles(),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => http.get<Role[]>('/api/Role/getRoleTree', undefined, { quiet: true }).catch(() => [] as Role[]),
  });

type DictionaryRow = { code?: unknown; name?: unknown };
/** The dictionaries' codes and names, from the Dictionary screen's list (a free code when it is not granted). */
export const useDictionaryCodes = () =>
  useQuery({
    queryKey: formDesignKeys.dictionaries(),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const page = await http
        .post<{ rows: DictionaryRow[] }>(
          '/api/Dictionary/getPageData',
          { page: 1, rows: 500, sort: 'code', order: 'asc', wheres: [] },
          { quiet: true },
        )
        .catch(() => ({ rows: [] as DictionaryRow[] }));
      return page.rows.flatMap((r) =>
        typeof r.code === 'string' ? [{ value: r.code, label: `${r.code} — ${String(r.name ?? '')}` }] : [],
      );
    },
  });

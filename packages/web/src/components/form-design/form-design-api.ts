import { useQuery } from '@tanstack/react-query';
import type {
  BuiltInTable,
  DesignerDictionary,
  DesignerOrganization,
  DesignerRole,
  DesignListItem,
  EntityScreenMeta,
  FormAccess,
  FormDesign,
  FormDetail,
  FormListItem,
  FormVersionItem,
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
  organizations: () => [...formDesignKeys.all, 'organizations'] as const,
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
type BindableEntity = { name: string; label: { en: string; zh: string }; designed: boolean };

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

/** An entity's metadata with its detail entities, kept a while: a new bound form's designer reads what made it. */
export const entityMetaQuery = (name: string) => ({
  queryKey: formDesignKeys.entity(name),
  staleTime: 5 * 60_000,
  queryFn: () => http.get<EntityScreenMeta>(`/api/${name}/getMeta`),
});

/** The bound entity's metadata with its detail entities, which the checks and the preview read the design against. */
export const useEntityMeta = (name: string | undefined) =>
  useQuery({ ...entityMetaQuery(name ?? ''), enabled: name !== undefined });

/**
 * The roles a form's access and rules may name, read under the designer's own grant (the Role screen's grant
 * is not needed to choose who may fill a form).
 */
export const useRoles = () =>
  useQuery({
    queryKey: formDesignKeys.roles(),
    staleTime: 5 * 60_000,
    queryFn: () => http.get<DesignerRole[]>(`${base}/roles`),
  });

/** The dictionaries a choice field may take, by code and name (under the designer's grant). */
export const useDictionaryCodes = () =>
  useQuery({
    queryKey: formDesignKeys.dictionaries(),
    staleTime: 5 * 60_000,
    queryFn: async () =>
      (await http.get<DesignerDictionary[]>(`${base}/dictionaries`)).map((d) => ({
        value: d.code,
        label: `${d.code} — ${d.name}`,
      })),
  });

/** The organisations a rule on the filler's organisation may name, as a tree (under the designer's grant). */
export const useOrganizations = () =>
  useQuery({
    queryKey: formDesignKeys.organizations(),
    staleTime: 5 * 60_000,
    queryFn: () => http.get<DesignerOrganization[]>(`${base}/organizations`),
  });

export type OrganizationNode = { value: number; title: string; children: OrganizationNode[] };

/** The organisations' rows as a tree; a row whose parent is not listed is a root. */
export function organizationTree(rows: readonly DesignerOrganization[]): OrganizationNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { value: r.id, title: r.name, children: [] as OrganizationNode[] }]));
  const roots: OrganizationNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id);
    if (!node) continue;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

import { useQuery } from '@tanstack/react-query';
import {
  defaultOrganizationTypes,
  ORGANIZATION_TYPE_DICTIONARY,
  type OrganizationInput,
  type OrganizationRow,
  type OrganizationUpdate,
  type OrganizationUser,
} from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import { useReloadAfterChange } from '../../lib/query.ts';

export const organizationKeys = {
  all: ['organizations'] as const,
  tree: () => [...organizationKeys.all, 'tree'] as const,
  users: (id: number) => [...organizationKeys.all, 'users', id] as const,
  types: (language: string) => [...organizationKeys.all, 'types', language] as const,
};

export const useOrganizations = () =>
  useQuery({
    queryKey: organizationKeys.tree(),
    queryFn: () => http.get<OrganizationRow[]>('/api/Organization/getTree'),
  });

export const useOrganizationUsers = (id: number | undefined) =>
  useQuery({
    queryKey: organizationKeys.users(id ?? 0),
    queryFn: () => http.get<OrganizationUser[]>('/api/Organization/getUsers', { id }),
    enabled: id !== undefined,
  });

export const searchUsers = (q: string) =>
  http.get<OrganizationUser[]>('/api/Organization/searchUsers', { q }, { quiet: true });

// Saves are quiet: the form shows field errors and messages itself.
export const addOrganization = (body: OrganizationInput) =>
  http.post<{ id: number }>('/api/Organization/add', body, { quiet: true });
export const updateOrganization = (body: OrganizationUpdate) =>
  http.post<{ id: number }>('/api/Organization/update', body, { quiet: true });
export const deleteOrganization = (id: number) => http.post<null>('/api/Organization/del', { id });

export const useOrganizationsChanged = () => useReloadAfterChange(organizationKeys.all);

type DictionaryData = { code: string; items: { value: string | number; label: string }[] };

/**
 * The organisation types from the tenant's dictionary; until an administrator sets one up,
 * the three types a fresh install knows (company, department, team), named in the UI's language.
 */
export function useOrganizationTypes(): { value: string; label: string }[] {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: organizationKeys.types(i18n.language),
    queryFn: () =>
      http.post<DictionaryData[]>('/api/Dictionary/getVueDictionary', [ORGANIZATION_TYPE_DICTIONARY], { quiet: true }),
    staleTime: 5 * 60_000,
  });
  const items = data?.find((d) => d.code === ORGANIZATION_TYPE_DICTIONARY)?.items ?? [];
  if (items.length) return items.map((i) => ({ value: String(i.value), label: i.label }));
  return defaultOrganizationTypes.map((v) => ({ value: v, label: t(`organizations-menus.org.type.${v}`) }));
}

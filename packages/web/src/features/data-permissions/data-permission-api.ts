import { useQuery } from '@tanstack/react-query';
import type {
  EntityScope,
  ExplainBody,
  ExplainResult,
  SaveScopeRuleBody,
  ScopeOrganization,
  ScopeRole,
  ScopeUser,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useInvalidatingMutation } from '../../lib/query.ts';

/** Query keys of the data-permission screen. */
export const dataPermissionKeys = {
  all: ['dataPermission'] as const,
  roles: () => [...dataPermissionKeys.all, 'roles'] as const,
  entities: (roleId: number) => [...dataPermissionKeys.all, 'entities', roleId] as const,
  organizations: () => [...dataPermissionKeys.all, 'organizations'] as const,
  users: (q: string) => [...dataPermissionKeys.all, 'users', q] as const,
};

const base = '/api/dataPermission';

export const useScopeRoles = () =>
  useQuery({ queryKey: dataPermissionKeys.roles(), queryFn: () => http.get<ScopeRole[]>(`${base}/roles`) });

export const useEntityScopes = (roleId: number | undefined) =>
  useQuery({
    queryKey: dataPermissionKeys.entities(roleId ?? 0),
    queryFn: () => http.get<EntityScope[]>(`${base}/entities`, { roleId }),
    enabled: roleId !== undefined,
  });

export const useScopeOrganizations = () =>
  useQuery({
    queryKey: dataPermissionKeys.organizations(),
    queryFn: () => http.get<ScopeOrganization[]>(`${base}/organizations`),
  });

export const useScopeUsers = (q: string) =>
  useQuery({ queryKey: dataPermissionKeys.users(q), queryFn: () => http.get<ScopeUser[]>(`${base}/users`, { q }) });

/** Saving is quiet: the dialog shows the field errors next to the rule. */
export const useSaveScopeRule = () =>
  useInvalidatingMutation(
    (body: SaveScopeRuleBody) => dataPermissionKeys.entities(body.roleId),
    (body: SaveScopeRuleBody) => http.post<null>(`${base}/save`, body, { quiet: true }),
  );

export const explainRow = (body: ExplainBody) => http.post<ExplainResult>(`${base}/explain`, body);

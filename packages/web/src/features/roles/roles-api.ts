import { useQuery } from '@tanstack/react-query';
import type { AddRoleBody, Role, RoleType, UpdateRoleBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useInvalidatingMutation } from '../../lib/query.ts';

export const roleKeys = {
  all: ['roles'] as const,
  tree: () => [...roleKeys.all, 'tree'] as const,
  types: () => [...roleKeys.all, 'types'] as const,
};

export const useRoleTree = () =>
  useQuery({ queryKey: roleKeys.tree(), queryFn: () => http.get<Role[]>('/api/Role/getRoleTree') });
export const useRoleTypeOptions = () =>
  useQuery({ queryKey: roleKeys.types(), queryFn: () => http.get<RoleType[]>('/api/Role/getRoleTypeOptions') });

const useRoleMutation = <T, R>(call: (body: T) => Promise<R>) => useInvalidatingMutation(roleKeys.all, call);

export const useAddRole = () =>
  useRoleMutation((body: AddRoleBody) => http.post<{ id: number }>('/api/Role/addRole', body, { quiet: true }));
export const useUpdateRole = () =>
  useRoleMutation((body: UpdateRoleBody) => http.post<null>('/api/Role/updateRole', body, { quiet: true }));
export const useDeleteRole = () => useRoleMutation((id: number) => http.post<null>('/api/Role/delRole', { id }));

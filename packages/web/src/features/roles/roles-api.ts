import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddRoleBody, Role, RoleType, UpdateRoleBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const roleKeys = {
  all: ['roles'] as const,
  tree: () => [...roleKeys.all, 'tree'] as const,
  types: () => [...roleKeys.all, 'types'] as const,
};

export const useRoleTree = () =>
  useQuery({ queryKey: roleKeys.tree(), queryFn: () => http.get<Role[]>('/api/Role/getRoleTree') });
export const useRoleTypeOptions = () =>
  useQuery({ queryKey: roleKeys.types(), queryFn: () => http.get<RoleType[]>('/api/Role/getRoleTypeOptions') });

function useRoleMutation<T>(call: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export const useAddRole = () =>
  useRoleMutation((body: AddRoleBody) => http.post<{ id: number }>('/api/Role/addRole', body, { quiet: true }));
export const useUpdateRole = () =>
  useRoleMutation((body: UpdateRoleBody) => http.post<null>('/api/Role/updateRole', body, { quiet: true }));
export const useDeleteRole = () => useRoleMutation((id: number) => http.post<null>('/api/Role/delRole', { id }));

export type RoleNode = Role & { children?: RoleNode[] };

/** The flat list as a tree for antd's Table and TreeSelect; leaves get no children array. */
export function toTree(roles: readonly Role[]): RoleNode[] {
  const nodes = new Map<number, RoleNode>(roles.map((r) => [r.id, { ...r }]));
  const roots: RoleNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}

import { useQuery } from '@tanstack/react-query';
import type { PermissionMatrix, Role, SavePermissionBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useInvalidatingMutation } from '../../lib/query.ts';

export const permissionKeys = {
  all: ['permissions'] as const,
  roles: () => [...permissionKeys.all, 'roles'] as const,
  matrix: (roleId: number, language: string) => [...permissionKeys.all, 'matrix', roleId, language] as const,
};

export const usePermissionRoles = () =>
  useQuery({
    queryKey: permissionKeys.roles(),
    queryFn: () => http.get<Omit<Role, 'userCount'>[]>('/api/permission/getRoles'),
  });

export const useMatrix = (roleId: number | null, language: string) =>
  useQuery({
    queryKey: permissionKeys.matrix(roleId ?? 0, language),
    queryFn: () => http.get<PermissionMatrix>('/api/permission/getMatrix', { roleId: roleId ?? 0 }),
    enabled: roleId !== null,
  });

export const useSavePermission = () =>
  useInvalidatingMutation(permissionKeys.all, (body: SavePermissionBody) =>
    http.post<null>('/api/permission/save', body),
  );

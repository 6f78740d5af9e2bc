import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRoleTypeBody, RoleType, UpdateRoleTypeBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const roleTypeKeys = { all: ['roleTypes'] as const, list: () => [...roleTypeKeys.all, 'list'] as const };

export const listRoleTypes = () => http.get<RoleType[]>('/api/roletype/getList');

function useRoleTypeMutation<T>(call: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleTypeKeys.all }),
  });
}

export const useSaveRoleType = () =>
  useRoleTypeMutation((body: AddRoleTypeBody | UpdateRoleTypeBody) =>
    'id' in body
      ? http.post<null>('/api/roletype/updateType', body, { quiet: true })
      : http.post<{ id: number }>('/api/roletype/addType', body, { quiet: true }),
  );
export const useDeleteRoleType = () =>
  useRoleTypeMutation((id: number) => http.post<null>('/api/roletype/delType', { id }));

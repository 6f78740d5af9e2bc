import type { AddRoleTypeBody, RoleType, UpdateRoleTypeBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useInvalidatingMutation } from '../../lib/query.ts';

export const roleTypeKeys = { all: ['roleTypes'] as const, list: () => [...roleTypeKeys.all, 'list'] as const };

export const listRoleTypes = () => http.get<RoleType[]>('/api/roletype/getList');

const useRoleTypeMutation = <T, R>(call: (body: T) => Promise<R>) => useInvalidatingMutation(roleTypeKeys.all, call);

export const useSaveRoleType = () =>
  useRoleTypeMutation((body: AddRoleTypeBody | UpdateRoleTypeBody) =>
    'id' in body
      ? http.post<null>('/api/roletype/updateType', body, { quiet: true })
      : http.post<{ id: number }>('/api/roletype/addType', body, { quiet: true }),
  );
export const useDeleteRoleType = () =>
  useRoleTypeMutation((id: number) => http.post<null>('/api/roletype/delType', { id }));

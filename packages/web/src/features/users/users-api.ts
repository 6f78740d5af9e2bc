import { useQuery } from '@tanstack/react-query';
import type {
  AddUserBody,
  ResetPasswordBody,
  UpdateUserBody,
  UserList,
  UserListQuery,
  UserOptions,
  UserSession,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useInvalidatingMutation } from '../../lib/query.ts';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  options: () => [...userKeys.all, 'options'] as const,
  sessions: (id: number) => [...userKeys.all, 'sessions', id] as const,
};

export const listUsers = (q: UserListQuery) => http.post<UserList>('/api/User/getUserPage', q);

export const useUserOptions = () =>
  useQuery({ queryKey: userKeys.options(), queryFn: () => http.get<UserOptions>('/api/User/getUserOptions') });

export const useUserSessions = (id: number | null) =>
  useQuery({
    queryKey: userKeys.sessions(id ?? 0),
    queryFn: () => http.post<UserSession[]>('/api/User/getSessions', { id }),
    enabled: id !== null,
  });

/** A user mutation that refreshes every user query once it succeeds. */
const useUserMutation = <T, R>(call: (body: T) => Promise<R>) => useInvalidatingMutation(userKeys.all, call);

// Form calls are quiet: the forms show field errors themselves.
export const useAddUser = () =>
  useUserMutation((body: AddUserBody) => http.post<{ id: number }>('/api/User/addUser', body, { quiet: true }));
export const useUpdateUser = () =>
  useUserMutation((body: UpdateUserBody) => http.post<null>('/api/User/updateUser', body, { quiet: true }));
export const useResetPassword = () =>
  useUserMutation((body: ResetPasswordBody) => http.post<null>('/api/User/resetPassword', body, { quiet: true }));
export const useSetEnabled = () =>
  useUserMutation((body: { id: number; enabled: boolean }) => http.post<null>('/api/User/setEnabled', body));
export const useUnlock = () => useUserMutation((id: number) => http.post<null>('/api/User/unlock', { id }));
export const useEndSessions = () => useUserMutation((id: number) => http.post<null>('/api/User/endSessions', { id }));

import { useQuery } from '@tanstack/react-query';
import type { LoginBody, LoginResult, RegisterBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export type LoginConfig = { registerEnabled: boolean; title: string };

export const authKeys = {
  all: ['auth'] as const,
  loginConfig: () => [...authKeys.all, 'loginConfig'] as const,
};

export const useLoginConfig = () =>
  useQuery({
    queryKey: authKeys.loginConfig(),
    queryFn: () => http.get<LoginConfig>('/api/user/loginConfig', undefined, { quiet: true }),
    staleTime: 60_000,
  });

// The forms show the server's answer themselves (on the form, per field), hence quiet.
export const login = (body: LoginBody) => http.post<LoginResult>('/api/user/login', body, { quiet: true });

export const register = (body: RegisterBody) => http.post<{ id: number }>('/api/user/register', body, { quiet: true });

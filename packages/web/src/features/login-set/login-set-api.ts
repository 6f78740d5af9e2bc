import type { LoginSettingsBody, SetupAdminBody } from '@trestle/shared';
import { http } from '../../lib/http.ts';

export const loginSetKeys = {
  all: ['loginSet'] as const,
  detail: () => [...loginSetKeys.all, 'detail'] as const,
  setupState: () => [...loginSetKeys.all, 'setupState'] as const,
};

export const getLoginSet = () => http.get<LoginSettingsBody>('/api/loginSet/get');

// Form calls are quiet: the screens show field errors themselves.
export const saveLoginSet = (body: LoginSettingsBody) =>
  http.post<LoginSettingsBody>('/api/loginSet/save', body, { quiet: true });

export const getSetupState = () => http.get<{ setupOpen: boolean }>('/api/setup/state', undefined, { quiet: true });

export const checkSetupCode = (code: string) =>
  http.post<LoginSettingsBody>('/api/setup/check', { code }, { quiet: true });

export const saveSetupLoginSet = (code: string, login: LoginSettingsBody) =>
  http.post<LoginSettingsBody>('/api/setup/loginSet', { code, login }, { quiet: true });

export const createFirstAdmin = (body: SetupAdminBody) =>
  http.post<{ id: number }>('/api/setup/admin', body, { quiet: true });

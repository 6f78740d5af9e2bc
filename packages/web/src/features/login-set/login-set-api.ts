import type {
  LoginSettingsBody,
  LoginSettingsSave,
  LoginSettingsView,
  RegisterOptions,
  SetupAdminBody,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const loginSetKeys = {
  all: ['loginSet'] as const,
  detail: () => [...loginSetKeys.all, 'detail'] as const,
  setupState: () => [...loginSetKeys.all, 'setupState'] as const,
  registerOptions: () => [...loginSetKeys.all, 'registerOptions'] as const,
};

/** Every field for the platform administrator; only its tenant's own (the password policy) for a tenant's. */
export const getLoginSet = () => http.get<LoginSettingsView>('/api/loginSet/get');

// Form calls are quiet: the screens show field errors themselves.
export const saveLoginSet = (body: LoginSettingsSave) =>
  http.post<LoginSettingsView>('/api/loginSet/save', body, { quiet: true });

/** Where registration may land (the platform administrator's, and first-run setup's). */
export const getRegisterOptions = () => http.get<RegisterOptions>('/api/loginSet/registerOptions');

export const getSetupState = () => http.get<{ setupOpen: boolean }>('/api/setup/state', undefined, { quiet: true });

export const checkSetupCode = (code: string) =>
  http.post<LoginSettingsBody>('/api/setup/check', { code }, { quiet: true });

export const saveSetupLoginSet = (code: string, login: LoginSettingsBody) =>
  http.post<LoginSettingsBody>('/api/setup/loginSet', { code, login }, { quiet: true });

export const createFirstAdmin = (body: SetupAdminBody) =>
  http.post<{ id: number }>('/api/setup/admin', body, { quiet: true });

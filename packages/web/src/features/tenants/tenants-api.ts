import type { MenuItem, TenantAdd, TenantDetail, TenantRow, TenantUpdate } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';
import { setToken } from '../../lib/token.ts';

export const tenantKeys = { all: ['tenants'] as const };

export const listTenants = (query: { q: string; page: number; rows: number }) =>
  http.post<{ rows: TenantRow[]; total: number }>('/api/TenantMan/getPageData', query);

/** The menus a package may hold (the platform's own and everyone's base menus are left out by the server). */
export const getPackageMenus = () => http.get<MenuItem[]>('/api/TenantMan/packageMenus');

export const getTenant = (id: number) => http.get<TenantDetail>('/api/TenantMan/get', { id });

// Form calls are quiet: the dialog shows field errors itself.
export const addTenant = (body: TenantAdd) => http.post<{ id: number }>('/api/TenantMan/add', body, { quiet: true });
export const updateTenant = (body: TenantUpdate) => http.post<null>('/api/TenantMan/update', body, { quiet: true });

/** Works in another tenant: a new session there; the page reloads so menus and buttons follow. */
export async function switchTenant(tenantId: number) {
  setToken(await http.post<string>('/api/TenantMan/switch', { tenantId }));
  // The other tenant has another package: the guard loads the menu again.
  useAppStore.getState().clearPermission();
  location.hash = '#/home';
  location.reload();
}

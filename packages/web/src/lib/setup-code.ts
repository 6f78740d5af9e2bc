/**
 * The first-run setup code, once the wizard accepted it: kept for this tab only, it stands in for a
 * sign-in on the setup screens (LoginSet, TenantMan, DataSourceMan) until the first administrator exists.
 */
const KEY = 'setupCode';

export const heldSetupCode = (): string => sessionStorage.getItem(KEY) ?? '';
export const holdSetupCode = (code: string): void => sessionStorage.setItem(KEY, code.trim());
export const dropSetupCode = (): void => sessionStorage.removeItem(KEY);

/** The screens the setup code opens (the server's list of routes taking it says the same). */
const SETUP_PATHS = new Set(['/loginset', '/tenantman', '/datasourceman']);
export const isSetupPath = (pathname: string): boolean => SETUP_PATHS.has(pathname.toLowerCase());

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The tenant the app's database connection works for, carried through each request (and each job)
 * by AsyncLocalStorage. Row-level security reads it from the `app.tenant_id` setting that
 * `client.ts` sets from here before every statement; with no tenant, tenant tables show no rows and
 * take no writes.
 */
export type TenantScope = { tenantId: number | null };

const storage = new AsyncLocalStorage<TenantScope>();

export const currentTenant = (): number | null => storage.getStore()?.tenantId ?? null;

/** Runs `fn` for `tenantId`: sign-in, register, the seed, jobs and tests that act for a tenant. */
export function withTenant<T>(tenantId: number, fn: () => Promise<T>): Promise<T> {
  return storage.run({ tenantId }, fn);
}

/** A request's own scope, empty until the token is verified; kept on the request to re-enter later. */
export function newRequestScope(): TenantScope {
  return { tenantId: null };
}

/** Runs the rest of a request hook chain inside `scope` (Fastify's `done` continues the chain). */
export function enterScope(scope: TenantScope, next: () => void) {
  storage.run(scope, next);
}

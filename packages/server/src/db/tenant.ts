import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { tenants } from './schema.ts';

/**
 * The tenant the app's database connection works for, carried through each request (and each job)
 * by AsyncLocalStorage. Row-level security reads it from the `app.tenant_id` setting that
 * `client.ts` sets from here before every statement; with no tenant, tenant tables show no rows and
 * take no writes.
 */
export type TenantScope = {
  tenantId: number | null;
  /**
   * Set only while a platform administrator works in a tenant other than its own (TenantMan's switch):
   * its own user row and role links, and its home tenant's roles (which its grants come from), stay
   * readable there (migration 0018's policies); no other user of its home tenant.
   */
  acting: { userId: number; homeTenantId: number } | null;
};

const storage = new AsyncLocalStorage<TenantScope>();

export const currentTenant = (): number | null => storage.getStore()?.tenantId ?? null;
export const currentActing = () => storage.getStore()?.acting ?? null;

/** Runs `fn` for `tenantId`: sign-in, register, the seed, jobs and tests that act for a tenant. */
export function withTenant<T>(tenantId: number, fn: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a drizzle query is a lazy thenable that would otherwise run after the scope ends.
  return storage.run({ tenantId, acting: null }, async () => await fn());
}

/** A request's own scope, empty until the token is verified; kept on the request to re-enter later. */
export function newRequestScope(): TenantScope {
  return { tenantId: null, acting: null };
}

/** Runs the rest of a request hook chain inside `scope` (Fastify's `done` continues the chain). */
export function enterScope(scope: TenantScope, next: () => void) {
  storage.run(scope, next);
}

/** The platform tenant's id: where what belongs to no tenant (an unknown sign-in name) is kept. */
export async function platformTenantId(db: Db): Promise<number> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isPlatform, true));
  if (!row) throw new Error('no platform tenant');
  return row.id;
}

/** Runs `fn` once for each tenant, bound to it: jobs that work across tenants (log retention). */
export async function forEachTenant(db: Db, fn: (tenantId: number) => Promise<void>) {
  for (const { id } of await db.select({ id: tenants.id }).from(tenants)) await withTenant(id, () => fn(id));
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { tenantSettings } from './schema.ts';

export type SettingsKey = 'site' | 'login';

/**
 * What a tenant's administrator saved for its tenant under `key` (only the fields it may set), or {}.
 * Read under row-level security: the caller is bound to `tenantId`, so another tenant's row is never seen.
 */
export async function tenantOverride(db: Db, tenantId: number, key: SettingsKey): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ value: tenantSettings.value })
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.key, key)));
  const value = row?.value;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Merges `fields` into the tenant's own row for `key` (the fields left out keep their values). */
export async function saveTenantOverride(
  db: Db,
  tenantId: number,
  key: SettingsKey,
  fields: Record<string, unknown>,
  at: Date,
) {
  await db
    .insert(tenantSettings)
    .values({ tenantId, key, value: fields, updatedAt: at })
    .onConflictDoUpdate({
      target: [tenantSettings.tenantId, tenantSettings.key],
      set: { value: sql`${tenantSettings.value} || excluded.value`, updatedAt: at },
    });
}

/** Only the keys of `value` that are in `fields`: what a tenant row may hold, whatever was stored. */
export function pickFields(value: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => fields.includes(k) && v !== undefined));
}

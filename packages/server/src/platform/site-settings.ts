import { type SiteSettings, siteSettingsSchema, TENANT_SITE_FIELDS } from '@trestle/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import { pickFields, tenantOverride } from '../db/settings-store.ts';

/**
 * How long a node trusts its cached copy. The node that saves drops its copy at once; other nodes
 * of a scaled-out install see the change within this many milliseconds.
 */
const CACHE_MS = 5_000;

type Entry = { value: SiteSettings; at: number };
// Keyed by the database handle, so two apps in one process (tests) never share a copy.
const cache = new WeakMap<Db, Entry>();
// Bumped by every save: a read that began before a save must not put its older value in the cache.
const generation = new WeakMap<Db, number>();

/**
 * The platform's 'site' settings (SiteConfig) through a small cache: read on every use, applied without
 * a restart. Token lifetimes and upload limits come from here for every tenant; the anonymous sign-in
 * page shows its name and logo.
 */
export async function siteSettings(db: Db): Promise<SiteSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const started = generation.get(db) ?? 0;
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'site'));
  const parsed = siteSettingsSchema.safeParse(row?.value ?? {});
  const value = parsed.success ? parsed.data : siteSettingsSchema.parse({});
  if ((generation.get(db) ?? 0) === started) cache.set(db, { value, at: Date.now() });
  return value;
}

/** The site settings a tenant's users see: the platform's, with the fields the tenant's admin set. */
export async function tenantSiteSettings(db: Db, tenantId: number): Promise<SiteSettings> {
  const platform = await siteSettings(db);
  const own = pickFields(await tenantOverride(db, tenantId, 'site'), TENANT_SITE_FIELDS);
  const parsed = siteSettingsSchema.safeParse({ ...platform, ...own });
  return parsed.success ? parsed.data : platform;
}

/** Writes one platform settings key and drops this node's cached copy, so the next call reads the new value. */
export async function saveSetting(db: Db, key: 'site' | 'login', value: unknown, at: Date) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: at } });
  generation.set(db, (generation.get(db) ?? 0) + 1);
  cache.delete(db);
}

/** The access-token and session lifetimes in force: SiteConfig's, else the server configuration's. */
export async function tokenLifetimes(db: Db, fallback: { accessTokenMinutes: number; sessionMaxHours: number }) {
  const s = await siteSettings(db);
  return {
    accessTokenMinutes: s.accessTokenMinutes ?? fallback.accessTokenMinutes,
    sessionMaxHours: s.sessionMaxHours ?? fallback.sessionMaxHours,
  };
}

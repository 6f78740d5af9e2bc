import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, settings, tenants, userRoles, users } from '../../db/schema.ts';
import { withTenant } from '../../db/tenant.ts';

const SETUP_KEY = 'setup';

/**
 * First-run setup is open while no enabled user of the platform tenant holds an enabled super role
 * (e.g. `npm start` with SEED_DEMO=false); the admins of tenants added during setup do not end it. Screens the spec lists as anonymous (LoginSet, TenantMan, DataSourceMan) may open
 * without sign-in only while this is true, and only with the setup code.
 */
export async function setupState(db: Db): Promise<{ setupOpen: boolean }> {
  const [platform] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isPlatform, true));
  if (!platform) return { setupOpen: true };
  // Read as the platform tenant: its users and roles are under row-level security like any tenant's.
  const [admin] = await withTenant(platform.id, () =>
    db
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isSuper, true), eq(roles.enabled, true)))
      .innerJoin(users, and(eq(users.id, userRoles.userId), eq(users.enabled, true)))
      .where(eq(users.tenantId, platform.id))
      .limit(1),
  );
  return { setupOpen: !admin };
}

const hashOf = (code: string) => createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new one-time setup code (only its hash is stored, in the database so every node accepts it);
 * it replaces any earlier one. Null when setup is closed.
 */
export async function issueSetupCode(db: Db, at: Date): Promise<string | null> {
  if (!(await setupState(db)).setupOpen) return null;
  const raw = Array.from({ length: 12 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  const value = { codeHash: hashOf(code), issuedAt: at.toISOString() };
  await db
    .insert(settings)
    .values({ key: SETUP_KEY, value, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
  return code;
}

/** 'closed' once an administrator exists or the code was spent; 'wrong' for any other code. */
export async function checkSetupCode(db: Db, code: string): Promise<'ok' | 'wrong' | 'closed'> {
  if (!(await setupState(db)).setupOpen) return 'closed';
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETUP_KEY));
  const stored = (row?.value as { codeHash?: unknown } | undefined)?.codeHash;
  if (typeof stored !== 'string') return 'closed';
  return timingSafeEqual(Buffer.from(stored), Buffer.from(hashOf(code))) ? 'ok' : 'wrong';
}

/**
 * Spends the code, in the transaction that creates the first administrator; false when another
 * request spent it first (the delete waits for that transaction, then finds no row).
 */
export async function spendSetupCode(db: Db): Promise<boolean> {
  const spent = await db.delete(settings).where(eq(settings.key, SETUP_KEY)).returning({ key: settings.key });
  return spent.length > 0;
}

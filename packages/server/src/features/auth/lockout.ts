import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

type Policy = { lockoutThreshold: number; lockoutMinutes: number };

/** A lock never lasts longer than a day, however often it doubled. */
const MAX_LOCK_MINUTES = 1440;
/** An address's earlier locks are forgotten after a day without a failure: the next lock is short again. */
const FORGET_LOCKS_MS = 86_400_000;

/** Where a sign-in attempt from one address stands with one account name. */
export type Standing = {
  /** How long this address is still locked out of this account (0: not locked). */
  lockedMs: number;
  /** Failures from any address reached the threshold: every address must answer a captcha. */
  underAttack: boolean;
};

/**
 * Failed sign-ins counted per account name and client address. The threshold-th failure within the
 * window locks that address out of that account, for twice as long as its previous lock; the real user
 * at another address is never locked by it, but while the account is under attack (failures from
 * anywhere reach the threshold) every address must answer a captcha, so a spread-out guesser gains
 * nothing by changing address.
 */
export function createLockout(db: Db, now: () => Date) {
  return {
    async standing(userKey: string, address: string, policy: Policy): Promise<Standing> {
      const rows = await db.select().from(loginFailures).where(eq(loginFailures.userKey, userKey));
      const at = now().getTime();
      const windowStart = at - policy.lockoutMinutes * 60_000;
      const mine = rows.find((r) => r.address === address);
      const lockedMs = mine?.lockedUntil ? Math.max(0, mine.lockedUntil.getTime() - at) : 0;
      const locked = rows.some((r) => r.lockedUntil && r.lockedUntil.getTime() > at);
      const recent = rows
        .filter((r) => r.firstFailedAt.getTime() >= windowStart && r.lockedUntil === null)
        .reduce((n, r) => n + r.failures, 0);
      return { lockedMs, underAttack: locked || recent >= policy.lockoutThreshold };
    },

    /** Counts a failure for the pair; the threshold-th within the window locks it, each lock twice the last. */
    async fail(userKey: string, address: string, policy: Policy) {
      const at = now();
      const windowStart = new Date(at.getTime() - policy.lockoutMinutes * 60_000);
      const forgetBefore = new Date(at.getTime() - FORGET_LOCKS_MS);
      const f = loginFailures;
      // A lock that ran out, or failures older than the window, start a new count.
      const fresh = sql`(${f.firstFailedAt} < ${windowStart} or ${f.lockedUntil} is not null)`;
      const next = sql`(case when ${fresh} then 1 else ${f.failures} + 1 end)`;
      const earlierLocks = sql`(case when ${f.lastFailedAt} < ${forgetBefore} then 0 else ${f.locks} end)`;
      const locking = sql`(${next} >= ${policy.lockoutThreshold})`;
      const minutes = sql`least(${policy.lockoutMinutes} * power(2, ${earlierLocks}), ${MAX_LOCK_MINUTES})::int`;
      const firstLocks = policy.lockoutThreshold <= 1;
      await db
        .insert(f)
        .values({
          userKey,
          address,
          failures: 1,
          firstFailedAt: at,
          lastFailedAt: at,
          locks: firstLocks ? 1 : 0,
          lockedUntil: firstLocks ? new Date(at.getTime() + policy.lockoutMinutes * 60_000) : null,
        })
        .onConflictDoUpdate({
          target: [f.userKey, f.address],
          set: {
            failures: next,
            firstFailedAt: sql`case when ${fresh} then ${at}::timestamptz else ${f.firstFailedAt} end`,
            lastFailedAt: at,
            locks: sql`case when ${locking} then ${earlierLocks} + 1 else ${earlierLocks} end`,
            lockedUntil: sql`case when ${locking} then ${at}::timestamptz + make_interval(mins => ${minutes}) else null end`,
          },
        });
    },

    /** A successful sign-in from this address forgets its failures (the others' stay counted). */
    async clear(userKey: string, address: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.userKey, userKey), eq(loginFailures.address, address)));
    },
  };
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { forEachTenant } from '../../db/tenant.ts';
import { type Job, scheduleJob } from '../../platform/jobs.ts';

export const DEFAULT_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;

/** settings 'site'.logRetentionDays, read afresh each time (SiteConfig edits it); 180 when absent or invalid. */
export async function logRetentionDays(db: Db): Promise<number> {
  const [row] = await queryRows<{ days: unknown }>(
    db,
    sql`select value->'logRetentionDays' as days from settings where key = 'site'`,
  );
  const days = Number(row?.days);
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_RETENTION_DAYS;
}

const BATCH = 5_000;

/** In batches, so a first purge of a large log never holds one long transaction or lock. */
const purge = async (db: Db, table: 'request_log' | 'sign_in_log' | 'data_change_log', cutoff: Date) => {
  const t = sql.identifier(table);
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from ${t} where id in (select id from ${t} where at < ${cutoff} limit ${BATCH}) returning 1) select count(*)::int as n from gone`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
};

/**
 * Deletes log rows older than the retention period, in every tenant (row-level security lets a
 * statement see one tenant at a time); returns how many went from each log.
 */
export async function purgeOldLogs(db: Db, now: () => Date) {
  const days = await logRetentionDays(db);
  const cutoff = new Date(now().getTime() - days * DAY_MS);
  const gone = { days, requests: 0, signIns: 0, changes: 0 };
  await forEachTenant(db, async () => {
    gone.requests += await purge(db, 'request_log', cutoff);
    gone.signIns += await purge(db, 'sign_in_log', cutoff);
    gone.changes += await purge(db, 'data_change_log', cutoff);
  });
  return gone;
}

/** Purges when the server is ready, then daily, by one app node of however many share the database. */
export function scheduleLogRetention(app: FastifyInstance, deps: { db: Db; now: () => Date }): Job {
  const work = async () => app.log.info(await purgeOldLogs(deps.db, deps.now), 'old log rows purged');
  return scheduleJob(app, { db: deps.db, now: deps.now, name: 'log-retention', firstRunMs: 0, everyMs: DAY_MS, work });
}

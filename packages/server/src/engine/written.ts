import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { WriteDeps } from './write-deps.ts';

/**
 * Where a committed write names each table it changed, as `<tenant>:<table>`: results kept over those tables
 * (BI's charts) are dropped on every app node. A constant of ours, never a request's.
 */
export const WRITES_CHANNEL = 'trestle_bi';

/**
 * The tables this transaction has changed so far: rows inserted, updated or deleted by the write itself, its
 * hooks (a contract's totals on its project) and cascades alike, as PostgreSQL counts them per transaction.
 * Each is announced on WRITES_CHANNEL in the same statement; PostgreSQL sends the notices at commit, none on a
 * roll back.
 */
async function tablesWritten(tx: Db, tenantId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select s.relname as name, pg_notify(${WRITES_CHANNEL}, ${`${tenantId}:`} || s.relname) as sent
        from pg_stat_xact_user_tables s where s.n_tup_ins + s.n_tup_upd + s.n_tup_del > 0`,
  );
  return rows.map((r) => r.name);
}

/**
 * A write's transaction. Once it has committed, the caller's `written` hears the tables it changed: told after
 * the commit, a reader on this node cannot keep what it read before the change under the new state's name.
 */
export async function writeTransaction<T>(
  db: Db,
  d: Pick<WriteDeps, 'auth' | 'written'>,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  let tables: string[] = [];
  const out = await db.transaction(async (tx) => {
    const result = await work(tx);
    if (d.written) tables = await tablesWritten(tx, d.auth.tenantId);
    return result;
  });
  if (tables.length) d.written?.(tables);
  return out;
}

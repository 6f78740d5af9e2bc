import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/** A dictionary larger than this goes to the browser as `remote` and is searched on demand. */
export const INLINE_LIMIT = 500;
const STATEMENT_TIMEOUT_MS = 2_000;

export type Item = { value: string; label: string; parent?: string | null };
export type Caller = { userId: number; tenantId: number };

const sqlFailed = (reason: string) => new AppError(422, 'unprocessable', `The dictionary's SQL failed: ${reason}`);

/**
 * An admin-written SELECT, made safe to run: it becomes a subquery (so it is one statement, and only
 * a query), :userId and :tenantId become bound parameters, and it runs in a READ ONLY transaction
 * with a statement timeout and a row cap. The columns it must return are value and label (parent optional).
 */
function wrap(text: string, caller: Caller, outer: SQL, limit: number): SQL {
  const parts = text.split(/(:userId\b|:tenantId\b)/);
  const inner = sql.join(
    parts.map((p) =>
      p === ':userId' ? sql`${caller.userId}` : p === ':tenantId' ? sql`${caller.tenantId}` : sql.raw(p),
    ),
    sql``,
  );
  // The newline ends any trailing "--" comment before the wrapper closes the subquery.
  return sql`select d.value::text as value, d.label::text as label from (${inner}\n) d where ${outer} limit ${limit}`;
}

export function checkSqlShape(text: string): string | null {
  const t = text.trim();
  if (!/^(select|with)\b/i.test(t)) return 'it must be a SELECT (or WITH … SELECT)';
  if (t.length > 4000) return 'it is longer than 4,000 characters';
  return null;
}

export async function runSqlDictionary(
  db: Db,
  text: string,
  caller: Caller,
  outer: SQL = sql`true`,
  limit = INLINE_LIMIT + 1,
): Promise<Item[]> {
  const problem = checkSqlShape(text);
  if (problem) throw sqlFailed(problem);
  let items: Item[] = [];
  try {
    // Its own transaction, or a savepoint inside a write's transaction, always rolled back: the READ ONLY
    // mode and the timeout end with it and never leak into the caller's transaction.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
      items = await queryRows<Item>(tx, wrap(text, caller, outer, limit));
      throw ROLL_BACK;
    });
  } catch (err) {
    if (err === ROLL_BACK) return items;
    const message = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    throw sqlFailed(message.split('\n')[0]?.slice(0, 200) ?? 'unknown error');
  }
  return items;
}

const ROLL_BACK = new Error('roll back the dictionary query');

import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EMBEDDED_ONLY_PLATFORM, type UserSql, UserSqlError, userSelect } from '../../db/user-sql.ts';
import { AppError } from '../../http/errors.ts';
import { isPlatformAdmin } from '../../http/platform.ts';

/** A dictionary larger than this goes to the browser as `remote` and is searched on demand. */
export const INLINE_LIMIT = 500;

export type Item = { value: string; label: string; parent?: string | null };
export type Caller = { userId: number; tenantId: number };

const sqlFailed = (reason: string) => new AppError(422, 'unprocessable', `The dictionary's SQL failed: ${reason}`);

/**
 * An admin-written SELECT returning value and label, run as the tenant's SQL role (db/user-sql.ts):
 * :userId and :tenantId are bound parameters, `outer` narrows it (a search), the limit caps it.
 */
export async function runSqlDictionary(
  userSql: UserSql,
  text: string,
  caller: Caller,
  outer: SQL = sql`true`,
  limit = INLINE_LIMIT + 1,
): Promise<Item[]> {
  try {
    const inner = userSelect(text, { userId: caller.userId, tenantId: caller.tenantId });
    return await userSql.run<Item>(
      caller.tenantId,
      sql`select d.value::text as value, d.label::text as label from ${inner} d where ${outer} limit ${limit}`,
    );
  } catch (err) {
    if (err instanceof UserSqlError) throw sqlFailed(err.message);
    throw err;
  }
}

/**
 * Who may save a dictionary's SQL: on a server, whoever may edit dictionaries (it runs as the tenant's
 * SQL role); on the embedded database, only the platform administrator.
 */
export async function checkSqlAuthor(db: Db, userSql: UserSql, caller: Caller) {
  if (userSql.embedded && !(await isPlatformAdmin(db, caller))) throw sqlFailed(EMBEDDED_ONLY_PLATFORM);
}

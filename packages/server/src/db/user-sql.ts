import { createHmac } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, installationKey, queryRows } from './client.ts';
import { checkBounded, inlineParams, inRolledBack } from './user-sql-embedded.ts';

/**
 * SQL an admin writes (SQL dictionaries, BI datasets) is untrusted. It runs as the tenant's own SQL
 * role (`trestle_sql_<install>_<tenant>`, a member of `trestle_sql`): on a PostgreSQL server that role
 * logs in itself, so it cannot become any other role, and the policies of migration 0017 keep it to
 * its tenant by its name, which the statement cannot change. It reads only what 0017 grants, in a
 * READ ONLY transaction, one statement (extended protocol), under a timeout. The embedded database
 * has neither a second login nor a timer (docs/adr/0004), so there only the platform administrator
 * may run such SQL, and only what the planner can bound. Everything is rolled back.
 */
export type UserSql = {
  /**
   * True on the embedded database: there only the platform administrator may write SQL (the features'
   * save paths check it) and only the platform tenant's SQL runs (checked here).
   */
  embedded: boolean;
  /** The rows of `query`, whose user-written parts come from `userSelect`, read as `tenantId`. */
  run<T>(tenantId: number, query: SQL): Promise<T[]>;
  /** The SQL roles this install made (tests drop them with the database). */
  roleNames(): Promise<string[]>;
  close(): Promise<void>;
};

/** Why a statement did not run or failed; callers word it for their screen (a 422 with the reason). */
export class UserSqlError extends Error {}

export const USER_SQL_TIMEOUT_MS = 2_000;
export const EMBEDDED_ONLY_PLATFORM =
  'on the embedded database only the platform administrator may use SQL, because it can neither keep a statement to one company nor stop it after its timeout; a PostgreSQL server (DATABASE_URL) lets company administrators write SQL';
const MAX_LENGTH = 4_000;

/**
 * The parts of an admin's statement a placeholder is never read in: string literals, quoted names and
 * comments; and the placeholders themselves, `:name` (not the second colon of a cast, `x::date`).
 */
const PLACEHOLDERS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|(?<![:\w]):([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * An admin's SELECT as a subquery: one query, nothing else. `:name` placeholders become bound
 * parameters from `vars` (a value, or a typed parameter a caller wrote as SQL); `$1`-style ones are
 * refused so the statement's own parameters stay ours.
 */
export function userSelect(text: string, vars: Record<string, string | number | SQL>): SQL {
  const t = text.trim();
  if (!/^(select|with)\b/i.test(t)) throw new UserSqlError('it must be a SELECT (or WITH … SELECT)');
  if (t.length > MAX_LENGTH) throw new UserSqlError('it is longer than 4,000 characters');
  if (/\$\d/.test(t)) throw new UserSqlError(`use :${Object.keys(vars).join(' or :')} instead of $1-style parameters`);
  const parts: SQL[] = [];
  let from = 0;
  for (const m of t.matchAll(PLACEHOLDERS)) {
    const name = m[1];
    if (name === undefined || !Object.hasOwn(vars, name)) continue;
    parts.push(sql.raw(t.slice(from, m.index)), sql`${vars[name]}`);
    from = m.index + m[0].length;
  }
  parts.push(sql.raw(t.slice(from)));
  // The newline ends a trailing "--" comment before the caller's wrapper closes the subquery.
  return sql`(${sql.join(parts, sql``)}\n)`;
}

const dialect = new PgDialect();

type Log = { error(obj: unknown, msg: string): void };

/**
 * The per-tenant SQL roles and where their statements run. `ownerDb` creates the roles (it needs
 * CREATEROLE on a server); `secret` derives each role's password, so nothing is stored and every app
 * node computes the same one.
 */
export function openUserSql(opts: {
  ownerDb: Db;
  /** The install's secret, asked for when a password is first needed (after the migrations). */
  secret: () => Promise<Uint8Array>;
  log: Log;
  target: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
}): UserSql {
  const { ownerDb, target } = opts;
  const roles = new Map<number, Promise<string>>();
  const pools = new Map<string, pg.Pool>();
  let installKey: Promise<string> | undefined;

  const key = () => {
    installKey ??= installationKey(ownerDb).catch((err: unknown) => {
      throw new UserSqlError(err instanceof Error ? err.message : String(err));
    });
    return installKey;
  };
  const passwordOf = async (role: string) =>
    createHmac('sha256', await opts.secret())
      .update(`sql-role:${role}`)
      .digest('base64url');

  async function createRole(tenantId: number): Promise<string> {
    const role = `trestle_sql_${await key()}_${tenantId}`;
    const [bound] = await queryRows<{ tenant: number }>(
      ownerDb,
      sql`select tenant_id as tenant from sql_tenant_roles where role_name = ${role}`,
    );
    if (bound) return role;
    const login = target.kind === 'postgres' ? `LOGIN PASSWORD '${await passwordOf(role)}'` : 'NOLOGIN';
    try {
      try {
        await ownerDb.execute(
          sql.raw(
            `CREATE ROLE "${role}" ${login} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT CONNECTION LIMIT 4 IN ROLE trestle_sql`,
          ),
        );
      } catch (err) {
        // Made by a node that lost the race to bind it, or left from a mapping row's loss: take it over.
        if (pgCode(err) !== '42710') throw err;
        await ownerDb.execute(sql.raw(`ALTER ROLE "${role}" ${login}`));
        await ownerDb.execute(sql.raw(`GRANT trestle_sql TO "${role}"`));
      }
      // Backstops for a session that somehow skipped ours: read only, and a timeout of its own.
      await ownerDb.execute(sql.raw(`ALTER ROLE "${role}" SET default_transaction_read_only = on`));
      await ownerDb.execute(sql.raw(`ALTER ROLE "${role}" SET statement_timeout = '10s'`));
      await ownerDb.execute(
        sql`insert into sql_tenant_roles (role_name, tenant_id) values (${role}, ${tenantId}) on conflict do nothing`,
      );
    } catch (err) {
      if (pgCode(err) === '42501')
        throw new UserSqlError("the database owner may not create the tenant's SQL role (it needs CREATEROLE)");
      throw err;
    }
    return role;
  }

  const roleFor = (tenantId: number) => {
    let role = roles.get(tenantId);
    if (!role) {
      role = createRole(tenantId);
      roles.set(tenantId, role);
      role.catch(() => roles.delete(tenantId));
    }
    return role;
  };

  async function poolFor(role: string): Promise<pg.Pool> {
    if (target.kind !== 'postgres') throw new Error('no pool on the embedded database');
    const password = pools.has(role) ? '' : await passwordOf(role);
    // Looked up again after the await: a call that ran meanwhile may have made it.
    let pool = pools.get(role);
    if (!pool) {
      const url = new URL(target.url);
      url.username = role;
      url.password = password;
      pool = new pg.Pool({
        connectionString: url.toString(),
        max: 2,
        idleTimeoutMillis: 10_000,
        connectionTimeoutMillis: 5_000,
        // The server's timeout cuts the statement; this one cuts a connection that stops answering.
        query_timeout: USER_SQL_TIMEOUT_MS + 3_000,
        allowExitOnIdle: true,
      });
      pool.on('error', (err) => opts.log.error({ err }, 'idle user-SQL connection failed'));
      pools.set(role, pool);
    }
    return pool;
  }

  async function onServer<T>(tenantId: number, role: string, query: SQL): Promise<T[]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let client: pg.PoolClient;
    try {
      client = await (await poolFor(role)).connect();
    } catch (err) {
      // The token secret changed since the role was made: give it the password this node derives.
      if (pgCode(err) !== '28P01') throw err;
      await ownerDb.execute(sql.raw(`ALTER ROLE "${role}" PASSWORD '${await passwordOf(role)}'`));
      client = await (await poolFor(role)).connect();
    }
    const lost = (err: Error) => opts.log.error({ err }, 'user-SQL connection failed');
    client.on('error', lost);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${USER_SQL_TIMEOUT_MS}`);
      await client.query('SET LOCAL lock_timeout = 1000');
      // For views whose owner is under forced RLS; the role's own policies hold whatever it sets later.
      await client.query(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
      const result = await client.query({ text, values: params, queryMode: 'extended' } as pg.QueryConfig);
      return result.rows as T[];
    } catch (err) {
      if (!pgCode(err)) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      await client.query('ROLLBACK').catch((err: Error) => {
        broken ??= err;
      });
      client.off('error', lost);
      client.release(broken ?? false);
    }
  }

  async function embedded<T>(tenantId: number, role: string, query: SQL): Promise<T[]> {
    if (target.kind !== 'pglite') throw new Error('not the embedded database');
    const { sql: text, params } = dialect.sqlToQuery(query);
    await checkBounded(target.client, inlineParams(text, params));
    let rows: T[] = [];
    await inRolledBack(target.client, async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      await tx.query(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
      await tx.query(`SET LOCAL ROLE "${role}"`);
      rows = (await tx.query<T>(text, params)).rows;
    });
    return rows;
  }

  async function platformTenant(tenantId: number) {
    const [row] = await queryRows<{ platform: boolean }>(
      ownerDb,
      sql`select is_platform as platform from tenants where id = ${tenantId}`,
    );
    return row?.platform === true;
  }

  return {
    embedded: target.kind === 'pglite',
    async run<T>(tenantId: number, query: SQL): Promise<T[]> {
      if (target.kind === 'pglite' && !(await platformTenant(tenantId))) throw new UserSqlError(EMBEDDED_ONLY_PLATFORM);
      const role = await roleFor(tenantId);
      try {
        return target.kind === 'postgres'
          ? await onServer<T>(tenantId, role, query)
          : await embedded<T>(tenantId, role, query);
      } catch (err) {
        if (err instanceof UserSqlError) throw err;
        throw new UserSqlError(firstLine(err));
      }
    },
    async roleNames() {
      const rows = await queryRows<{ name: string }>(ownerDb, sql`select role_name as name from sql_tenant_roles`);
      return rows.map((r) => r.name);
    },
    async close() {
      await Promise.all([...pools.values()].map((p) => p.end()));
      pools.clear();
    },
  };
}

const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

const firstLine = (err: unknown) => {
  const message = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
  return message.split('\n')[0]?.slice(0, 200) || 'unknown error';
};

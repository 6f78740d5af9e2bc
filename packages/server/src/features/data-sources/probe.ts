import type { DataSourceKind, DataSourceTestResult } from '@trestle/shared';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type Target = {
  kind: DataSourceKind;
  /** The resolved address to connect to; `host` is kept for TLS name checks. */
  address: string;
  host: string;
  port: number;
  database: string;
  userName: string;
  password: string;
  ssl: boolean;
  timeoutSeconds: number;
};

const failed = (err: unknown): DataSourceTestResult => ({
  ok: false,
  readOnly: null,
  serverVersion: null,
  message: 'The connection failed',
  problems: [err instanceof Error ? err.message : String(err)],
});

const answer = (serverVersion: string, problems: string[]): DataSourceTestResult => ({
  ok: true,
  readOnly: problems.length === 0,
  serverVersion,
  message: problems.length ? 'Connected, but the account can change data' : 'Connected with a read-only account',
  problems,
});

/** PostgreSQL: connect, then ask what the account may do. Every statement runs read-only. */
async function probePostgres(t: Target): Promise<DataSourceTestResult> {
  const ms = t.timeoutSeconds * 1000;
  const client = new pg.Client({
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.userName,
    password: t.password,
    ssl: t.ssl ? { servername: t.host } : false,
    connectionTimeoutMillis: ms,
    statement_timeout: ms,
    query_timeout: ms,
    options: '-c default_transaction_read_only=on',
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{
      version: string;
      superuser: boolean;
      createdb: boolean;
      createrole: boolean;
      writes: boolean;
      creates: boolean;
    }>(`select version() as version, r.rolsuper as superuser, r.rolcreatedb as createdb,
              r.rolcreaterole as createrole,
              exists (select 1 from information_schema.role_table_grants g
                      where g.grantee = current_user and g.privilege_type in ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')) as writes,
              has_database_privilege(current_user, current_database(), 'CREATE') as creates
         from pg_roles r where r.rolname = current_user`);
    const r = rows[0];
    if (!r) return answer('unknown', ['the account is not visible in pg_roles']);
    const problems = [
      r.superuser && 'the account is a superuser',
      r.createdb && 'the account may create databases',
      r.createrole && 'the account may create roles',
      r.writes && 'the account may insert, update, delete or truncate tables',
      r.creates && 'the account may create schemas in this database',
    ].filter((p): p is string => typeof p === 'string');
    return answer(r.version, problems);
  } catch (err) {
    return failed(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** MySQL and MariaDB: connect read-only, then read the account's grants. */
async function probeMysql(t: Target): Promise<DataSourceTestResult> {
  let conn: mysql.Connection | undefined;
  try {
    conn = await mysql.createConnection({
      host: t.address,
      port: t.port,
      database: t.database,
      user: t.userName,
      password: t.password,
      // mysql2 checks the certificate against the address it connects to (the pinned one).
      ssl: t.ssl ? {} : undefined,
      connectTimeout: t.timeoutSeconds * 1000,
      multipleStatements: false,
    });
    await conn.query('SET SESSION TRANSACTION READ ONLY');
    const [versionRows] = await conn.query<mysql.RowDataPacket[]>('SELECT VERSION() AS version');
    const [grantRows] = await conn.query<mysql.RowDataPacket[]>('SHOW GRANTS FOR CURRENT_USER()');
    const grants = grantRows.map((g) => String(Object.values(g)[0] ?? ''));
    const writing = /\b(ALL PRIVILEGES|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|SUPER)\b/;
    const problems = grants.filter((g) => writing.test(g)).map((g) => `granted: ${g}`);
    return answer(String(versionRows[0]?.version ?? 'unknown'), problems);
  } catch (err) {
    return failed(err);
  } finally {
    await conn?.end().catch(() => {});
  }
}

export const probe = (t: Target) => (t.kind === 'postgres' ? probePostgres(t) : probeMysql(t));

import type { BiValueType } from '@trestle/shared';
import type { Connection as CoreConnection } from 'mysql2';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Logger } from '../../db/client.ts';

/**
 * How each kind of data source is connected to and read (run-select.ts decides what runs and words the
 * failures). One pool per source: every call a read-only transaction with its own timeout and row cap,
 * rolled back, and the session reset before the connection is handed out again.
 */

/** A value bound to a placeholder, or read from a result's cell. */
export type SelectValue = string | number | boolean | null;
export type SelectColumn = { name: string; type: BiValueType };
/**
 * Rows as arrays in the columns' order (a statement may name two columns alike): numbers as numbers, dates as
 * YYYY-MM-DD, date-times as ISO text.
 */
export type SelectResult = { columns: SelectColumn[]; rows: SelectValue[][]; truncated: boolean };

/** The server could not be reached or refused the sign-in: the statement never ran. */
export class Unreachable extends Error {}

export type Target = {
  address: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  ssl: boolean;
  timeoutSeconds: number;
};

export type Driver = {
  select(text: string, params: SelectValue[], maxRows: number, timeoutMs: number): Promise<SelectResult>;
  end(): Promise<void>;
};

/** A stuck connection is cut this long after the server's own timeout should have stopped the statement. */
const BACKSTOP_MS = 3_000;

const PG_NUMBERS = new Set([20, 21, 23, 26, 700, 701, 1700]);
const pgTypeOf = (oid: number): BiValueType => {
  if (PG_NUMBERS.has(oid)) return 'number';
  if (oid === 16) return 'boolean';
  if (oid === 1082) return 'date';
  return oid === 1114 || oid === 1184 ? 'datetime' : 'string';
};

/**
 * Values as BI carries them, parsed from PostgreSQL's text: bigint and numeric as numbers (a chart needs no
 * more than a double's digits), dates as text, date-times as ISO text (the session's zone is UTC), anything
 * else (json, arrays, intervals) as the server writes it.
 */
const pgValues = {
  getTypeParser: (oid: number) => {
    const type = pgTypeOf(oid);
    if (type === 'number') return Number;
    if (type === 'boolean') return (t: string) => t === 't';
    if (type === 'datetime') return (t: string) => t.replace(' ', 'T').replace(/\+00$/, 'Z');
    return (t: string) => t;
  },
} as unknown as pg.CustomTypesConfig;

export function postgresDriver(t: Target, log: Logger): Driver {
  const pool = new pg.Pool({
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    ssl: t.ssl ? { servername: t.host } : false,
    max: 3,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    connectionTimeoutMillis: t.timeoutSeconds * 1000,
    application_name: 'trestle-bi',
    // Read-only and bounded from the first statement, whatever a later call forgets.
    options: `-c default_transaction_read_only=on -c statement_timeout=${t.timeoutSeconds * 1000} -c TimeZone=UTC`,
    types: pgValues,
  });
  pool.on('error', (err) => log.error({ err }, 'idle data-source connection failed'));
  return {
    async select(text, params, maxRows, timeoutMs) {
      const client = await pool.connect().catch((err: unknown) => {
        throw new Unreachable(err instanceof Error ? err.message : String(err));
      });
      let broken: Error | undefined;
      const extended = (statement: string, values: SelectValue[] = []) =>
        ({ text: statement, values, queryMode: 'extended', query_timeout: timeoutMs + BACKSTOP_MS }) as pg.QueryConfig;
      try {
        await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeoutMs}`);
        // A cursor, not a wrapping subquery: the statement's own ORDER BY and LIMIT stay as written, the
        // server refuses anything but a query in it, and only maxRows + 1 rows ever leave the server.
        await client.query(extended(`DECLARE trestle_select NO SCROLL CURSOR FOR ${text}`, params));
        const result = await client.query<SelectValue[]>({
          ...extended(`FETCH FORWARD ${maxRows + 1} FROM trestle_select`),
          rowMode: 'array',
        });
        const columns = result.fields.map((f) => ({ name: f.name, type: pgTypeOf(f.dataTypeID) }));
        return { columns, rows: result.rows.slice(0, maxRows), truncated: result.rows.length > maxRows };
      } catch (err) {
        if (!(err instanceof pg.DatabaseError)) broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        // Rolled back, then the session's leftovers a SELECT can make (advisory locks) gone before the next
        // call. A connection that broke or stopped answering is closed instead: that rolls back too.
        for (const step of ['ROLLBACK', 'DISCARD ALL'])
          if (!broken)
            await client.query(step).catch((err: Error) => {
              broken = err;
            });
        client.release(broken ?? false);
      }
    },
    end: () => pool.end(),
  };
}

// The protocol's column type codes (mysql2's lib/constants/types.js).
const MY = { tiny: 1, timestamp: 7, date: 10, datetime: 12, newDate: 14, bit: 16 };
const MY_NUMBERS = new Set([0, MY.tiny, 2, 3, 4, 5, 8, 9, 13, 246]);
/** tinyint(1) is MySQL's BOOLEAN, bit(1) a flag; the other integer, decimal and float types are numbers. */
const mysqlTypeOf = (f: mysql.FieldPacket): BiValueType => {
  const code = f.columnType ?? -1;
  if ((code === MY.tiny || code === MY.bit) && f.columnLength === 1) return 'boolean';
  if (MY_NUMBERS.has(code)) return 'number';
  if (code === MY.date || code === MY.newDate) return 'date';
  return code === MY.timestamp || code === MY.datetime ? 'datetime' : 'string';
};

function mysqlValue(v: unknown, type: BiValueType): SelectValue {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return type === 'boolean' ? v.some((b) => b !== 0) : v.toString('utf8');
  if (type === 'number') return Number(v);
  if (type === 'boolean') return Number(v) !== 0;
  if (type === 'datetime') return String(v).replace(' ', 'T');
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);
}

type Streamed = { fields: mysql.FieldPacket[]; rows: unknown[][]; overflow: boolean };

/**
 * The rows of a prepared statement, read until maxRows + 1. `sql_select_limit` stops a statement without
 * a LIMIT at that many on the server; one with a larger LIMIT of its own is cut here (`overflow`: the
 * connection must then be destroyed, the rest of its answer is still on the wire).
 */
function streamRows(conn: mysql.PoolConnection, text: string, params: SelectValue[], keep: number, timeout: number) {
  return new Promise<Streamed>((resolve, reject) => {
    const got: Streamed = { fields: [], rows: [], overflow: false };
    // The callback-style connection under the promise one: only it streams rows as they come.
    const core = conn.connection as unknown as CoreConnection;
    const query = core.execute({ sql: text, values: params, rowsAsArray: true, timeout });
    query.on('fields', (fields: unknown) => {
      got.fields = fields as mysql.FieldPacket[];
    });
    query.on('result', (row: unknown) => {
      if (got.overflow) return;
      if (got.rows.length < keep) {
        got.rows.push(row as unknown[]);
        return;
      }
      got.overflow = true;
      resolve(got);
    });
    query.on('error', (err) => {
      if (!got.overflow) reject(err);
    });
    query.on('end', () => resolve(got));
  });
}

export function mysqlDriver(t: Target, log: Logger): Driver {
  const pool = mysql.createPool({
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    // mysql2 checks the certificate against the address it connects to (the pinned one), as the test does.
    ssl: t.ssl ? {} : undefined,
    connectTimeout: t.timeoutSeconds * 1000,
    multipleStatements: false,
    connectionLimit: 3,
    maxIdle: 2,
    idleTimeout: 30_000,
    dateStrings: true,
    decimalNumbers: true,
    supportBigNumbers: true,
  });
  pool.on('connection', (conn) => conn.on('error', (err) => log.error({ err }, 'data-source connection failed')));
  // MariaDB's statement timeout is max_statement_time (seconds); MySQL's is max_execution_time (ms).
  let mariaDb = true;
  const bounds = (ms: number, rows: number) =>
    `SET SESSION ${mariaDb ? `max_statement_time = ${ms / 1000}` : `max_execution_time = ${ms}`}, ` +
    `SESSION sql_select_limit = ${rows}, SESSION time_zone = '+00:00'`;
  return {
    async select(text, params, maxRows, timeoutMs) {
      const conn = await pool.getConnection().catch((err: unknown) => {
        throw new Unreachable(err instanceof Error ? err.message : String(err));
      });
      let broken = false;
      try {
        await conn.query('SET SESSION TRANSACTION READ ONLY');
        await conn.query(bounds(timeoutMs, maxRows + 1)).catch(async (err: { errno?: number }) => {
          if (err.errno !== 1193 || !mariaDb) throw err;
          mariaDb = false;
          await conn.query(bounds(timeoutMs, maxRows + 1));
        });
        await conn.query('START TRANSACTION READ ONLY');
        const got = await streamRows(conn, text, params, maxRows + 1, timeoutMs + BACKSTOP_MS);
        broken = got.overflow;
        const columns = got.fields.map((f) => ({ name: f.name, type: mysqlTypeOf(f) }));
        const rows = got.rows
          .slice(0, maxRows)
          .map((r) => r.map((v, k) => mysqlValue(v, columns[k]?.type ?? 'string')));
        return { columns, rows, truncated: got.rows.length > maxRows };
      } catch (err) {
        broken ||= !isMysqlAnswer(err);
        throw err;
      } finally {
        // Rolled back, then the session reset (user variables, GET_LOCK locks, settings) before the next call.
        if (broken) conn.destroy();
        else
          await conn
            .query('ROLLBACK')
            .then(() => conn.reset())
            .then(
              () => conn.release(),
              () => conn.destroy(),
            );
      }
    },
    end: () => pool.end(),
  };
}

/** An error the MySQL or MariaDB server answered with (not the driver's or the network's). */
export const isMysqlAnswer = (err: unknown) =>
  typeof (err as { sqlState?: unknown }).sqlState === 'string' && Number((err as { errno?: unknown }).errno) > 0;

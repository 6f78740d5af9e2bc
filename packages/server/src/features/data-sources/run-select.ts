import type { DataSourceKind } from '@trestle/shared';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Logger } from '../../db/client.ts';
import { dataSources } from '../../db/schema.ts';
import { UserSqlError } from '../../db/user-sql.ts';
import { type HostPolicy, resolveHost } from './hosts.ts';
import { createSecretBox } from './secret-box.ts';
import {
  type Driver,
  isMysqlAnswer,
  mysqlDriver,
  postgresDriver,
  type SelectColumn,
  type SelectResult,
  type SelectValue,
  type Target,
  Unreachable,
} from './select-drivers.ts';

/*
 * One admin-written SELECT on a stored data source of the caller's tenant (BI SQL datasets). The calling
 * feature gets `run` through app.ts (features don't import each other) and declares the same shape there.
 *
 *   const runner = createSelectRunner({ db: database.app, secret, hosts, log });  // app.ts; close() on close
 *   await runner.run(auth, { dataSourceId, maxRows: 1000, timeoutMs: 10_000,
 *     statement: (kind) => ({ text: 'select … where a > $1', params: [5] }) });   // `?` on MySQL
 *   // → { columns: [{ name, type: 'number' | 'string' | 'date' | 'datetime' | 'boolean' }],
 *   //     rows: [[…], …] (arrays in the columns' order), truncated }, or throws DataSourceSqlError
 */

export type { SelectColumn, SelectResult, SelectValue };

export type SelectRequest = {
  dataSourceId: number;
  /**
   * The statement for the source's dialect, told its kind: one SELECT (or WITH … SELECT) with positional
   * placeholders ($1, $2… on PostgreSQL; ? on MySQL and MariaDB) and their values in order.
   */
  statement: (kind: DataSourceKind) => { text: string; params: SelectValue[] };
  /** Rows beyond this many are left out and `truncated` says so. */
  maxRows: number;
  /** Lower than the source's own timeout (its `timeoutSeconds`), never higher. */
  timeoutMs?: number;
};

export type RunSelect = (auth: { tenantId: number }, request: SelectRequest) => Promise<SelectResult>;

/** Why a statement did not run: `reason` for the screen, `message` in words. */
export type SelectFailure = 'notFound' | 'refused' | 'host' | 'connect' | 'timeout' | 'denied' | 'failed';

/**
 * Every failure of a run, the data source's own answers included: callers answer it 422 with the message.
 * A kind of UserSqlError, so a caller that handles the main database's SQL handles this too.
 */
export class DataSourceSqlError extends UserSqlError {
  constructor(
    readonly reason: SelectFailure,
    message: string,
  ) {
    super(message);
  }
}

const refused = (message: string) => new DataSourceSqlError('refused', message);

/**
 * The statement with its string literals, quoted names and comments blanked to spaces (same length), so the
 * checks below read only code. MySQL's executable comments (`/*! … *\/`) run as code: refused outright.
 */
function codeOf(text: string, kind: DataSourceKind): string {
  const my = kind === 'mysql';
  let out = '';
  let i = 0;
  const skipTo = (end: number) => {
    out += text.slice(i, end).replace(/[^\n]/g, ' ');
    i = end;
  };
  const lineEnd = () => {
    const newline = text.indexOf('\n', i);
    return newline < 0 ? text.length : newline;
  };
  const quoteEnd = (quote: string, backslash: boolean) => {
    let j = i + 1;
    while (j < text.length) {
      if (backslash && text[j] === '\\') j += 2;
      else if (text[j] === quote && text[j + 1] === quote) j += 2;
      else if (text[j] === quote) return j + 1;
      else j++;
    }
    return text.length;
  };
  const commentEnd = () => {
    // PostgreSQL nests block comments; MySQL does not.
    let depth = 0;
    for (let j = i; j < text.length - 1; j++) {
      if (text.startsWith('/*', j) && (depth === 0 || !my)) {
        depth++;
        j++;
      } else if (text.startsWith('*/', j)) {
        depth--;
        j++;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    const before = text[i - 1] ?? ' ';
    // A dollar quote ($$ … $$, $tag$ … $tag$), not a $1 parameter nor a $ inside a name.
    const dollars = !my && c === '$' && !/[\w$]/.test(before) ? /^\$(?:[A-Za-z_]\w*)?\$/.exec(text.slice(i)) : null;
    if (c === '-' && text[i + 1] === '-' && (!my || /\s/.test(text[i + 2] ?? ' '))) skipTo(lineEnd());
    else if (my && c === '#') skipTo(lineEnd());
    else if (c === '/' && text[i + 1] === '*') {
      if (my && /^\/\*M?!/.test(text.slice(i, i + 4))) throw refused('executable comments (/*! … */) are not allowed');
      skipTo(commentEnd());
    } else if (c === "'" || c === '"' || (my && c === '`')) {
      const escapes = my ? c !== '`' : c === "'" && /[eE]/.test(before) && !/[\w$]/.test(text[i - 2] ?? ' ');
      skipTo(quoteEnd(c, escapes));
    } else if (dollars) {
      const tag = dollars[0];
      const end = text.indexOf(tag, i + tag.length);
      skipTo(end < 0 ? text.length : end + tag.length);
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * One SELECT or WITH, trailing semicolons dropped. The server's one-statement rule (extended protocol,
 * `multipleStatements: false`) and the read-only transaction do the real work; this gives the clear message.
 */
function singleSelect(text: string, kind: DataSourceKind): string {
  const code = codeOf(text, kind);
  const body = code.replace(/[\s;]+$/, '');
  if (body.includes(';')) throw refused('only one statement may run: remove the semicolons between statements');
  if (!/^[\s(]*(select|with)\b/i.test(body)) throw refused('it must be a SELECT (or WITH … SELECT)');
  const tail = text
    .slice(body.length)
    .split('')
    .map((ch, k) => (code[body.length + k] === ';' ? ' ' : ch))
    .join('');
  return text.slice(0, body.length) + tail;
}

/** A driver's or server's failure in words, by its kind: every one a DataSourceSqlError. */
function asSelectError(err: unknown, timeoutMs: number): DataSourceSqlError {
  if (err instanceof DataSourceSqlError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Unreachable)
    return new DataSourceSqlError('connect', `the data source could not be reached: ${message}`);
  const code = String((err as { code?: unknown }).code ?? '');
  const errno = Number((err as { errno?: unknown }).errno ?? 0);
  const stopped = `it ran longer than ${timeoutMs / 1000} s and was stopped`;
  if (code === '57014' || errno === 1969 || errno === 3024) return new DataSourceSqlError('timeout', stopped);
  if (/Query read timeout|PROTOCOL_SEQUENCE_TIMEOUT/.test(`${message} ${code}`))
    return new DataSourceSqlError('timeout', stopped);
  const server = err instanceof pg.DatabaseError || isMysqlAnswer(err);
  if (['25006', '42501', '0A000'].includes(code) || [1142, 1143, 1792].includes(errno))
    return new DataSourceSqlError('denied', `the data source refused it: ${message}`);
  if (server) return new DataSourceSqlError('failed', `the data source answered: ${message}`);
  // The connection broke under the statement (the driver's own error): the server went away.
  return new DataSourceSqlError('connect', `the connection to the data source failed: ${message}`);
}

export type SelectRunnerDeps = {
  /** The request's database (the app's connection, bound to the caller's tenant). */
  db: Db;
  secret: Uint8Array;
  hosts: HostPolicy;
  log: Logger;
};

/** At most this many sources keep a pool on one node; the least recently used one is closed beyond. */
const MAX_POOLS = 50;

/**
 * Runs SELECTs on the tenant's data sources. Each source keeps a small pool (3 connections): a dashboard's
 * charts on one source arrive together, and connecting per call would pay a TCP, TLS and sign-in round
 * for each of them on the customer's server and open as many connections as charts. A pool is made for one
 * version of the source at one resolved address (the host is resolved and checked on every call, so a
 * changed source, a policy or a DNS answer takes effect at once). Nothing carries over between calls: each
 * is a read-only transaction rolled back, then the session is reset.
 */
export function createSelectRunner({ db, secret, hosts, log }: SelectRunnerDeps) {
  const box = createSecretBox(secret);
  const drivers = new Map<string, { made: string; driver: Driver; used: number }>();

  async function sourceOf(tenantId: number, id: number) {
    const [row] = await db
      .select()
      .from(dataSources)
      .where(and(eq(dataSources.tenantId, tenantId), eq(dataSources.id, id)));
    if (!row) throw new DataSourceSqlError('notFound', 'no such data source');
    return row;
  }

  async function driverFor(source: typeof dataSources.$inferSelect): Promise<Driver> {
    const found = await resolveHost(source.host, hosts);
    if ('refused' in found) throw new DataSourceSqlError('host', `the data source's host: ${found.refused}`);
    const key = `${source.tenantId}:${source.id}`;
    const made = `${source.version}@${found.address}`;
    const kept = drivers.get(key);
    if (kept?.made === made) {
      kept.used = Date.now();
      return kept.driver;
    }
    let password: string;
    try {
      password = box.open(source.passwordEnc);
    } catch {
      throw new DataSourceSqlError(
        'connect',
        "the stored password can't be read (the server's secret changed): type it again",
      );
    }
    const { host, port, database, userName: user, ssl, timeoutSeconds } = source;
    const target: Target = { address: found.address, host, port, database, user, password, ssl, timeoutSeconds };
    const driver = source.kind === 'mysql' ? mysqlDriver(target, log) : postgresDriver(target, log);
    // The source changed (or its name now resolves elsewhere): its old pool closes once its calls are done.
    if (kept) void kept.driver.end().catch(() => {});
    drivers.set(key, { made, driver, used: Date.now() });
    if (drivers.size > MAX_POOLS) {
      const [oldest] = [...drivers].sort((a, b) => a[1].used - b[1].used);
      if (oldest) {
        drivers.delete(oldest[0]);
        void oldest[1].driver.end().catch(() => {});
      }
    }
    return driver;
  }

  const run: RunSelect = async (auth, request) => {
    const source = await sourceOf(auth.tenantId, request.dataSourceId);
    if (source.lastReadOnly === false)
      throw new DataSourceSqlError(
        'denied',
        'the last connection test found that this account can change data: connect the source with a read-only account',
      );
    const kind: DataSourceKind = source.kind === 'mysql' ? 'mysql' : 'postgres';
    const asked = request.timeoutMs ?? Number.POSITIVE_INFINITY;
    const timeoutMs = Math.round(Math.max(100, Math.min(asked, source.timeoutSeconds * 1000)));
    const { text, params } = request.statement(kind);
    const checked = singleSelect(text, kind);
    try {
      const driver = await driverFor(source);
      return await driver.select(checked, params, Math.max(0, Math.floor(request.maxRows)), timeoutMs);
    } catch (err) {
      throw asSelectError(err, timeoutMs);
    }
  };

  return {
    run,
    async close() {
      const all = [...drivers.values()];
      drivers.clear();
      await Promise.all(all.map((d) => d.driver.end().catch(() => {})));
    },
  };
}

export type SelectRunner = ReturnType<typeof createSelectRunner>;

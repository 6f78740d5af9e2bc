import type pg from 'pg';

/*
 * What a PostgreSQL connection going away (pg_terminate_backend, a restart, a broken socket) may do to
 * the app: fail the requests that connection was serving, and nothing else. node-postgres emits an
 * 'error' event on a client whose connection ends; a pool listens only while the client is idle, so a
 * checked-out client without its own listener turns the event into an uncaught exception and the
 * process exits (STACK.md; node-postgres #1707, #2509).
 */

/** SQLSTATEs of a session the server ended: admin_shutdown, crash_shutdown, cannot_connect_now. */
const endedSession = new Set(['57P01', '57P02', '57P03']);
/** Socket failures Node reports by code. */
const brokenSocket = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres's own messages for a connection that ended or can no longer be used. */
const lostMessage = /^Connection terminated|is not queryable/;

/**
 * True when `err` (or what it wraps: drizzle puts the driver's error in `cause`) says the connection
 * failed rather than the statement: such a failure says nothing about the request, only that the
 * database was unreachable at that moment.
 */
export function isConnectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, errors, cause } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (endedSession.has(code) || code.startsWith('08') || brokenSocket.has(code)))
      return true;
    if (typeof message === 'string' && lostMessage.test(message)) return true;
    // A host name with several addresses fails with one error per address.
    if (Array.isArray(errors) && errors.some(isConnectionLost)) return true;
    e = cause;
  }
  return false;
}

/** Lost-connection errors raised by this module's pools, as opposed to any other socket of the process. */
const raisedHere = new WeakSet<object>();
function noteLost(err: unknown) {
  if (err && typeof err === 'object' && isConnectionLost(err)) raisedHere.add(err);
}

/**
 * True when `err` is (or wraps) a lost connection of one of the database pools: the request failed
 * because the database could not be reached just then (answered 503), not because of what it asked. A
 * broken socket elsewhere (an object store, a data source) stays what it was.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (raisedHere.has(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const writeWord =
  /\b(insert|update|delete|merge|truncate|copy|call|do|lock|create|alter|drop|grant|revoke|nextval|setval|set_config|pg_advisory_\w*|pg_notify)\b/i;

/**
 * True for a statement that only reads: a select (or a `with` that selects) with no word of a write in
 * it. It errs towards "no": `select … for update` or a column named like a keyword only lose a retry.
 */
export function isReadOnlyStatement(text: string): boolean {
  const head = text.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()*/, '');
  return /^(select|with|values|table|show|explain)\b/i.test(head) && !writeWord.test(text);
}

/**
 * Whether a single statement (no transaction around it) that failed with `err` runs once more, on
 * another connection. Only a lost connection is worth it: any other error would come back the same.
 * Before the statement was sent (checking out, binding the connection) a retry can't repeat anything.
 * After, only a read is retried: a write whose connection died may have committed with the answer
 * lost on the way, and running it again could insert a row twice or apply a change twice; the caller
 * gets 503 and decides (it can read to see whether its write landed). Transactions are never retried
 * here: their statements were spread over the caller's code, which is what would have to run again.
 */
export function mayRetry(err: unknown, at: { attempt: number; sent: boolean; text: string }): boolean {
  if (at.attempt > 0 || !isConnectionLost(err)) return false;
  return !at.sent || isReadOnlyStatement(at.text);
}

const textOf = (config: string | pg.QueryConfig) => (typeof config === 'string' ? config : config.text);

/**
 * A client checked out of the pool, as drizzle uses it (`query`, `release`). From checkout to release it
 * listens for the connection's 'error' event. Once the connection is lost, the client goes back to
 * the pool at once with the error (the pool then discards it, never hands it out again), its later
 * statements fail with the same error without touching the network, and the holder's own release
 * does nothing more: drizzle's transaction runs `rollback` and releases after a failure, but not
 * when its `begin` fails, and that client would otherwise stay checked out for good.
 */
export class Lease {
  readonly connection: pg.PoolClient;
  #lost: Error | undefined;
  #released = false;
  readonly #onError = (err: Error) => this.#discard(err);

  constructor(connection: pg.PoolClient) {
    this.connection = connection;
    connection.on('error', this.#onError);
  }

  /** The connection was lost while this lease held it. */
  get lost(): boolean {
    return this.#lost !== undefined;
  }

  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.#lost) {
      // The server aborted the open transaction when the session ended: a rollback has nothing left
      // to do. Answering it lets the caller's own error (naming the statement that was hit) through,
      // where drizzle would otherwise replace it with "Failed query: rollback".
      if (/^\s*rollback\b/i.test(textOf(config)))
        return { command: 'ROLLBACK', rowCount: 0, oid: 0, fields: [], rows: [] };
      throw this.#lost;
    }
    try {
      return await this.connection.query(config, values);
    } catch (err) {
      noteLost(err);
      if (isConnectionLost(err)) this.#discard(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
  }

  /** Back to the pool; with an error (or after a lost connection) the pool closes it instead. */
  release(err?: Error | boolean): void {
    if (this.#released) {
      if (this.#lost) return;
      throw new Error('A database client was released twice');
    }
    this.#released = true;
    this.connection.removeListener('error', this.#onError);
    this.connection.release(err);
  }

  #discard(err: Error) {
    // Whatever the 'error' event carried, it was this connection failing.
    raisedHere.add(err);
    this.#lost ??= err;
    if (!this.#released) this.release(err);
  }
}

/**
 * A connection killed with others (a restart, a sweep of pg_terminate_backend) is noticed first; the
 * others' ends may still be unread on their sockets, and the pool would hand one out again. A short
 * pause before a retry lets the pool drop them first.
 */
const RETRY_PAUSE_MS = 25;

/**
 * Runs one statement outside any transaction on a connection from `checkout`, once more on another
 * connection when `mayRetry` allows. The connection goes back to the pool in every case.
 */
export async function runStatement(
  checkout: () => Promise<Lease>,
  config: string | pg.QueryConfig,
  values?: unknown[],
): Promise<pg.QueryResult> {
  const text = textOf(config);
  for (let attempt = 0; ; attempt++) {
    const lease = await checkout();
    try {
      return await lease.query(config, values);
    } catch (err) {
      if (!mayRetry(err, { attempt, sent: true, text })) throw err;
    } finally {
      lease.release();
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

/**
 * A pg.Pool as drizzle uses it (drizzle takes any class named *Pool with `query` and `connect`): every
 * checkout is a `Lease`, every single statement goes through `runStatement`.
 */
export class GuardedPool {
  readonly #pool: () => Promise<pg.Pool>;

  /** The pool, or how to get it on the first checkout (after the migrations have made its login). */
  constructor(pool: pg.Pool | (() => Promise<pg.Pool>)) {
    this.#pool = typeof pool === 'function' ? pool : async () => pool;
  }

  /** Runs on each checkout before the caller gets the connection (binding it to a tenant, say). */
  protected async prepare(_lease: Lease): Promise<void> {}

  /** A connection for the caller; when checking out fails on a lost connection, once more. */
  async connect(): Promise<Lease> {
    try {
      return await this.#checkout();
    } catch (err) {
      if (!mayRetry(err, { attempt: 0, sent: false, text: '' })) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    return this.#checkout();
  }

  async #checkout(): Promise<Lease> {
    const lease = new Lease(
      await (await this.#pool()).connect().catch((err: unknown) => {
        noteLost(err);
        throw err;
      }),
    );
    try {
      await this.prepare(lease);
    } catch (err) {
      // A connection in an unknown state is not reused.
      lease.release(err instanceof Error ? err : true);
      throw err;
    }
    return lease;
  }

  query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    return runStatement(() => this.connect(), config, values);
  }
}

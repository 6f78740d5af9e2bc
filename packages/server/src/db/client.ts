import { createHash, createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../config.ts';
import { installationSecret } from './installation-secret.ts';
import { serverListeners } from './listeners.ts';
import { GuardedPool, isReadOnlyStatement, type Lease } from './pool-faults.ts';
import * as schema from './schema.ts';
import { currentActing, currentTenant } from './tenant.ts';
import { openUserSql, type UserSql } from './user-sql.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  /** The owner's connection: migrations, the seed, maintenance and tests' direct checks. */
  db: Db;
  /**
   * What the app serves requests with: the `trestle_app` role (neither owner nor BYPASSRLS), bound
   * before every statement to the tenant of the current context (`tenant.ts`), so row-level security
   * keeps each tenant's rows to itself.
   */
  app: Db;
  kind: 'pglite' | 'postgres';
  /** Where SQL an admin writes runs: as the tenant's own SQL role, never as the app (user-sql.ts). */
  userSql: UserSql;
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (a constant of ours, never a request's),
   * from any app node. On the server a connection of its own listens, and listens again after losing it;
   * `onLive` hears false when it is lost and true when it listens (again). On ACCESS_CHANNEL every
   * connection of the node listens too, so a change the node commits itself is handled before the commit
   * returns.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLive?: (live: boolean) => void): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The install's secret: TOKEN_SECRET when given, else the one kept in the database (after the migrations). */
  secret(): Promise<Uint8Array>;
  close(): Promise<void>;
};

export type Logger = { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };

/**
 * PGlite in `dataDir` when no url is given ('memory://' for tests), else a `pg` pool.
 * Both sides get the same Drizzle type, the same migrations and the same queries.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  /** The account requests connect with (trestle_app's login); unset: this install's own login of it. */
  appUrl?: string | undefined;
  dataDir: string;
  log: Logger;
  /** The secret given to this node (TOKEN_SECRET); unset, the database keeps the install's own. */
  secret?: Uint8Array | undefined;
  /** Where an install made before the database kept its secret wrote the one it drew (DATA_DIR/token-secret). */
  secretFile?: string;
  /** An embedded database already open, used instead of `dataDir` (tests load a seeded copy); closed with it. */
  pglite?: PGlite | undefined;
}): Promise<Database> {
  let kept: Promise<Uint8Array> | undefined;
  const secretOf = (db: Db) => () => {
    if (opts.secret) return Promise.resolve(opts.secret);
    if (!kept) {
      kept = installationSecret(db, opts.secretFile);
      // Asked before the migrations (no column yet): the next call asks again.
      kept.catch(() => {
        kept = undefined;
      });
    }
    return kept;
  };
  if (opts.url) {
    const url = opts.url;
    const listeners = serverListeners(url, opts.log);
    // A host that stops answering fails requests after 10 s (503) instead of holding them.
    const owner = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 10_000 });
    // Without these handlers a PostgreSQL restart kills the Node process (STACK.md).
    owner.on('error', (err) => opts.log.error({ err }, 'idle database client failed'));
    hearOwnChanges(owner, listeners.deliver);
    const db = drizzlePg({ client: new GuardedPool(owner) as unknown as pg.Pool, schema }) as unknown as Db;
    const secret = secretOf(db);
    let appPool: Promise<AppPool> | undefined;
    const appLogin = () => {
      appPool ??= resolveAppLogin(db, url, opts.appUrl, secret, opts.log).then((login) => {
        const pool = new pg.Pool({ connectionString: login.url, max: 20, connectionTimeoutMillis: 10_000 });
        pool.on('error', (err) => opts.log.error({ err }, 'idle database client failed'));
        hearOwnChanges(pool, listeners.deliver);
        return { pool, switchRole: login.switchRole };
      });
      return appPool;
    };
    const userSql = openUserSql({ ownerDb: db, secret, log: opts.log, target: { kind: 'postgres', url } });
    return {
      db,
      app: drizzlePg({ client: new TenantPool(appLogin) as unknown as pg.Pool, schema }) as unknown as Db,
      kind: 'postgres',
      userSql,
      migrate: () =>
        migratePg(drizzlePg({ client: new GuardedPool(owner) as unknown as pg.Pool, schema }), { migrationsFolder }),
      listen: (channel, onMessage, onLive) => listeners.add(channel, { onMessage, onLive }),
      ping: () => ping(db),
      secret,
      close: async () => {
        await listeners.close();
        await userSql.close();
        if (appPool) await (await appPool).pool.end();
        await owner.end();
      },
    };
  }
  if (!opts.pglite && opts.dataDir !== 'memory://') mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.pglite ?? (await PGlite.create(opts.dataDir === 'memory://' ? undefined : opts.dataDir));
  const pglite = drizzlePglite({ client, schema });
  const db = pglite as unknown as Db;
  const secret = secretOf(db);
  return {
    db,
    app: drizzlePglite({ client: tenantPglite(client) as unknown as PGlite, schema }) as unknown as Db,
    kind: 'pglite',
    userSql: openUserSql({ ownerDb: db, secret, log: opts.log, target: { kind: 'pglite', client } }),
    secret,
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    // One connection, in this process: it hears its own NOTIFYs before the statement returns, and is never lost.
    listen: async (channel, onMessage, onLive) => {
      await client.listen(channel, onMessage);
      onLive?.(true);
    },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * This database's installation key (migration 0017), which names the logins the install makes for itself.
 * Role names cannot be parameters, so the key is checked to be the short hex text the migration wrote
 * before anyone splices it into CREATE ROLE.
 */
export async function installationKey(owner: Db): Promise<string> {
  const [row] = await queryRows<{ key: string }>(owner, sql`select key from installation`);
  if (!row) throw new Error('this database has no installation key (migration 0017)');
  if (!/^[0-9a-f]{1,16}$/.test(row.key)) throw new Error('the installation key is not short hex text');
  return row.key;
}

type AppPool = { pool: pg.Pool; switchRole: boolean };

/**
 * How requests reach the server as trestle_app, best first: the given APP_DATABASE_URL; else this
 * install's own login role (`trestle_app_<install key>`, a member of trestle_app with a password
 * derived from the install's secret), which the owner makes when it may create roles; else, with a
 * warning, the owner's login switched by SET ROLE (a superuser login could be switched back).
 * Asked for at the first request, after the migrations have made trestle_app.
 */
async function resolveAppLogin(
  owner: Db,
  url: string,
  appUrl: string | undefined,
  secret: () => Promise<Uint8Array>,
  log: Logger,
): Promise<{ url: string; switchRole: boolean }> {
  if (appUrl) return { url: appUrl, switchRole: false };
  try {
    const role = `${APP_ROLE}_${await installationKey(owner)}`;
    const password = createHmac('sha256', await secret())
      .update(`app-role:${role}`)
      .digest('base64url');
    const attributes = `LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT`;
    const [exists] = await queryRows(owner, sql`select 1 from pg_roles where rolname = ${role}`);
    await owner.execute(sql.raw(exists ? `ALTER ROLE "${role}" ${attributes}` : `CREATE ROLE "${role}" ${attributes}`));
    await owner.execute(sql.raw(`GRANT ${APP_ROLE} TO "${role}"`));
    const login = new URL(url);
    login.username = role;
    login.password = password;
    const probe = new pg.Client({ connectionString: login.toString() });
    await probe.connect();
    await probe.end();
    return { url: login.toString(), switchRole: false };
  } catch (err) {
    (log.warn ?? log.error)(
      { err },
      `requests switch to ${APP_ROLE} with SET ROLE: the owner could not make a login for it; set APP_DATABASE_URL to a login of ${APP_ROLE}`,
    );
    return { url, switchRole: true };
  }
}

/** Where migration 0031's triggers announce a change to what the session check reads (http/sessions.ts). */
export const ACCESS_CHANNEL = 'trestle_access';

/**
 * Every connection of `pool` listens on ACCESS_CHANNEL: PostgreSQL hands a session its own notifications
 * before the statement (or COMMIT) that sent them returns, so a change this node commits reaches its
 * listeners before the request that made it answers, with no wait for the listening connection.
 */
function hearOwnChanges(pool: pg.Pool, deliver: (channel: string, payload: string) => void) {
  pool.on('connect', (client) => {
    client.on('notification', (n) => deliver(n.channel, n.payload ?? ''));
    // Queued ahead of the statements of the checkout that opened the connection; a failure shows on them.
    client.query(`LISTEN ${ACCESS_CHANNEL}`).catch(() => {});
  });
}

/** The role the app works as (created by migration 0009). */
export const APP_ROLE = 'trestle_app';
const tenantSetting = () => String(currentTenant() ?? '');
/** The tenant, and the acting platform admin and its home tenant ($1, $2, $3), as the policies read them. */
const BIND_SQL = (local: boolean) =>
  `set_config('app.tenant_id', $1, ${local}), set_config('app.acting_user_id', $2, ${local}), set_config('app.acting_tenant_id', $3, ${local})`;
const actingSettings = (): [string, string] => {
  const acting = currentActing();
  return acting ? [String(acting.userId), String(acting.homeTenantId)] : ['', ''];
};

/**
 * The app's pool as drizzle sees it (a `GuardedPool`: connection faults fail only the requests they hit).
 * A physical connection logs in as trestle_app (or, as a last resort, becomes it on its first checkout);
 * at every checkout, for a single statement or a whole transaction, it is bound to the current tenant.
 * The setting is sent only when it differs from what that connection last had, so a one-tenant install
 * pays no extra round trip.
 */
class TenantPool extends GuardedPool {
  readonly #login: () => Promise<AppPool>;
  readonly #bound = new WeakMap<pg.PoolClient, string>();

  constructor(login: () => Promise<AppPool>) {
    super(async () => (await login()).pool);
    this.#login = login;
  }

  /**
   * A read outside a transaction runs as a named prepared statement (`prepared` below): PostgreSQL parses and
   * plans it once per connection instead of on every request.
   */
  override query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const named = prepared.named(config);
    if (!named) return super.query(config, values);
    return super.query(named, values).catch((err: unknown) => {
      if (!prepared.outdated(err, named)) throw err;
      return super.query(config, values);
    });
  }

  protected override async prepare(lease: Lease) {
    const tenant = tenantSetting();
    const [actingUser, actingTenant] = actingSettings();
    // The acting user is empty but for a platform admin working in another tenant: the key seldom changes.
    const key = `${tenant}|${actingUser}|${actingTenant}`;
    const bound = this.#bound.get(lease.connection);
    if (bound === key) return;
    const { switchRole } = await this.#login();
    await lease.query(
      bound === undefined && switchRole
        ? `select set_config('role', '${APP_ROLE}', false), ${BIND_SQL(false)}`
        : `select ${BIND_SQL(false)}`,
      [tenant, actingUser, actingTenant],
    );
    this.#bound.set(lease.connection, key);
  }
}

/**
 * Names for reads, so that each connection prepares them once. The name is a digest of the text, so one
 * text has one name on every connection. A node names at most PREPARED_TEXTS texts (each connection keeps
 * what it prepared until it closes): the engine's reads come in a bounded number of shapes per entity
 * (filters and sort are parameters or fixed identifiers), and past the bound a read is sent unnamed.
 */
const PREPARED_TEXTS = 2_000;
const prepared = (() => {
  const names = new Map<string, string>();
  /** Texts whose prepared plan a table change outdated: sent unnamed from then on. */
  const refused = new Set<string>();
  return {
    named(config: string | pg.QueryConfig): pg.QueryConfig | null {
      if (typeof config === 'string' || config.name || refused.has(config.text)) return null;
      let name = names.get(config.text);
      if (!name) {
        if (names.size >= PREPARED_TEXTS || !isReadOnlyStatement(config.text)) return null;
        name = `t${createHash('sha1').update(config.text).digest('base64url')}`;
        names.set(config.text, name);
      }
      return { ...config, name };
    },
    /**
     * PostgreSQL refuses a prepared read whose result type a table change altered (the table designer
     * changing a column's type): the text is then sent unnamed, now and from then on.
     */
    outdated(err: unknown, config: pg.QueryConfig): boolean {
      const e = err as { code?: string; message?: string };
      if (e?.code !== '0A000' || !/cached plan must not change result type/.test(e.message ?? '')) return false;
      refused.add(config.text);
      names.delete(config.text);
      return true;
    },
  };
})();

/**
 * PGlite has one connection shared by every request, so each statement (or transaction drizzle
 * opens) runs in its own transaction that first switches to `trestle_app` and sets the tenant, both
 * local to that transaction.
 */
function tenantPglite(client: PGlite) {
  const bind = (tx: Transaction) =>
    tx.query(`select set_config('role', '${APP_ROLE}', true), ${BIND_SQL(true)}`, [
      tenantSetting(),
      ...actingSettings(),
    ]);
  return {
    query: (query: string, params?: unknown[], options?: QueryOptions) =>
      client.transaction(async (tx) => {
        await bind(tx);
        return tx.query(query, params, options);
      }),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction(async (tx) => {
        await bind(tx);
        return fn(tx);
      }),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Binds the rest of an open transaction to `tenantId` (the owner's seed, or a platform admin acting in
 * a tenant it creates); the binding ends with the transaction. The acting user stays as it was.
 */
export async function actAsTenant(tx: Db, tenantId: number) {
  await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true)`);
}

/**
 * A statement whose text the caller put together (and keeps) itself, with its parameters: drizzle hands
 * text and parameters to the driver as they are instead of walking a tree of fragments on every call.
 * For the hot reads only (a list page): the text must come from rendering drizzle SQL, never from values.
 */
class RenderedStatement extends SQL {
  readonly #query: { sql: string; params: unknown[] };
  constructor(text: string, params: unknown[]) {
    super([]);
    this.#query = { sql: text, params };
  }
  override toQuery() {
    return this.#query;
  }
}
export const renderedStatement = (text: string, params: unknown[]): SQL => new RenderedStatement(text, params);

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

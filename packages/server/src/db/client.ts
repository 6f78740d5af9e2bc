import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { currentActing, currentTenant } from './tenant.ts';

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
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

type Logger = { error(obj: unknown, msg: string): void };

/**
 * PGlite in `dataDir` when no url is given ('memory://' for tests), else a `pg` pool.
 * Both sides get the same Drizzle type, the same migrations and the same queries.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  /** The account requests connect with (trestle_app's login); unset: `url`, switched by SET ROLE. */
  appUrl?: string | undefined;
  dataDir: string;
  log: Logger;
}): Promise<Database> {
  if (opts.url) {
    const owner = new pg.Pool({ connectionString: opts.url, max: 4 });
    const pool = new pg.Pool({ connectionString: opts.appUrl ?? opts.url, max: 20 });
    // Without these handlers a PostgreSQL restart kills the Node process (STACK.md).
    owner.on('error', (err) => opts.log.error({ err }, 'idle database client failed'));
    pool.on('error', (err) => opts.log.error({ err }, 'idle database client failed'));
    const db = drizzlePg({ client: owner, schema }) as unknown as Db;
    return {
      db,
      app: drizzlePg({ client: new TenantPool(pool) as unknown as pg.Pool, schema }) as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: owner, schema }), { migrationsFolder }),
      ping: () => ping(db),
      close: async () => {
        await pool.end();
        await owner.end();
      },
    };
  }
  if (opts.dataDir !== 'memory://') mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir === 'memory://' ? undefined : opts.dataDir);
  const pglite = drizzlePglite({ client, schema });
  const db = pglite as unknown as Db;
  return {
    db,
    app: drizzlePglite({ client: tenantPglite(client) as unknown as PGlite, schema }) as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
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
 * The app's pool as drizzle sees it (drizzle takes any class named *Pool with `query` and `connect`).
 * A physical connection becomes `trestle_app` on its first checkout; at every checkout, for a single
 * statement or a whole transaction, it is bound to the current tenant. The setting is sent only when
 * it differs from what that connection last had, so a one-tenant install pays no extra round trip.
 */
class TenantPool {
  readonly #pool: pg.Pool;
  readonly #bound = new WeakMap<pg.PoolClient, string>();

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.#pool.connect();
    const tenant = tenantSetting();
    const [actingUser, actingTenant] = actingSettings();
    // The acting user is empty but for a platform admin working in another tenant: the key seldom changes.
    const key = `${tenant}|${actingUser}|${actingTenant}`;
    const bound = this.#bound.get(client);
    if (bound === key) return client;
    try {
      await client.query(
        bound === undefined
          ? `select set_config('role', '${APP_ROLE}', false), ${BIND_SQL(false)}`
          : `select ${BIND_SQL(false)}`,
        [tenant, actingUser, actingTenant],
      );
    } catch (err) {
      // A connection in an unknown state is not reused.
      client.release(err instanceof Error ? err : true);
      throw err;
    }
    this.#bound.set(client, key);
    return client;
  }

  async query(config: pg.QueryConfig, values?: unknown[]) {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }
}

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

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

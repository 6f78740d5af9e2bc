import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { seed } from '../seed/seed.ts';

/**
 * Migrating and seeding took most of a test file's setup, and every file got the same result. So a
 * Vitest run does it once per kind of seed (global-setup.ts) and each file starts from a copy: a dump
 * of the embedded database's data directory, or, on a PostgreSQL server, a database made from a
 * template. A copy holds what migrate + seed made, but for its installation key (see `copied`).
 */
export type SeedKind = 'demo' | 'bare';

export type Seeded = {
  /** The day the seed ran (UTC and local): the demo's dates sit around it, so its copies go stale at midnight. */
  day: string;
  /** The server the sources are on; null: PGlite. */
  serverUrl: string | null;
  /** Per kind: the dump file (PGlite) or the template database's name. */
  sources: Record<SeedKind, string>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    seeded: Seeded | null;
  }
}

const today = () => `${new Date().toISOString().slice(0, 10)}|${new Date().toLocaleDateString('sv')}`;
const quiet = { error: () => {} };

export async function migrateAndSeed(database: Database, kind: SeedKind) {
  await database.migrate();
  await seed(database.db, { demo: kind === 'demo' });
}

/** For global-setup.ts: one source per kind of seed, and how to remove them. */
export async function makeSeeded(serverUrl: string | undefined, dir: string) {
  const sources = {} as Record<SeedKind, string>;
  const templates: string[] = [];
  const day = today();
  for (const kind of ['demo', 'bare'] as const) {
    if (serverUrl) {
      const name = `trestle_tpl_${kind}_${randomBytes(4).toString('hex')}`;
      await serverStatement(serverUrl, `create database ${name}`);
      templates.push(name);
      const database = await openDatabase({ url: withDatabase(serverUrl, name), dataDir: 'memory://', log: quiet });
      await migrateAndSeed(database, kind);
      await database.close();
      sources[kind] = name;
    } else {
      const client = await PGlite.create();
      const database = await openDatabase({ pglite: client, dataDir: 'memory://', log: quiet });
      await migrateAndSeed(database, kind);
      const file = path.join(dir, `${kind}.tar`);
      writeFileSync(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
      await database.close();
      sources[kind] = file;
    }
  }
  return {
    seeded: { day, serverUrl: serverUrl ?? null, sources } satisfies Seeded,
    async remove() {
      for (const name of templates)
        await serverStatement(serverUrl ?? '', `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * What a test file's database starts from: the run's source for `kind`, unless there is none (a run
 * without the global setup) or the day has changed since it was seeded; then the file seeds its own.
 */
function sourceOf(kind: SeedKind, serverUrl: string | undefined): string | undefined {
  const seeded = inject('seeded');
  if (!seeded || seeded.day !== today() || seeded.serverUrl !== (serverUrl ?? null)) return undefined;
  return seeded.sources[kind];
}

/**
 * A fresh database holding the migrations and the seed of `kind`: in-memory PGlite, or, when DATABASE_URL
 * is set (the CI's second pass), a new database on that server (`server` drops it). Requests log in as
 * trestle_app itself, or with `ownAppLogin` as the login the app makes for itself (as `npm start` does).
 */
export async function openSeeded(kind: SeedKind, opts: { secret: Uint8Array | undefined; ownAppLogin?: boolean }) {
  const serverUrl = process.env.DATABASE_URL;
  const source = sourceOf(kind, serverUrl);
  const server = serverUrl ? await serverDatabase(serverUrl, 'trestle_test', source) : undefined;
  const database = await openDatabase({
    url: server?.url,
    appUrl: opts.ownAppLogin ? undefined : server?.appUrl,
    dataDir: 'memory://',
    pglite: source && !server ? await PGlite.create({ loadDataDir: new Blob([readFileSync(source)]) }) : undefined,
    log: quiet,
    secret: opts.secret,
  });
  // Migration 0017 drew the installation key once, for the source; a copy is another install and gets
  // its own, or copies on one server would share (and drop) each other's login roles; and its own secret.
  if (source)
    await database.db.execute(sql`update installation set key = ${randomBytes(5).toString('hex')}, secret = null`);
  else await migrateAndSeed(database, kind);
  return { database, server };
}

/**
 * A new database on the PostgreSQL server at `serverUrl` (empty, or a copy of `template`): its owner's
 * url, the url requests log in with as the app's own role (migration 0009 creates it; trust auth on the
 * CI machine), and how to drop it with the roles it made (roles outlive a database).
 */
export async function serverDatabase(serverUrl: string, prefix = 'trestle_test', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await serverStatement(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(serverUrl, name);
  const app = new URL(url);
  app.username = 'trestle_app';
  app.password = '';
  return {
    name,
    url,
    appUrl: app.toString(),
    async drop(roles: string[] = []) {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      for (const role of roles) await c.query(`drop role if exists "${role}"`);
      await c.end();
    },
  };
}

export async function serverStatement(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function withDatabase(serverUrl: string, name: string) {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

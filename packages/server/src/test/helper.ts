import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';

/** A clock the tests move by hand, so lockouts and token lifetimes run instantly. */
export function testClock(start = new Date()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: ReturnType<typeof testClock>;
  login(userName: string, password: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A new database on the PostgreSQL server at `serverUrl`: its owner's url, the url requests log in with
 * as the app's own role (migration 0009 creates it; trust auth on the CI machine), and how to drop it
 * with the roles it made (roles outlive a database).
 */
export async function serverDatabase(serverUrl: string, prefix = 'trestle_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  u.username = 'trestle_app';
  u.password = '';
  return {
    name,
    url,
    appUrl: u.toString(),
    async drop(roles: string[] = []) {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      for (const role of roles) await c.query(`drop role if exists "${role}"`);
      await c.end();
    },
  };
}

/**
 * A fresh database per test file: in-memory PGlite, or, when DATABASE_URL is set (the CI's second pass),
 * a new database on that PostgreSQL server, dropped afterwards. Migrations and the demo seed run on it.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { beforeReady?(app: FastifyInstance): void; seedDemo?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const server = process.env.DATABASE_URL ? await serverDatabase(process.env.DATABASE_URL) : undefined;
  const database = await openDatabase({
    url: server?.url,
    appUrl: server?.appUrl,
    dataDir: 'memory://',
    log: { error: () => {} },
    secret: config.tokenSecret,
  });
  await database.migrate();
  await seed(database.db, { demo: opts.seedDemo ?? true });
  const clock = testClock();
  const app = await buildApp({ config, database, now: clock.now });
  opts.beforeReady?.(app);
  await app.ready();

  return {
    app,
    database,
    config,
    clock,
    async login(userName, password) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });
      if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      const roles = database.kind === 'postgres' ? await database.userSql.roleNames() : [];
      await app.close();
      await database.close();
      await server?.drop(roles);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The parsed envelope of an answer. */
export const body = (res: LightMyRequestResponse) =>
  res.json() as { status: boolean; code: string; message: string; data: unknown };

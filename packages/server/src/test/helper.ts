import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectDocuments } from '@trestle/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openSeeded } from './seeded.ts';

export { serverDatabase } from './seeded.ts';

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
  /** On the PostgreSQL pass: the test database's owner and app urls (a second app node connects with them). */
  server?: { url: string; appUrl: string };
  login(userName: string, password: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A fresh database per test file: in-memory PGlite, or, when DATABASE_URL is set (the CI's second pass),
 * a new database on that PostgreSQL server, dropped afterwards. It holds the migrations and the demo seed
 * (or the seed without the demo): a copy of the run's seeded source when there is one (seeded.ts).
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  opts: {
    beforeReady?(app: FastifyInstance): void;
    seedDemo?: boolean;
    builtIns?: AppOptions['builtIns'];
  } = {},
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
  const { database, server } = await openSeeded(opts.seedDemo === false ? 'bare' : 'demo', {
    secret: config.tokenSecret,
  });
  const clock = testClock();
  const app = await buildApp({ config, database, now: clock.now, builtIns: opts.builtIns });
  opts.beforeReady?.(app);
  await app.ready();

  return {
    app,
    database,
    config,
    clock,
    ...(server ? { server: { url: server.url, appUrl: server.appUrl } } : {}),
    async login(userName, password) {
      const res = await postLogin(app, { userName, password });
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

/**
 * A sign-in as the browser sends it (a body, or raw text with `headers`), answered as it came: for the
 * tests of signing in itself, which look at refusals, headers and client addresses.
 */
export const postLogin = (
  app: FastifyInstance,
  payload: object | string,
  extra: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {},
) => app.inject({ method: 'POST', url: '/api/user/login', payload, ...extra });

/** The row of `code` in `rows`; a missing one fails the test. */
export function withCode<T extends { code: string }>(rows: T[], code: string): T {
  const row = rows.find((r) => r.code === code);
  if (!row) throw new Error(`no row ${code}`);
  return row;
}

/** The parsed envelope of an answer. */
export const body = (res: LightMyRequestResponse) =>
  res.json() as { status: boolean; code: string; message: string; data: unknown };

/**
 * Lets whoever submits a document approve it too, for every document with approval: for tests of other
 * rules that submit and approve as one user (segregation of duties is on by default for some documents).
 */
export async function allowSelfApproval(app: FastifyInstance, token: string) {
  if (selfApproving.has(app)) return;
  const separateApprover = Object.fromEntries(projectDocuments.filter((m) => m.audit).map((m) => [m.name, false]));
  const res = await app.inject({
    method: 'POST',
    url: '/api/siteConfig/save',
    payload: { separateApprover },
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`allowSelfApproval: ${res.body}`);
  selfApproving.add(app);
}
const selfApproving = new WeakSet<FastifyInstance>();

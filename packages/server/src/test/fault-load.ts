import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startChildServer } from './child-server.ts';
import { serverDatabase } from './helper.ts';

/** One answered (or failed) request of the load. */
export type Sample = { kind: 'list' | 'add'; start: number; end: number; status: number; key?: number };

export type FaultRun = {
  samples: Sample[];
  /** When each termination ran (ms since the load started) and how many backends it ended. */
  kills: { at: number; backends: number }[];
  /** The app process was alive when the load ended (no exit code, no signal). */
  alive: boolean;
  /** When the app process exited, if it did (ms since the load started). */
  exitedAt: number | undefined;
  /** The app's own output, for diagnosing a failure. */
  output: string;
  /** Ids of the employees an add acknowledged (200), and how many of them the database holds. */
  acknowledged: number[];
  stored: number;
  /** An Employee list after the load, on fresh connections. */
  after: number;
  /** Requests the load did not send because 100 were already waiting (the server fell behind the rate). */
  skipped: number;
};

export type Figures = {
  requests: number;
  ok: number;
  unavailable: number;
  server: number;
  other: number;
  /** From a termination to the last non-2xx answer it caused, the longest of the terminations (ms). */
  windowMs: number;
  maxLatencyMs: number;
  /** Requests answered a second, and those not sent because the server fell behind. */
  perSecond: number;
  skipped: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The real server (src/main.ts) as a child process on a fresh database of the PostgreSQL server at
 * `serverUrl`, under `rate` requests a second of Employee lists and adds for `seconds`, while every
 * backend of that database is terminated at each of `killAt` (ms into the load). A child process, so a
 * crash is seen as an exit, not as the test runner dying.
 */
export async function runFaultLoad(
  serverUrl: string,
  opts: { rate: number; seconds: number; killAt: number[]; addEvery: number },
): Promise<FaultRun> {
  const db = await serverDatabase(serverUrl, 'trestle_fault');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-fault-'));
  let child: ChildProcess | undefined;
  try {
    const server = await startChildServer({
      env: { ...faultServerEnv(db, dataDir), TOKEN_SECRET: randomBytes(32).toString('hex') },
      seconds: 60,
    });
    child = server.child;
    const { base } = server;
    const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
    const token = await signIn(base);

    const samples: Sample[] = [];
    const kills: FaultRun['kills'] = [];
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let exitedAt: number | undefined;
    child.once('exit', () => {
      exitedAt = now();
    });
    const request = employeeRequests(base, token, opts.addEvery, now);

    const killer = new pg.Client({ connectionString: serverUrl });
    await killer.connect();
    const killing = (async () => {
      for (const at of opts.killAt) {
        await sleep(Math.max(0, at - now()));
        const at2 = now();
        kills.push({ at: at2, backends: await terminateBackends(killer, db.name) });
      }
    })();

    const { skipped } = await openLoop(opts.rate, opts.seconds, now, async (i) => {
      samples.push(await request(i));
    });
    await killing;
    await killer.end();

    const alive = !exited();
    const after = alive ? await listStatus(base, token) : 0;
    const acknowledged = samples.flatMap((s) => (s.key === undefined ? [] : [s.key]));
    return {
      samples,
      kills,
      alive,
      exitedAt,
      output: server.output(),
      acknowledged,
      stored: await storedEmployees(db.url, acknowledged),
      after,
      skipped,
    };
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      const c = child;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
    }
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The environment a fault run's server gets on the fresh database `db`: the demo seed, quiet logs, no
 * login limit (the load signs in often), no web build. No TOKEN_SECRET: nodes given none share the
 * secret their database keeps.
 */
export function faultServerEnv(db: { url: string; appUrl: string }, dataDir: string): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: db.url,
    APP_DATABASE_URL: db.appUrl,
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
}

/** Signs in as the demo's admin and answers the access token. */
export async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'Admin@2026' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * The load's request number `i` against `base`: an Employee add every `addEvery`th (its code unique to
 * this load), an Employee list page otherwise. Never throws: no answer at all is status 0.
 */
export function employeeRequests(base: string, token: string, addEvery: number, now: () => number) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const tag = randomBytes(3).toString('hex');
  return async (i: number): Promise<Sample> => {
    const kind = i % addEvery === 0 ? 'add' : 'list';
    const start = now();
    const body =
      kind === 'add'
        ? {
            mainData: {
              code: `F${tag}-${i}`,
              name: `Fault ${i}`,
              gender: 'female',
              hireDate: '2024-03-01',
              status: 'active',
            },
          }
        : { page: 1 + (i % 3), rows: 20, sort: 'code', order: 'asc' };
    try {
      const res = await fetch(`${base}/api/Employee/${kind === 'add' ? 'add' : 'getPageData'}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => null)) as { data?: { key?: number } } | null;
      const key = kind === 'add' && res.status === 200 ? json?.data?.key : undefined;
      return { kind, start, end: now(), status: res.status, ...(key === undefined ? {} : { key }) };
    } catch {
      // No answer at all (the connection refused or cut): what a crashed server gives.
      return { kind, start, end: now(), status: 0 };
    }
  };
}

/**
 * Open loop: requests leave at `rate` a second for `seconds` whether or not earlier ones answered (a
 * closed loop would slow down exactly when the server stumbles and hide the failures), with a bound of
 * 100 in flight; answers how many it did not send because of that bound.
 */
export async function openLoop(
  rate: number,
  seconds: number,
  now: () => number,
  send: (i: number) => Promise<void>,
): Promise<{ skipped: number }> {
  const inFlight = new Set<Promise<void>>();
  let skipped = 0;
  for (let i = 0; i < rate * seconds; i++) {
    await sleep(Math.max(0, (i * 1000) / rate - now()));
    if (inFlight.size >= 100) {
      skipped++;
      continue;
    }
    const p = send(i).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  return { skipped };
}

/** Terminates every backend of database `name` but the caller's own; answers how many. */
export async function terminateBackends(client: pg.Client, name: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid()) t`,
    [name],
  );
  return rows[0]?.n ?? 0;
}

/** The status of an Employee list page asked of `base` (0: no answer). */
export function listStatus(base: string, token: string): Promise<number> {
  return fetch(`${base}/api/Employee/getPageData`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 1, rows: 20 }),
  }).then(
    (r) => r.status,
    () => 0,
  );
}

/** How many of the employees `ids` the database at `ownerUrl` holds, read on a connection of its own. */
export async function storedEmployees(ownerUrl: string, ids: number[]): Promise<number> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    // The owner is subject to row-level security too (forced): read as the platform tenant.
    await owner.query(`select set_config('app.tenant_id', (select id::text from tenants where is_platform), false)`);
    const { rows } = await owner.query<{ n: number }>(
      'select count(*)::int as n from employees where id = any($1::int[])',
      [ids],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await owner.end();
  }
}

/** The run's figures: counts by answer, the failure window after the terminations, the slowest answer. */
export function figuresOf(run: Pick<FaultRun, 'samples' | 'kills' | 'skipped'>, seconds: number): Figures {
  const { samples, kills } = run;
  let windowMs = 0;
  for (const [i, kill] of kills.entries())
    windowMs = Math.max(windowMs, windowAfter(samples, kill.at, kills[i + 1]?.at ?? Number.POSITIVE_INFINITY));
  return {
    requests: samples.length,
    ok: samples.filter((s) => s.status >= 200 && s.status < 300).length,
    unavailable: samples.filter((s) => s.status === 503).length,
    server: samples.filter((s) => s.status === 500).length,
    other: samples.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503 && s.status !== 500).length,
    windowMs: Math.round(windowMs),
    maxLatencyMs: Math.round(Math.max(0, ...samples.map((s) => s.end - s.start))),
    perSecond: Math.round(samples.length / seconds),
    skipped: run.skipped,
  };
}

/** From a fault at `at` to the last answer other than 200 before `until` (the next fault), in ms; 0 when none. */
export function windowAfter(samples: Sample[], at: number, until: number): number {
  let windowMs = 0;
  for (const s of samples)
    if (s.status !== 200 && s.end >= at && s.end < until) windowMs = Math.max(windowMs, s.end - at);
  return windowMs;
}

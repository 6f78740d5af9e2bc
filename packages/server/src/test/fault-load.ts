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
      env: {
        DATABASE_URL: db.url,
        APP_DATABASE_URL: db.appUrl,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'error',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      seconds: 60,
    });
    child = server.child;
    const { base } = server;
    const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'Admin@2026' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const tag = randomBytes(3).toString('hex');

    const samples: Sample[] = [];
    const kills: FaultRun['kills'] = [];
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let exitedAt: number | undefined;
    child.once('exit', () => {
      exitedAt = now();
    });
    const request = async (i: number) => {
      const kind = i % opts.addEvery === 0 ? 'add' : 'list';
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
        samples.push({ kind, start, end: now(), status: res.status, ...(key === undefined ? {} : { key }) });
      } catch {
        // No answer at all (the connection refused or cut): what a crashed server gives.
        samples.push({ kind, start, end: now(), status: 0 });
      }
    };

    const killer = new pg.Client({ connectionString: serverUrl });
    await killer.connect();
    const killing = (async () => {
      for (const at of opts.killAt) {
        await sleep(Math.max(0, at - now()));
        const at2 = now();
        const { rows } = await killer.query<{ n: number }>(
          `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid()) t`,
          [db.name],
        );
        kills.push({ at: at2, backends: rows[0]?.n ?? 0 });
      }
    })();

    // Open loop: requests leave at the rate whether or not earlier ones answered (a closed loop would
    // slow down exactly when the server stumbles and hide the failures), with a bound on those in flight.
    const inFlight = new Set<Promise<void>>();
    const total = opts.rate * opts.seconds;
    let skipped = 0;
    for (let i = 0; i < total; i++) {
      await sleep(Math.max(0, (i * 1000) / opts.rate - now()));
      if (inFlight.size >= 100) {
        skipped++;
        continue;
      }
      const p = request(i).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    await killing;
    await killer.end();

    const alive = !exited();
    const after = alive
      ? await fetch(`${base}/api/Employee/getPageData`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ page: 1, rows: 20 }),
        }).then(
          (r) => r.status,
          () => 0,
        )
      : 0;
    const acknowledged = samples.flatMap((s) => (s.key === undefined ? [] : [s.key]));
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    // The owner is subject to row-level security too (forced): read as the platform tenant.
    await owner.query(`select set_config('app.tenant_id', (select id::text from tenants where is_platform), false)`);
    const { rows } = await owner.query<{ n: number }>(
      'select count(*)::int as n from employees where id = any($1::int[])',
      [acknowledged],
    );
    await owner.end();
    return {
      samples,
      kills,
      alive,
      exitedAt,
      output: server.output(),
      acknowledged,
      stored: rows[0]?.n ?? 0,
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

/** The run's figures: counts by answer, the failure window after the terminations, the slowest answer. */
export function figuresOf(run: FaultRun, seconds: number): Figures {
  const { samples, kills } = run;
  let windowMs = 0;
  for (const [i, kill] of kills.entries()) {
    const next = kills[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    for (const s of samples)
      if (s.status !== 200 && s.end >= kill.at && s.end < next) windowMs = Math.max(windowMs, s.end - kill.at);
  }
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

// BENCH_PARTS=summary: the project portfolio summary over the large project data set (`npm run
// seed:projects`). The real server answers /api/ProjectSummary/portfolio and /charts signed in as
// admin (every project) and as pm (its own); the baseline runs the same SQL text, compiled by the
// summary service itself, on a bare pg pool working as the app's role in tenant 1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portfolioRequestSchema, summaryChartsRequestSchema } from '@trestle/shared';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { APP_ROLE, type Db } from '../packages/server/src/db/client.ts';
import { createSummaryService } from '../packages/server/src/features/summary/summary.service.ts';
import { dataScopeOf } from '../packages/server/src/http/access.ts';
import type { AuthContext } from '../packages/server/src/http/auth.ts';
import { adopt, type Load, load, login, startProcess, startTrestle, stop, type Trestle } from './lib.ts';
import { PROJECT_TABLES } from './seed-projects-core.ts';

const USERS = { admin: 'Admin@2026', pm: 'Pm@2026' } as const;
type User = keyof typeof USERS;
type Case = { name: string; user: User; path: 'portfolio' | 'charts'; body: Record<string, unknown> };

const firstPage = { page: 1, rows: 20, sort: 'contractAmount', order: 'desc' };
/** The measured requests: the first page by contract amount, a filtered page, and the charts. */
const CASES: Case[] = [
  { name: 'portfolioAdmin', user: 'admin', path: 'portfolio', body: firstPage },
  {
    name: 'portfolioAdminFiltered',
    user: 'admin',
    path: 'portfolio',
    body: { ...firstPage, filters: { type: 'DELIVERY', health: 'RED' } },
  },
  { name: 'chartsAdmin', user: 'admin', path: 'charts', body: {} },
  { name: 'portfolioPm', user: 'pm', path: 'portfolio', body: firstPage },
  { name: 'chartsPm', user: 'pm', path: 'charts', body: {} },
];
const CONNECTIONS = [1, 4];
/** The server evaluates warnings 60 s after it starts; every Trestle load ends before that. */
const QUIET_MS = 55_000;

type Compiled = { sql: string; params: unknown[] };

/** The caller as the session check would see it: the data scope the ProjectSummary grant brings. */
async function authOf(client: pg.Client, user: User): Promise<AuthContext> {
  const { rows } = await client.query<{ id: number; tenant: number; scope: unknown }>(
    `select u.id, u.tenant_id as tenant, trestle_data_scope(u.id, 'ProjectSummary', 'Search') as scope
     from users u where u.user_key = $1`,
    [user],
  );
  const row = rows[0];
  if (!row) throw new Error(`no user ${user}`);
  return {
    userId: row.id,
    tenantId: row.tenant,
    sessionId: '',
    jti: '',
    expiresAt: new Date(),
    dataScope: dataScopeOf(row.scope),
  };
}

/**
 * The statements the summary service sends for a request, in order, compiled by drizzle's dialect. They
 * run as they are recorded (as the app's role in tenant 1), since a page's figures are read for the ids
 * its first statement answers: the baseline then sends the same text with the same ids.
 */
async function compile(client: pg.Client, c: Case, auth: AuthContext): Promise<Compiled[]> {
  const dialect = new PgDialect();
  const sent: Compiled[] = [];
  const send = async (sql: string, params: unknown[] = []) => {
    sent.push({ sql, params });
    return client.query({ text: sql, values: params });
  };
  const recorder = {
    execute: (query: SQL) => {
      const { sql, params } = dialect.sqlToQuery(query);
      return send(sql, params);
    },
    // The service's transaction (JIT off, one snapshot): its begin and commit are part of what it sends.
    transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
      await send('begin');
      const result = await fn(recorder);
      await send('commit');
      return result;
    },
  } as unknown as Db;
  const service = createSummaryService({ db: recorder, now: () => new Date() });
  if (c.path === 'portfolio') await service.portfolio(auth, portfolioRequestSchema.parse(c.body));
  else await service.charts(auth, summaryChartsRequestSchema.parse(c.body));
  return sent;
}

async function dataSet(client: pg.Client): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const table of PROJECT_TABLES) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = 1`);
    sizes[table] = rows[0]?.n ?? 0;
  }
  return sizes;
}

export async function summaryRun(databaseUrl: string, seconds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sizes = await dataSet(client);
  if ((sizes.projects ?? 0) < 1000) throw new Error('summary: run npm run seed:projects first');
  const pmProjects = await client.query<{ n: number }>(
    `select count(*)::int as n from project_members m join users u on u.id = m.user_id where u.user_key = 'pm'`,
  );
  const auths = { admin: await authOf(client, 'admin'), pm: await authOf(client, 'pm') };
  await client.query("select set_config('role', $1, false), set_config('app.tenant_id', '1', false)", [APP_ROLE]);
  const routes: Record<string, Compiled[]> = {};
  for (const c of CASES) routes[`/${c.name}`] = await compile(client, c, auths[c.user]);
  await client.end();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'trestle-bench-')), 'summary.json');
  writeFileSync(file, JSON.stringify({ routes, role: APP_ROLE, tenantId: 1 }));
  const baseline = await startProcess('bench/baseline-server.ts', { BASELINE_FILE: file }, (line) => {
    const m = /LISTENING (\d+)/.exec(line);
    return m ? Number(m[1]) : null;
  });
  adopt(baseline.child);

  const cases: Record<string, unknown> = {};
  let trestle: (Trestle & { tokens: Record<User, string> }) | null = null;
  for (const c of CASES) {
    const raw = `http://127.0.0.1:${baseline.port}/${c.name}`;
    const body = JSON.stringify(c.body);
    const byConnections: Record<string, unknown> = {};
    let slowest = 0;
    const rawLoads: Load[] = [];
    for (const connections of CONNECTIONS) {
      await fetch(raw);
      rawLoads.push(await load(raw, { connections, seconds, timeout: 60 }));
    }
    // A fresh server when the loads would run into its first warnings evaluation.
    const needed = CONNECTIONS.length * (seconds + 15) * 1000;
    if (!trestle || Date.now() - trestle.startedAt + needed > QUIET_MS) {
      if (trestle) await stop(trestle.child);
      const started = await startTrestle(databaseUrl);
      trestle = { ...started, tokens: { admin: started.token, pm: await login(started.base, 'pm', USERS.pm) } };
    }
    const url = `${trestle.base}/api/ProjectSummary/${c.path}`;
    const headers = { authorization: `Bearer ${trestle.tokens[c.user]}` };
    for (const [i, connections] of CONNECTIONS.entries()) {
      await fetch(url, { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' } });
      const real = await load(url, { connections, seconds, body, headers, timeout: 60 });
      const base = rawLoads[i] as Load;
      slowest = Math.max(slowest, real.p99);
      const ratio = Math.round((real.requestsPerSecond / base.requestsPerSecond) * 100) / 100;
      byConnections[`c${connections}`] = { raw: base, trestle: real, ratio };
      console.log(
        `summary ${c.name} c=${connections}: baseline ${base.requestsPerSecond} req/s (p50 ${base.p50} ms, p99 ${base.p99} ms) | Trestle ${real.requestsPerSecond} req/s (p50 ${real.p50} ms, p99 ${real.p99} ms) | ${ratio}×`,
      );
    }
    // autocannon leaves its last requests in flight: let them finish before the next load or a stop.
    await new Promise((r) => setTimeout(r, Math.min(slowest, 10_000)));
    cases[c.name] = {
      user: c.user,
      path: c.path,
      body: c.body,
      statements: routes[`/${c.name}`]?.length,
      ...byConnections,
    };
  }
  if (trestle) await stop(trestle.child);
  await stop(baseline.child);
  return { dataSet: sizes, pmProjects: pmProjects.rows[0]?.n ?? 0, cases };
}

// The BI dashboard bench (issue 17): a six-chart dashboard over 1,000,000 project contracts, answered by
// POST /api/bi/run in one request, against the same aggregates run raw on `pg` in the same run.
//
//   createdb -h 127.0.0.1 -U postgres trestle_bi_bench
//   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/trestle_bi_bench
//   npm run build -w @trestle/server && node --import tsx bench/bi-dashboard.ts
//
// The data (bench/bi-dashboard.seed.ts) is made once and topped up. The real server (the build `npm start`
// runs) gets a dataset over ProjectContract, six charts and a dashboard shared with the pm role, through the
// BI designer's own routes, twice: the charts as designers leave them (results kept 300 s) and with the cache
// off (cacheSeconds 0: every run reads the table). Then, in BENCH_BI_ROUNDS turns (default 7), as admin (every
// contract) and as pm (the projects it is a member of): each chart alone, its raw aggregate, the whole
// dashboard with the cache off, the six raw aggregates at once, the dashboard with the cache on. A chart is
// timed twice: its query (the result's `ms`: the database's time for its statement, what the goal compares
// with the raw aggregate) and the whole request's server time (the answer's `ms`: what a viewer waits, the
// access check, the charts' and scopes' reads and the JSON included). The raw side
// is a plain pg pool working as the app's role bound to tenant 1 (row-level security costs both alike), with
// the aggregate a developer would write by hand (tenant condition, soft delete, and pm's membership for pm).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChartDefinition, RunResponse } from '@trestle/shared';
import pg from 'pg';
import { APP_ROLE } from '../packages/server/src/db/client.ts';
import { seedContracts } from './bi-dashboard.seed.ts';
import { login, root, startTrestle, stop, type Trestle } from './lib.ts';

const USERS = { admin: 'Admin@2026', pm: 'Pm@2026' } as const;
type User = keyof typeof USERS;

type ChartCase = {
  key: string;
  name: string;
  chart: Pick<ChartDefinition, 'type' | 'dimensions' | 'measures'> & Partial<ChartDefinition>;
  /** The same aggregate by hand; `where` is the tenant, soft-delete and (for pm) membership condition. */
  raw: (where: string) => string;
};

const money = { field: 'amountInclTax', agg: 'sum' } as const;
const from = (where: string) => `from sales_contracts where ${where}`;
const CHARTS: ChartCase[] = [
  {
    key: 'monthly',
    name: 'Signed amount by month',
    chart: { type: 'line', dimensions: [{ field: 'signDate', bucket: 'month' }], measures: [money] },
    raw: (w) =>
      `select date_trunc('month', sign_date)::date as month, sum(amount_incl_tax) ${from(w)} group by 1 order by 1`,
  },
  {
    key: 'customers',
    name: 'Top 10 customers',
    chart: {
      type: 'bar',
      dimensions: [{ field: 'customerId' }],
      measures: [money],
      sort: { by: 'measure:0', order: 'desc' },
      limit: 10,
    },
    raw: (w) => `select c.name, s.amount from (select customer_id, sum(amount_incl_tax) as amount ${from(w)}
      group by 1 order by 2 desc limit 10) s join customers c on c.id = s.customer_id order by s.amount desc`,
  },
  {
    key: 'statuses',
    name: 'Contracts by status',
    chart: { type: 'pie', dimensions: [{ field: 'status' }], measures: [{ agg: 'count' }] },
    raw: (w) => `select status, count(*) ${from(w)} group by 1 order by 1`,
  },
  {
    key: 'total',
    name: 'Signed amount',
    chart: { type: 'kpi', dimensions: [], measures: [money] },
    raw: (w) => `select sum(amount_incl_tax) ${from(w)}`,
  },
  {
    key: 'types',
    name: 'Average amount by type',
    chart: { type: 'bar', dimensions: [{ field: 'contractType' }], measures: [{ field: 'amountInclTax', agg: 'avg' }] },
    raw: (w) => `select contract_type, avg(amount_incl_tax) ${from(w)} group by 1 order by 1`,
  },
  {
    key: 'quarterly',
    name: 'Signed amount by quarter',
    chart: { type: 'bar', dimensions: [{ field: 'signDate', bucket: 'quarter' }], measures: [money] },
    raw: (w) =>
      `select date_trunc('quarter', sign_date)::date as quarter, sum(amount_incl_tax) ${from(w)} group by 1 order by 1`,
  },
];

type Api = (url: string, body: unknown, user?: User) => Promise<unknown>;

function apiOf(base: string, tokens: Record<User, string>): Api {
  return async (url, body, user = 'admin') => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { data: unknown; message: string };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${answer.message}`);
    return answer.data;
  };
}

type Board = { dashboardId: number; chartIds: Record<string, number> };
type Made = { datasetId: number; cached: Board; uncached: Board };

/** The dataset, both sets of six charts and their dashboards, shared with the pm role, as a designer makes them. */
async function makeDashboards(api: Api, pmRole: number, tag: string): Promise<Made> {
  const dataset = (await api('/api/bi/dataset/save', {
    name: `Bench contracts ${tag}`,
    definition: { kind: 'entity', entity: 'ProjectContract' },
  })) as { id: number };
  const board = async (cacheSeconds: number): Promise<Board> => {
    const chartIds: Record<string, number> = {};
    for (const c of CHARTS) {
      const saved = (await api('/api/bi/chart/save', {
        name: `${c.name} ${tag} (${cacheSeconds} s)`,
        definition: { ...c.chart, datasetId: dataset.id, cacheSeconds },
      })) as { id: number };
      chartIds[c.key] = saved.id;
    }
    const items = CHARTS.map((c, i) => ({
      id: c.key,
      kind: 'chart',
      chartId: chartIds[c.key],
      x: (i % 3) * 8,
      y: Math.floor(i / 3) * 6,
      w: 8,
      h: 6,
    }));
    const saved = (await api('/api/bi/dashboard/save', {
      name: `Bench dashboard ${tag} (cache ${cacheSeconds} s)`,
      definition: { items },
      shareRoles: [pmRole],
    })) as { id: number };
    return { dashboardId: saved.id, chartIds };
  };
  return { datasetId: dataset.id, cached: await board(300), uncached: await board(0) };
}

async function removeDashboards(api: Api, made: Made) {
  for (const board of [made.cached, made.uncached]) {
    await api('/api/bi/dashboard/del', { id: board.dashboardId });
    for (const id of Object.values(board.chartIds)) await api('/api/bi/chart/del', { id });
  }
  await api('/api/bi/dataset/del', { id: made.datasetId });
}

type Timed = { serverMs: number; wallMs: number; queryMs: Record<string, number> };

/** One batch: the server's own time for it (`ms`), each chart's query (its result's `ms`), and the round trip. */
async function runBoard(api: Api, user: User, board: Board, keys: string[]): Promise<Timed> {
  const started = performance.now();
  const answer = (await api(
    '/api/bi/run',
    { dashboardId: board.dashboardId, items: keys.map((key) => ({ key, chartId: board.chartIds[key] })) },
    user,
  )) as RunResponse;
  const wallMs = performance.now() - started;
  const queryMs: Record<string, number> = {};
  for (const key of keys) {
    const result = answer.results[key];
    if (!result?.ok) throw new Error(`chart ${key} as ${user}: ${result && !result.ok ? result.message : 'no answer'}`);
    queryMs[key] = result.ms;
  }
  return { serverMs: answer.ms, wallMs, queryMs };
}

/** Raw statements on pooled connections working as the app's role in tenant 1, as the server's do. */
function rawPool(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CHARTS.length });
  pool.on('error', () => {});
  const bound = new WeakSet<pg.PoolClient>();
  const one = async (text: string, values: unknown[]) => {
    const client = await pool.connect();
    try {
      if (!bound.has(client)) {
        await client.query("select set_config('role', $1, false), set_config('app.tenant_id', '1', false)", [APP_ROLE]);
        bound.add(client);
      }
      const started = performance.now();
      await client.query({ text, values });
      return performance.now() - started;
    } finally {
      client.release();
    }
  };
  return { pool, one };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;
const summary = (xs: number[]) => ({
  median: round1(median(xs)),
  min: round1(Math.min(...xs)),
  max: round1(Math.max(...xs)),
});

type Samples = Record<string, number[]>;
const push = (s: Samples, key: string, value: number) => {
  s[key] = [...(s[key] ?? []), value];
};

export async function biDashboardRun(databaseUrl: string, rounds: number) {
  const target = Number(process.env.BENCH_CONTRACTS ?? 1_000_000);
  const dataSet = await seedContracts(databaseUrl, target);
  console.log(`\ndata: ${JSON.stringify(dataSet)}`);
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  const ids = await owner.query<{ pm: number; role: number }>(
    `select (select id from users where user_key = 'pm') as pm,
            (select id from roles where tenant_id = 1 and code = 'pm') as role`,
  );
  await owner.end();
  const { pm, role } = ids.rows[0] ?? { pm: 0, role: 0 };
  const scopes: Record<User, { where: string; values: unknown[] }> = {
    admin: { where: 'tenant_id = $1 and deleted_at is null', values: [1] },
    pm: {
      where:
        'tenant_id = $1 and deleted_at is null and project_id in (select project_id from project_members where tenant_id = $1 and user_id = $2)',
      values: [1, pm],
    },
  };

  const trestle: Trestle = await startTrestle(databaseUrl);
  const raw = rawPool(databaseUrl);
  try {
    const api = apiOf(trestle.base, { admin: trestle.token, pm: await login(trestle.base, 'pm', USERS.pm) });
    const made = await makeDashboards(api, role, new Date().toISOString().slice(0, 19));
    const keys = CHARTS.map((c) => c.key);
    const rawOf = (user: User, c: ChartCase) => raw.one(c.raw(scopes[user].where), scopes[user].values);
    // Warm both sides alike: the table's pages in PostgreSQL's cache, the server's code and plans, and the
    // cached dashboard's results (the cache-off one keeps none).
    for (const user of ['admin', 'pm'] as const) {
      for (const c of CHARTS) await rawOf(user, c);
      await runBoard(api, user, made.uncached, keys);
      await runBoard(api, user, made.cached, keys);
    }
    const s: Samples = {};
    for (let round = 0; round < rounds; round++) {
      for (const user of ['admin', 'pm'] as const) {
        // Each chart alone (cache off), beside its raw aggregate, in turns.
        for (const c of CHARTS) {
          push(s, `${user}.${c.key}.raw`, await rawOf(user, c));
          const alone = await runBoard(api, user, made.uncached, [c.key]);
          push(s, `${user}.${c.key}.query`, alone.queryMs[c.key] ?? 0);
          push(s, `${user}.${c.key}.server`, alone.serverMs);
          push(s, `${user}.${c.key}.wall`, alone.wallMs);
        }
        const uncached = await runBoard(api, user, made.uncached, keys);
        push(s, `${user}.dashboard.server`, uncached.serverMs);
        // The six queries run side by side: the longest is what the batch waited for its database.
        push(s, `${user}.dashboard.query`, Math.max(...Object.values(uncached.queryMs)));
        push(s, `${user}.dashboard.wall`, uncached.wallMs);
        const started = performance.now();
        await Promise.all(CHARTS.map((c) => rawOf(user, c)));
        push(s, `${user}.dashboard.raw`, performance.now() - started);
        const cached = await runBoard(api, user, made.cached, keys);
        push(s, `${user}.cached.server`, cached.serverMs);
        push(s, `${user}.cached.wall`, cached.wallMs);
      }
      process.stdout.write(`\rround ${round + 1} / ${rounds}`);
    }
    process.stdout.write('\n');
    await removeDashboards(api, made);
    return { at: new Date().toISOString(), rounds, dataSet, users: report(s) };
  } finally {
    await raw.pool.end();
    await stop(trestle.child);
  }
}

/**
 * Medians per user: each chart's raw, query, server and wall times and its ratios (raw ÷ query: the goal's; raw
 * ÷ server: what a viewer waits, as before); the dashboards.
 */
function report(s: Samples) {
  const users: Record<string, unknown> = {};
  for (const user of ['admin', 'pm'] as const) {
    const of = (key: string) => summary(s[`${user}.${key}`] ?? [0]);
    const charts = Object.fromEntries(
      CHARTS.map((c) => {
        const rawMs = of(`${c.key}.raw`);
        const query = of(`${c.key}.query`);
        const server = of(`${c.key}.server`);
        const wall = of(`${c.key}.wall`);
        const ratioOf = (ms: number) => Math.round((rawMs.median / ms) * 100) / 100;
        const ratioQuery = ratioOf(query.median);
        const ratio = ratioOf(server.median);
        const ratioWall = ratioOf(wall.median);
        console.log(
          `${user} ${c.key.padEnd(9)} raw ${String(rawMs.median).padStart(6)} ms | query ${String(query.median).padStart(6)} ms | server ${String(server.median).padStart(6)} ms (wall ${wall.median}) | raw/query ${ratioQuery}× (goal 0.8) | raw/server ${ratio}× (wall ${ratioWall}×)`,
        );
        return [c.key, { raw: rawMs, query, server, wall, ratioQuery, ratio, ratioWall }];
      }),
    );
    const dashboard = {
      server: of('dashboard.server'),
      query: of('dashboard.query'),
      wall: of('dashboard.wall'),
      raw: of('dashboard.raw'),
    };
    const cached = { server: of('cached.server'), wall: of('cached.wall') };
    console.log(
      `${user} dashboard, cache off: server ${dashboard.server.median} ms (${dashboard.server.min}–${dashboard.server.max}; goal ≤ 1000), longest query ${dashboard.query.median} ms, wall ${dashboard.wall.median} ms | six raw at once ${dashboard.raw.median} ms | cache on: server ${cached.server.median} ms, wall ${cached.wall.median} ms`,
    );
    users[user] = { charts, dashboard, cached };
  }
  return users;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const DATABASE_URL = process.env.DATABASE_URL;
  if (!DATABASE_URL) throw new Error('bench/bi-dashboard.ts needs DATABASE_URL (a PostgreSQL server database)');
  const results = await biDashboardRun(DATABASE_URL, Number(process.env.BENCH_BI_ROUNDS ?? 7));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}-bi.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results: ${path.relative(root, file)}`);
  process.exit(0);
}

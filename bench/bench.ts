// npm run bench — the list, export and import against a PostgreSQL server (DATABASE_URL, filled by
// `npm run seed:large`), a designed table of as many rows listed beside Employee (BENCH_PARTS=designed), and the project portfolio summary (filled by `npm run seed:projects`), each
// beside a baseline measured in the same run. Prints ratios and writes bench/results/<time>.json.
// BENCH_SECONDS (default 10) sets each load's duration. BENCH_PARTS=soak (not by default) holds the list at 50
// connections for SOAK_SECONDS (default 60) against the goal p99 ≤ 100 ms with no error (soak.ts).
// BENCH_PARTS=bi (not by default: it tops the database's project contracts up to 1,000,000) times the
// six-chart BI dashboard against its raw aggregates (bi-dashboard.ts; BENCH_BI_ROUNDS, default 7).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { employeeMeta, pageRequestSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { compileSort, compileWheres } from '../packages/server/src/engine/query.ts';
import { selectList } from '../packages/server/src/engine/read.ts';
import { biDashboardRun } from './bi-dashboard.ts';
import { designedRun } from './designed.ts';
import { countEmployees, exportRun, importRun } from './excel.ts';
import { adopt, type Load, load, peakRssMb, root, startProcess, startTrestle, stop } from './lib.ts';
import { soakRun } from './soak.ts';
import { summaryRun } from './summary.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('bench needs DATABASE_URL (run npm run seed:large first)');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Which parts to run: list, export, import (the default), summary, designed, soak. */
const parts = new Set((process.env.BENCH_PARTS ?? 'list,export,import').split(','));

/** The measured list request: a selective-enough filter, a sort, a page of 20. */
const listBody = {
  page: 1,
  rows: 20,
  sort: 'hireDate',
  order: 'desc' as const,
  wheres: [
    { name: 'status', value: ['active'], displayType: 'in' },
    { name: 'hireDate', value: '2015-01-01', displayType: 'ge' },
  ],
};

/** The same SQL text the engine runs for that request, compiled once for the raw baseline. */
function baselineQuery() {
  const req = pageRequestSchema.parse(listBody);
  const where = sql.join(
    [sql`t.tenant_id = 1 and t.deleted_at is null`, ...compileWheres(employeeMeta, req.wheres)],
    sql` and `,
  );
  const query = sql`select ${selectList(employeeMeta)} from employees t where ${where} order by ${compileSort(employeeMeta, req.sort, req.order)} limit 20`;
  return new PgDialect().sqlToQuery(query);
}

const WARM_SECONDS = 5;
/** How many turns each list load takes, of BENCH_SECONDS / ROUNDS each. */
const ROUNDS = 5;

/** Slices of one load as one: the mean rate, the median p50 and the worst p99, every error. */
function combined(slices: Load[]): Load {
  const sum = (f: (l: Load) => number) => slices.reduce((n, l) => n + f(l), 0);
  const p50s = slices.map((l) => l.p50).sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(sum((l) => l.requestsPerSecond) / slices.length),
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(...slices.map((l) => l.p99)),
    errors: sum((l) => l.errors),
    non2xx: sum((l) => l.non2xx),
  };
}

const ratio = (a: Load, b: Load) => Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100) / 100;

const results: Record<string, unknown> = { at: new Date().toISOString(), seconds };
if (parts.has('list')) results.request = listBody;
if (parts.has('list')) await listRun(DATABASE_URL);
if (parts.has('export') || parts.has('import')) await excelRun(DATABASE_URL);
if (parts.has('summary')) results.summary = await summaryRun(DATABASE_URL, seconds);
if (parts.has('designed')) results.designed = await designedRun(DATABASE_URL, seconds, listBody);
if (parts.has('bi')) results.bi = await biDashboardRun(DATABASE_URL, Number(process.env.BENCH_BI_ROUNDS ?? 7));
if (parts.has('soak')) results.soak = await soakRun(DATABASE_URL, listBody, Number(process.env.SOAK_SECONDS ?? 60));

async function listRun(databaseUrl: string) {
  const { sql: text, params } = baselineQuery();
  const baseline = await startProcess(
    'bench/baseline-server.ts',
    { BASELINE_SQL: text, BASELINE_PARAMS: JSON.stringify(params) },
    (line) => {
      const m = /LISTENING (\d+)/.exec(line);
      return m ? Number(m[1]) : null;
    },
  );
  adopt(baseline.child);
  const trestle = await startTrestle(databaseUrl);
  const auth = { authorization: `Bearer ${trestle.token}` };
  const list = `${trestle.base}/api/Employee/getPageData`;
  const noTotalBody = { body: JSON.stringify({ ...listBody, count: false }), headers: auth };
  const withTotalBody = { body: JSON.stringify(listBody), headers: auth };
  for (const connections of [10, 50]) {
    // Each server is warmed for WARM_SECONDS first (JIT, its pool's connections opened and their statements
    // prepared), the same for both.
    await load(`http://127.0.0.1:${baseline.port}/`, { connections, seconds: WARM_SECONDS });
    await load(list, { connections, seconds: WARM_SECONDS, ...noTotalBody });
    // The three loads take turns in ROUNDS slices rather than one after the other: a machine whose speed
    // drifts (a shared VM) then slows all three alike, and the ratios compare like with like.
    const slices: Record<'raw' | 'noTotal' | 'withTotal', Load[]> = { raw: [], noTotal: [], withTotal: [] };
    const slice = seconds / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      slices.raw.push(await load(`http://127.0.0.1:${baseline.port}/`, { connections, seconds: slice }));
      slices.noTotal.push(await load(list, { connections, seconds: slice, ...noTotalBody }));
      slices.withTotal.push(await load(list, { connections, seconds: slice, ...withTotalBody }));
    }
    const raw = combined(slices.raw);
    const noTotal = combined(slices.noTotal);
    const withTotal = combined(slices.withTotal);
    results[`list_c${connections}`] = {
      raw,
      noTotal,
      withTotal,
      ratioNoTotal: ratio(noTotal, raw),
      ratioWithTotal: ratio(withTotal, raw),
      rounds: ROUNDS,
      ratiosByRound: slices.raw.map((r, i) => ({
        noTotal: ratio(slices.noTotal[i] as Load, r),
        withTotal: ratio(slices.withTotal[i] as Load, r),
      })),
    };
    console.log(
      `list c=${connections}: raw ${raw.requestsPerSecond} req/s | Trestle without total ${noTotal.requestsPerSecond} (${ratio(noTotal, raw)}×, goal 0.7) | with total ${withTotal.requestsPerSecond} (${ratio(withTotal, raw)}×, goal 0.5)`,
    );
  }
  await stop(baseline.child);
  await stop(trestle.child);
}

// Export and import on a fresh server process, so its peak memory is theirs alone.
async function excelRun(databaseUrl: string) {
  const rss = (pid: number) => peakRssMb(pid);
  const exporter = await startTrestle(databaseUrl);
  if (parts.has('export')) {
    const idle = rss(exporter.pid);
    const export100k = await exportRun(exporter, [{ name: 'id', value: 100_000, displayType: 'le' }]);
    results.export100k = {
      ...export100k,
      rows: await countEmployees(databaseUrl, 100_000),
      peakRssMb: rss(exporter.pid),
      idleRssMb: idle,
    };
    console.log(
      `export ${(results.export100k as { rows: number }).rows} rows: ${export100k.seconds} s (goal ≤ 5), peak RSS ${rss(exporter.pid)} MB (goal ≤ 250; ${idle} MB at start)`,
    );
    const exportAll = await exportRun(exporter, []);
    const allRows = await countEmployees(databaseUrl);
    results.exportAll = { ...exportAll, rows: allRows, peakRssMb: rss(exporter.pid) };
    console.log(`export all ${allRows} rows: ${exportAll.seconds} s, peak RSS ${rss(exporter.pid)} MB`);
  }
  if (parts.has('import')) {
    const imported = await importRun(exporter, 100_000, databaseUrl);
    results.import100k = imported;
    console.log(`import 100k rows (mode=all): ${imported.seconds} s (goal ≤ 60), ${imported.imported} written`);
  }
  await stop(exporter.child);
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`results: ${path.relative(root, file)}`);
process.exit(0);

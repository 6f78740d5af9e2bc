// npm run bench — the list, export and import against a PostgreSQL server (DATABASE_URL, filled by
// `npm run seed:large`), each beside a baseline measured in the same run. Prints ratios and writes
// bench/results/<time>.json. BENCH_SECONDS (default 10) sets each load's duration.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { employeeMeta, pageRequestSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { compileSort, compileWheres } from '../packages/server/src/engine/query.ts';
import { selectList } from '../packages/server/src/engine/read.ts';
import { countEmployees, exportRun, importRun } from './excel.ts';
import { type Load, load, peakRssMb, root, startProcess, stop } from './lib.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('bench needs DATABASE_URL (run npm run seed:large first)');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Which parts to run: list, export, import (all by default). */
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

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

async function startTrestle() {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trestle-bench-')),
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    !(await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 480 || child.exitCode !== null) throw new Error('the Trestle server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'Admin@2026' }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  // tsx runs the server in the spawned Node process itself, so its pid is the server's.
  return { base, token, pid: child.pid ?? 0, child };
}

const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
});

const ratio = (a: Load, b: Load) => Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100) / 100;

const { sql: text, params } = baselineQuery();
const baseline = await startProcess(
  'bench/baseline-server.ts',
  { BASELINE_SQL: text, BASELINE_PARAMS: JSON.stringify(params) },
  (line) => {
    const m = /LISTENING (\d+)/.exec(line);
    return m ? Number(m[1]) : null;
  },
);
const trestle = await startTrestle();
children.push(baseline.child);
const auth = { authorization: `Bearer ${trestle.token}` };
const list = `${trestle.base}/api/Employee/getPageData`;

const results: Record<string, unknown> = { at: new Date().toISOString(), seconds, request: listBody };
for (const connections of parts.has('list') ? [10, 50] : []) {
  await load(`http://127.0.0.1:${baseline.port}/`, { connections, seconds: 2 });
  const raw = await load(`http://127.0.0.1:${baseline.port}/`, { connections, seconds });
  await load(list, { connections, seconds: 2, body: JSON.stringify({ ...listBody, count: false }), headers: auth });
  const noTotal = await load(list, {
    connections,
    seconds,
    body: JSON.stringify({ ...listBody, count: false }),
    headers: auth,
  });
  const withTotal = await load(list, { connections, seconds, body: JSON.stringify(listBody), headers: auth });
  results[`list_c${connections}`] = {
    raw,
    noTotal,
    withTotal,
    ratioNoTotal: ratio(noTotal, raw),
    ratioWithTotal: ratio(withTotal, raw),
  };
  console.log(
    `list c=${connections}: raw ${raw.requestsPerSecond} req/s | Trestle without total ${noTotal.requestsPerSecond} (${ratio(noTotal, raw)}×, goal 0.7) | with total ${withTotal.requestsPerSecond} (${ratio(withTotal, raw)}×, goal 0.5)`,
  );
}
await stop(baseline.child);
await stop(trestle.child);

// Export and import on a fresh server process, so its peak memory is theirs alone.
const rss = (pid: number) => peakRssMb(pid);
const exporter = await startTrestle();
if (parts.has('export')) {
  const idle = rss(exporter.pid);
  const export100k = await exportRun(exporter, [{ name: 'id', value: 100_000, displayType: 'le' }]);
  results.export100k = {
    ...export100k,
    rows: await countEmployees(DATABASE_URL, 100_000),
    peakRssMb: rss(exporter.pid),
    idleRssMb: idle,
  };
  console.log(
    `export ${(results.export100k as { rows: number }).rows} rows: ${export100k.seconds} s (goal ≤ 5), peak RSS ${rss(exporter.pid)} MB (goal ≤ 250; ${idle} MB at start)`,
  );
  const exportAll = await exportRun(exporter, []);
  const allRows = await countEmployees(DATABASE_URL);
  results.exportAll = { ...exportAll, rows: allRows, peakRssMb: rss(exporter.pid) };
  console.log(`export all ${allRows} rows: ${exportAll.seconds} s, peak RSS ${rss(exporter.pid)} MB`);
}
if (parts.has('import')) {
  const imported = await importRun(exporter, 100_000, DATABASE_URL);
  results.import100k = imported;
  console.log(`import 100k rows (mode=all): ${imported.seconds} s (goal ≤ 60), ${imported.imported} written`);
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`results: ${path.relative(root, file)}`);
process.exit(0);

// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/pool-faults.ts
// The real server under Employee lists and adds (one add in three) while every backend of its database
// is terminated three times, 2 s apart: the same run as the server test in src/db/pool-faults.test.ts,
// repeated RUNS times (default 3) with its figures printed. RATE (default 150 a second) and SECONDS
// (default 10) set the load. Each run uses a fresh database on that server and drops it afterwards.
import { figuresOf, runFaultLoad } from '../packages/server/src/test/fault-load.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('pool-faults needs DATABASE_URL (a PostgreSQL server it may create databases on)');
const runs = Number(process.env.RUNS ?? 3);
const rate = Number(process.env.RATE ?? 150);
const seconds = Number(process.env.SECONDS ?? 10);

const rows = [];
for (let i = 1; i <= runs; i++) {
  const run = await runFaultLoad(DATABASE_URL, { rate, seconds, killAt: [2500, 4500, 6500], addEvery: 3 });
  const f = figuresOf(run, seconds);
  const row = {
    run: i,
    alive: run.alive,
    'exited ms after 1st termination':
      run.exitedAt === undefined ? '' : Math.round(run.exitedAt - (run.kills[0]?.at ?? 0)),
    requests: f.requests,
    'http 2xx': f.ok,
    'http 503': f.unavailable,
    'lists 503': run.samples.filter((s) => s.kind === 'list' && s.status === 503).length,
    'http 500': f.server,
    other: f.other,
    'window ms': f.windowMs,
    'max latency ms': f.maxLatencyMs,
    'per second': f.perSecond,
    'not sent': f.skipped,
    terminated: run.kills.map((k) => k.backends).join('/'),
    'adds acknowledged/stored': `${run.acknowledged.length}/${run.stored}`,
    'list after': run.after,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
  if (!run.alive)
    console.log(
      run.output
        .split('\n')
        .filter((l) => /Unhandled|^error:|code: '/.test(l))
        .join('\n'),
    );
}
console.table(rows);

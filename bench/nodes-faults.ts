// npm run build -w @trestle/server
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/nodes-faults.ts
// Two real server processes (the build) on one fresh database of that server, behind a round-robin proxy
// (proxy.ts), under RATE (default 100) requests a second of Employee lists and adds (one in three) for
// SECONDS (default 20). At 5 s one node is killed (SIGKILL); at 10 s every backend of the database is
// terminated. Then: every acknowledged add must be stored, no answer may be a 500, and the surviving node
// must answer a list without a restart. Exits 1 when one of those fails. The database is dropped after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ChildServer, startChildServer } from '../packages/server/src/test/child-server.ts';
import {
  employeeRequests,
  faultServerEnv,
  figuresOf,
  listStatus,
  openLoop,
  type Sample,
  signIn,
  storedEmployees,
  terminateBackends,
  windowAfter,
} from '../packages/server/src/test/fault-load.ts';
import { serverDatabase } from '../packages/server/src/test/helper.ts';
import { adopt } from './lib.ts';
import { startProxy } from './proxy.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('nodes-faults needs DATABASE_URL (a PostgreSQL server it may create databases on)');
const rate = Number(process.env.RATE ?? 100);
const seconds = Number(process.env.SECONDS ?? 20);
const killNodeAt = 5000;
const terminateAt = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = await serverDatabase(DATABASE_URL, 'trestle_nodes');
const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'trestle-nodes-')));
const nodes: ChildServer[] = [];
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
let failed = true;
let cleaning: Promise<void> | undefined;
const cleanUp = () => {
  cleaning ??= (async () => {
    await proxy?.close();
    for (const node of nodes) await node.stop();
    await db.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
};
// Ctrl-C: the same clean-up, then out (lib.ts's exit hook stops any node still running).
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
try {
  // One after the other: the first migrates and seeds the fresh database and makes the shared secret.
  for (const dir of dirs) {
    const node = await startChildServer({ env: faultServerEnv(db, dir), seconds: 120, compiled: true });
    adopt(node.child);
    nodes.push(node);
  }
  const [victim, survivor] = nodes as [ChildServer, ChildServer];
  // Lists are reads, so a list cut off mid-flight may go to the other node; an add may not.
  proxy = await startProxy(
    nodes.map((n) => n.base),
    (req) => req.url?.endsWith('/getPageData') ?? false,
  );
  const token = await signIn(proxy.url);

  const samples: Sample[] = [];
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const request = employeeRequests(proxy.url, token, 3, now);
  const killer = new pg.Client({ connectionString: DATABASE_URL });
  await killer.connect();
  const faults: { what: string; at: number; backends?: number }[] = [];
  const faulting = (async () => {
    await sleep(killNodeAt - now());
    faults.push({ what: 'kill -9 node 1', at: now() });
    victim.child.kill('SIGKILL');
    await sleep(terminateAt - now());
    const at = now();
    faults.push({ what: 'terminate every backend', at, backends: await terminateBackends(killer, db.name) });
  })();
  const { skipped } = await openLoop(rate, seconds, now, async (i) => {
    samples.push(await request(i));
  });
  await faulting;
  await killer.end();

  const survivorAlive = survivor.child.exitCode === null && survivor.child.signalCode === null;
  const survivorList = await listStatus(survivor.base, token);
  const acknowledged = samples.flatMap((s) => (s.key === undefined ? [] : [s.key]));
  const stored = await storedEmployees(db.url, acknowledged);
  const f = figuresOf(
    { samples, kills: faults.map((x) => ({ at: x.at, backends: x.backends ?? 0 })), skipped },
    seconds,
  );
  const count = (status: number) => samples.filter((s) => s.status === status).length;
  const others = new Map<number, number>();
  for (const s of samples)
    if (!(s.status >= 200 && s.status < 300) && ![500, 502, 503].includes(s.status))
      others.set(s.status, (others.get(s.status) ?? 0) + 1);
  const windows = faults.map((x, i) =>
    Math.round(windowAfter(samples, x.at, faults[i + 1]?.at ?? Number.POSITIVE_INFINITY)),
  );
  const lost = acknowledged.length - stored;

  console.table(faults.map((x, i) => ({ ...x, at: Math.round(x.at), 'recovery window ms': windows[i] })));
  console.log(
    JSON.stringify(
      {
        rate,
        seconds,
        requests: f.requests,
        'http 2xx': f.ok,
        'http 502': count(502),
        'http 503': count(503),
        'http 500': f.server,
        'other statuses': Object.fromEntries(others),
        'adds 502 (outcome unknown)': samples.filter((s) => s.kind === 'add' && s.status === 502).length,
        'acknowledged adds': acknowledged.length,
        stored,
        lost,
        'recovery window ms': Math.max(0, ...windows),
        'max latency ms': f.maxLatencyMs,
        'not sent (100 in flight)': skipped,
        'survivor alive': survivorAlive,
        'survivor list status': survivorList,
      },
      null,
      2,
    ),
  );
  failed = lost !== 0 || f.server !== 0 || !survivorAlive || survivorList !== 200;
  console.log(failed ? 'FAILED: lost adds, a 500, or the surviving node did not answer' : 'ok: nothing lost, no 500');
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);

// The raw baseline: a bare node:http server running fixed SQL per request through a pg pool, and
// answering its rows as JSON. No validation, no auth, no envelope: the ceiling to compare with.
// Either one query for every path (BASELINE_SQL, BASELINE_PARAMS), or BASELINE_FILE: a JSON file
// { routes: { "/path": [{ sql, params }, …] }, role?, tenantId? } whose queries run one after the
// other, as the service under test runs them; with `role`, each connection works as that role bound
// to the tenant, as the app's connections do (row-level security applies alike).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';

type Query = { sql: string; params: unknown[] };
type Plan = { routes: Record<string, Query[]>; role?: string; tenantId?: number };

const { DATABASE_URL, BASELINE_SQL, BASELINE_PARAMS, BASELINE_FILE } = process.env;
if (!DATABASE_URL || !(BASELINE_SQL || BASELINE_FILE))
  throw new Error('baseline needs DATABASE_URL and BASELINE_SQL or BASELINE_FILE');
const plan: Plan = BASELINE_FILE
  ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Plan)
  : { routes: { '/': [{ sql: BASELINE_SQL ?? '', params: JSON.parse(BASELINE_PARAMS ?? '[]') as unknown[] }] } };
const single = BASELINE_FILE ? null : plan.routes['/'];
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 20 });
pool.on('error', () => {});
/**
 * A request's statements, in order on one connection (a transaction's begin … commit must share it).
 * A connection's first checkout switches it to the plan's role and tenant, as the app's pool does.
 */
const bound = new WeakSet<pg.PoolClient>();
async function run(queries: Query[]) {
  const client = await pool.connect();
  try {
    if (plan.role && !bound.has(client)) {
      await client.query("select set_config('role', $1, false), set_config('app.tenant_id', $2, false)", [
        plan.role,
        String(plan.tenantId ?? ''),
      ]);
      bound.add(client);
    }
    const answers: unknown[][] = [];
    for (const q of queries) answers.push((await client.query({ text: q.sql, values: q.params })).rows);
    client.release();
    return answers;
  } catch (err) {
    // Not reused: it may be inside a failed transaction.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
}

const server = createServer(async (req, res) => {
  const queries = single ?? plan.routes[req.url ?? ''];
  if (!queries) {
    res.writeHead(404);
    res.end();
    return;
  }
  try {
    // Unnamed, like every query the engine sends: both sides pay PostgreSQL's parse and plan.
    const answers = await run(queries);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(single ? { rows: answers[0] } : { answers }));
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});

// The raw baseline: a bare node:http server running one fixed SQL query per request through a
// pg pool, and answering its rows as JSON. No validation, no auth, no envelope: the ceiling to compare with.
import { createServer } from 'node:http';
import pg from 'pg';

const { DATABASE_URL, BASELINE_SQL, BASELINE_PARAMS } = process.env;
if (!DATABASE_URL || !BASELINE_SQL) throw new Error('baseline needs DATABASE_URL and BASELINE_SQL');
const params = JSON.parse(BASELINE_PARAMS ?? '[]') as unknown[];
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 20 });
pool.on('error', () => {});

const server = createServer(async (_req, res) => {
  try {
    // Unnamed, like every query the engine sends: both sides pay PostgreSQL's parse and plan.
    const result = await pool.query({ text: BASELINE_SQL, values: params });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ rows: result.rows }));
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { requestLog } from '../../db/schema-logs.ts';
import { platformTenantId, withTenant } from '../../db/tenant.ts';
import { actorOf } from '../../http/auth.ts';

/** Probes would drown the log; the API docs' own pages and assets are static files. */
const skipped = (path: string) =>
  !path.startsWith('/api/') || path === '/api/health' || path === '/api/ready' || path.startsWith('/api/docs');

/**
 * Rows wait at most this long (or until this many are waiting) and then go in one INSERT per tenant. One
 * statement per request, committed on its own, cost a round trip and a WAL flush on every call: a third of
 * what a list request spent in the database. What a crash of the node (kill -9) can lose is the rows of
 * the last FLUSH_MS; a clean stop writes them all.
 */
const FLUSH_MS = 100;
const FLUSH_ROWS = 500;

type Entry = typeof requestLog.$inferInsert;
/** A row of a caller without a session: it belongs to the platform tenant, looked up at the write. */
type Pending = Omit<Entry, 'tenantId'> & { tenantId: number | null };

/**
 * One request_log row per API request, written to the database soon after the answer has gone out (the
 * client never waits for it). The path is kept without its query string: search text and one-time values
 * never reach the log, nor do bodies or headers other than the user agent.
 */
export function registerRequestLog(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  let waiting: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Writes still running when the server closes: the pool is ended only after they land.
  const writes = new Set<Promise<void>>();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const rows = waiting;
    waiting = [];
    const write = writeRows(rows, deps).catch((err) =>
      // The answers are already sent; a failed log write must not turn into a second error for them.
      app.log.error({ err, rows: rows.length }, 'request log write failed'),
    );
    writes.add(write);
    void write.finally(() => writes.delete(write));
  };

  app.addHook('onClose', async () => {
    flush();
    await Promise.allSettled([...writes]);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const path = req.url.split('?')[0] ?? '';
    if (!skipped(path.toLowerCase())) {
      waiting.push(entryOf(req, reply, path, deps.now()));
      if (waiting.length >= FLUSH_ROWS) flush();
      else timer ??= setTimeout(flush, FLUSH_MS).unref();
    }
    done();
  });
}

function entryOf(req: FastifyRequest, reply: FastifyReply, path: string, at: Date): Pending {
  return {
    // Callers with no session (sign-in, anonymous pages, 401s) belong to the platform tenant's log.
    tenantId: req.auth?.tenantId ?? null,
    userId: req.auth ? actorOf(req.auth) : null,
    method: req.method.slice(0, 10),
    path: path.slice(0, 500),
    status: reply.statusCode,
    durationMs: Math.max(0, Math.round(reply.elapsedTime)),
    // A request whose client went away has no address left on its socket.
    address: (req.ip ?? '').slice(0, 64),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    at,
  };
}

/**
 * One INSERT of any number of rows with one parameter, the rows as JSON: building a VALUES list of every
 * row through the query builder cost a few per cent of a list request's time at a few hundred a second.
 */
function insertRows(rows: Entry[]) {
  const json = JSON.stringify(
    rows.map((r) => ({
      tenant_id: r.tenantId,
      user_id: r.userId ?? null,
      method: r.method,
      path: r.path,
      status: r.status,
      duration_ms: r.durationMs,
      address: r.address ?? '',
      user_agent: r.userAgent ?? '',
      at: r.at,
    })),
  );
  return sql`insert into request_log (tenant_id, user_id, method, path, status, duration_ms, address, user_agent, at)
    select * from json_to_recordset(${json}::json) as r(tenant_id integer, user_id integer, method text, path text,
      status smallint, duration_ms integer, address text, user_agent text, at timestamptz)`;
}

/** One INSERT per tenant, each bound to its tenant (row-level security). */
async function writeRows(rows: Pending[], deps: { db: Db }) {
  const platform = rows.some((r) => r.tenantId === null) ? await platformTenantId(deps.db) : null;
  const byTenant = new Map<number, Entry[]>();
  for (const row of rows) {
    const tenantId = row.tenantId ?? (platform as number);
    const group = byTenant.get(tenantId) ?? [];
    group.push({ ...row, tenantId });
    byTenant.set(tenantId, group);
  }
  // A tenant whose write fails (it was deleted meanwhile) does not keep the others' rows out.
  let failed: unknown;
  for (const [tenantId, group] of byTenant) {
    await withTenant(tenantId, () => deps.db.execute(insertRows(group))).catch((err) => {
      failed ??= err;
    });
  }
  if (failed) throw failed;
}

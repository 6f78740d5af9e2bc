import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requestLog } from '../../db/schema-logs.ts';
import { platformTenantId, withTenant } from '../../db/tenant.ts';
import { actorOf } from '../../http/auth.ts';

/** Probes would drown the log; the API docs' own pages and assets are static files. */
const skipped = (path: string) =>
  !path.startsWith('/api/') || path === '/api/health' || path === '/api/ready' || path.startsWith('/api/docs');

/**
 * One request_log row per API request, written straight to the database when the answer has gone out
 * (the client never waits for it, and there is no in-memory queue to lose on a crash). The path is kept
 * without its query string: search text and one-time values never reach the log, nor do bodies or headers
 * other than the user agent.
 */
export function registerRequestLog(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  // Writes still running when the server closes: the pool is ended only after they land.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  app.addHook('onResponse', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (skipped(path.toLowerCase())) return;
    const write = logRequest(req, reply, deps);
    pending.add(write);
    await write.finally(() => pending.delete(write));
  });
}

async function logRequest(req: FastifyRequest, reply: FastifyReply, deps: { db: Db; now: () => Date }) {
  const path = req.url.split('?')[0] ?? '';
  try {
    // Callers with no session (sign-in, anonymous pages, 401s) belong to the platform tenant's log.
    const tenantId = req.auth?.tenantId ?? (await platformTenantId(deps.db));
    await withTenant(tenantId, () =>
      deps.db.insert(requestLog).values({
        tenantId,
        userId: req.auth ? actorOf(req.auth) : null,
        method: req.method.slice(0, 10),
        path: path.slice(0, 500),
        status: reply.statusCode,
        durationMs: Math.max(0, Math.round(reply.elapsedTime)),
        // A request whose client went away has no address left on its socket.
        address: (req.ip ?? '').slice(0, 64),
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
        at: deps.now(),
      }),
    );
  } catch (err) {
    // The answer is already sent; a failed log write must not turn into a second error for it.
    req.log.error({ err }, 'request log write failed');
  }
}

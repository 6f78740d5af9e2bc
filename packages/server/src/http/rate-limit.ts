import { createHash } from 'node:crypto';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ErrorCode } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Db, queryRows } from '../db/client.ts';

type Hits = { current: number; ttl: number };

/** Expired windows are swept once in this many counts. */
const SWEEP_EVERY = 500;

/**
 * One address's attempts at one route within the current window, counted in the database (migration 0030)
 * so that every app node counts them together: a window starts at the first attempt and ends `windowMs`
 * later by the database's clock, which all nodes share. The key is stored hashed: behind a trusted proxy
 * the address is whatever X-Forwarded-For said, of any length.
 */
async function countHit(db: Db, key: string, windowMs: number): Promise<Hits> {
  const hashed = createHash('sha256').update(key).digest('base64url');
  const [row] = await queryRows<{ hits: number; ttl: number }>(
    db,
    sql`insert into rate_limit_hits as h (key, hits, window_ends_at)
        values (${hashed}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when h.window_ends_at <= clock_timestamp() then 1 else h.hits + 1 end,
          window_ends_at = case when h.window_ends_at <= clock_timestamp() then excluded.window_ends_at else h.window_ends_at end
        returning hits, greatest(0, ceil(extract(epoch from h.window_ends_at - clock_timestamp()) * 1000))::int as ttl`,
  );
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? windowMs };
}

function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;
  // The plugin hands child() the route as `routeInfo` (its typings say otherwise; its Redis store reads it so too).
  class DatabaseStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}
    incr(key: string, done: (error: Error | null, result?: Hits) => void, timeWindow: number) {
      if (++counted % SWEEP_EVERY === 0)
        void db.execute(sql`delete from rate_limit_hits where window_ends_at < clock_timestamp()`).catch(() => {});
      countHit(db, this.prefix + key, timeWindow).then(
        (hits) => done(null, hits),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(route: { routeInfo: { method: string | string[]; url: string } }) {
      return new DatabaseStore(undefined, `${route.routeInfo.method}${route.routeInfo.url}-`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The per-address limits of the routes that ask for one (sign-in, captcha, first-run setup), answered as
 * the envelope with 429. Counted where every app node sees them: Redis when `redisUrl` is set, else the
 * database; nothing a node keeps to itself, so a client cannot multiply its attempts by the nodes behind
 * a load balancer.
 */
export async function registerRateLimit(app: FastifyInstance, deps: { db: Db; redisUrl: string | undefined }) {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000 })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.error({ err }, 'rate-limit Redis connection failed'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'trestle-rate-limit-' } : { store: databaseStore(deps.db) }),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      status: false,
      code: ErrorCode.rateLimited,
      message: `Too many attempts from this address; try again in ${Math.ceil(ctx.ttl / 1000)} s`,
      data: null,
    }),
  });
}

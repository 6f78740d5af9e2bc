import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../db/client.ts';

/**
 * Claims this period's run of job `name` for the calling node: true when no node ran it in the last
 * `everyMs` (less a twentieth, so timers of several nodes firing a little apart still run it once a
 * period, not twice), recorded at `at` in the same statement. Two nodes asking at once: one row lock, one winner.
 */
async function claimJobRun(db: Db, name: string, at: Date, everyMs: number): Promise<boolean> {
  const since = new Date(at.getTime() - everyMs * 0.95);
  const rows = await queryRows(
    db,
    sql`insert into scheduled_jobs (name, last_run_at) values (${name}, ${at})
        on conflict (name) do update set last_run_at = excluded.last_run_at
        where scheduled_jobs.last_run_at <= ${since}
        returning name`,
  );
  return rows.length > 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs this node schedules, by name (a test runs one at once). */
    jobs: Map<string, Job>;
  }
}

export type Job = {
  /** Runs the work now if no node ran it this period; true when this node did. */
  runIfDue(): Promise<boolean>;
};

/**
 * A job every app node schedules and one runs: first `firstRunMs` after the server is ready, then every
 * `everyMs`, each time claimed in the database (claimJobRun), so N nodes do not run it N times. A failed
 * run is logged and counts as run; the timers never keep the process alive; closing waits for a run under way.
 */
export function scheduleJob(
  app: FastifyInstance,
  deps: {
    db: Db;
    now: () => Date;
    name: string;
    firstRunMs: number;
    everyMs: number;
    work: () => Promise<unknown>;
  },
): Job {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> | undefined;
  const runIfDue = async () => {
    if (!(await claimJobRun(deps.db, deps.name, deps.now(), deps.everyMs))) return false;
    await deps.work();
    return true;
  };
  const tick = () => {
    running = runIfDue().catch((err: unknown) => app.log.error({ err, job: deps.name }, 'scheduled job failed'));
  };
  app.addHook('onReady', async () => {
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, deps.everyMs);
      every.unref();
      timers.push(every);
    }, deps.firstRunMs);
    first.unref();
    timers.push(first);
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    await running;
  });
  const job = { runIfDue };
  if (!app.hasDecorator('jobs')) app.decorate('jobs', new Map<string, Job>());
  app.jobs.set(deps.name, job);
  return job;
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forEachTenant } from '../../db/tenant.ts';
import { type Job, scheduleJob } from '../../platform/jobs.ts';
import { evaluateWarnings } from './evaluator.ts';

const HOUR_MS = 3_600_000;
/** The first run waits a little: the seed has just evaluated, and start-up has other work. */
const FIRST_RUN_MS = 60_000;

/**
 * Every tenant's rules, hourly, by one app node of however many share the database; a failing rule is
 * logged and the others still run. `refresh` brings stored, date-dependent figures up to today first
 * (a milestone becomes overdue by the calendar alone).
 */
export function scheduleWarningEvaluation(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; refresh?: (today: string) => Promise<unknown> },
): Job {
  const work = () =>
    forEachTenant(deps.db, async (tenantId) => {
      await deps.refresh?.(deps.now().toISOString().slice(0, 10));
      const result = await evaluateWarnings(deps.db, {
        tenantId,
        now: deps.now(),
        onError: (rule, err) => app.log.error({ err, rule, tenantId }, 'warning rule failed'),
      });
      app.log.info({ tenantId, ...result }, 'warnings evaluated');
    });
  return scheduleJob(app, {
    db: deps.db,
    now: deps.now,
    name: 'warnings',
    firstRunMs: FIRST_RUN_MS,
    everyMs: HOUR_MS,
    work,
  });
}

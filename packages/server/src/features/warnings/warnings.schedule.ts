import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forEachTenant } from '../../db/tenant.ts';
import { evaluateWarnings } from './evaluator.ts';

const HOUR_MS = 3_600_000;
/** The first run waits a little: the seed has just evaluated, and start-up has other work. */
const FIRST_RUN_MS = 60_000;

/**
 * Every tenant's rules, hourly; a failing rule is logged and the others still run. `refresh` brings
 * stored, date-dependent figures up to today first (a milestone becomes overdue by the calendar alone).
 */
export function scheduleWarningEvaluation(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; refresh?: (today: string) => Promise<unknown> },
) {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;
  const run = () => {
    running = evaluateAll();
  };
  const evaluateAll = () =>
    forEachTenant(deps.db, async (tenantId) => {
      await deps.refresh?.(deps.now().toISOString().slice(0, 10));
      const result = await evaluateWarnings(deps.db, {
        tenantId,
        now: deps.now(),
        onError: (rule, err) => app.log.error({ err, rule, tenantId }, 'warning rule failed'),
      });
      app.log.info({ tenantId, ...result }, 'warnings evaluated');
    }).catch((err: unknown) => app.log.error({ err }, 'warning evaluation failed'));
  app.addHook('onReady', async () => {
    const first = setTimeout(() => {
      void run();
      const hourly = setInterval(run, HOUR_MS);
      hourly.unref();
      timers.push(hourly);
    }, FIRST_RUN_MS);
    first.unref();
    timers.push(first);
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    // An evaluation under way finishes before the database is closed.
    await running;
  });
}

import {
  pageResultSchema,
  warningAcknowledgeSchema,
  warningEvaluateSchema,
  warningEvaluationSchema,
  warningIgnoreSchema,
  warningListSchema,
  warningRuleSchema,
  warningRuleUpdateSchema,
  warningSnoozeSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageData, presentPage } from '../../engine/read.ts';
import { scopeWhere } from '../../engine/scope.ts';
import { languageOf } from '../../http/language.ts';
import { screenRoutes } from '../../http/screen-routes.ts';
import { projectWarningEntity } from './warnings.entities.ts';
import { createWarningService, type WarningDeps } from './warnings.service.ts';

const MENU = 'ProjectWarning';
const counted = z.object({ count: z.number() });

/** The project a list is filtered to (one projectId, compared with eq), if any. */
const projectOf = (wheres: { name: string; value: unknown }[]) => {
  const w = wheres.find((x) => x.name === 'projectId');
  const id = Number(Array.isArray(w?.value) ? w.value[0] : w?.value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** /ProjectWarning's own calls beside the engine's: the re-checking list, re-check now, the actions and the rules. */
export function warningRoutes(deps: WarningDeps) {
  return async (app: FastifyInstance) => {
    const screen = screenRoutes(app, MENU);
    const service = createWarningService({ ...deps, log: app.log });

    screen.post(
      '/api/ProjectWarning/list',
      {
        button: 'Search',
        summary: 'Warnings, one page: the rules of the projects in view are re-checked first',
        description:
          'Filtered to one projectId, that project is re-checked every time; otherwise the caller’s projects at most once a minute. ' +
          'title and message are worded in the Accept-Language (zh or en) from ruleCode and args.',
        input: warningListSchema,
        data: pageResultSchema,
      },
      async (auth, body, req) => {
        await service.recheckForList(auth, projectOf(body.wheres));
        const page = await pageData(deps.db, projectWarningEntity.meta, scopeWhere(projectWarningEntity, auth), body);
        return presentPage(projectWarningEntity, page, languageOf(req));
      },
    );
    screen.post(
      '/api/ProjectWarning/evaluate',
      {
        button: 'Update',
        summary: 'Re-check now: run every enabled rule over the caller’s projects (or one of them)',
        input: warningEvaluateSchema,
        data: warningEvaluationSchema,
        message: 'Checked',
      },
      (auth, body) => service.evaluate(auth, body.projectId),
    );
    screen.post(
      '/api/ProjectWarning/acknowledge',
      {
        button: 'Search',
        summary: 'Acknowledge open warnings: the assignee, or a holder of Update',
        input: warningAcknowledgeSchema,
        data: counted,
        message: 'Acknowledged',
      },
      async (auth, body) => ({ count: await service.acknowledge(auth, body) }),
    );
    screen.post(
      '/api/ProjectWarning/snooze',
      {
        button: 'Search',
        summary: 'Snooze warnings until a later date: the assignee, or a holder of Update',
        input: warningSnoozeSchema,
        data: counted,
        message: 'Snoozed',
      },
      async (auth, body) => ({ count: await service.snooze(auth, body) }),
    );
    screen.post(
      '/api/ProjectWarning/ignore',
      {
        button: 'Update',
        summary: 'Ignore warnings, with a reason; each stays ignored until its condition is gone',
        input: warningIgnoreSchema,
        data: counted,
        message: 'Ignored',
      },
      async (auth, body) => ({ count: await service.ignore(auth, body) }),
    );
    screen.get(
      '/api/ProjectWarning/rules',
      {
        button: 'Search',
        summary: 'The warning rules with the tenant’s thresholds and switches',
        data: z.array(warningRuleSchema),
      },
      (auth) => service.rules(auth),
    );
    screen.post(
      '/api/ProjectWarning/saveRule',
      {
        button: 'Update',
        summary: 'Change a rule’s thresholds or switch it off; the rule is re-checked at once',
        description: 'version is the one read; a stale version answers 409.',
        input: warningRuleUpdateSchema,
        message: 'Saved',
      },
      (auth, body) => service.saveRule(auth, body),
    );
  };
}

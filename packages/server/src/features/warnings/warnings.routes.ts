import {
  envelopeSchema,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageData, presentPage } from '../../engine/read.ts';
import { scopeWhere } from '../../engine/scope.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { projectWarningEntity } from './warnings.entities.ts';
import { createWarningService, type WarningDeps } from './warnings.service.ts';

const MENU = 'ProjectWarning';
const grant = (button: string) => ({ permission: { menu: MENU, button } });
const tags = [MENU];
const countEnvelope = envelopeSchema(z.object({ count: z.number() }));

/** The project a list is filtered to (one projectId, compared with eq), if any. */
const projectOf = (wheres: { name: string; value: unknown }[]) => {
  const w = wheres.find((x) => x.name === 'projectId');
  const id = Number(Array.isArray(w?.value) ? w.value[0] : w?.value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** /ProjectWarning's own calls beside the engine's: the re-checking list, re-check now, the actions and the rules. */
export function warningRoutes(deps: WarningDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createWarningService({ ...deps, log: app.log });

    r.post('/api/ProjectWarning/list', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Warnings, one page: the rules of the projects in view are re-checked first',
        description:
          'Filtered to one projectId, that project is re-checked every time; otherwise the caller’s projects at most once a minute. ' +
          'title and message are worded in the Accept-Language (zh or en) from ruleCode and args.',
        body: warningListSchema,
        response: { 200: envelopeSchema(pageResultSchema) },
      },
      handler: async (req) => {
        const auth = authOf(req);
        await service.recheckForList(auth, projectOf(req.body.wheres));
        const page = await pageData(
          deps.db,
          projectWarningEntity.meta,
          scopeWhere(projectWarningEntity, auth),
          req.body,
        );
        return envelope(presentPage(projectWarningEntity, page, languageOf(req)));
      },
    });

    r.post('/api/ProjectWarning/evaluate', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Re-check now: run every enabled rule over the caller’s projects (or one of them)',
        body: warningEvaluateSchema,
        response: { 200: envelopeSchema(warningEvaluationSchema) },
      },
      handler: async (req) => envelope(await service.evaluate(authOf(req), req.body.projectId), 'Checked'),
    });

    r.post('/api/ProjectWarning/acknowledge', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Acknowledge open warnings: the assignee, or a holder of Update',
        body: warningAcknowledgeSchema,
        response: { 200: countEnvelope },
      },
      handler: async (req) => envelope({ count: await service.acknowledge(authOf(req), req.body) }, 'Acknowledged'),
    });

    r.post('/api/ProjectWarning/snooze', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Snooze warnings until a later date: the assignee, or a holder of Update',
        body: warningSnoozeSchema,
        response: { 200: countEnvelope },
      },
      handler: async (req) => envelope({ count: await service.snooze(authOf(req), req.body) }, 'Snoozed'),
    });

    r.post('/api/ProjectWarning/ignore', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Ignore warnings, with a reason; each stays ignored until its condition is gone',
        body: warningIgnoreSchema,
        response: { 200: countEnvelope },
      },
      handler: async (req) => envelope({ count: await service.ignore(authOf(req), req.body) }, 'Ignored'),
    });

    r.get('/api/ProjectWarning/rules', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The warning rules with the tenant’s thresholds and switches',
        response: { 200: envelopeSchema(z.array(warningRuleSchema)) },
      },
      handler: async (req) => envelope(await service.rules(authOf(req))),
    });

    r.post('/api/ProjectWarning/saveRule', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Change a rule’s thresholds or switch it off; the rule is re-checked at once',
        description: 'version is the one read; a stale version answers 409.',
        body: warningRuleUpdateSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await service.saveRule(authOf(req), req.body);
        return envelope(null, 'Saved');
      },
    });
  };
}

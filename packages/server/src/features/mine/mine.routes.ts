import {
  envelopeSchema,
  mineDocumentSchema,
  mineMilestoneSchema,
  mineProjectSchema,
  mineWarningSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { createMineService, type MineDeps } from './mine.service.ts';

const grant = { permission: { menu: 'MineInformation', button: 'Search' } };
const tags = ['MineInformation'];

/** /MineInformation: one call per tab, each about the signed-in user only. */
export function mineRoutes(deps: MineDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createMineService(deps);
    const list = (summary: string, schema: z.ZodType) => ({
      config: grant,
      schema: { tags, summary, response: { 200: envelopeSchema(z.array(schema)) } },
    });

    r.get('/api/MineInformation/projects', {
      ...list('Projects I manage or am on the team of', mineProjectSchema),
      handler: async (req) => envelope(await service.projects(authOf(req))),
    });
    r.get('/api/MineInformation/milestones', {
      ...list('Milestones I own that are still to reach, overdue first', mineMilestoneSchema),
      handler: async (req) => envelope(await service.milestones(authOf(req))),
    });
    r.get('/api/MineInformation/approvals', {
      ...list('Documents in approval on the screens where I may approve', mineDocumentSchema),
      handler: async (req) => envelope(await service.approvals(authOf(req))),
    });
    r.get('/api/MineInformation/submissions', {
      ...list('Documents I created that are in approval or were rejected', mineDocumentSchema),
      handler: async (req) => envelope(await service.submissions(authOf(req))),
    });
    r.get('/api/MineInformation/warnings', {
      ...list(
        'Open warnings assigned to me (snoozed ones once their date comes), titled in the Accept-Language',
        mineWarningSchema,
      ),
      handler: async (req) => envelope(await service.warnings(authOf(req), languageOf(req))),
    });
  };
}

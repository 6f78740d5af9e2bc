import { mineDocumentSchema, mineMilestoneSchema, mineProjectSchema, mineWarningSchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languageOf } from '../../http/language.ts';
import { screenRoutes } from '../../http/screen-routes.ts';
import { createMineService, type MineDeps } from './mine.service.ts';

/** /MineInformation: one call per tab, each about the signed-in user only. */
export function mineRoutes(deps: MineDeps) {
  return async (app: FastifyInstance) => {
    const service = createMineService(deps);
    const screen = screenRoutes(app, 'MineInformation');
    const list = <S extends z.ZodType>(summary: string, row: S) => ({ button: 'Search', summary, data: z.array(row) });

    screen.get(
      '/api/MineInformation/projects',
      list('Projects I manage or am on the team of', mineProjectSchema),
      (auth) => service.projects(auth),
    );
    screen.get(
      '/api/MineInformation/milestones',
      list('Milestones I own that are still to reach, overdue first', mineMilestoneSchema),
      (auth) => service.milestones(auth),
    );
    screen.get(
      '/api/MineInformation/approvals',
      list('Documents in approval on the screens where I may approve', mineDocumentSchema),
      (auth) => service.approvals(auth),
    );
    screen.get(
      '/api/MineInformation/submissions',
      list('Documents I created that are in approval or were rejected', mineDocumentSchema),
      (auth) => service.submissions(auth),
    );
    screen.get(
      '/api/MineInformation/warnings',
      list(
        'Open warnings assigned to me (snoozed ones once their date comes), titled in the Accept-Language',
        mineWarningSchema,
      ),
      (auth, _, req) => service.warnings(auth, languageOf(req)),
    );
  };
}

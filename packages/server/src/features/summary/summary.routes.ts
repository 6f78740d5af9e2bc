import {
  idParam,
  portfolioRequestSchema,
  portfolioResultSchema,
  projectFiguresSchema,
  summaryChartsRequestSchema,
  summaryChartsSchema,
  summaryOptionsSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { screenRoutes } from '../../http/screen-routes.ts';
import { createSummaryService, type SummaryDeps } from './summary.service.ts';

/** /ProjectSummary: read-only figures over the projects the caller may see. */
export function summaryRoutes(deps: SummaryDeps) {
  return async (app: FastifyInstance) => {
    const service = createSummaryService(deps);
    const screen = screenRoutes(app, 'ProjectSummary');

    screen.post(
      '/api/ProjectSummary/portfolio',
      {
        button: 'Search',
        summary: 'The portfolio: one page of projects with their figures, sorted on the server, and the KPIs',
        input: portfolioRequestSchema,
        data: portfolioResultSchema,
      },
      (auth, body) => service.portfolio(auth, body),
    );
    screen.get(
      '/api/ProjectSummary/project',
      {
        button: 'Search',
        summary: 'One project’s figures (§4.1)',
        input: z.strictObject({ id: idParam }),
        data: projectFiguresSchema,
      },
      (auth, query) => service.project(auth, query.id),
    );
    screen.post(
      '/api/ProjectSummary/charts',
      {
        button: 'Search',
        summary: 'Chart series: money, budget by category, receivable ageing, milestones, health',
        input: summaryChartsRequestSchema,
        data: summaryChartsSchema,
      },
      (auth, body) => service.charts(auth, body),
    );
    screen.get(
      '/api/ProjectSummary/options',
      {
        button: 'Search',
        summary: 'Filter choices: departments, managers and customers of the caller’s projects',
        data: summaryOptionsSchema,
      },
      (auth) => service.options(auth),
    );
  };
}

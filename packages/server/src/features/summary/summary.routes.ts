import {
  envelopeSchema,
  idParam,
  portfolioRequestSchema,
  portfolioResultSchema,
  projectFiguresSchema,
  summaryChartsRequestSchema,
  summaryChartsSchema,
  summaryOptionsSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { createSummaryService, type SummaryDeps } from './summary.service.ts';

const grant = { permission: { menu: 'ProjectSummary', button: 'Search' } };
const tags = ['ProjectSummary'];

/** /ProjectSummary: read-only figures over the projects the caller may see. */
export function summaryRoutes(deps: SummaryDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createSummaryService(deps);

    r.post('/api/ProjectSummary/portfolio', {
      config: grant,
      schema: {
        tags,
        summary: 'The portfolio: one page of projects with their figures, sorted on the server, and the KPIs',
        body: portfolioRequestSchema,
        response: { 200: envelopeSchema(portfolioResultSchema) },
      },
      handler: async (req) => envelope(await service.portfolio(authOf(req), req.body)),
    });

    r.get('/api/ProjectSummary/project', {
      config: grant,
      schema: {
        tags,
        summary: 'One project’s figures (§4.1)',
        querystring: z.strictObject({ id: idParam }),
        response: { 200: envelopeSchema(projectFiguresSchema) },
      },
      handler: async (req) => envelope(await service.project(authOf(req), req.query.id)),
    });

    r.post('/api/ProjectSummary/charts', {
      config: grant,
      schema: {
        tags,
        summary: 'Chart series: money, budget by category, receivable ageing, milestones, health',
        body: summaryChartsRequestSchema,
        response: { 200: envelopeSchema(summaryChartsSchema) },
      },
      handler: async (req) => envelope(await service.charts(authOf(req), req.body)),
    });

    r.get('/api/ProjectSummary/options', {
      config: grant,
      schema: {
        tags,
        summary: 'Filter choices: departments, managers and customers of the caller’s projects',
        response: { 200: envelopeSchema(summaryOptionsSchema) },
      },
      handler: async (req) => envelope(await service.options(authOf(req))),
    });
  };
}

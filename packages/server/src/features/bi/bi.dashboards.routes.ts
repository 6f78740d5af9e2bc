import {
  biListItemSchema,
  dashboardPublishSchema,
  dashboardSaveSchema,
  dashboardSchema,
  dashboardViewSchema,
  envelopeSchema,
  id,
  idParam,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { BI_MENU, DASHBOARDS_MENU, requireBiButton } from './bi.access.ts';
import {
  dashboardView,
  deleteDashboard,
  myDashboards,
  publishDashboard,
  saveDashboard,
  unpublishDashboard,
} from './bi.dashboards.ts';
import type { BiDeps } from './bi.entities.ts';
import { dashboardOf, listDashboards, readDashboard } from './bi.repository.ts';

const tags = [BI_MENU];
const grant = (button: string) => ({ permission: { menu: BI_MENU, button } });
const idQuery = z.strictObject({ id: idParam });

/**
 * Dashboards: designed under /BIDesign (its grants), opened under /dashboards by the roles they are shared with
 * (the Dashboards screen's Search). A viewer gets what to draw, never a dataset's definition.
 */
export function biDashboardRoutes(deps: BiDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/bi/dashboards', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Every dashboard, with the roles it is shared with and how many charts it shows',
        response: { 200: envelopeSchema(z.array(biListItemSchema)) },
      },
      handler: async (req) => envelope(await listDashboards(deps.db, languageOf(req))),
    });

    r.get('/api/bi/dashboard', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'One dashboard, with its share roles, its menu entry and the version to save over',
        querystring: idQuery,
        response: { 200: envelopeSchema(dashboardSchema) },
      },
      handler: async (req) => envelope(await dashboardOf(deps.db, await readDashboard(deps.db, req.query.id))),
    });

    r.post('/api/bi/dashboard/save', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Adds a dashboard (no id: Add) or saves one over the version read (Update; 409 when stale)',
        description:
          '400 with the layout’s and filters’ problems by path, and share roles that are not the company’s own.',
        body: dashboardSaveSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number(), version: z.number() })) },
      },
      handler: async (req) => {
        const auth = authOf(req);
        await requireBiButton(deps.db, auth, req.body.id === undefined ? 'Add' : 'Update');
        return envelope(await saveDashboard(deps, auth, req.body), 'Saved');
      },
    });

    r.post('/api/bi/dashboard/del', {
      config: grant('Delete'),
      schema: {
        tags,
        summary: 'Deletes a dashboard (its menu entry goes with it)',
        body: z.strictObject({ id }),
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => envelope(await deleteDashboard(deps, req.body.id), 'Deleted'),
    });

    r.post('/api/bi/dashboard/publish', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Puts the dashboard into its viewers’ menu (/dashboards/<id>), under a menu folder or at the top',
        body: dashboardPublishSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number(), menuCode: z.string() })) },
      },
      handler: async (req) => envelope(await publishDashboard(deps.db, req.body), 'Published'),
    });

    r.post('/api/bi/dashboard/unpublish', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Takes the dashboard out of the menu (it stays open to its viewers under /dashboards)',
        body: z.strictObject({ id }),
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => envelope(await unpublishDashboard(deps.db, req.body.id), 'Saved'),
    });

    r.get('/api/dashboards/mine', {
      config: { permission: { menu: DASHBOARDS_MENU, button: 'Search' } },
      schema: {
        tags: [DASHBOARDS_MENU],
        summary: 'The dashboards shared with one of the caller’s roles (a designer: every one)',
        response: { 200: envelopeSchema(z.array(biListItemSchema)) },
      },
      handler: async (req) => envelope(await myDashboards(deps.db, authOf(req), languageOf(req))),
    });

    r.get('/api/dashboards/view', {
      config: { permission: { menu: DASHBOARDS_MENU, button: 'Search' } },
      schema: {
        tags: [DASHBOARDS_MENU],
        summary: 'What to draw a dashboard with: its layout, its charts and their datasets’ fields (never SQL)',
        description: 'A dashboard not shared with one of the caller’s roles is 404, as another company’s is.',
        querystring: idQuery,
        response: { 200: envelopeSchema(dashboardViewSchema) },
      },
      handler: async (req) => envelope(await dashboardView(deps, authOf(req), req.query.id)),
    });
  };
}

import {
  biListItemSchema,
  chartSaveSchema,
  chartSchema,
  datasetFieldSchema,
  datasetFields,
  datasetSaveSchema,
  datasetSchema,
  designerRoleSchema,
  entitySchema,
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
import { BI_MENU, requireBiButton, SQL_BUTTON } from './bi.access.ts';
import { biDashboardRoutes } from './bi.dashboards.routes.ts';
import { deleteChart, deleteDataset, saveChart, saveDataset } from './bi.design.ts';
import { allMetas, type BiDeps, usableEntities } from './bi.entities.ts';
import {
  chartOf,
  dataSourceChoices,
  datasetOf,
  listCharts,
  listDatasets,
  menuFolders,
  readChart,
  readDataset,
  tenantRoles,
} from './bi.repository.ts';

const tags = [BI_MENU];
const grant = (button: string) => ({ permission: { menu: BI_MENU, button } });
const idQuery = z.strictObject({ id: idParam });
const saved = envelopeSchema(z.object({ id: z.number(), version: z.number() }));
const deleted = envelopeSchema(z.object({ id: z.number() }));

/**
 * /BIDesign: datasets and charts of the caller's tenant (row-level security keeps tenants apart), the entities
 * and fields they are built from, and the dashboards (bi.dashboards.routes.ts). A save is Add without an id and
 * Update with one: the route lets any designer in, the handler asks for the button the save needs.
 */
export function biRoutes(deps: BiDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    await app.register(biDashboardRoutes(deps));

    r.get('/api/bi/entities', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The entities a dataset may read (those the caller may open), as metadata',
        description:
          'A detail entity is opened through its master. The builder works out a dataset’s fields and joins from ' +
          'these (datasetFields, referencedEntity) and runs the same checks as the save.',
        response: { 200: envelopeSchema(z.array(entitySchema)) },
      },
      handler: async (req) =>
        envelope((await usableEntities(deps.db, authOf(req), deps.definitions)).map((e) => e.meta)),
    });

    r.get('/api/bi/roles', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The company’s enabled roles, to share a dashboard with',
        response: { 200: envelopeSchema(z.array(designerRoleSchema)) },
      },
      handler: async (req) => envelope(await tenantRoles(deps.db, authOf(req).tenantId, languageOf(req))),
    });

    r.get('/api/bi/dataSources', {
      config: grant(SQL_BUTTON),
      schema: {
        tags,
        summary: 'The external data sources a SQL dataset may read (names and kinds, never addresses or accounts)',
        response: {
          200: envelopeSchema(z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() }))),
        },
      },
      handler: async (req) => envelope(await dataSourceChoices(deps.db, authOf(req).tenantId)),
    });

    r.get('/api/bi/menuFolders', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The menu folders a dashboard may be published under',
        response: { 200: envelopeSchema(z.array(z.object({ code: z.string(), name: z.string() }))) },
      },
      handler: async (req) => envelope(await menuFolders(deps.db, languageOf(req))),
    });

    r.get('/api/bi/datasets', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Every dataset, with what it reads, its owner and how many charts read it',
        response: { 200: envelopeSchema(z.array(biListItemSchema)) },
      },
      handler: async () => envelope(await listDatasets(deps.db)),
    });

    r.get('/api/bi/dataset', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'One dataset, with the version to save over',
        querystring: idQuery,
        response: { 200: envelopeSchema(datasetSchema) },
      },
      handler: async (req) => envelope(await datasetOf(deps.db, await readDataset(deps.db, req.query.id))),
    });

    r.get('/api/bi/datasetFields', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The fields a saved dataset offers to charts',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.array(datasetFieldSchema)) },
      },
      handler: async (req) => {
        const row = await readDataset(deps.db, req.query.id);
        return envelope(datasetFields(row.definition, allMetas(deps.definitions)));
      },
    });

    r.post('/api/bi/dataset/save', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Adds a dataset (no id: Add) or saves one over the version read (Update; 409 when stale)',
        description:
          '400 with the definition’s problems by path; a SQL dataset needs the Sql grant (on the embedded ' +
          'database the platform administrator too); an entity the caller may not open is 403.',
        body: datasetSaveSchema,
        response: { 200: saved },
      },
      handler: async (req) => {
        const auth = authOf(req);
        await requireBiButton(deps.db, auth, req.body.id === undefined ? 'Add' : 'Update');
        return envelope(await saveDataset(deps, auth, req.body), 'Saved');
      },
    });

    r.post('/api/bi/dataset/del', {
      config: grant('Delete'),
      schema: {
        tags,
        summary: 'Deletes a dataset no chart reads (409 while one does)',
        body: z.strictObject({ id }),
        response: { 200: deleted },
      },
      handler: async (req) => envelope(await deleteDataset(deps, authOf(req), req.body.id), 'Deleted'),
    });

    r.get('/api/bi/charts', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Every chart, with its type, its dataset and how many dashboards show it',
        response: { 200: envelopeSchema(z.array(biListItemSchema)) },
      },
      handler: async () => envelope(await listCharts(deps.db)),
    });

    r.get('/api/bi/chart', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'One chart, with the version to save over',
        querystring: idQuery,
        response: { 200: envelopeSchema(chartSchema) },
      },
      handler: async (req) => envelope(await chartOf(deps.db, await readChart(deps.db, req.query.id))),
    });

    r.post('/api/bi/chart/save', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Adds a chart (no id: Add) or saves one over the version read (Update; 409 when stale)',
        description: '400 with the definition’s problems by path, read against its dataset.',
        body: chartSaveSchema,
        response: { 200: saved },
      },
      handler: async (req) => {
        const auth = authOf(req);
        await requireBiButton(deps.db, auth, req.body.id === undefined ? 'Add' : 'Update');
        return envelope(await saveChart(deps, auth, req.body), 'Saved');
      },
    });

    r.post('/api/bi/chart/del', {
      config: grant('Delete'),
      schema: {
        tags,
        summary: 'Deletes a chart no dashboard shows (409 while one does)',
        body: z.strictObject({ id }),
        response: { 200: deleted },
      },
      handler: async (req) => envelope(await deleteChart(deps, req.body.id), 'Deleted'),
    });
  };
}

import {
  dataSourceInputSchema,
  dataSourceRowSchema,
  dataSourceTestResultSchema,
  dataSourceTestSchema,
  dataSourceUpdateSchema,
  envelopeSchema,
  id,
  idParam,
  pageNumber,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { createDataSourceService, type DataSourceDeps } from './data-sources.service.ts';

const MENU = 'DataSourceMan';
const listQuery = z.strictObject({
  page: pageNumber.default(1),
  rows: z.number().int().min(1).max(100).default(30),
  q: z.string().trim().max(50).default(''),
});

/** /DataSourceMan: the tenant's external databases. No answer ever carries a password. */
export function dataSourceRoutes(deps: DataSourceDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createDataSourceService(deps);

    r.post('/api/DataSourceMan/getPageData', {
      config: { permission: { menu: MENU, button: 'Search' }, setupAccess: true },
      schema: {
        tags: ['DataSourceMan'],
        summary: 'Data sources, searched by name or host (never with passwords)',
        body: listQuery,
        response: { 200: envelopeSchema(z.object({ rows: z.array(dataSourceRowSchema), total: z.number() })) },
      },
      handler: async (req) => envelope(await service.list(authOf(req), req.body.q, req.body.page, req.body.rows)),
    });

    r.get('/api/DataSourceMan/get', {
      config: { permission: { menu: MENU, button: 'Search' }, setupAccess: true },
      schema: {
        tags: ['DataSourceMan'],
        summary: 'One data source (never with its password)',
        querystring: z.strictObject({ id: idParam }),
        response: { 200: envelopeSchema(dataSourceRowSchema) },
      },
      handler: async (req) => envelope(await service.get(authOf(req), req.query.id)),
    });

    r.post('/api/DataSourceMan/add', {
      config: { permission: { menu: MENU, button: 'Add' }, setupAccess: true },
      schema: {
        tags: ['DataSourceMan'],
        summary: 'Add a data source; the host must not be a private address unless configured',
        body: dataSourceInputSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() }).optional()) },
      },
      handler: async (req) => envelope(await service.add(authOf(req), req.body), 'Saved'),
    });

    r.post('/api/DataSourceMan/update', {
      config: { permission: { menu: MENU, button: 'Update' }, setupAccess: true },
      schema: {
        tags: ['DataSourceMan'],
        summary: 'Change a data source; an empty password keeps the stored one',
        body: dataSourceUpdateSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await service.update(authOf(req), req.body);
        return envelope(null, 'Saved');
      },
    });

    r.post('/api/DataSourceMan/del', {
      config: { permission: { menu: MENU, button: 'Delete' }, setupAccess: true },
      schema: {
        tags: ['DataSourceMan'],
        summary: 'Delete data sources: all the keys or none',
        body: z.array(id).min(1).max(100),
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await service.del(authOf(req), req.body);
        return envelope(null, 'Deleted');
      },
    });

    r.post('/api/DataSourceMan/test', {
      config: { permission: { menu: MENU, button: 'Update' }, setupAccess: true },
      schema: {
        tags: ['DataSourceMan'],
        summary: 'Test a connection as typed and say whether the account is read-only',
        body: dataSourceTestSchema,
        response: { 200: envelopeSchema(dataSourceTestResultSchema) },
      },
      handler: async (req) => envelope(await service.test(authOf(req), req.body)),
    });
  };
}

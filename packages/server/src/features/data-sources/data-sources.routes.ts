import {
  dataSourceInputSchema,
  dataSourceRowSchema,
  dataSourceTestResultSchema,
  dataSourceTestSchema,
  dataSourceUpdateSchema,
  id,
  idParam,
  pageNumber,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
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
    const service = createDataSourceService(deps);
    const screen = screenRoutes(app, MENU, { setupAccess: true });

    screen.post(
      '/api/DataSourceMan/getPageData',
      {
        button: 'Search',
        summary: 'Data sources, searched by name or host (never with passwords)',
        input: listQuery,
        data: z.object({ rows: z.array(dataSourceRowSchema), total: z.number() }),
      },
      (auth, query) => service.list(auth, query.q, query.page, query.rows),
    );
    screen.get(
      '/api/DataSourceMan/get',
      {
        button: 'Search',
        summary: 'One data source (never with its password)',
        input: z.strictObject({ id: idParam }),
        data: dataSourceRowSchema,
      },
      (auth, query) => service.get(auth, query.id),
    );
    screen.post(
      '/api/DataSourceMan/add',
      {
        button: 'Add',
        summary: 'Add a data source; the host must not be a private address unless configured',
        input: dataSourceInputSchema,
        data: createdId.optional(),
        message: 'Saved',
      },
      (auth, body) => service.add(auth, body),
    );
    screen.post(
      '/api/DataSourceMan/update',
      {
        button: 'Update',
        summary: 'Change a data source; an empty password keeps the stored one',
        input: dataSourceUpdateSchema,
        message: 'Saved',
      },
      (auth, body) => service.update(auth, body),
    );
    screen.post(
      '/api/DataSourceMan/del',
      {
        button: 'Delete',
        summary: 'Delete data sources: all the keys or none',
        input: z.array(id).min(1).max(100),
        message: 'Deleted',
      },
      (auth, ids) => service.del(auth, ids),
    );
    screen.post(
      '/api/DataSourceMan/test',
      {
        button: 'Update',
        summary: 'Test a connection as typed and say whether the account is read-only',
        input: dataSourceTestSchema,
        data: dataSourceTestResultSchema,
      },
      (auth, body) => service.test(auth, body),
    );
  };
}

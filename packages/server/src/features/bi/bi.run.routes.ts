import { PassThrough } from 'node:stream';
import {
  biExportRequestSchema,
  envelopeSchema,
  runRequestSchema,
  runResponseSchema,
  sqlTryRequestSchema,
  sqlTrySchema,
} from '@trestle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { XLSX_TYPE } from '../../engine/excel-common.ts';
import { attachment } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf, timeZoneOf } from '../../http/language.ts';
import { BI_MENU, requireSqlDataset, SQL_BUTTON } from './bi.access.ts';
import { writeChartWorkbook } from './bi.export.ts';
import { chartResult, planBatch, type RunDeps, runBatch, runContext } from './bi.run.ts';
import { trySql } from './bi.sql.ts';

const tags = ['BI'];

/** Answers as built: a batch's rows are the compiler's, re-validating each cell would cost more than the query. */
const asJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Running charts (a dashboard's batch, a builder's preview), exporting one chart's data, and trying an admin's
 * SQL. Run and export are open to any signed-in caller at the door: who may run what is the dashboard's sharing
 * or the designer's grant, checked per request (bi.run.ts), deny by default.
 */
export function biRunRoutes(deps: RunDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const contextOf = (req: FastifyRequest) =>
      runContext(deps, authOf(req), { lang: languageOf(req), timeZone: timeZoneOf(req), log: req.log });

    r.post('/api/bi/run', {
      config: { permission: 'signedIn' },
      serializerCompiler: asJson,
      schema: {
        tags,
        summary: 'Charts answered in one batch, concurrently, each within the viewer’s tenant and data scope',
        description:
          'A designer (BIDesign Search) runs saved charts by id or unsaved definitions; with dashboardId, a viewer ' +
          'runs the charts on a dashboard shared with them, by id only (403 otherwise); with pageId, the charts on ' +
          'a published page shared with them (403 otherwise). An unsaved definition with ' +
          'problems is a 400 with them keyed items.<n>.chart.<path>; a chart that fails on its own is answered ' +
          '{ok: false, message} beside the others.',
        body: runRequestSchema,
        response: { 200: envelopeSchema(runResponseSchema) },
      },
      handler: async (req) => envelope(await runBatch(contextOf(req), req.body)),
    });

    r.post('/api/bi/export', {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'One chart’s result as an .xlsx, with the same access as running it',
        body: biExportRequestSchema,
      },
      handler: async (req, reply) => {
        const ctx = contextOf(req);
        const { item } = req.body;
        const [planned] = await planBatch(ctx, req.body, [item]);
        if (!planned || 'failure' in planned) throw planned?.failure;
        const result = await chartResult(ctx, planned.chart, planned.dataset, item);
        const { title } = planned;
        const out = new PassThrough();
        writeChartWorkbook(result, { title, lang: ctx.lang, decimals: planned.chart.style.decimals }, out).catch(
          (err: unknown) => {
            req.log.error({ err }, 'a chart export failed after the answer began');
            out.destroy(err instanceof Error ? err : new Error(String(err)));
          },
        );
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment(`${title}.xlsx`))
          .send(out);
      },
    });

    r.post('/api/bi/sql/try', {
      config: { permission: { menu: BI_MENU, button: SQL_BUTTON } },
      schema: {
        tags,
        summary: 'An admin’s SELECT tried before it is saved: its first 20 rows and its columns with guessed types',
        description:
          'Needs the BI designer’s Sql grant (on the embedded database, the platform administrator). A statement ' +
          'that does not run (not a SELECT, more than one statement, a write, too slow) is a 422 with the reason.',
        body: sqlTryRequestSchema,
        response: { 200: envelopeSchema(sqlTrySchema) },
      },
      handler: async (req) => {
        const auth = authOf(req);
        await requireSqlDataset(deps.db, deps.userSql, auth);
        return envelope(await trySql(deps, auth, req.body));
      },
    });
  };
}

import { PassThrough } from 'node:stream';
import { envelopeSchema, pageRequestSchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../http/attachment.ts';
import { authOf } from '../http/auth.ts';
import { badRequest, envelope, forbidden } from '../http/errors.ts';
import { saveCheckedUploads, storedFileSchema } from '../http/files.upload.ts';
import { languageOf, timeZoneOf } from '../http/language.ts';
import { readFileParts } from '../http/multipart.ts';
import type { ObjectStore } from '../platform/files.objects.ts';
import { createFileStore } from '../platform/files.store.ts';
import type { EntityDefinition } from './definition.ts';
import { contextForButton, type EngineDeps, engineContext } from './engine-context.ts';
import { engineTargets, routeParts } from './engine-targets.ts';
import { XLSX_TYPE } from './excel-common.ts';
import { prepareExport, templateWorkbook } from './excel-export.ts';
import { importWorkbook } from './excel-import.ts';
import type { WriteDeps } from './write-deps.ts';

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const importSummarySchema = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  imported: z.number(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  conflicts: z.number(),
  errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  errorWorkbook: z.string().nullable(),
});
const today = (now: Date) => now.toISOString().slice(0, 10);

/** /api/<Entity>/export, downLoadTemplate, import and upload for every entity, with the same grants as the grid. */
export function excelRoutes(
  deps: EngineDeps & {
    dataDir: string;
    objects: ObjectStore;
    designed?: (name: string) => EntityDefinition | undefined;
  },
) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const context = engineContext(deps);
    const store = createFileStore(deps.db, deps.objects, deps.now);

    for (const target of engineTargets(deps, deps.designed)) {
      const { base, tags, label } = target;
      const { grant, params } = routeParts(target);

      r.post(`${base}/export`, {
        config: grant('Export'),
        schema: {
          tags,
          ...params,
          summary: `${label}: every matching row as a streamed .xlsx (page and rows are ignored)`,
          body: pageRequestSchema,
        },
        handler: async (req, reply) => {
          const def = target.resolve(req);
          const { meta } = def;
          const d = await context(req);
          const lang = languageOf(req);
          const write = await prepareExport({
            db: deps.db,
            meta,
            scope: d.scopeOf(def),
            req: req.body,
            tenantId: d.auth.tenantId,
            lang,
            timeZone: timeZoneOf(req),
            present: def.present,
          });
          const out = new PassThrough();
          write(out).catch((err: unknown) => {
            req.log.error({ err }, 'export failed after the answer began');
            out.destroy(err instanceof Error ? err : new Error(String(err)));
          });
          return reply
            .header('content-type', XLSX_TYPE)
            .header('content-disposition', attachment(`${meta.label[lang]}-${today(d.now)}.xlsx`))
            .send(out);
        },
      });

      r.get(`${base}/downLoadTemplate`, {
        config: grant('Import'),
        schema: { tags, ...params, summary: `${label}: the import template (.xlsx) with a Help sheet` },
        handler: async (req, reply) => {
          const { meta } = target.resolve(req);
          const lang = languageOf(req);
          const bytes = await templateWorkbook(deps.db, meta, authOf(req).tenantId, lang);
          return reply
            .header('content-type', XLSX_TYPE)
            .header('content-disposition', attachment(`${meta.label[lang]}-template.xlsx`))
            .send(bytes);
        },
      });

      r.post(`${base}/import`, {
        config: grant('Import'),
        schema: {
          tags,
          ...params,
          summary: `${label}: import rows from an .xlsx (multipart field "file")`,
          description:
            'mode=check (default) validates and writes nothing; all writes only when every row is valid (else 422 ' +
            'with the summary in data); valid writes the valid rows; one transaction either way, with a result per ' +
            'row. existing=refuse (default) adds every row (a code already taken is a row error); existing=update ' +
            "(needs the Update grant and a list with a business key) updates the record a row's code names within " +
            "the Update grant's data scope, leaves a row identical to its record alone, and reports a record changed " +
            'since the export (its hidden "Row version" column) as a conflict. At most 10 MB and 100,000 rows.',
          querystring: z.strictObject({
            mode: z.enum(['check', 'all', 'valid']).default('check'),
            existing: z.enum(['refuse', 'update']).default('refuse'),
          }),
          response: { 200: envelopeSchema(importSummarySchema) },
        },
        handler: async (req) => {
          const def = target.resolve(req);
          const { meta } = def;
          const [file] = await readFileParts(req, { fileSize: IMPORT_MAX_BYTES, files: 1, what: 'file' });
          const d = await context(req);
          let updater: WriteDeps | undefined;
          if (req.query.existing === 'update') {
            if (!meta.businessKey)
              throw badRequest('This list has no code to match existing rows on', {
                existing: 'not available for this list',
              });
            updater =
              (await contextForButton(deps, d.auth, { menu: meta.name, button: 'Update' }, d.lang)) ?? undefined;
            if (!updater) throw forbidden('Updating rows by import needs the Update permission');
          }
          const summary = await importWorkbook({
            db: deps.db,
            d,
            updater,
            def,
            mode: req.query.mode,
            bytes: file?.bytes ?? Buffer.alloc(0),
            lang: languageOf(req),
            timeZone: timeZoneOf(req),
          });
          return envelope(summary, req.query.mode === 'check' ? 'Checked' : `Imported ${summary.imported} rows`);
        },
      });

      r.post(`${base}/upload`, {
        config: grant('Upload'),
        schema: {
          tags,
          ...params,
          summary: `${label}: upload files (multipart field "file", up to 5 files of 10 MB; type checked by content)`,
          response: { 200: envelopeSchema(z.array(storedFileSchema)) },
        },
        handler: async (req) => {
          const saved = await saveCheckedUploads(req, { db: deps.db, store }, target.resolve(req).meta.name);
          return envelope(saved, 'Uploaded');
        },
      });
    }
  };
}

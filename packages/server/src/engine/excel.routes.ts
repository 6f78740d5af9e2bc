import { PassThrough } from 'node:stream';
import { envelopeSchema, pageRequestSchema, uploadKindOf } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ObjectStore } from '../features/files/files.objects.ts';
import { createFileStore, FILE_MAX_COUNT, sniffType } from '../features/files/files.store.ts';
import { siteSettings } from '../features/settings/site-settings.ts';
import { attachment } from '../http/attachment.ts';
import { authOf } from '../http/auth.ts';
import { badRequest, envelope } from '../http/errors.ts';
import { languageOf } from '../http/language.ts';
import { readFileParts } from '../http/multipart.ts';
import { type EngineDeps, engineContext } from './engine.routes.ts';
import { XLSX_TYPE } from './excel-common.ts';
import { prepareExport, templateWorkbook } from './excel-export.ts';
import { importWorkbook } from './excel-import.ts';

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const importSummarySchema = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  imported: z.number(),
  errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  errorWorkbook: z.string().nullable(),
});
const storedFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string(),
});

const today = (now: Date) => now.toISOString().slice(0, 10);

/** /api/<Entity>/export, downLoadTemplate, import and upload for every entity, with the same grants as the grid. */
export function excelRoutes(deps: EngineDeps & { dataDir: string; objects: ObjectStore }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const context = engineContext(deps);
    const store = createFileStore(deps.db, deps.objects, deps.now);

    for (const def of deps.definitions.filter((d) => !d.detailOnly)) {
      const { meta } = def;
      const base = `/api/${meta.name}`;
      const grant = (button: string) => ({ permission: { menu: meta.name, button } });
      const tags = [meta.name];

      r.post(`${base}/export`, {
        config: grant('Export'),
        schema: {
          tags,
          summary: `${meta.label.en}: every matching row as a streamed .xlsx (page and rows are ignored)`,
          body: pageRequestSchema,
        },
        handler: async (req, reply) => {
          const d = await context(req);
          const lang = languageOf(req);
          const write = await prepareExport({
            db: deps.db,
            meta,
            scope: d.scopeOf(def),
            req: req.body,
            tenantId: d.auth.tenantId,
            lang,
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
        schema: { tags, summary: `${meta.label.en}: the import template (.xlsx) with a Help sheet` },
        handler: async (req, reply) => {
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
          summary: `${meta.label.en}: import rows from an .xlsx (multipart field "file")`,
          description:
            'mode=check (default) validates and writes nothing; all writes only when every row is valid (else 422 ' +
            'with the summary in data); valid writes the valid rows. At most 10 MB and 100,000 rows.',
          querystring: z.strictObject({ mode: z.enum(['check', 'all', 'valid']).default('check') }),
          response: { 200: envelopeSchema(importSummarySchema) },
        },
        handler: async (req) => {
          const [file] = await readFileParts(req, { fileSize: IMPORT_MAX_BYTES, files: 1, what: 'file' });
          const d = await context(req);
          const summary = await importWorkbook({
            db: deps.db,
            d,
            def,
            mode: req.query.mode,
            bytes: file?.bytes ?? Buffer.alloc(0),
            lang: languageOf(req),
          });
          return envelope(summary, req.query.mode === 'check' ? 'Checked' : `Imported ${summary.imported} rows`);
        },
      });

      r.post(`${base}/upload`, {
        config: grant('Upload'),
        schema: {
          tags,
          summary: `${meta.label.en}: upload files (multipart field "file", up to 5 files of 10 MB; type checked by content)`,
          response: { 200: envelopeSchema(z.array(storedFileSchema)) },
        },
        handler: async (req) => {
          // [issue 4: site-login-settings] SiteConfig's size limit and allowed kinds, read per upload
          const site = await siteSettings(deps.db);
          const parts = await readFileParts(req, {
            fileSize: site.uploadMaxMb * 1024 * 1024,
            files: FILE_MAX_COUNT,
            what: 'files',
          });
          const typed = parts.map((p) => ({ ...p, type: sniffType(p.bytes, p.name) }));
          const refused = typed.find((p) => p.type === null || !site.uploadKinds.includes(uploadKindOf(p.type)));
          if (refused)
            throw badRequest(`"${refused.name.slice(0, 100)}" is not an allowed file type`, {
              file: 'type not allowed',
            });
          const { tenantId, userId } = authOf(req);
          const saved = [];
          for (const p of typed)
            saved.push(
              await store.save({
                tenantId,
                userId,
                entity: meta.name,
                name: p.name,
                type: p.type ?? '',
                bytes: p.bytes,
              }),
            );
          return envelope(saved, 'Uploaded');
        },
      });
    }
  };
}

import { PassThrough } from 'node:stream';
import {
  ErrorCode,
  envelopeSchema,
  fillableFormSchema,
  formSubmitSchema,
  idParam,
  myFormSchema,
  submissionDetailSchema,
  submissionPageSchema,
  submissionsQuerySchema,
} from '@trestle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { XLSX_TYPE } from '../../engine/excel-common.ts';
import { attachment } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { AppError, envelope } from '../../http/errors.ts';
import { saveCheckedUploads, storedFileSchema } from '../../http/files.upload.ts';
import { languageOf, timeZoneOf } from '../../http/language.ts';
import type { ObjectStore } from '../../platform/files.objects.ts';
import { createFileStore } from '../../platform/files.store.ts';
import { formCaller, requireFill, requireRead } from './forms.access.ts';
import { myForms, pageSubmissions, submissionById } from './forms.answers.ts';
import { writeAnswers } from './forms.export.ts';
import { iso, readForm, readVersion, rolesOf } from './forms.repository.ts';
import { notPublished, publishedDesign, submitAnswer } from './forms.submit.ts';

const MENU = 'forms';
const tags = [MENU];
const grant = (button: string) => ({ permission: { menu: MENU, button } });
const idQuery = z.strictObject({ id: idParam });
const noAnswer = (id: number) => new AppError(404, ErrorCode.notFound, `No answer ${id}`);

/** /forms: staff fill the published forms their roles may fill, and read the answers their roles may read. */
export function formFillRoutes(deps: { db: Db; objects: ObjectStore; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const store = createFileStore(deps.db, deps.objects, deps.now);
    const caller = (req: FastifyRequest) => formCaller(deps.db, authOf(req));
    /** The form, once the caller is found to be one of its readers. */
    const readable = async (req: FastifyRequest, id: number) => {
      const row = await readForm(deps.db, id);
      requireRead(await caller(req), rolesOf(row));
      return row;
    };

    r.get('/api/form/mine', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The published forms the caller may fill or read the answers of',
        response: { 200: envelopeSchema(z.array(myFormSchema)) },
      },
      handler: async (req) => envelope(await myForms(deps.db, await caller(req))),
    });

    r.get('/api/form/open', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'A form to fill: its published version (403 when the form’s fill roles leave the caller out)',
        querystring: idQuery,
        response: { 200: envelopeSchema(fillableFormSchema) },
      },
      handler: async (req) => {
        const row = await readForm(deps.db, req.query.id);
        requireFill(await caller(req), rolesOf(row));
        const design = await publishedDesign(deps.db, row);
        return envelope({ id: row.id, version: row.publishedVersion ?? 0, design });
      },
    });

    r.post('/api/form/submit', {
      config: grant('Add'),
      schema: {
        tags,
        summary: 'Sends an answer, checked by the form’s rules as the browser checked it',
        description:
          '400 `The answer has errors` with fieldErrors; 403 when the caller may not fill the form; 409 when the ' +
          'form was published again since it was opened.',
        body: formSubmitSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => {
        const who = await caller(req);
        const id = await submitAnswer(deps.db, {
          formId: req.body.id,
          tenantId: who.tenantId,
          body: req.body,
          viewer: { roleIds: who.roleIds, organizationId: who.organizationId },
          submittedBy: who.userId,
          at: deps.now(),
          allowed: (row) => requireFill(who, rolesOf(row)),
        });
        return envelope({ id }, 'Submitted');
      },
    });

    r.post('/api/form/upload', {
      config: grant('Add'),
      schema: {
        tags,
        summary:
          'Uploads the files of an answer’s file, image and rich-text fields (multipart field "file"; the same ' +
          'size and kind checks as an entity’s upload; 403 when the caller may not fill the form)',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.array(storedFileSchema)) },
      },
      handler: async (req) => {
        // Who may fill is settled before a byte of the body is read.
        const row = await readForm(deps.db, req.query.id);
        requireFill(await caller(req), rolesOf(row));
        await publishedDesign(deps.db, row);
        return envelope(await saveCheckedUploads(req, { db: deps.db, store }, 'Form'), 'Uploaded');
      },
    });

    r.post('/api/form/submissions', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'A page of a form’s answers (its readers only), searched in every value, with the published design',
        body: submissionsQuerySchema,
        response: { 200: envelopeSchema(submissionPageSchema) },
      },
      handler: async (req) => {
        const row = await readable(req, req.body.id);
        const design = row.publishedVersion === null ? null : await readVersion(deps.db, row.id, row.publishedVersion);
        return envelope({ ...(await pageSubmissions(deps.db, req.body)), design });
      },
    });

    r.get('/api/form/submission', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'One answer, with the design of the version it was filled with',
        querystring: idQuery,
        response: { 200: envelopeSchema(submissionDetailSchema) },
      },
      handler: async (req) => {
        const found = await submissionById(deps.db, req.query.id);
        if (!found) throw noAnswer(req.query.id);
        await readable(req, found.formId);
        const design = await readVersion(deps.db, found.formId, found.formVersion);
        if (!design) throw noAnswer(req.query.id);
        const { formId: _form, submittedAt, ...rest } = found;
        return envelope({ ...rest, submittedAt: iso(submittedAt), design });
      },
    });

    r.get('/api/form/export', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Every answer as a streamed .xlsx: a column per field of the published version, a sheet per sub-table',
        querystring: idQuery,
      },
      handler: async (req, reply) => {
        const row = await readable(req, req.query.id);
        const design = row.publishedVersion === null ? null : await readVersion(deps.db, row.id, row.publishedVersion);
        if (!design) throw notPublished();
        const lang = languageOf(req);
        const out = new PassThrough();
        const input = { formId: row.id, design, tenantId: authOf(req).tenantId, lang, timeZone: timeZoneOf(req) };
        writeAnswers(deps.db, input, out).catch((err: unknown) => {
          req.log.error({ err }, 'form export failed after the answer began');
          out.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        const name = `${design.title[lang] || design.title.en}-${deps.now().toISOString().slice(0, 10)}.xlsx`;
        return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).send(out);
      },
    });
  };
}

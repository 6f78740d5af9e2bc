import { ErrorCode, envelopeSchema, fillableFormSchema, publicLinkClosed, publicSubmitSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, envelope } from '../../http/errors.ts';
import { takeCaptcha } from '../../platform/login-settings.ts';
import { withDictionaryOptions } from './forms.choices.ts';
import { countSubmissions, type FormRow, readForm } from './forms.repository.ts';
import { publishedDesign, submitAnswer } from './forms.submit.ts';

const tags = ['public form'];
const link = publicSubmitSchema.shape.link;
const noSuchLink = () => new AppError(404, ErrorCode.notFound, 'No such form link');

/**
 * The form a link names, found before any tenant is known through the migration's lookup function (the one
 * pre-tenant read, as sign-in's), then read bound to the form's tenant: every later statement of the request
 * (the answer's insert included) runs in that tenant, as a signed-in request runs in its caller's.
 */
async function formOfLink(db: Db, req: FastifyRequest, token: string): Promise<{ formId: number; tenantId: number }> {
  const [found] = await queryRows<{ formId: number; tenantId: number }>(
    db,
    sql`select form_id as "formId", tenant_id as "tenantId" from trestle_form_link_lookup(${token})`,
  );
  if (!found) throw noSuchLink();
  req.tenantScope.tenantId = Number(found.tenantId);
  return { formId: Number(found.formId), tenantId: Number(found.tenantId) };
}

/** A link that is off answers as an unknown one; one past its end or its count says so (410). */
async function checkLink(db: Db, row: FormRow, at: Date) {
  if (!row.publicEnabled) throw noSuchLink();
  if (row.publicExpiresAt && row.publicExpiresAt <= at)
    throw new AppError(410, ErrorCode.gone, publicLinkClosed.expired);
  if (row.publicMaxCount !== null && (await countSubmissions(db, row.id)) >= row.publicMaxCount)
    throw new AppError(410, ErrorCode.gone, publicLinkClosed.full);
}

/** /api/public/form: a form's public link, filled by anyone holding it, within the link's limits. */
export function formPublicRoutes(deps: { db: Db; now: () => Date; submitsPerMinute: number }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/public/form', {
      config: {
        permission: 'public',
        rateLimit: { max: deps.submitsPerMinute * 6, timeWindow: '1 minute', keyGenerator: (req) => req.ip },
      },
      schema: {
        tags,
        summary: 'The published form a public link names, with whether its answer needs a captcha',
        description:
          'A dictionary field comes with its (static) dictionary’s items as its options, in both languages: the ' +
          'visitor is not signed in to load them. 404 for an unknown or switched-off link; 410 (`gone`) once it has ' +
          'expired or taken its last answer.',
        querystring: z.strictObject({ link }),
        response: { 200: envelopeSchema(fillableFormSchema) },
      },
      handler: async (req, reply) => {
        const { formId, tenantId } = await formOfLink(deps.db, req, req.query.link);
        const row = await readForm(deps.db, formId);
        await checkLink(deps.db, row, deps.now());
        const design = await withDictionaryOptions(deps.db, tenantId, await publishedDesign(deps.db, row));
        reply.header('cache-control', 'no-store');
        return envelope({ id: row.id, version: row.publishedVersion ?? 0, design, captcha: row.publicCaptcha });
      },
    });

    r.post('/api/public/form/submit', {
      config: {
        permission: 'public',
        // Counted per address and link once the body is read: one visitor can't flood a form, nor one form's
        // visitors use up another's allowance.
        rateLimit: {
          max: deps.submitsPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => {
            const body = req.body as { link?: unknown } | undefined;
            return `${req.ip}|${typeof body?.link === 'string' ? body.link : ''}`;
          },
        },
      },
      schema: {
        tags,
        summary: 'Sends an answer through a public link, stored in the form’s company',
        description:
          '400 with fieldErrors (the same checks as a signed-in answer, and no file or image value: a visitor has no ' +
          'uploads; `captcha_required` when the captcha is missing or wrong); 404 unknown link; 409 the form was ' +
          'published again; 410 (`gone`) expired or full; 429 too many.',
        body: publicSubmitSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => {
        const { formId, tenantId } = await formOfLink(deps.db, req, req.body.link);
        const at = deps.now();
        const first = await readForm(deps.db, formId);
        await checkLink(deps.db, first, at);
        if (first.publicCaptcha && !(await takeCaptcha(deps.db, req.body.captchaId, req.body.captchaCode, at)))
          throw new AppError(400, ErrorCode.captchaRequired, 'Answer the captcha (a new one each time)', {
            fieldErrors: { captchaCode: 'wrong or expired: answer the new picture' },
          });
        const id = await submitAnswer(deps.db, {
          formId,
          tenantId,
          body: req.body,
          viewer: { roleIds: [], organizationId: null },
          submittedBy: null,
          at,
          // Checked again under the form's row lock: two visitors can't both take a link's last answer.
          check: (row, tx) => checkLink(tx, row, at),
          noFiles: true,
        });
        return envelope({ id }, 'Submitted');
      },
    });
  };
}

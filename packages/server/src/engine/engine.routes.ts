import {
  approvalEntrySchema,
  auditBodySchema,
  delBodySchema,
  type EntityMeta,
  type EntityScreenMeta,
  entityScreenSchema,
  envelopeSchema,
  idParam,
  idsText,
  pageRequestSchema,
  pageResultSchema,
  saveBodySchema,
  submitBodySchema,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import { type AuthContext, authOf } from '../http/auth.ts';
import { AppError, badRequest, envelope } from '../http/errors.ts';
import { type Language, languageOf } from '../http/language.ts';
import { approvalHistory, auditEntity, submitEntity } from './approval.ts';
import type { EntityDefinition } from './definition.ts';
import { type EngineDeps, engineContext } from './engine-context.ts';
import { engineTargets, routeParts } from './engine-targets.ts';
import { col, fieldNamed } from './query.ts';
import { pageData, presentPage } from './read.ts';
import { CHOICES_PAGE, type ChoiceQuery, lookupChoices } from './references.ts';
import { addEntity, delEntity, updateEntity } from './write.ts';

/**
 * Page answers are built by the engine from validated metadata: re-validating every row with zod on the
 * way out costs more than the query, so they are serialised as they are (the schema still documents them).
 */
const asJson = () => (data: unknown) => JSON.stringify(data);

const keysEnvelope = envelopeSchema(z.object({ key: z.number() }));
const countEnvelope = envelopeSchema(z.object({ count: z.number() }));

/** An entity's metadata as a screen is drawn from it, with its detail entities'. */
function screenOf(deps: EngineDeps, meta: EntityMeta): EntityScreenMeta {
  return {
    ...meta,
    detailMetas: meta.details.flatMap((d) => deps.definitions.find((x) => x.meta.name === d.entity)?.meta ?? []),
  };
}

/** A designed entity without approval has no approval routes. */
function withApproval(def: EntityDefinition): EntityDefinition {
  if (!def.meta.audit) throw new AppError(404, 'not_found', 'This entity has no approval');
  return def;
}

/**
 * /api/<Entity>/<action> for every entity: one declaration each, the same behaviour everywhere. With
 * `designed`, the entities drawn in the table designer are served too, from the registry at each request.
 */
export function engineRoutes(deps: EngineDeps & { designed?: (name: string) => EntityDefinition | undefined }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const context = engineContext(deps);

    for (const target of engineTargets(deps, deps.designed)) {
      const { base, tags, label } = target;
      const { grant, params } = routeParts(target);
      const entityOf = (req: FastifyRequest) => target.resolve(req);

      r.get(`${base}/getMeta`, {
        config: grant('Search'),
        schema: {
          tags,
          ...params,
          summary: `${label}: the metadata the screen is drawn from, with its detail entities'`,
          response: { 200: envelopeSchema(entityScreenSchema) },
        },
        handler: async (req) => envelope(screenOf(deps, entityOf(req).meta)),
      });

      r.post(`${base}/getPageData`, {
        config: grant('Search'),
        serializerCompiler: asJson,
        schema: {
          tags,
          ...params,
          summary: `${label}: one page, filtered and sorted on the server`,
          description:
            'total is exact up to 10,000 matching rows; past that it is the planner estimate and totalExact is false ' +
            '(ask with exactTotal: true for a full count). summary is given when the total is exact.',
          body: pageRequestSchema,
          response: { 200: envelopeSchema(pageResultSchema) },
        },
        handler: async (req) => {
          const def = entityOf(req);
          const d = await context(req);
          const lang = languageOf(req);
          return envelope(
            presentPage(def, await pageData(deps.db, def.meta, d.scopeOf(def), req.body, [], lang), lang),
          );
        },
      });

      r.post(`${base}/getDetailPage`, {
        config: grant('Search'),
        serializerCompiler: asJson,
        schema: {
          tags,
          ...params,
          summary: `${label}: the detail rows of one master row`,
          body: pageRequestSchema,
          response: { 200: envelopeSchema(pageResultSchema) },
        },
        handler: async (req) => {
          const def = entityOf(req);
          const { meta } = def;
          const rel = req.body.detail ? meta.details.find((x) => x.entity === req.body.detail) : meta.details[0];
          if (!rel) throw badRequest('This entity has no such detail', { detail: 'unknown detail' });
          if (req.body.value === undefined) throw badRequest('Name the master row in value', { value: 'required' });
          const d = await context(req);
          const keyCol = col({ name: meta.key });
          // The master must be visible to the caller, or its details are not either.
          const [master] = await queryRows(
            deps.db,
            sql`select 1 from ${sql.identifier(meta.table)} t where ${d.scopeOf(def)} and ${keyCol} = ${req.body.value}`,
          );
          if (!master) throw new AppError(404, 'not_found', `No record with key ${req.body.value}`);
          const child = d.detailOf(rel.entity);
          const fk = fieldNamed(child.meta, rel.foreignKey);
          if (!fk) throw new Error(`${child.meta.name}: no field ${rel.foreignKey}`);
          return envelope(
            await pageData(
              deps.db,
              child.meta,
              d.scopeOf(child),
              req.body,
              [sql`${col(fk)} = ${req.body.value}`],
              languageOf(req),
            ),
          );
        },
      });

      r.get(`${base}/lookup`, {
        config: grant('Search'),
        schema: {
          tags,
          ...params,
          summary: `${label}: choices for a reference field (search by code or name, or labels for ids)`,
          description:
            `A page of ${CHOICES_PAGE} choices, labelled "code — name" where the rows have a code; \`q\` matches the code or the name. ` +
            "With `detail`, the field is one of that detail entity's (its lines have no routes of their own). With `parent`, a field whose reference names a parent offers only the rows of that parent (the terms of the chosen contract). " +
            'A field whose metadata declares `fills` gives with each choice the values it fills in the form (`fill`) and the labels of the filled references (`fillLabels`).',
          querystring: z.strictObject({
            field: z.string().max(64),
            detail: z.string().max(64).default(''),
            q: z.string().max(100).default(''),
            ids: idsText.default(''),
            parent: idParam.optional(),
            page: z.coerce.number().int().min(1).max(1000).default(1),
          }),
          response: {
            200: envelopeSchema(
              z.array(
                z.object({
                  value: z.number(),
                  label: z.string(),
                  fill: z.record(z.string(), z.unknown()).nullish(),
                  fillLabels: z.record(z.string(), z.string().nullable()).nullish(),
                }),
              ),
            ),
          },
        },
        handler: async (req) =>
          envelope(await lookup(deps, entityOf(req).meta, authOf(req), req.query, languageOf(req))),
      });

      r.post(`${base}/add`, {
        config: grant('Add'),
        schema: {
          tags,
          ...params,
          summary: `${label}: add a row with its details`,
          body: saveBodySchema,
          response: { 200: keysEnvelope },
        },
        handler: async (req) =>
          envelope({ key: await addEntity(deps.db, await context(req), entityOf(req), req.body) }, 'Saved'),
      });

      r.post(`${base}/update`, {
        config: grant('Update'),
        schema: {
          tags,
          ...params,
          summary: `${label}: update a row and its details`,
          description:
            'mainData carries the key and the version read; a stale version answers 409 and nothing is written.',
          body: saveBodySchema,
          response: { 200: keysEnvelope },
        },
        handler: async (req) =>
          envelope({ key: await updateEntity(deps.db, await context(req), entityOf(req), req.body) }, 'Saved'),
      });

      r.post(`${base}/del`, {
        config: grant('Delete'),
        schema: {
          tags,
          ...params,
          summary: `${label}: delete rows by key (all or none)`,
          body: delBodySchema,
          response: { 200: countEnvelope },
        },
        handler: async (req) =>
          envelope({ count: await delEntity(deps.db, await context(req), entityOf(req), req.body) }, 'Deleted'),
      });

      if (target.audit) {
        r.post(`${base}/submit`, {
          config: grant('Update'),
          schema: {
            tags,
            ...params,
            summary: `${label}: submit drafts (or rejected documents) for approval`,
            body: submitBodySchema,
            response: { 200: countEnvelope },
          },
          handler: async (req) =>
            envelope(
              { count: await submitEntity(deps.db, await context(req), withApproval(entityOf(req)), req.body) },
              'Submitted',
            ),
        });

        r.get(`${base}/approvalHistory`, {
          config: grant('Search'),
          schema: {
            tags,
            ...params,
            summary: `${label}: a document's approval steps, oldest first`,
            querystring: z.strictObject({ key: idParam }),
            response: { 200: envelopeSchema(z.array(approvalEntrySchema)) },
          },
          handler: async (req) =>
            envelope(await approvalHistory(deps.db, await context(req), withApproval(entityOf(req)), req.query.key)),
        });

        r.post(`${base}/audit`, {
          config: grant('Audit'),
          schema: {
            tags,
            ...params,
            summary: `${label}: approve (1) or reject (2, with a reason)`,
            body: auditBodySchema,
            response: { 200: countEnvelope },
          },
          handler: async (req) =>
            envelope(
              { count: await auditEntity(deps.db, await context(req), withApproval(entityOf(req)), req.body) },
              'Audited',
            ),
        });
      }
    }
  };
}

/** A reference field's choices (references.ts), the field named on the entity or on one of its details. */
function lookup(
  deps: EngineDeps,
  meta: EntityMeta,
  auth: AuthContext,
  query: ChoiceQuery & { field: string; detail: string },
  lang: Language,
) {
  const owner = query.detail ? detailMetaOf(deps, meta, query.detail) : meta;
  const f = fieldNamed(owner, query.field);
  if (!f?.reference) throw badRequest('Not a reference field', { field: 'not a reference field' });
  return lookupChoices(deps.db, deps.definitions, auth, owner, f, query, lang);
}

/** The metadata of one of the entity's detail entities, named by the caller; any other name is a 400. */
function detailMetaOf(deps: EngineDeps, meta: EntityMeta, name: string): EntityMeta {
  const detail = meta.details.some((rel) => rel.entity === name)
    ? deps.definitions.find((d) => d.meta.name === name)
    : undefined;
  if (!detail) throw badRequest('This entity has no such detail', { detail: 'unknown detail' });
  return detail.meta;
}

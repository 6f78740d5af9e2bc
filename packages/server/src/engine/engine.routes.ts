import {
  approvalEntrySchema,
  auditBodySchema,
  delBodySchema,
  type EntityMeta,
  entitySchema,
  envelopeSchema,
  idParam,
  idsOf,
  idsText,
  pageRequestSchema,
  pageResultSchema,
  saveBodySchema,
  submitBodySchema,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { type AuthContext, authOf } from '../http/auth.ts';
import { AppError, badRequest, envelope } from '../http/errors.ts';
import { languageOf } from '../http/language.ts';
import { approvalHistory, auditEntity, submitEntity } from './approval.ts';
import type { EntityDefinition } from './definition.ts';
import { col, fieldNamed } from './query.ts';
import { pageData, presentPage } from './read.ts';
import { choicesOf, choicesWhere } from './references.ts';
import { scopeWhere } from './scope.ts';
import { addEntity, delEntity, updateEntity, type WriteDeps } from './write.ts';

export type EngineDeps = { db: Db; now: () => Date; definitions: EntityDefinition[] };

/** The engine's view of one request: the caller's scope condition for any entity, and the write context. */
export function engineContext(deps: EngineDeps) {
  const byName = new Map(deps.definitions.map((d) => [d.meta.name, d]));
  const detailOf = (name: string) => {
    const def = byName.get(name);
    if (!def) throw new Error(`unknown detail entity ${name}`);
    return def;
  };
  return async (req: FastifyRequest): Promise<WriteDeps> => {
    const auth = authOf(req);
    return {
      auth,
      now: deps.now(),
      scopeOf: (def) => scopeWhere(def, auth),
      choicesOf: (f) => choicesOf(deps.definitions, auth, f),
      detailOf,
    };
  };
}

/**
 * Page answers are built by the engine from validated metadata: re-validating every row with zod on the
 * way out costs more than the query, so they are serialised as they are (the schema still documents them).
 */
const asJson = () => (data: unknown) => JSON.stringify(data);

const keysEnvelope = envelopeSchema(z.object({ key: z.number() }));
const countEnvelope = envelopeSchema(z.object({ count: z.number() }));

/** /api/<Entity>/<action> for every entity: one declaration each, the same behaviour everywhere. */
export function engineRoutes(deps: EngineDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const context = engineContext(deps);

    for (const def of deps.definitions.filter((d) => !d.detailOnly)) {
      const { meta } = def;
      const base = `/api/${meta.name}`;
      const grant = (button: string) => ({ permission: { menu: meta.name, button } });
      const tags = [meta.name];

      r.get(`${base}/getMeta`, {
        config: grant('Search'),
        schema: {
          tags,
          summary: `${meta.label.en}: the metadata the screen is drawn from`,
          response: { 200: envelopeSchema(entitySchema) },
        },
        handler: async () => envelope(meta),
      });

      r.post(`${base}/getPageData`, {
        config: grant('Search'),
        serializerCompiler: asJson,
        schema: {
          tags,
          summary: `${meta.label.en}: one page, filtered and sorted on the server`,
          description:
            'total is exact up to 10,000 matching rows; past that it is the planner estimate and totalExact is false ' +
            '(ask with exactTotal: true for a full count). summary is given when the total is exact.',
          body: pageRequestSchema,
          response: { 200: envelopeSchema(pageResultSchema) },
        },
        handler: async (req) => {
          const d = await context(req);
          return envelope(presentPage(def, await pageData(deps.db, meta, d.scopeOf(def), req.body), languageOf(req)));
        },
      });

      r.post(`${base}/getDetailPage`, {
        config: grant('Search'),
        serializerCompiler: asJson,
        schema: {
          tags,
          summary: `${meta.label.en}: the detail rows of one master row`,
          body: pageRequestSchema,
          response: { 200: envelopeSchema(pageResultSchema) },
        },
        handler: async (req) => {
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
            await pageData(deps.db, child.meta, d.scopeOf(child), req.body, [sql`${col(fk)} = ${req.body.value}`]),
          );
        },
      });

      r.get(`${base}/lookup`, {
        config: grant('Search'),
        schema: {
          tags,
          summary: `${meta.label.en}: choices for a reference field (search by text, or labels for ids)`,
          description:
            "With `detail`, the field is one of that detail entity's (its lines have no routes of their own). With `parent`, a field whose reference names a parent offers only the rows of that parent (the terms of the chosen contract).",
          querystring: z.strictObject({
            field: z.string().max(64),
            detail: z.string().max(64).default(''),
            q: z.string().max(100).default(''),
            ids: idsText.default(''),
            parent: idParam.optional(),
          }),
          response: { 200: envelopeSchema(z.array(z.object({ value: z.number(), label: z.string() }))) },
        },
        handler: async (req) => envelope(await lookup(deps, meta, authOf(req), req.query)),
      });

      r.post(`${base}/add`, {
        config: grant('Add'),
        schema: {
          tags,
          summary: `${meta.label.en}: add a row with its details`,
          body: saveBodySchema,
          response: { 200: keysEnvelope },
        },
        handler: async (req) => envelope({ key: await addEntity(deps.db, await context(req), def, req.body) }, 'Saved'),
      });

      r.post(`${base}/update`, {
        config: grant('Update'),
        schema: {
          tags,
          summary: `${meta.label.en}: update a row and its details`,
          description:
            'mainData carries the key and the version read; a stale version answers 409 and nothing is written.',
          body: saveBodySchema,
          response: { 200: keysEnvelope },
        },
        handler: async (req) =>
          envelope({ key: await updateEntity(deps.db, await context(req), def, req.body) }, 'Saved'),
      });

      r.post(`${base}/del`, {
        config: grant('Delete'),
        schema: {
          tags,
          summary: `${meta.label.en}: delete rows by key (all or none)`,
          body: delBodySchema,
          response: { 200: countEnvelope },
        },
        handler: async (req) =>
          envelope({ count: await delEntity(deps.db, await context(req), def, req.body) }, 'Deleted'),
      });

      if (meta.audit) {
        r.post(`${base}/submit`, {
          config: grant('Update'),
          schema: {
            tags,
            summary: `${meta.label.en}: submit drafts (or rejected documents) for approval`,
            body: submitBodySchema,
            response: { 200: countEnvelope },
          },
          handler: async (req) =>
            envelope({ count: await submitEntity(deps.db, await context(req), def, req.body) }, 'Submitted'),
        });

        r.get(`${base}/approvalHistory`, {
          config: grant('Search'),
          schema: {
            tags,
            summary: `${meta.label.en}: a document's approval steps, oldest first`,
            querystring: z.strictObject({ key: idParam }),
            response: { 200: envelopeSchema(z.array(approvalEntrySchema)) },
          },
          handler: async (req) => envelope(await approvalHistory(deps.db, await context(req), def, req.query.key)),
        });

        r.post(`${base}/audit`, {
          config: grant('Audit'),
          schema: {
            tags,
            summary: `${meta.label.en}: approve (1) or reject (2, with a reason)`,
            body: auditBodySchema,
            response: { 200: countEnvelope },
          },
          handler: async (req) =>
            envelope({ count: await auditEntity(deps.db, await context(req), def, req.body) }, 'Audited'),
        });
      }
    }
  };
}

/**
 * Reference choices: labels matching `q`, or the labels of `ids`; exactly the rows a write may name in the
 * field (choicesOf), narrowed to the parent the form has chosen.
 */
async function lookup(
  deps: EngineDeps,
  meta: EntityMeta,
  auth: AuthContext,
  query: { field: string; detail: string; q: string; ids: string; parent?: number | undefined },
) {
  const owner = query.detail ? detailMetaOf(deps, meta, query.detail) : meta;
  const f = fieldNamed(owner, query.field);
  if (!f?.reference) throw badRequest('Not a reference field', { field: 'not a reference field' });
  const label = sql`t.${sql.identifier(f.reference.labelColumn)}`;
  const conds: SQL[] = [choicesWhere(choicesOf(deps.definitions, auth, f), query.parent)];
  if (query.ids) {
    const ids = idsOf(query.ids).slice(0, 200);
    conds.push(
      ids.length
        ? sql`t.id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  } else if (query.q) {
    conds.push(sql`${label}::text ilike ${`%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  }
  return queryRows<{ value: number; label: string }>(
    deps.db,
    sql`select t.id as value, ${label}::text as label from ${sql.identifier(f.reference.table)} t where ${sql.join(conds, sql` and `)} order by ${label} limit 50`,
  );
}

/** The metadata of one of the entity's detail entities, named by the caller; any other name is a 400. */
function detailMetaOf(deps: EngineDeps, meta: EntityMeta, name: string): EntityMeta {
  const detail = meta.details.some((rel) => rel.entity === name)
    ? deps.definitions.find((d) => d.meta.name === name)
    : undefined;
  if (!detail) throw badRequest('This entity has no such detail', { detail: 'unknown detail' });
  return detail.meta;
}

import { checkFormBody, type EntityMeta, type EntityScreenMeta, type FormDesign, resolveForm } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import type { FormGate } from '../../engine/write-deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { viewerOf } from './forms.access.ts';

/** Announces a change of a tenant's published bound form to every app node (payload `<tenant>:<entity>`). */
const CHANNEL = 'trestle_forms';

/** An entity as a form lays it out: its metadata with its detail entities' (what getMeta gives a screen). */
export function entityScreen(definitions: readonly EntityDefinition[], name: string): EntityScreenMeta | undefined {
  const def = definitions.find((d) => d.meta.name === name && !d.detailOnly);
  if (!def) return undefined;
  const detailMetas: EntityMeta[] = def.meta.details.flatMap(
    (d) => definitions.find((x) => x.meta.name === d.entity)?.meta ?? [],
  );
  return { ...def.meta, detailMetas };
}

/**
 * The published bound forms, kept per tenant and entity: every add and update of an entity asks, so the answer
 * is held in memory. It is held only while the node listens for changes (a publish or a delete on any node
 * drops it everywhere); unheard, every save reads the database.
 */
export function createBoundForms(deps: {
  db: Db;
  definitions: readonly EntityDefinition[];
  listen?: Database['listen'];
}) {
  const cache = new Map<string, FormDesign | null>();
  let live = false;
  let generation = 0;
  const ready = deps.listen
    ? deps.listen(
        CHANNEL,
        (payload) => {
          generation++;
          cache.delete(payload);
        },
        (listening) => {
          generation++;
          cache.clear();
          live = listening;
        },
      )
    : Promise.resolve();

  /** The design of the tenant's published form bound to `entity` (the caller's tenant is bound already). */
  async function published(tenantId: number, entity: string): Promise<FormDesign | null> {
    const key = `${tenantId}:${entity}`;
    if (live && cache.has(key)) return cache.get(key) ?? null;
    const readIn = generation;
    const [row] = await queryRows<{ design: FormDesign }>(
      deps.db,
      sql`select v.design from forms f join form_versions v on v.form_id = f.id and v.version = f.published_version
          where f.entity = ${entity} and f.tenant_id = ${tenantId}`,
    );
    const design = row?.design ?? null;
    if (live && readIn === generation) cache.set(key, design);
    return design;
  }

  /** After a publish or delete: this node drops its copy at once, the others when told. */
  async function changed(tenantId: number, entity: string | null) {
    if (entity === null) return;
    generation++;
    cache.delete(`${tenantId}:${entity}`);
    await deps.db.execute(sql`select pg_notify(${CHANNEL}, ${`${tenantId}:${entity}`})`);
  }

  /** The engine's gate for a save of `def`'s records: null while the tenant has no published form for it. */
  async function gate(auth: AuthContext, def: EntityDefinition): Promise<FormGate | null> {
    const design = await published(auth.tenantId, def.meta.name);
    const screen = design && entityScreen(deps.definitions, def.meta.name);
    if (!design || !screen) return null;
    const form = resolveForm(design, screen);
    const viewer = await viewerOf(deps.db, auth);
    return (body, stored) => {
      const sent = new Set(Object.keys(body.mainData));
      const mainData = stored ? { ...stored, ...body.mainData } : body.mainData;
      const checked = checkFormBody(form, { mainData, detailData: body.detailData }, viewer, {
        validate: 'entity',
        sent,
      });
      if (!checked.ok) throw badRequest('The form has errors', checked.fieldErrors);
      // The record's key is one of the entity's fields, read-only, so the form keeps it out of what it gives
      // back (a locked field keeps what the record has): the update still needs it to know which record it is.
      const key = def.meta.key;
      const keyed = key in body.mainData ? { ...checked.mainData, [key]: body.mainData[key] } : checked.mainData;
      return { ...body, mainData: keyed, detailData: { ...body.detailData, ...checked.detailData } };
    };
  }

  return { ready, published, changed, gate };
}

export type BoundForms = ReturnType<typeof createBoundForms>;

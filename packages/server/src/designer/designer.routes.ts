import {
  type BuiltInTable,
  bringableTableSchema,
  broughtInSchema,
  builtInTableSchema,
  type DesignListItem,
  designDetailSchema,
  designListItemSchema,
  type EntityMeta,
  envelopeSchema,
  id,
  idParam,
  migrationItemSchema,
  previewSchema,
  referenceTargetOf,
  type TableDesign,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { authOf } from '../http/auth.ts';
import { envelope } from '../http/errors.ts';
import { requirePlatformAdmin } from '../http/platform.ts';
import {
  applyDesign,
  createDesign,
  deleteDesign,
  designHistory,
  previewDesign,
  rollbackDesign,
  saveDraft,
} from './apply.ts';
import { readDesign } from './design-rows.ts';
import { bringableTables, introspectTable } from './introspect.ts';

const MENU = 'tableDesign';
const tags = [MENU];

const idQuery = z.strictObject({ id: idParam });
const idBody = z.strictObject({ id });

/** The drivers hand timestamps back as Date objects from raw SQL; the wire carries ISO text. */
const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** Every design with where it stands: the JSON of the last apply against the draft's. */
async function listDesigns(db: Db) {
  const rows = await queryRows<{
    id: number;
    draft: TableDesign;
    applied: TableDesign | null;
    version: number;
    updatedAt: unknown;
    everApplied: boolean;
  }>(
    db,
    sql`SELECT id, draft, applied, version, updated_at AS "updatedAt",
          EXISTS (SELECT 1 FROM table_migrations m WHERE m.design_id = d.id) AS "everApplied"
        FROM table_designs d ORDER BY name`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.draft.name,
    table: r.draft.table,
    label: r.draft.label,
    status: !r.applied ? 'draft' : JSON.stringify(r.applied) === JSON.stringify(r.draft) ? 'applied' : 'changed',
    master: r.draft.master?.entity ?? null,
    target: referenceTargetOf(r.draft),
    version: r.version,
    updatedAt: iso(r.updatedAt),
    everApplied: r.everApplied,
  })) satisfies DesignListItem[];
}

/** The built-in entities, for reading beside the designs: what made each table is recorded in entity_tables. */
async function listBuiltIns(db: Db, metas: readonly EntityMeta[]): Promise<BuiltInTable[]> {
  const made = new Set((await queryRows<{ name: string }>(db, sql`SELECT name FROM entity_tables`)).map((r) => r.name));
  return metas.map((m) => ({
    name: m.name,
    table: m.table,
    label: m.label,
    detailOf: metas.find((x) => x.details.some((d) => d.entity === m.name))?.name ?? null,
    source: made.has(m.name) ? 'definition' : 'migrations',
    fields: m.fields.map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      required: f.required === true || f.name === m.key,
      unique: f.unique === true || f.name === m.key,
      references: f.reference?.table ?? null,
    })),
  }));
}

/**
 * /tableDesign: designs drawn as data, each applied as a migration of its own table. Designs are
 * platform-wide (a designed table's shape is every tenant's, its rows are each tenant's own), so reading them
 * is the screen's grant and changing them is the platform administrator's alone. Every call runs on the
 * owner's connection: applying a design is DDL, which the app's role may not run.
 */
export function designerRoutes(deps: {
  db: Db;
  /** The built-in entities' definitions, listed read-only. */
  builtIns: readonly EntityMeta[];
  onChange?: (name: string) => void | Promise<void>;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const platformOnly = async (req: FastifyRequest) =>
      requirePlatformAdmin(deps.db, authOf(req), 'change table designs: every tenant shares them');
    /** The design's entity name after an apply or a roll back: the registry reloads it. */
    const changed = async (designId: number) => {
      const row = await readDesign(deps.db, designId);
      await deps.onChange?.(row.draft.name);
    };

    r.get('/api/tableDesign/list', {
      config: { permission: { menu: MENU, button: 'Search' } },
      schema: {
        tags,
        summary: 'Every table design, with whether its draft is applied',
        response: { 200: envelopeSchema(z.array(designListItemSchema)) },
      },
      handler: async () => envelope(await listDesigns(deps.db)),
    });

    r.get('/api/tableDesign/builtIns', {
      config: { permission: { menu: MENU, button: 'Search' } },
      schema: {
        tags,
        summary:
          'The built-in entities, read-only: their tables, fields, and whether migrations or the definition made them',
        response: { 200: envelopeSchema(z.array(builtInTableSchema)) },
      },
      handler: async () => envelope(await listBuiltIns(deps.db, deps.builtIns)),
    });

    r.get('/api/tableDesign/sources', {
      config: { permission: { menu: MENU, button: 'Add' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary: 'The tables of the main database no entity manages, which may be brought in (platform administrator)',
        response: { 200: envelopeSchema(z.array(bringableTableSchema)) },
      },
      handler: async () => envelope(await bringableTables(deps.db)),
    });

    r.post('/api/tableDesign/introspect', {
      config: { permission: { menu: MENU, button: 'Add' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary:
          "A table read into a design, not saved: a field per column; its rows are copied in for the caller's tenant when applied (platform administrator)",
        body: z.strictObject({ table: z.string().min(1).max(63) }),
        response: { 200: envelopeSchema(broughtInSchema) },
      },
      handler: async (req) => envelope(await introspectTable(deps.db, req.body.table, authOf(req).tenantId)),
    });

    r.get('/api/tableDesign/get', {
      config: { permission: { menu: MENU, button: 'Search' } },
      schema: {
        tags,
        summary: 'One design: its draft, as last applied (null: never), and the version to save over',
        querystring: idQuery,
        response: { 200: envelopeSchema(designDetailSchema) },
      },
      handler: async (req) => {
        const row = await readDesign(deps.db, req.query.id);
        return envelope({ id: row.id, version: row.version, draft: row.draft, applied: row.applied });
      },
    });

    r.get('/api/tableDesign/history', {
      config: { permission: { menu: MENU, button: 'Search' } },
      schema: {
        tags,
        summary: "A design's migrations, newest first, with the SQL that ran and the SQL that undoes it",
        querystring: idQuery,
        response: { 200: envelopeSchema(z.array(migrationItemSchema)) },
      },
      handler: async (req) => {
        await readDesign(deps.db, req.query.id);
        const history = await designHistory(deps.db, req.query.id);
        return envelope(
          history.map((h) => ({
            ...h,
            appliedAt: iso(h.appliedAt),
            rolledBackAt: h.rolledBackAt === null ? null : iso(h.rolledBackAt),
          })),
        );
      },
    });

    r.post('/api/tableDesign/add', {
      config: { permission: { menu: MENU, button: 'Add' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary: 'A new design, kept as a draft: nothing is created until it is applied (platform administrator)',
        body: z.strictObject({ design: z.unknown() }),
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) =>
        envelope(
          { id: await createDesign(deps.db, req.body.design, authOf(req).userId, app.entities.builtIns) },
          'Saved',
        ),
    });

    r.post('/api/tableDesign/del', {
      config: { permission: { menu: MENU, button: 'Delete' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary:
          'Delete a design never applied (409 with a history, or while another design names it) (platform administrator)',
        body: idBody,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await deleteDesign(deps.db, req.body.id);
        return envelope(null, 'Deleted');
      },
    });

    r.post('/api/tableDesign/save', {
      config: { permission: { menu: MENU, button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary:
          'Save the draft over the version last read (409 when someone saved since); name and table stay once applied (platform administrator)',
        body: z.strictObject({ id, version: z.number().int().min(1), design: z.unknown() }),
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await saveDraft(
          deps.db,
          req.body.id,
          req.body.design,
          req.body.version,
          authOf(req).userId,
          app.entities.builtIns,
        );
        return envelope(null, 'Saved');
      },
    });

    r.post('/api/tableDesign/preview', {
      config: { permission: { menu: MENU, button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary:
          'What applying the draft would run and undo, and the risks to the rows there are, counted over every tenant (platform administrator)',
        body: idBody,
        response: { 200: envelopeSchema(previewSchema) },
      },
      handler: async (req) => envelope(await previewDesign(deps.db, req.body.id)),
    });

    r.post('/api/tableDesign/apply', {
      config: { permission: { menu: MENU, button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary:
          'Apply the draft in one transaction, with its menu entry; 422 with the risks while a blocking one remains (platform administrator)',
        body: idBody,
        response: { 200: envelopeSchema(z.object({ migration: z.number(), up: z.array(z.string()) })) },
      },
      handler: async (req) => {
        const result = await applyDesign(deps.db, req.body.id, authOf(req).userId);
        await changed(req.body.id);
        return envelope(result, 'Applied');
      },
    });

    r.post('/api/tableDesign/rollback', {
      config: { permission: { menu: MENU, button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags,
        summary:
          'Undo the last applied migration without losing a value; undoing the creation takes the menu entry away (platform administrator)',
        body: idBody,
        response: { 200: envelopeSchema(z.object({ migration: z.number() })) },
      },
      handler: async (req) => {
        const result = await rollbackDesign(deps.db, req.body.id, authOf(req).userId);
        await changed(req.body.id);
        return envelope(result, 'Rolled back');
      },
    });
  };
}

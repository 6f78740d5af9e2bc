import type { EntityMeta, TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { createTableStatements } from '../engine/ddl.ts';
import type { EntityDefinition } from '../engine/definition.ts';
import { createEntityMenu } from './designer-menu.ts';
import { planMigration } from './plan.ts';
import { type StepKind, sqlText } from './plan-steps.ts';

/**
 * A built-in entity's table made from its definition at start-up, so that adding one is a definition file and
 * its line in `builtInEntities`, with no migration and no seed line (docs/dev/entities.md):
 *
 * - a built-in entity whose table does not exist gets it from `createTableStatements` (the designer's
 *   generator: columns, system columns, keys, indexes leading with tenant_id, forced RLS, grants) and its menu
 *   entry from the definition's `menu` part, in one transaction, recorded in `entity_tables`;
 * - one recorded there whose definition has changed since is brought in line by the designer's planner, when
 *   the steps only add (a field, an index, a default) or loosen; a change that could lose or refuse data (a
 *   field taken away, a type changed) stops the start with a message: that needs a migration someone reads;
 * - a table the migrations made (not recorded) is left to them.
 *
 * Nodes starting together take turns on an advisory lock, so a table is made once.
 */

/** What a start may do to a recorded table without a migration: nothing here drops or converts a value. */
const SAFE_STEPS: ReadonlySet<StepKind> = new Set([
  'addColumn',
  'addIndex',
  'dropIndex',
  'addUnique',
  'dropUnique',
  'setDefault',
  'setRequired',
  'dropRequired',
]);

/** The lock nodes take turns on (any constant; the designer's apply uses another). */
const LOCK = 74_201_113;

/** A built-in definition as a table design, for the planner: fields by name (a renamed field is a new one). */
function asDesign(meta: EntityMeta): TableDesign {
  return {
    name: meta.name,
    table: meta.table,
    label: meta.label,
    folder: null,
    description: '',
    softDelete: meta.softDelete,
    audit: meta.audit,
    scope: {},
    indexes: [],
    master: null,
    // A built-in field may name its column; the planner reads it through columnOf like a design's.
    fields: meta.fields.filter((f) => f.name !== meta.key).map((f) => ({ ...f, id: f.name })) as TableDesign['fields'],
  };
}

export type BuiltInTablesResult = { created: string[]; changed: string[] };

export async function ensureBuiltInTables(
  db: Db,
  definitions: readonly EntityDefinition[],
): Promise<BuiltInTablesResult> {
  const result: BuiltInTablesResult = { created: [], changed: [] };
  const builtIns = definitions.filter((d) => !d.designed);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK})`);
    const recorded = new Map(
      (
        await queryRows<{ name: string; definition: EntityMeta }>(tx, sql`SELECT name, definition FROM entity_tables`)
      ).map((r) => [r.name, r.definition]),
    );
    const existing = new Set(
      (
        await queryRows<{ name: string }>(
          tx,
          sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')`,
        )
      ).map((r) => r.name),
    );
    const designedTables = new Set(
      (await queryRows<{ t: string }>(tx, sql`SELECT table_name AS t FROM table_designs`)).map((r) => r.t),
    );
    for (const { meta } of builtIns) {
      const before = recorded.get(meta.name);
      if (!existing.has(meta.table)) {
        if (before) throw new Error(`${meta.name}: its table ${meta.table} was made at start-up and is gone`);
        if (meta.key !== 'id' || meta.fields.find((f) => f.name === 'id')?.column !== undefined)
          throw new Error(`${meta.name}: a table made from the definition has the key field id`);
        for (const statement of createTableStatements(meta)) await tx.execute(statement);
        await createEntityMenu(tx, meta);
        await tx.execute(
          sql`INSERT INTO entity_tables (name, table_name, definition) VALUES (${meta.name}, ${meta.table}, ${JSON.stringify(meta)}::jsonb)`,
        );
        result.created.push(meta.name);
        continue;
      }
      if (!before) {
        if (designedTables.has(meta.table))
          throw new Error(`${meta.name}: its table ${meta.table} belongs to a table design`);
        continue; // made by the migrations, which keep it
      }
      if (before.table !== meta.table)
        throw new Error(`${meta.name}: the table was ${before.table}; renaming a table needs a migration`);
      const plan = planMigration(asDesign(before), asDesign(meta), 0);
      const unsafe = plan.steps.filter((s) => !SAFE_STEPS.has(s.kind));
      if (unsafe.length > 0)
        throw new Error(
          `${meta.name}: the definition changed in a way that needs a migration (${unsafe
            .map((s) => `${s.kind} ${s.field ?? ''}`.trim())
            .join(', ')})`,
        );
      for (const step of plan.steps)
        for (const statement of step.up)
          await tx.execute(statement).catch((err: Error) => {
            const cause = (err.cause as Error | undefined)?.message ?? err.message;
            throw new Error(`${meta.name}: ${step.kind} ${step.field ?? ''} failed: ${cause} (${sqlText(statement)})`);
          });
      const updated = await queryRows<{ name: string }>(
        tx,
        sql`UPDATE entity_tables SET definition = ${JSON.stringify(meta)}::jsonb, updated_at = now()
            WHERE name = ${meta.name} AND definition IS DISTINCT FROM ${JSON.stringify(meta)}::jsonb RETURNING name`,
      );
      if (plan.steps.length > 0 || updated.length > 0) result.changed.push(meta.name);
    }
  });
  return result;
}

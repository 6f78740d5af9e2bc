import { columnOf, type DesignField, type TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { indexName } from '../engine/ddl.ts';
import type { Step } from './plan-steps.ts';

const id = (name: string) => sql.identifier(name);

type CompositeIndex = TableDesign['indexes'][number];

/** An index over several fields of a design: its statements, and its fields' names and columns. */
export function compositeIndex(design: TableDesign, ix: CompositeIndex) {
  const fields = ix.fields.map((fid) => design.fields.find((f) => f.id === fid));
  if (fields.some((f) => !f)) throw new Error(`index ${ix.id} names a field the table has not`);
  const columns = fields.map((f) => columnOf(f as DesignField));
  const name = id(indexName(design.table, ix.id, ix.unique ? 'ux' : 'ix'));
  const table = id(design.table);
  const list = sql.join(
    columns.map((c) => id(c)),
    sql`, `,
  );
  const live = ix.unique && design.softDelete ? sql` WHERE "deleted_at" IS NULL` : sql``;
  return {
    create: ix.unique
      ? sql`CREATE UNIQUE INDEX ${name} ON ${table} ("tenant_id", ${list})${live}`
      : sql`CREATE INDEX ${name} ON ${table} ("tenant_id", ${list})`,
    drop: sql`DROP INDEX ${name}`,
    field: fields.map((f) => f?.name).join(' + '),
    columns,
  };
}

/**
 * The composite indexes' steps: the ones removed or changed are dropped before anything else (a field they
 * cover may go in the same migration), the ones added or changed are made after everything else (on the
 * columns as they are then). One whose fields are only renamed stays: PostgreSQL renames within it.
 */
export function compositeIndexSteps(before: TableDesign, after: TableDesign): { first: Step[]; last: Step[] } {
  // A unique one holds over the live rows: turning soft delete on or off makes it again with its condition.
  const same = (a: CompositeIndex, b: CompositeIndex) =>
    a.unique === b.unique &&
    a.fields.join() === b.fields.join() &&
    (!a.unique || before.softDelete === after.softDelete);
  // The indexes of `from` that `to` has not, or has otherwise: dropped (from before) or made (from after).
  const changed = (from: TableDesign, to: TableDesign, dropping: boolean): Step[] =>
    (from.indexes ?? []).flatMap((ix) => {
      const other = (to.indexes ?? []).find((x) => x.id === ix.id);
      if (other && same(ix, other)) return [];
      const index = compositeIndex(from, ix);
      return [
        {
          kind: dropping ? (ix.unique ? 'dropUnique' : 'dropIndex') : ix.unique ? 'addUnique' : 'addIndex',
          field: index.field,
          columns: index.columns,
          up: [dropping ? index.drop : index.create],
          down: [dropping ? index.create : index.drop],
        },
      ];
    });
  return { first: changed(before, after, true), last: changed(after, before, false) };
}

import { columnOf, type DesignField, designToMeta, type TableDesign } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { columnType, createTableStatements, indexName, literal } from '../engine/ddl.ts';
import { copyRowsStep } from './plan-copy-rows.ts';
import { compositeIndex, compositeIndexSteps } from './plan-indexes.ts';
import { asHtml, asText, type Plan, type Step, typeText } from './plan-steps.ts';

/**
 * The migration from one applied design to the next, as steps: each one what it does to the table, the
 * statements that do it and the statements that undo it. Nothing is dropped: a removed column is renamed
 * aside (`_kept_<n>_<column>`, nullable, unindexed) and a table whose creation is rolled back moves to the
 * `designer_kept` schema, so a roll back, and a roll back of a roll back, keeps every value.
 */

const id = (name: string) => sql.identifier(name);

/** Whether the engine wants an index on the field (the same rule as a new table's). */
const wantsIndex = (f: DesignField) => f.sortable === true || f.search !== undefined || f.type === 'reference';

/** The column a field's values are set aside in when it is removed by migration `n`. */
export const keptColumn = (n: number, column: string) => `_kept_${n}_${column}`.slice(0, 63);

/**
 * The plan from `before` (null: the table does not exist yet) to `after`. `n` numbers the migration, naming
 * what it sets aside. Fields are matched by id: the same id under another name is a rename.
 */
export function planMigration(before: TableDesign | null, after: TableDesign, n: number): Plan {
  const afterMeta = designToMeta(after);
  if (!before) {
    const table = id(after.table);
    return {
      before: null,
      after: afterMeta,
      steps: [
        {
          kind: 'createTable',
          up: [
            ...createTableStatements(afterMeta),
            ...(after.indexes ?? []).map((ix) => compositeIndex(after, ix).create),
          ],
          down: [
            sql`ALTER TABLE ${table} SET SCHEMA "designer_kept"`,
            sql`ALTER TABLE "designer_kept".${table} RENAME TO ${id(`_${n}_${after.table}`.slice(0, 63))}`,
          ],
        },
        ...(after.source ? [copyRowsStep(after, after.source)] : []),
      ],
    };
  }
  if (before.table !== after.table) throw new Error('a designed table keeps its name');
  const beforeMeta = designToMeta(before);
  const table = id(after.table);
  const live = after.softDelete ? sql` WHERE "deleted_at" IS NULL` : sql``;
  const uniqueIndex = (column: string) => id(indexName(after.table, column, 'key'));
  const plainIndex = (column: string) => id(indexName(after.table, column));
  const fkName = (column: string) => id(indexName(after.table, column, 'fkey'));
  const indexSteps = (f: DesignField, column: string): { up: SQL[]; down: SQL[] } => {
    if (f.unique)
      return {
        up: [sql`CREATE UNIQUE INDEX ${uniqueIndex(column)} ON ${table} ("tenant_id", ${id(column)})${live}`],
        down: [sql`DROP INDEX ${uniqueIndex(column)}`],
      };
    if (wantsIndex(f))
      return {
        up: [sql`CREATE INDEX ${plainIndex(column)} ON ${table} ("tenant_id", ${id(column)})`],
        down: [sql`DROP INDEX ${plainIndex(column)}`],
      };
    return { up: [], down: [] };
  };
  const foreignKey = (f: DesignField, column: string): SQL | null =>
    f.type === 'reference' && f.reference
      ? sql`ALTER TABLE ${table} ADD CONSTRAINT ${fkName(column)} FOREIGN KEY (${id(column)}) REFERENCES ${id(f.reference.table)}("id")`
      : null;

  const steps: Step[] = [];
  const beforeById = new Map(before.fields.map((f) => [f.id, f]));
  const afterIds = new Set(after.fields.map((f) => f.id));

  // Removed fields: their values are set aside, never dropped.
  for (const f of before.fields) {
    if (afterIds.has(f.id)) continue;
    const column = columnOf(f);
    const kept = id(keptColumn(n, column));
    const index = indexSteps(f, column);
    const fk = foreignKey(f, column);
    steps.push({
      kind: 'dropColumn',
      field: f.name,
      up: [
        ...index.down,
        ...(fk ? [sql`ALTER TABLE ${table} DROP CONSTRAINT ${fkName(column)}`] : []),
        ...(f.required ? [sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} DROP NOT NULL`] : []),
        sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} DROP DEFAULT`,
        sql`ALTER TABLE ${table} RENAME COLUMN ${id(column)} TO ${kept}`,
      ],
      down: [
        sql`ALTER TABLE ${table} RENAME COLUMN ${kept} TO ${id(column)}`,
        ...(f.default !== undefined && f.default !== null
          ? [sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} SET DEFAULT ${literal(f, f.default)}`]
          : []),
        ...(f.required ? [sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} SET NOT NULL`] : []),
        ...(fk ? [fk] : []),
        ...index.up,
      ],
    });
  }

  for (const f of after.fields) {
    const column = columnOf(f);
    const old = beforeById.get(f.id);
    if (!old) {
      const parts: SQL[] = [sql`${id(column)} ${columnType(f)}`];
      if (f.default !== undefined && f.default !== null) parts.push(sql`DEFAULT ${literal(f, f.default)}`);
      if (f.required) parts.push(sql`NOT NULL`);
      const fk = foreignKey(f, column);
      const index = indexSteps(f, column);
      steps.push({
        kind: 'addColumn',
        field: f.name,
        up: [sql`ALTER TABLE ${table} ADD COLUMN ${sql.join(parts, sql` `)}`, ...(fk ? [fk] : []), ...index.up],
        // Undone like a drop: what was typed into the new column since is kept aside too.
        down: [
          ...index.down,
          ...(fk ? [sql`ALTER TABLE ${table} DROP CONSTRAINT ${fkName(column)}`] : []),
          ...(f.required ? [sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} DROP NOT NULL`] : []),
          sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} DROP DEFAULT`,
          sql`ALTER TABLE ${table} RENAME COLUMN ${id(column)} TO ${id(keptColumn(n, column))}`,
        ],
      });
      continue;
    }
    const oldColumn = columnOf(old);
    const newIndex = indexSteps(f, column);
    if (oldColumn !== column) {
      // Indexes and the foreign key are named after the column: they follow it.
      const renames = (from: string, to: string) => {
        const list: SQL[] = [sql`ALTER TABLE ${table} RENAME COLUMN ${id(from)} TO ${id(to)}`];
        if (old.unique) list.push(sql`ALTER INDEX ${uniqueIndex(from)} RENAME TO ${uniqueIndex(to)}`);
        else if (wantsIndex(old)) list.push(sql`ALTER INDEX ${plainIndex(from)} RENAME TO ${plainIndex(to)}`);
        if (old.type === 'reference')
          list.push(sql`ALTER TABLE ${table} RENAME CONSTRAINT ${fkName(from)} TO ${fkName(to)}`);
        return list;
      };
      steps.push({
        kind: 'renameColumn',
        field: f.name,
        from: old.name,
        to: f.name,
        up: renames(oldColumn, column),
        down: renames(column, oldColumn),
      });
    }
    const col = id(column);
    const oldType = typeText(old);
    const newType = typeText(f);
    // Text and rich text share a column type, but values becoming rich text must be escaped all the same.
    const richChange = (old.type === 'richText') !== (f.type === 'richText');
    if (oldType !== newType || richChange) {
      const retype = (from: DesignField, to: DesignField) => {
        const rich = (x: DesignField) => x.type === 'richText';
        const value = rich(to) && !rich(from) ? asHtml(col) : rich(from) && !rich(to) ? asText(col) : sql`${col}::text`;
        return sql`ALTER TABLE ${table} ALTER COLUMN ${col} TYPE ${columnType(to)} USING ${value}::${columnType(to)}`;
      };
      steps.push({
        kind: 'changeType',
        field: f.name,
        from: oldType === newType ? old.type : oldType,
        to: oldType === newType ? f.type : newType,
        up: [retype(old, f)],
        down: [retype(f, old)],
      });
    }
    const refOf = (x: DesignField) => (x.type === 'reference' ? (x.reference?.table ?? null) : null);
    if (refOf(old) !== refOf(f)) {
      const drop = sql`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${fkName(column)}`;
      steps.push({
        kind: 'changeReference',
        field: f.name,
        from: refOf(old) ?? '',
        to: refOf(f) ?? '',
        up: [drop, ...[foreignKey(f, column)].filter((x): x is SQL => x !== null)],
        down: [drop, ...[foreignKey(old, column)].filter((x): x is SQL => x !== null)],
      });
    }
    const oldDefault = JSON.stringify(old.default ?? null);
    if (oldDefault !== JSON.stringify(f.default ?? null)) {
      const setDefault = (x: DesignField) =>
        x.default !== undefined && x.default !== null
          ? sql`ALTER TABLE ${table} ALTER COLUMN ${col} SET DEFAULT ${literal(x, x.default)}`
          : sql`ALTER TABLE ${table} ALTER COLUMN ${col} DROP DEFAULT`;
      steps.push({ kind: 'setDefault', field: f.name, up: [setDefault(f)], down: [setDefault(old)] });
    }
    if (!old.required && f.required)
      steps.push({
        kind: 'setRequired',
        field: f.name,
        up: [sql`ALTER TABLE ${table} ALTER COLUMN ${col} SET NOT NULL`],
        down: [sql`ALTER TABLE ${table} ALTER COLUMN ${col} DROP NOT NULL`],
      });
    if (old.required && !f.required)
      steps.push({
        kind: 'dropRequired',
        field: f.name,
        up: [sql`ALTER TABLE ${table} ALTER COLUMN ${col} DROP NOT NULL`],
        down: [sql`ALTER TABLE ${table} ALTER COLUMN ${col} SET NOT NULL`],
      });
    // Index changes, on the column's name after the rename. A type change rebuilds the index by itself.
    const oldKind = old.unique ? 'unique' : wantsIndex(old) ? 'plain' : 'none';
    const newKind = f.unique ? 'unique' : wantsIndex(f) ? 'plain' : 'none';
    if (oldKind !== newKind) {
      const renamedOld = indexSteps(old, column);
      if (oldKind !== 'none')
        steps.push({
          kind: oldKind === 'unique' ? 'dropUnique' : 'dropIndex',
          field: f.name,
          up: renamedOld.down,
          down: renamedOld.up,
        });
      if (newKind !== 'none')
        steps.push({
          kind: newKind === 'unique' ? 'addUnique' : 'addIndex',
          field: f.name,
          up: newIndex.up,
          down: newIndex.down,
        });
    }
  }
  // Soft delete and approval bring columns of their own; turned off, those are set aside like a field's.
  const flagColumns: Record<'softDelete' | 'audit', [string, SQL][]> = {
    softDelete: [['deleted_at', sql`timestamp with time zone`]],
    audit: [
      ['audit_status', sql`smallint DEFAULT 0 NOT NULL`],
      ['audit_reason', sql`varchar(500)`],
      ['audited_by', sql`integer REFERENCES "users"("id")`],
      ['audited_at', sql`timestamp with time zone`],
    ],
  };
  // A unique field's index holds over the live rows while soft delete is on: turned on or off, the index is
  // made again with its condition (counted for duplicates like a new one). Turning it on, after deleted_at is
  // there; turning it off, before deleted_at is set aside (and so undone after it is back).
  const reindex: Step[] = [];
  if (before.softDelete !== after.softDelete)
    for (const f of after.fields) {
      if (!f.unique || !beforeById.get(f.id)?.unique) continue;
      const column = columnOf(f);
      const made = (softDelete: boolean) =>
        sql`CREATE UNIQUE INDEX ${uniqueIndex(column)} ON ${table} ("tenant_id", ${id(column)})${softDelete ? sql` WHERE "deleted_at" IS NULL` : sql``}`;
      const dropped = sql`DROP INDEX ${uniqueIndex(column)}`;
      reindex.push({
        kind: 'addUnique',
        field: f.name,
        up: [dropped, made(after.softDelete)],
        down: [dropped, made(before.softDelete)],
      });
    }
  if (!after.softDelete) steps.push(...reindex);
  for (const flag of ['softDelete', 'audit'] as const) {
    if (before[flag] === after[flag]) continue;
    const add = flagColumns[flag].map(([column, type]) => sql`ALTER TABLE ${table} ADD COLUMN ${id(column)} ${type}`);
    const aside = flagColumns[flag].flatMap(([column]) => [
      sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} DROP NOT NULL`,
      sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} DROP DEFAULT`,
      sql`ALTER TABLE ${table} RENAME COLUMN ${id(column)} TO ${id(keptColumn(n, column))}`,
    ]);
    const back = flagColumns[flag].flatMap(([column]) => [
      sql`ALTER TABLE ${table} RENAME COLUMN ${id(keptColumn(n, column))} TO ${id(column)}`,
      ...(column === 'audit_status'
        ? [
            sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} SET DEFAULT 0`,
            sql`UPDATE ${table} SET ${id(column)} = 0 WHERE ${id(column)} IS NULL`,
            sql`ALTER TABLE ${table} ALTER COLUMN ${id(column)} SET NOT NULL`,
          ]
        : []),
    ]);
    steps.push(
      after[flag]
        ? { kind: 'addColumn', field: flag, up: add, down: aside }
        : { kind: 'dropColumn', field: flag, up: aside, down: back },
    );
  }
  if (after.softDelete) steps.push(...reindex);
  const composite = compositeIndexSteps(before, after);
  return { before: beforeMeta, after: afterMeta, steps: [...composite.first, ...steps, ...composite.last] };
}

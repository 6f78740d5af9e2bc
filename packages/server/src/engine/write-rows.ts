import { columnOf, type EntityMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { inRow } from '../http/constraint-errors.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { invalidRow, staleVersion } from './errors.ts';
import { withStoredRichText } from './rich-text.ts';
import { columnId, logText, toSqlValue, writableEntries } from './values.ts';
import type { WriteDeps } from './write-deps.ts';

export const table = (meta: EntityMeta) => sql.identifier(meta.table);
export const keyColumn = (meta: EntityMeta) => {
  const key = meta.fields.find((f) => f.name === meta.key);
  if (!key) throw new Error(`${meta.name}: no key field`);
  return sql.identifier(columnOf(key));
};

export function parse<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRow(result.error, prefix);
  return result.data;
}

/**
 * A row of a save body (`prefix`: where it sits, `mainData.` or `detailData.Line.2.`), parsed by its row schema
 * and with its rich text in the stored form: every later step (the change log, the unchanged-line check, a
 * hook) sees what will be stored, not what was sent.
 */
export const parseRow = <T extends z.ZodType<Row>>(meta: EntityMeta, schema: T, value: unknown, prefix: string) =>
  withStoredRichText(meta, parse(schema, value, prefix), prefix);

/** Field-level before/after of every write, in the same transaction as the write. */
export async function logChanges(
  tx: Db,
  d: WriteDeps,
  meta: EntityMeta,
  key: number,
  action: string,
  changes: [string, unknown, unknown][],
) {
  if (changes.length === 0) return;
  const rows = changes.map(
    ([field, before, after]) =>
      sql`(${d.auth.tenantId}, ${meta.name}, ${key}, ${action}, ${field}, ${logText(before)}, ${logText(after)}, ${d.auth.userId}, ${d.now})`,
  );
  await tx.execute(
    sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, before, after, user_id, at) values ${sql.join(rows, sql`, `)}`,
  );
}

/**
 * Runs a write of one row of the body; a constraint the database enforces on it (a duplicate line, a
 * value a check refuses) answers with that row's fields (`mainData.code`, `detailData.Line.2.value`).
 * The transaction rolls back as for any other error.
 */
export async function asRowOf<T>(
  prefix: string,
  meta: EntityMeta,
  write: () => Promise<T>,
  master?: string,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw inRow(err, prefix, (f) => f !== master && meta.fields.some((x) => x.name === f));
  }
}

/** Bind parameters PostgreSQL allows in one statement is 65,535; stay below it whatever the field count. */
const MAX_PARAMS = 60_000;

/** Inserts one row (its problems under `at`) and logs its values as added; answers its key. */
export async function insertLoggedRow(
  tx: Db,
  d: WriteDeps,
  def: EntityDefinition,
  row: Row,
  at: string,
  foreignKey?: string,
): Promise<number> {
  const key = await asRowOf(at, def.meta, () => insertRow(tx, d, def, row), foreignKey);
  await logChanges(
    tx,
    d,
    def.meta,
    key,
    'add',
    writableEntries(def.meta, row).map(([f, v]) => [f.name, null, v]),
  );
  return key;
}

/**
 * Multi-row INSERT of validated rows with the engine columns stamped, in batches of up to `batch`
 * rows; a field a row leaves out takes the column default. Returns the keys in row order.
 */
export async function insertRows(
  tx: Db,
  d: WriteDeps,
  def: EntityDefinition,
  rows: Row[],
  batch = 1000,
): Promise<number[]> {
  const fields = def.meta.fields.filter(
    (f) => !f.readOnly && f.name !== def.meta.key && rows.some((r) => r[f.name] !== undefined),
  );
  const engine = ['tenant_id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'version'];
  const cols = [...fields.map((f) => columnId(f)), ...engine.map((c) => sql.identifier(c))];
  const stamp = [
    sql`${d.auth.tenantId}`,
    sql`${d.auth.userId}`,
    sql`${d.now}`,
    sql`${d.auth.userId}`,
    sql`${d.now}`,
    sql`1`,
  ];
  const size = Math.max(1, Math.min(batch, Math.floor(MAX_PARAMS / cols.length)));
  const keys: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const tuples = rows.slice(i, i + size).map((row) => {
      const values = fields.map((f) => (row[f.name] === undefined ? sql`default` : toSqlValue(f, row[f.name])));
      return sql`(${sql.join([...values, ...stamp], sql`, `)})`;
    });
    const created = await queryRows<{ key: number }>(
      tx,
      sql`insert into ${table(def.meta)} (${sql.join(cols, sql`, `)}) values ${sql.join(tuples, sql`, `)} returning ${keyColumn(def.meta)} as key`,
    );
    keys.push(...created.map((c) => c.key));
  }
  return keys;
}

export async function insertRow(tx: Db, d: WriteDeps, def: EntityDefinition, row: Row): Promise<number> {
  const [key] = await insertRows(tx, d, def, [row]);
  if (key === undefined) throw new Error('insert returned no key');
  return key;
}

/** One change-log row per imported record (the whole row as JSON), so a large import stays one write per batch. */
export async function logImported(tx: Db, d: WriteDeps, meta: EntityMeta, keys: number[], rows: Row[]) {
  for (let i = 0; i < keys.length; i += 1000) {
    const tuples = keys
      .slice(i, i + 1000)
      .map(
        (key, j) =>
          sql`(${d.auth.tenantId}, ${meta.name}, ${key}, 'import', '', null, ${logText(rows[i + j] ?? null)}, ${d.auth.userId}, ${d.now})`,
      );
    await tx.execute(
      sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, before, after, user_id, at) values ${sql.join(tuples, sql`, `)}`,
    );
  }
}

/** Sets the given fields, bumps the version and stamps who and when; the version compare makes it a compare-and-set. */
export async function updateRow(tx: Db, d: WriteDeps, def: EntityDefinition, key: number, version: number, row: Row) {
  const sets = writableEntries(def.meta, row).map(([f, v]) => sql`${columnId(f)} = ${toSqlValue(f, v)}`);
  sets.push(sql`updated_by = ${d.auth.userId}`, sql`updated_at = ${d.now}`, sql`version = version + 1`);
  const done = await queryRows(
    tx,
    sql`update ${table(def.meta)} t set ${sql.join(sets, sql`, `)} where t.${keyColumn(def.meta)} = ${key} and t.version = ${version} and ${d.scopeOf(def)} returning 1`,
  );
  if (done.length === 0) throw staleVersion();
}

/** The fields `after` sets to another value than `before` holds, as [field, before, after]. */
export const diff = (meta: EntityMeta, before: Row, after: Row): [string, unknown, unknown][] =>
  writableEntries(meta, after)
    .filter(([f, v]) => logText(before[f.name]) !== logText(v))
    .map(([f, v]) => [f.name, before[f.name], v]);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DesignField,
  ErrorCode,
  maxNameLength,
  reservedWords,
  suggestTableName,
  systemColumns,
  type TableDesign,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../config.ts';
import { type Db, queryRows } from '../db/client.ts';
import { AppError, badRequest } from '../http/errors.ts';

/**
 * Bringing a table of the main database in: a table no entity manages (one a DBA or another application
 * made, not the platform's own) is read into a design, field by column, to be edited and applied like any
 * other; the apply that creates the designed table copies the rows in (plan.ts, `copyRows`). The source is
 * only ever read.
 */

/** The tables the platform's migrations create: its own, never offered. Read once. */
const platformTables: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')))
    for (const m of readFileSync(path.join(migrationsFolder, file), 'utf8').matchAll(
      /CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_][a-z0-9_]*)"?/gi,
    ))
      if (m[1]) names.add(m[1].toLowerCase());
  return names;
})();

export type BringableTable = { table: string; rows: number; columns: number };

type Column = { name: string; type: string; notNull: boolean; primaryKey: boolean; unique: boolean };

/** The ordinary tables of the schema nothing of the platform manages, with their estimated rows and columns. */
async function unmanagedTables(db: Db, only?: string): Promise<BringableTable[]> {
  const managed = await managedTables(db);
  const rows = await queryRows<{ table: string; rows: number; columns: number; tenant: boolean }>(
    db,
    sql`SELECT c.relname AS "table", c.reltuples::bigint::int AS rows,
          (SELECT count(*)::int FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
          EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r'${only === undefined ? sql`` : sql` AND c.relname = ${only}`}
        ORDER BY c.relname`,
  );
  // A table with tenant_id is a tenant table of the platform's, whatever made it.
  return rows.filter((r) => !managed.has(r.table) && !r.tenant).map(({ tenant: _t, ...r }) => r);
}

/** The tables an admin may bring in, as the list offers them: a table never analysed (no estimate) is counted. */
export async function bringableTables(db: Db): Promise<BringableTable[]> {
  const offered = await unmanagedTables(db);
  for (const r of offered)
    if (r.rows < 0)
      r.rows =
        (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(r.table)}`))[0]?.n ?? 0;
  return offered;
}

/** Whether the table may be brought in: one catalogue read, no rows counted. */
const isBringable = async (db: Db, table: string) => (await unmanagedTables(db, table)).length > 0;

/**
 * The platform's tables: its migrations', the built-in entities' made from their definitions, the designs'.
 * (Every built-in entity's table is one of the first two.)
 */
async function managedTables(db: Db): Promise<Set<string>> {
  const designed = await queryRows<{ t: string }>(db, sql`SELECT table_name AS t FROM table_designs`);
  const made = await queryRows<{ t: string }>(db, sql`SELECT table_name AS t FROM entity_tables`);
  return new Set([...platformTables, ...designed.map((r) => r.t), ...made.map((r) => r.t)]);
}

/** The table is one an admin may bring in (checked when a design naming it is saved and applied). */
export async function checkBringable(db: Db, table: string): Promise<void> {
  if (!(await isBringable(db, table)))
    throw badRequest('The design has errors', { source: 'names no table that may be brought in' });
}

/** snake_case → camelCase, the designer's field name for a column. */
const camel = (column: string) => column.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The field a column's type becomes, or null for a type the designer has no field for. */
function fieldOfType(type: string): Pick<DesignField, 'type' | 'length' | 'precision' | 'scale' | 'intSize'> | null {
  const varchar = /^character varying\((\d+)\)$|^character\((\d+)\)$/.exec(type);
  if (varchar) {
    const length = Number(varchar[1] ?? varchar[2]);
    return length <= 4000 ? { type: 'string', length } : { type: 'text' };
  }
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(type);
  if (numeric) return { type: 'decimal', precision: Number(numeric[1]), scale: Number(numeric[2]) };
  switch (type) {
    case 'character varying':
    case 'text':
      return { type: 'text' };
    case 'uuid':
      return { type: 'string', length: 36 };
    case 'smallint':
      return { type: 'integer', intSize: 'int2' };
    case 'integer':
      return { type: 'integer' };
    case 'bigint':
      return { type: 'integer', intSize: 'int8' };
    case 'numeric':
    case 'real':
    case 'double precision':
      return { type: 'decimal', precision: 30, scale: 6 };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'date' };
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return { type: 'datetime' };
    case 'time without time zone':
      return { type: 'time' };
    case 'json':
    case 'jsonb':
      return { type: 'json' };
    default:
      return null;
  }
}

/** Words of a snake_case name, capitalised: `asset_tag` → "Asset tag". */
const words = (name: string) => {
  const text = name.replace(/_+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The design a table brings in: every column a field of the type it holds (the text labels both languages
 * until someone writes the Chinese), NOT NULL required, a one-column unique key unique; an integer `id` key
 * is kept as the rows' id. Columns of a type the designer has no field for, and the engine's own column
 * names, stay behind (named in `skipped`). Nothing is saved: the editor opens with it.
 */
export async function introspectTable(
  db: Db,
  table: string,
  tenant: number,
): Promise<{ design: TableDesign; skipped: string[] }> {
  if (!(await isBringable(db, table)))
    throw new AppError(404, ErrorCode.notFound, 'No such table that may be brought in');
  const columns = await queryRows<Column>(
    db,
    sql`SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull",
          EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND i.indnatts = 1
                  AND i.indkey[0] = a.attnum) AS "primaryKey",
          EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisunique AND i.indnatts = 1
                  AND i.indkey[0] = a.attnum AND i.indpred IS NULL) AS "unique"
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relname = ${table} AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
  );
  const idColumn = columns.find((c) => c.name === 'id');
  const keepIds = idColumn?.primaryKey === true && /^(smallint|integer)$/.test(idColumn.type);
  const fields: DesignField[] = [];
  const copied: Record<string, string> = {};
  const skipped: string[] = [];
  const taken = new Set<string>();
  for (const c of columns) {
    if (c.name === 'id' && keepIds) continue;
    const shape = fieldOfType(c.type);
    let name = camel(c.name);
    // A name the designer refuses (an SQL word, the engine's own columns) gets a suffix; one past repair stays.
    if (reservedWords.has(name.toLowerCase()) || reservedWords.has(c.name) || systemColumns.has(c.name))
      name = `${name}Value`;
    if (!shape || !/^[a-z][A-Za-z0-9]*$/.test(name) || name.length > maxNameLength || taken.has(name.toLowerCase())) {
      skipped.push(c.name);
      continue;
    }
    taken.add(name.toLowerCase());
    const id = `c${fields.length + 1}`;
    const label = words(c.name);
    fields.push({
      id,
      name,
      label: { en: label, zh: label },
      ...shape,
      ...(c.notNull ? { required: true } : {}),
      ...(c.unique && (shape.type === 'string' || shape.type === 'integer') ? { unique: true } : {}),
      ...(shape.type === 'string' || shape.type === 'integer' || shape.type === 'date' ? { sortable: true } : {}),
    } as DesignField);
    copied[id] = c.name;
  }
  if (fields.length === 0)
    throw badRequest('The table has no column the designer can bring in', { table: 'no column' });
  const entity = singularPascal(table);
  const suggested = suggestTableName(entity);
  return {
    design: {
      name: entity,
      table: suggested === table ? `${table}_data`.slice(0, maxNameLength) : suggested,
      label: { en: words(table), zh: words(table) },
      folder: null,
      description: `Brought in from the table ${table}`.slice(0, 500),
      softDelete: false,
      audit: false,
      scope: {},
      indexes: [],
      master: null,
      source: { table, tenant, columns: copied, keepIds },
      fields,
    },
    skipped,
  };
}

/** `legacy_assets` → `LegacyAsset`: the entity a table's rows are, within the name's limit. */
function singularPascal(table: string): string {
  const pascal = table
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
    .replace(/[^A-Za-z0-9]/g, '');
  const singular = pascal.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '');
  const name = /^[A-Z]/.test(singular) ? singular : `T${singular}`;
  return name.slice(0, maxNameLength);
}

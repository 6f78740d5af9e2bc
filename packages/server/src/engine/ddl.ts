import { columnOf, type EntityMeta, type FieldMeta, isCalendarDate } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A table's DDL, generated from its entity definition (ARCHITECTURE §4): the columns of its fields, the
 * system columns every engine table carries, its key, foreign keys, indexes leading with tenant_id, forced
 * row-level security and the grants. Identifiers come only from validated metadata and are quoted by
 * sql.identifier; DDL takes no bound parameters, so the one kind of value it holds (a column default) is
 * written by `literal`, which accepts only values of the column's type.
 */

const id = (name: string) => sql.identifier(name);

/** PostgreSQL's limit on an identifier; an index name longer than this would be cut silently. */
export const maxIdentifierLength = 63;

/** The SQL type of a field's column. */
export function columnType(f: FieldMeta): SQL {
  switch (f.type) {
    case 'string':
      return sql.raw(`varchar(${f.length ?? 200})`);
    case 'dict':
      return sql.raw(`varchar(${f.length ?? 50})`);
    case 'file':
    case 'image':
      return sql.raw(`varchar(${f.length ?? 500})`);
    case 'text':
    case 'richText':
      return sql.raw('text');
    case 'integer':
      return sql.raw({ int2: 'smallint', int4: 'integer', int8: 'bigint' }[f.intSize ?? 'int4']);
    case 'reference':
      return sql.raw('integer');
    case 'decimal':
      return sql.raw(`numeric(${f.precision ?? 18}, ${f.scale ?? 2})`);
    case 'boolean':
      return sql.raw('boolean');
    case 'date':
      return sql.raw('date');
    case 'datetime':
      return sql.raw('timestamp with time zone');
    case 'time':
      return sql.raw('time without time zone');
    case 'dictMulti':
      return sql.raw('text[]');
    case 'json':
      return sql.raw('jsonb');
  }
}

/**
 * A default as an SQL literal of the column's type, or an error naming the field: a number must be finite,
 * a date a real calendar date, text is quoted with its quotes doubled (standard_conforming_strings is on in
 * every supported PostgreSQL, so a backslash is just a character).
 */
export function literal(f: FieldMeta, value: unknown): SQL {
  const refuse = (): never => {
    throw new Error(`${f.name}: default ${JSON.stringify(value)} is not a ${f.type}`);
  };
  const quoted = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);
  switch (f.type) {
    case 'integer':
    case 'reference':
      return typeof value === 'number' && Number.isSafeInteger(value) ? sql.raw(String(value)) : refuse();
    case 'decimal':
      // Decimals travel as strings (no float rounding); metadata writes their defaults the same way.
      if (typeof value === 'string' && /^-?\d{1,30}(\.\d{1,18})?$/.test(value)) return sql.raw(value);
      return typeof value === 'number' && Number.isFinite(value) ? sql.raw(String(value)) : refuse();
    case 'boolean':
      return typeof value === 'boolean' ? sql.raw(String(value)) : refuse();
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? quoted(value) : refuse();
    case 'dictMulti':
    case 'json':
      return refuse();
    default:
      return typeof value === 'string' && !value.includes('\0') ? quoted(value) : refuse();
  }
}

/** Whether the table gets an index for the field: it is sorted on, searched, unique or a reference. */
const indexed = (meta: EntityMeta, f: FieldMeta) =>
  f.name !== meta.key &&
  (f.sortable === true || f.search !== undefined || f.type === 'reference' || meta.defaultSort.field === f.name);

/** An index name for the table and columns, within PostgreSQL's limit. */
export function indexName(table: string, ...columns: string[]): string {
  const name = [table, ...columns].join('_');
  if (name.length > maxIdentifierLength) throw new Error(`${name}: an index name longer than ${maxIdentifierLength}`);
  return name;
}

/**
 * The statements that create an entity's table, in order, each one statement. A `reference` field gets a
 * foreign key to the referenced table's id; the table is a tenant table like every other (ADR 0005):
 * tenant_id not null, row-level security forced, the app role's grants, and the admin-written SQL role
 * reads it as the tenant it runs for (ADR 0004).
 */
export function createTableStatements(meta: EntityMeta): SQL[] {
  const table = id(meta.table);
  const key = meta.fields.find((f) => f.name === meta.key);
  if (key?.type !== 'integer') throw new Error(`${meta.name}: the key must be an integer field`);
  const columns: SQL[] = [sql`${id(columnOf(key))} serial PRIMARY KEY`];
  for (const f of meta.fields) {
    if (f === key) continue;
    const parts: SQL[] = [sql`${id(columnOf(f))} ${columnType(f)}`];
    if (f.default !== undefined && f.default !== null) parts.push(sql`DEFAULT ${literal(f, f.default)}`);
    if (f.required) parts.push(sql`NOT NULL`);
    if (f.type === 'reference' && f.reference) parts.push(sql`REFERENCES ${id(f.reference.table)}("id")`);
    columns.push(sql.join(parts, sql` `));
  }
  if (meta.audit)
    columns.push(
      sql`"audit_status" smallint DEFAULT 0 NOT NULL`,
      sql`"audit_reason" varchar(500)`,
      sql`"audited_by" integer REFERENCES "users"("id")`,
      sql`"audited_at" timestamp with time zone`,
    );
  columns.push(
    sql`"tenant_id" integer NOT NULL REFERENCES "tenants"("id")`,
    sql`"created_by" integer REFERENCES "users"("id")`,
    sql`"created_at" timestamp with time zone DEFAULT now() NOT NULL`,
    sql`"updated_by" integer REFERENCES "users"("id")`,
    sql`"updated_at" timestamp with time zone DEFAULT now() NOT NULL`,
    sql`"version" integer DEFAULT 1 NOT NULL`,
  );
  if (meta.softDelete) columns.push(sql`"deleted_at" timestamp with time zone`);

  const statements: SQL[] = [sql`CREATE TABLE ${table} (${sql.join(columns, sql`, `)})`];
  const live = meta.softDelete ? sql` WHERE "deleted_at" IS NULL` : sql``;
  for (const f of meta.fields) {
    if (f === key) continue;
    const column = columnOf(f);
    if (f.unique)
      statements.push(
        sql`CREATE UNIQUE INDEX ${id(indexName(meta.table, column, 'key'))} ON ${table} ("tenant_id", ${id(column)})${live}`,
      );
    else if (indexed(meta, f))
      statements.push(sql`CREATE INDEX ${id(indexName(meta.table, column))} ON ${table} ("tenant_id", ${id(column)})`);
  }
  const tenantOfSetting = sql`nullif(current_setting('app.tenant_id', true), '')::integer`;
  const tenantOfSqlRole = sql`(SELECT b.tenant_id FROM sql_tenant_roles b WHERE b.role_name = current_user)`;
  statements.push(
    sql`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    sql`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    sql`CREATE POLICY tenant_isolation ON ${table} USING (tenant_id = ${tenantOfSetting}) WITH CHECK (tenant_id = ${tenantOfSetting})`,
    sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO trestle_app`,
    sql`GRANT USAGE, SELECT ON SEQUENCE ${id(`${meta.table}_${columnOf(key)}_seq`)} TO trestle_app`,
    sql`GRANT SELECT ON ${table} TO trestle_sql`,
    sql`CREATE POLICY sql_tenant ON ${table} FOR SELECT TO trestle_sql USING (tenant_id = ${tenantOfSqlRole})`,
    sql`CREATE POLICY sql_tenant_only ON ${table} AS RESTRICTIVE FOR SELECT TO trestle_sql USING (tenant_id = ${tenantOfSqlRole})`,
  );
  return statements;
}

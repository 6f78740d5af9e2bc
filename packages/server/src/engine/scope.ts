import {
  columnOf,
  conditionProblems,
  type EntityMeta,
  type FieldMeta,
  type FilterCondition,
  type ScopeRule,
  type ScopeVariable,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { containing } from '../db/like.ts';
import type { AuthContext } from '../http/auth.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { col, fieldNamed } from './query.ts';
import { toSqlValue } from './values.ts';

/** Who a rule is evaluated for: the caller, or the user an explanation is about. */
export type ScopeSubject = { userId: number; tenantId: number; organizationId: number | null };

/**
 * The one condition every engine path applies (list, detail, export, import, update, delete, audit,
 * pickers): the caller's tenant, not soft-deleted, within the data scope, and the entity's own filter.
 */
export function scopeWhere(def: EntityDefinition, auth: AuthContext): SQL {
  const parts = [sql`t.tenant_id = ${auth.tenantId}`];
  if (def.meta.softDelete) parts.push(sql`t.deleted_at is null`);
  const scoped = dataScopeCondition(def.meta, auth);
  if (scoped) parts.push(scoped);
  if (def.filter) parts.push(def.filter(auth));
  return sql.join(parts, sql` and `);
}

/** The rule a role applies to an entity: its own rule, else its default. */
export const effectiveRule = (role: AuthContext['dataScope']['roles'][number], entity: string): ScopeRule =>
  role.rules[entity] ?? { scope: role.default, organizationIds: [], filter: null };

/**
 * The union of the caller's roles on this entity: null when a role sees every row (any 'all' wins),
 * `false` for a user without roles (deny by default).
 */
export function dataScopeCondition(meta: EntityMeta, auth: AuthContext): SQL | null {
  const subject = { userId: auth.userId, tenantId: auth.tenantId, organizationId: auth.dataScope.organizationId };
  const conditions: SQL[] = [];
  for (const role of auth.dataScope.roles) {
    const condition = ruleCondition(meta, effectiveRule(role, meta.name), subject);
    if (condition === null) return null;
    conditions.push(condition);
  }
  if (conditions.length === 0) return sql`false`;
  return sql`(${sql.join(conditions, sql` or `)})`;
}

const organizationColumn = (meta: EntityMeta): SQL | null => {
  const f = meta.scope.organization ? fieldNamed(meta, meta.scope.organization) : undefined;
  return f ? col(f) : null;
};

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * One rule as SQL on the row alias `t`; null for 'all'. Identifiers come only from the metadata, values
 * are parameters. A rule the entity no longer supports (a field removed since) matches nothing.
 */
export function ruleCondition(meta: EntityMeta, rule: ScopeRule, s: ScopeSubject): SQL | null {
  const orgCol = organizationColumn(meta);
  switch (rule.scope) {
    case 'all':
      return null;
    case 'own': {
      const owner = meta.scope.owner ? fieldNamed(meta, meta.scope.owner) : undefined;
      return sql`t.${sql.identifier(owner ? columnOf(owner) : 'created_by')} = ${s.userId}`;
    }
    case 'organization':
      return orgCol && s.organizationId !== null ? sql`${orgCol} = ${s.organizationId}` : sql`false`;
    case 'organizationTree':
      if (!orgCol || s.organizationId === null) return sql`false`;
      // `union` (not `union all`) stops at a cycle in a badly edited tree.
      return sql`${orgCol} in (with recursive tree(id) as (
        select o.id from organizations o where o.id = ${s.organizationId} and o.tenant_id = ${s.tenantId}
        union select o.id from organizations o join tree on o.parent_id = tree.id where o.tenant_id = ${s.tenantId}
      ) select id from tree)`;
    case 'organizations':
      return orgCol && rule.organizationIds.length ? sql`${orgCol} in (${list(rule.organizationIds)})` : sql`false`;
    case 'projects': {
      const f = meta.scope.project ? fieldNamed(meta, meta.scope.project) : undefined;
      if (!f) return sql`false`;
      return sql`${col(f)} in (select pm.project_id from project_members pm where pm.tenant_id = ${s.tenantId} and pm.user_id = ${s.userId})`;
    }
    case 'custom': {
      const conditions = rule.filter?.conditions.map((c) => customCondition(meta, c, s)) ?? [];
      if (conditions.length === 0) return sql`false`;
      return sql`(${sql.join(conditions, rule.filter?.match === 'any' ? sql` or ` : sql` and `)})`;
    }
  }
}

function variableValue(v: ScopeVariable, s: ScopeSubject): SQL {
  if (v === 'currentUser') return sql`${s.userId}::integer`;
  if (v === 'currentOrganization') return sql`${s.organizationId}::integer`;
  return sql`current_date`;
}

const comparators = { eq: sql`=`, ne: sql`<>`, gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` } as const;

function customCondition(meta: EntityMeta, c: FilterCondition, s: ScopeSubject): SQL {
  const f = fieldNamed(meta, c.field);
  if (!f || Object.keys(conditionProblems(meta.fields, c)).length) return sql`false`;
  return conditionOn(col(f), f, c, s);
}

/**
 * One filter condition on `column`, read as the field `f`: the data permission's custom conditions, and the
 * BI designer's filters on a dataset field (a joined entity's column, a calculation). The condition must
 * already be sound for `f` (conditionProblems): values are parameters, typed as the field's.
 */
export function conditionOn(column: SQL, f: Pick<FieldMeta, 'type'>, c: FilterCondition, s: ScopeSubject): SQL {
  switch (c.op) {
    case 'isNull':
      return sql`${column} is null`;
    case 'notNull':
      return sql`${column} is not null`;
    case 'like': {
      return sql`${column}::text ilike ${containing(String(c.value))}`;
    }
    case 'in': {
      const values = Array.isArray(c.value) ? c.value : [];
      return sql`${column} in (${sql.join(
        values.map((v) => toSqlValue(f, v)),
        sql`, `,
      )})`;
    }
    default: {
      const operand = c.variable ? variableValue(c.variable, s) : toSqlValue(f, c.value);
      return sql`${column} ${comparators[c.op]} ${operand}`;
    }
  }
}

/**
 * Import: the positions of `rows` the caller could not see once written. The rows are evaluated as
 * values of the table's own row type, so the very condition of scopeWhere applies and nothing is written
 * (the key is not known yet: a rule on it sees null; a column left out sees null, not its default).
 */
export async function rowsOutsideScope(db: Db, def: EntityDefinition, auth: AuthContext, rows: Row[]) {
  if (rows.length === 0 || dataScopeCondition(def.meta, auth) === null) return [];
  const records = rows.map((row) => {
    const record: Record<string, unknown> = { tenant_id: auth.tenantId, created_by: auth.userId };
    for (const f of def.meta.fields) if (row[f.name] !== undefined) record[columnOf(f)] = row[f.name];
    return record;
  });
  const outside = await queryRows<{ i: number }>(
    db,
    sql`select (t.ordinality - 1)::int as i from jsonb_populate_recordset(null::${sql.identifier(def.meta.table)}, ${JSON.stringify(records)}::jsonb) with ordinality t where (${scopeWhere(def, auth)}) is not true`,
  );
  return outside.map((r) => r.i);
}

/**
 * Import updates: the positions of `patches` whose stored row, once the patch is applied, the caller could
 * no longer see. Each row is overlaid with its patch inside the query (jsonb_populate_record over the row
 * itself), so the very condition of scopeWhere sees every column as the write would leave it.
 */
export async function updatesOutsideScope(
  db: Db,
  def: EntityDefinition,
  auth: AuthContext,
  patches: { key: number; row: Row }[],
) {
  if (patches.length === 0) return [];
  const key = fieldNamed(def.meta, def.meta.key);
  if (!key) throw new Error(`${def.meta.name}: no key field`);
  const records = patches.map(({ key: k, row }) => {
    const record: Record<string, unknown> = { [columnOf(key)]: k };
    for (const f of def.meta.fields)
      if (row[f.name] !== undefined && f.name !== key.name) record[columnOf(f)] = row[f.name];
    return record;
  });
  const outside = await queryRows<{ i: number }>(
    db,
    sql`select (p.i - 1)::int as i
        from jsonb_array_elements(${JSON.stringify(records)}::jsonb) with ordinality p(patch, i)
        join ${sql.identifier(def.meta.table)} s on s.${sql.identifier(columnOf(key))} = (p.patch ->> ${columnOf(key)})::bigint
        cross join lateral jsonb_populate_record(s, p.patch) t
        where (${scopeWhere(def, auth)}) is not true`,
  );
  return outside.map((r) => r.i);
}

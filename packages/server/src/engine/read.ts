import { columnOf, type EntityMeta, type FieldMeta, type PageResult, type pageRequestSchema } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Db, queryRows, renderedStatement } from '../db/client.ts';
import { currentTenant } from '../db/tenant.ts';
import type { Language } from '../http/language.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { and, col, compileSort, compileWheres, selectExpr } from './query.ts';
import { referenceLabel } from './references.ts';

type PageRequest = z.output<typeof pageRequestSchema>;

/**
 * The count strategy (docs/performance.md). A page that is not full already tells the exact total.
 * Otherwise the planner's estimate comes first (no rows read): past ESTIMATE_TRUSTED it is answered as
 * "about N"; below it, at most COUNT_CAP + 1 matching rows are counted, exact when under the cap.
 * exactTotal asks for a full count.
 */
export const COUNT_CAP = 10_000;
const ESTIMATE_TRUSTED = 10 * COUNT_CAP;

const table = (meta: EntityMeta) => sql.identifier(meta.table);
const dialect = new PgDialect();

const compiled = new WeakMap<EntityMeta, Map<Language, string>>();

/**
 * The select list: every field, reference labels (in the reader's language where the referenced table
 * has a Chinese name), and the engine's own columns. It depends on the metadata and the language alone,
 * so it is built and rendered to text once per entity and language (identifiers quoted then).
 */
export const selectList = (meta: EntityMeta, lang: Language = 'en'): SQL => sql.raw(selectListText(meta, lang));

function selectListText(meta: EntityMeta, lang: Language): string {
  let lists = compiled.get(meta);
  if (!lists) {
    lists = new Map();
    compiled.set(meta, lists);
  }
  let list = lists.get(lang);
  if (list === undefined) {
    const query = dialect.sqlToQuery(buildSelectList(meta, lang));
    if (query.params.length) throw new Error(`${meta.name}: the select list must not carry parameters`);
    list = query.sql;
    lists.set(lang, list);
  }
  return list;
}

/** Page statements kept per entity and language, by filter text and order; past this many a map starts over. */
const PAGE_TEXTS_KEPT = 500;
const pageTexts = new WeakMap<EntityMeta, Map<string, string>>();

/**
 * The page read for a filter and an order, rendered to text: the filter and the order alone are rendered per
 * request (a few fragments); the statement around them, with the select list, is put together once per
 * entity, language, filter text and order, so each request hands the driver the same text (PostgreSQL's
 * prepared statement, per connection, matches it). Limit and offset are the last two parameters.
 */
function pageStatement(meta: EntityMeta, lang: Language, where: SQL, order: SQL, limit: number, offset: number): SQL {
  const filter = dialect.sqlToQuery(where);
  const sorted = dialect.sqlToQuery(order);
  if (sorted.params.length) throw new Error(`${meta.name}: an order must not carry parameters`);
  let texts = pageTexts.get(meta);
  if (!texts) {
    texts = new Map();
    pageTexts.set(meta, texts);
  }
  const key = `${lang}\u0000${filter.sql}\u0000${sorted.sql}`;
  let text = texts.get(key);
  if (text === undefined) {
    const n = filter.params.length;
    text = dialect.sqlToQuery(
      sql`select ${sql.raw(selectListText(meta, lang))} from ${table(meta)} t where ${sql.raw(filter.sql)} order by ${sql.raw(sorted.sql)} limit ${sql.raw(`$${n + 1}`)} offset ${sql.raw(`$${n + 2}`)}`,
    ).sql;
    if (texts.size >= PAGE_TEXTS_KEPT) texts.clear();
    texts.set(key, text);
  }
  return renderedStatement(text, [...filter.params, limit, offset]);
}

function buildSelectList(meta: EntityMeta, lang: Language): SQL {
  const parts = meta.fields.map((f) => sql`${selectExpr(f)} as ${sql.identifier(f.name)}`);
  for (const f of meta.fields.filter((x) => x.type === 'reference' && x.reference)) {
    const ref = f.reference as NonNullable<FieldMeta['reference']>;
    // Labels come from the same tenant only, so a reference can never reveal another tenant's row.
    parts.push(
      sql`(select ${referenceLabel(ref, 'r', lang)} from ${sql.identifier(ref.table)} r where r.id = ${col(f)} and r.tenant_id = t.tenant_id) as ${sql.identifier(`${f.name}Label`)}`,
    );
  }
  parts.push(sql`t.version as "version"`);
  parts.push(sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`);
  parts.push(sql`to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`);
  parts.push(sql`(select u.user_true_name from users u where u.id = t.created_by) as "createdByName"`);
  parts.push(sql`(select u.user_true_name from users u where u.id = t.updated_by) as "updatedByName"`);
  if (meta.audit) {
    parts.push(sql`t.audit_status as "auditStatus"`, sql`t.audit_reason as "auditReason"`);
    // Who last submitted it: the screen hides Approve from them where submitters may not approve. The
    // entity name is a literal of the select list, rendered once: the metadata allows letters and digits only.
    const key = meta.fields.find((f) => f.name === meta.key);
    if (key && /^[A-Z][A-Za-z0-9]*$/.test(meta.name))
      parts.push(
        sql`(select a.user_id from approval_log a where a.tenant_id = t.tenant_id and a.entity = ${sql.raw(`'${meta.name}'`)}
          and a.entity_key = ${col(key)} and a.action = 'submit' order by a.at desc, a.id desc limit 1) as "submittedBy"`,
      );
  }
  return sql.join(parts, sql`, `);
}

/** How long the planner's estimate for one filter is reused, and for how many filters at most. */
const ESTIMATE_MS = 5_000;
const ESTIMATES_KEPT = 1_000;
const estimates = new Map<string, { rows: number; at: number }>();

/**
 * The planner's estimate of the rows `where` matches, reused for ESTIMATE_MS per tenant and exact filter
 * (text and values, the caller's data scope among them): paging through one filter asks the planner once.
 * It is an estimate ("about N") either way; the tenant in the key keeps one tenant's counts from another.
 */
async function estimate(db: Db, meta: EntityMeta, where: SQL): Promise<number> {
  const query = sql`explain (format json) select 1 from ${table(meta)} t where ${where}`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const key = `${currentTenant()}|${text}|${JSON.stringify(params)}`;
  const kept = estimates.get(key);
  if (kept && Date.now() - kept.at < ESTIMATE_MS) return kept.rows;
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(db, query);
  const rows = Math.round(plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(key, { rows, at: Date.now() });
  return rows;
}

async function countRows(
  db: Db,
  meta: EntityMeta,
  where: SQL,
  exact: boolean,
  seen: number,
): Promise<{ total: number; totalExact: boolean }> {
  if (exact) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${table(meta)} t where ${where}`,
    );
    return { total: row?.n ?? 0, totalExact: true };
  }
  const planned = await estimate(db, meta, where);
  // Never say "about N" below what the pages so far have shown.
  if (planned > ESTIMATE_TRUSTED) return { total: Math.max(planned, seen), totalExact: false };
  const [capped] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${table(meta)} t where ${where} limit ${COUNT_CAP + 1}) s`,
  );
  const n = capped?.n ?? 0;
  return n <= COUNT_CAP ? { total: n, totalExact: true } : { total: Math.max(planned, n), totalExact: false };
}

/** Totals of the summary fields over the whole filter; only when the count was exact (a bounded scan). */
async function summarise(db: Db, meta: EntityMeta, where: SQL): Promise<PageResult['summary']> {
  const fields = meta.fields.filter((f) => f.summary);
  if (fields.length === 0) return null;
  const fn = { sum: sql`sum`, avg: sql`avg`, count: sql`count` };
  const parts = fields.map((f) => {
    const agg = sql`${fn[f.summary ?? 'sum']}(${col(f)})`;
    return sql`${f.summary === 'count' ? sql`${agg}::int` : sql`round(${agg}, ${f.scale ?? 2})::text`} as ${sql.identifier(f.name)}`;
  });
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select ${sql.join(parts, sql`, `)} from ${table(meta)} t where ${where}`,
  );
  return row ?? null;
}

/** A page as a reader in `lang` sees it: the entity's `present` applied to each row. */
export const presentPage = (def: EntityDefinition, page: PageResult, lang: Language): PageResult =>
  def.present ? { ...page, rows: page.rows.map((r) => def.present?.(r, lang) ?? r) } : page;

export async function pageData(
  db: Db,
  meta: EntityMeta,
  scope: SQL,
  req: PageRequest,
  extra: SQL[] = [],
  lang: Language = 'en',
): Promise<PageResult> {
  const where = and([scope, ...extra, ...compileWheres(meta, req.wheres)]);
  const order = compileSort(meta, req.sort, req.order);
  const offset = (req.page - 1) * req.rows;
  // One row more than the page tells whether another page exists, without counting.
  const rows = await queryRows<Row>(db, pageStatement(meta, lang, where, order, req.rows + 1, offset));
  const more = rows.length > req.rows;
  if (more) rows.pop();
  const seen = offset + rows.length;
  if (!more && (rows.length > 0 || offset === 0)) {
    // The last page: the total is known without counting.
    return {
      rows,
      total: seen,
      totalExact: true,
      summary: seen <= COUNT_CAP ? await summarise(db, meta, where) : null,
    };
  }
  if (!req.count && !req.exactTotal) return { rows, total: seen + 1, totalExact: false, summary: null };
  const { total, totalExact } = await countRows(db, meta, where, req.exactTotal, seen + 1);
  const summary = totalExact ? await summarise(db, meta, where) : null;
  return { rows, total, totalExact, summary };
}

/** Rows by key within the scope, for update, delete, audit and export-by-selection. */
export async function rowsByKeys(db: Db, meta: EntityMeta, scope: SQL, keys: number[], lock = false): Promise<Row[]> {
  const key = meta.fields.find((f) => f.name === meta.key);
  if (!key || keys.length === 0) return [];
  const ids = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  return queryRows<Row>(
    db,
    sql`select ${selectList(meta)} from ${table(meta)} t where ${scope} and t.${sql.identifier(columnOf(key))} in (${ids})${lock ? sql` for update of t` : sql``}`,
  );
}

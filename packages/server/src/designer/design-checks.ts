import { columnOf, type EntityMeta, type TableDesign, tableDesignSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { cleanRichText } from '../engine/rich-text.ts';
import { badRequest } from '../http/errors.ts';
import { conflict, readDesign } from './design-rows.ts';
import { checkBringable } from './introspect.ts';
import { planMigration } from './plan.ts';

/** A design as typed, checked: 400 with a message per field (`fields.2.name`) when any is wrong. */
export function parseDesign(raw: unknown): TableDesign {
  const parsed = tableDesignSchema.safeParse(raw);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
    throw badRequest('The design has errors', fieldErrors);
  }
  // What only the whole definition and its DDL can tell (a fill naming no field, a default not of its type,
  // an index name past PostgreSQL's limit) is refused here too, on its field, never at apply as a 500.
  const design = withStoredDefaults(parsed.data);
  try {
    planMigration(null, design, 1);
  } catch (error) {
    if (error instanceof z.ZodError) {
      for (const issue of error.issues) {
        const [head, index, ...rest] = issue.path;
        // The definition puts the key first: its field i is the design's field i - 1.
        const path = head === 'fields' && typeof index === 'number' ? ['fields', index - 1, ...rest] : issue.path;
        fieldErrors[path.join('.') || '_'] ??= issue.message;
      }
    } else {
      const message = error instanceof Error ? error.message : String(error);
      const at = design.fields.findIndex(
        (f) => message.startsWith(`${f.name}: `) || message.includes(`_${columnOf(f)}_`),
      );
      fieldErrors[at >= 0 ? `fields.${at}.${message.includes('default') ? 'default' : 'name'}` : 'table'] = message;
    }
    throw badRequest('The design has errors', fieldErrors);
  }
  return design;
}

/**
 * A rich-text field's default becomes the column's DEFAULT and the new-record form's first value: it is
 * stored as the sanitiser leaves it, like any value written into that column (400 on the default when too long).
 */
function withStoredDefaults(design: TableDesign): TableDesign {
  const fieldErrors: Record<string, string> = {};
  const fields = design.fields.map((f, i) => {
    if (f.type !== 'richText' || typeof f.default !== 'string') return f;
    const { html, problem } = cleanRichText({ length: f.length }, f.default);
    if (problem) fieldErrors[`fields.${i}.default`] = problem;
    return { ...f, default: html };
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest('The design has errors', fieldErrors);
  return { ...design, fields };
}

/**
 * A brought-in design's source: a table that may still be brought in (no entity or design took it since),
 * with every column the fields are copied from, an integer id when its ids are kept, and a tenant that
 * exists. 400 on `source` otherwise.
 */
export async function checkSource(db: Db, design: TableDesign) {
  const source = design.source;
  if (!source) return;
  await checkBringable(db, source.table);
  const columns = await queryRows<{ name: string; type: string }>(
    db,
    sql`SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relname = ${source.table} AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const has = new Map(columns.map((c) => [c.name, c.type]));
  const missing = Object.values(source.columns).find((c) => !has.has(c));
  if (missing !== undefined)
    throw badRequest('The design has errors', { source: `${source.table} has no column ${missing}` });
  if (source.keepIds && !/^(smallint|integer)$/.test(has.get('id') ?? ''))
    throw badRequest('The design has errors', { source: `${source.table} has no integer id to keep` });
  const tenant = await queryRows(db, sql`SELECT 1 FROM tenants WHERE id = ${source.tenant}`);
  if (tenant.length === 0) throw badRequest('The design has errors', { source: 'names no tenant' });
}

/**
 * An entity or table name another design, a built-in table or any relation of the schema already has, or an
 * entity name a menu other than the design's own has as its code (the screen's entry takes that code).
 */
export async function refuseTakenNames(db: Db, design: TableDesign, designId: number | null) {
  const fieldErrors: Record<string, string> = {};
  const own = designId === null ? null : await readDesign(db, designId);
  const others = await queryRows<{ name: string; table_name: string }>(
    db,
    sql`SELECT name, table_name FROM table_designs WHERE id IS DISTINCT FROM ${designId}
        AND (lower(name) = lower(${design.name}) OR table_name = ${design.table})`,
  );
  if (others.some((o) => o.name.toLowerCase() === design.name.toLowerCase()))
    fieldErrors.name = 'used by another table design';
  if (others.some((o) => o.table_name === design.table)) fieldErrors.table = 'used by another table design';
  if (!fieldErrors.name) {
    // Codes are matched without case, as routes are: `Vehicle` would answer for a menu `vehicle`.
    const menus = await queryRows<{ code: string }>(
      db,
      sql`SELECT code FROM menus WHERE lower(code) = lower(${design.name})`,
    );
    if (menus.some((m) => m.code !== own?.applied?.name)) fieldErrors.name = 'used by a menu';
  }
  if (!fieldErrors.table && own?.applied?.table !== design.table) {
    const existing = await queryRows(
      db,
      sql`SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = ${design.table}`,
    );
    if (existing.length > 0) fieldErrors.table = 'a table of that name exists';
  }
  if (Object.keys(fieldErrors).length > 0) throw badRequest('The design has errors', fieldErrors);
}

/**
 * A detail table's master: another design, not a detail itself (one level, as the form edits it), whose
 * table the link field references; and a design that other designs name as master is not made a detail.
 */
export function checkMaster(design: TableDesign, others: readonly TableDesign[]) {
  if (!design.master) return;
  const fieldErrors: Record<string, string> = {};
  const master = others.find((d) => d.name === design.master?.entity);
  const at = design.fields.findIndex((f) => f.name === design.master?.field);
  if (!master) fieldErrors['master.entity'] = 'names no table design';
  else if (master.master) fieldErrors['master.entity'] = 'is a detail table itself';
  else if (design.fields[at]?.reference?.table !== master.table)
    fieldErrors[`fields.${at}.reference.table`] = `the link to the master references ${master.table}`;
  if (others.some((d) => d.master?.entity === design.name)) fieldErrors.master = 'other tables are details of this one';
  if (Object.keys(fieldErrors).length > 0) throw badRequest('The design has errors', fieldErrors);
}

/**
 * A reference points at an entity's table — a built-in one or another design's — and labels and searches
 * its rows by that entity's own fields: never at a table no entity serves (the sessions, the designs) nor by
 * a column no screen shows (a password hash). The user and organisation kinds point where their kind says.
 */
export function checkReferences(design: TableDesign, others: readonly TableDesign[], builtIns: readonly EntityMeta[]) {
  const columnsOf = new Map<string, Set<string>>();
  for (const meta of builtIns) columnsOf.set(meta.table, new Set(meta.fields.map(columnOf)));
  for (const d of [...others, design]) columnsOf.set(d.table, new Set(['id', ...d.fields.map(columnOf)]));
  const fieldErrors: Record<string, string> = {};
  design.fields.forEach((f, i) => {
    if (f.type !== 'reference' || f.kind === 'user' || f.kind === 'organization' || !f.reference) return;
    const columns = columnsOf.get(f.reference.table);
    if (!columns) {
      fieldErrors[`fields.${i}.reference.table`] = 'names no entity';
      return;
    }
    for (const key of ['labelColumn', 'codeColumn', 'labelColumnZh'] as const) {
      const column = f.reference[key];
      if (column !== undefined && !columns.has(column))
        fieldErrors[`fields.${i}.reference.${key}`] = `names no field of ${f.reference.table}`;
    }
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest('The design has errors', fieldErrors);
}

/** A reference to a designed table that is not there yet: apply that design first (409). */
export async function refuseUnappliedTargets(db: Db, design: TableDesign) {
  const targets = design.fields.flatMap((f) => (f.type === 'reference' && f.reference ? [f.reference.table] : []));
  if (targets.length === 0) return;
  const pending = await queryRows<{ name: string; table_name: string }>(
    db,
    sql`SELECT name, table_name FROM table_designs WHERE applied IS NULL AND name <> ${design.name}`,
  );
  const first = pending.find((p) => targets.includes(p.table_name));
  if (first) throw conflict(`Apply ${first.name} first: a field of this table refers to its rows`);
}

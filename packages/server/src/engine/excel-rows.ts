import { computeDocument, type FieldMeta, type ImportError, rowSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { businessKeyOf } from './excel-common.ts';
import { convertCell, type Lookups, text } from './excel-convert.ts';
import type { Plain, SheetLayout, SheetRow } from './excel-sheet.ts';
import { col, fieldNamed } from './query.ts';
import { selectList } from './read.ts';
import { logText } from './values.ts';
import type { WriteDeps } from './write-deps.ts';

/**
 * One sheet row on its way in. Without `before` it adds `row`. With `before` (the stored record its
 * business key names) it updates that record: `row` then holds the key, the version read and only the
 * fields the sheet changes, named in `changed` (empty: the row is identical to the record, nothing is
 * written). A `conflict` is a record changed since the export, reported on the business key's column.
 */
export type Candidate = {
  line: number;
  row: Row;
  errors: ImportError[];
  before?: Row | undefined;
  changed: string[];
  conflict: boolean;
};

/** What building candidates needs, the schemas made once per import (not per row). */
export type Build = {
  def: EntityDefinition;
  layout: SheetLayout;
  lookups: Lookups;
  add: z.ZodType;
  update: z.ZodType;
};

export const buildOf = (def: EntityDefinition, layout: SheetLayout, lookups: Lookups): Build => ({
  def,
  layout,
  lookups,
  add: rowSchema(def.meta, 'add'),
  update: rowSchema(def.meta, 'update'),
});

const blank = (v: Plain): v is null | string => v === null || (typeof v === 'string' && v.trim() === '');

/** The business key a sheet row names, as text ('' when its cell is empty or the sheet has no such column). */
export const keyTextOf = (layout: SheetLayout, cells: Plain[]) => {
  const v = layout.keyAt < 0 ? null : (cells[layout.keyAt] ?? null);
  return blank(v) ? '' : text(v);
};

/** zod's issues as row errors, one per field, after the conversion errors already found. */
function addIssues(errors: ImportError[], line: number, issues: z.ZodError['issues']) {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors.some((e) => e.field === field)) errors.push({ row: line, field, message: issue.message });
  }
}

/** Every cell converted, defaults filled, then the row validated with the same schema as add. */
function addCandidate(b: Build, { line, cells }: SheetRow): Candidate {
  const raw: Row = {};
  const errors: ImportError[] = [];
  const present = new Set(b.layout.columns.flatMap((f) => (f ? [f.name] : [])));
  b.layout.columns.forEach((f, i) => {
    const v = cells[i] ?? null;
    if (!f || blank(v)) return;
    const c = convertCell(f, v, b.lookups);
    if ('error' in c) errors.push({ row: line, field: f.name, message: c.error });
    else raw[f.name] = c.value;
  });
  for (const f of b.def.meta.fields) {
    if (raw[f.name] === undefined && f.default !== undefined && !present.has(f.name)) raw[f.name] = f.default;
    if (raw[f.name] === undefined && f.required && !errors.some((e) => e.field === f.name))
      errors.push({ row: line, field: f.name, message: 'required' });
  }
  const parsed = b.add.safeParse(raw);
  if (!parsed.success) addIssues(errors, line, parsed.error.issues);
  // Computed fields as on add: the server's values, whatever the sheet holds.
  const row = parsed.success ? computeDocument(b.def.meta, parsed.data as Row).row : raw;
  return { line, row, errors, changed: [], conflict: false };
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Whether a sheet value says the same as the stored one: empty is empty whatever its form, a timestamp to
 * the second (a spreadsheet keeps no more), anything else by its text.
 */
export function sameValue(f: FieldMeta, stored: unknown, given: unknown): boolean {
  if (empty(stored) || empty(given)) return empty(stored) && empty(given);
  if (f.type === 'datetime')
    return Math.round(Date.parse(String(stored)) / 1000) === Math.round(Date.parse(String(given)) / 1000);
  return logText(stored) === logText(given);
}

/**
 * The sheet row against the record it names: each column it carries converted (an empty cell clears the
 * field), validated as an update, then compared. Only what differs is kept. A row that changes something
 * must carry the version it was exported with, and that version must still be the record's.
 */
function updateCandidate(b: Build, { line, cells }: SheetRow, before: Row): Candidate {
  const meta = b.def.meta;
  const raw: Row = {};
  const errors: ImportError[] = [];
  b.layout.columns.forEach((f, i) => {
    if (!f || f.name === meta.businessKey) return;
    const v = cells[i] ?? null;
    if (blank(v)) {
      if (f.required) errors.push({ row: line, field: f.name, message: 'required' });
      else raw[f.name] = null;
      return;
    }
    // The label the record's reference shows reads back as that reference, even once it has left the
    // caller's choices or another row carries the same label: an untouched cell is no change.
    if (f.type === 'reference' && text(v) === before[`${f.name}Label`]) {
      raw[f.name] = before[f.name];
      return;
    }
    const c = convertCell(f, v, b.lookups);
    if ('error' in c) errors.push({ row: line, field: f.name, message: c.error });
    else raw[f.name] = c.value;
  });
  const parsed = b.update.safeParse({ ...raw, [meta.key]: before[meta.key], version: before.version });
  if (!parsed.success) addIssues(errors, line, parsed.error.issues);
  const data = (parsed.success ? parsed.data : raw) as Row;
  const changed = Object.keys(raw).filter((name) => {
    const f = fieldNamed(meta, name);
    return f !== undefined && !sameValue(f, before[name], data[name]);
  });
  const row: Row = { [meta.key]: before[meta.key], version: before.version };
  for (const name of changed) row[name] = data[name];
  const c: Candidate = { line, row, errors, before, changed, conflict: false };
  if (errors.length === 0 && changed.length > 0) checkVersion(b, c, cells);
  return c;
}

/** A conflict: the business key's column carries the message, and the row is left as it is. */
export function conflict(b: Build, c: Candidate, message: string) {
  c.conflict = true;
  c.errors.push({ row: c.line, field: b.def.meta.businessKey ?? '', message });
}

/** The row version the export wrote beside the row: the same token an update compares. */
function checkVersion(b: Build, c: Candidate, cells: Plain[]) {
  const v = b.layout.versionAt < 0 ? null : (cells[b.layout.versionAt] ?? null);
  const exported = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : null;
  const key = keyTextOf(b.layout, cells).slice(0, 50);
  if (exported === null)
    conflict(b, c, `"${key}" already exists and this row carries no row version: export the list and edit that file`);
  else if (exported !== Number(c.before?.version)) conflict(b, c, changedSinceExport(key, c.before));
}

export const changedSinceExport = (key: string, record: Row | undefined) =>
  `"${key}" was changed by ${String(record?.updatedByName ?? 'someone')} after this file was exported; not overwritten`;

/**
 * Candidates in sheet order. With `stored` (an import that updates), a row whose business key names a
 * stored record updates it and any other row is added; a key the sheet repeats is an error of the later row.
 */
export function buildCandidates(b: Build, rows: SheetRow[], stored: Map<string, Row> | null): Candidate[] {
  const firstLine = new Map<string, number>();
  return rows.map((r) => {
    if (!stored) return addCandidate(b, r);
    const key = keyTextOf(b.layout, r.cells);
    const before = key ? stored.get(key) : undefined;
    const c = before ? updateCandidate(b, r, before) : addCandidate(b, r);
    if (!key) return c;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, r.line);
    else
      c.errors.push({
        row: r.line,
        field: b.def.meta.businessKey ?? '',
        message: `"${key.slice(0, 50)}" repeats row ${first}`,
      });
    return c;
  });
}

/**
 * The stored records the business keys name, within the scope of `d` (the Update grant's), by key text;
 * `lock` takes them for update, in the import's transaction. A record outside the scope is not found.
 */
export async function storedByKey(db: Db, d: WriteDeps, def: EntityDefinition, keys: string[], lock = false) {
  const f = businessKeyOf(def.meta);
  const out = new Map<string, Row>();
  if (!f) return out;
  const unique = [...new Set(keys.filter(Boolean))];
  for (let i = 0; i < unique.length; i += 1000) {
    const part = sql.join(
      unique.slice(i, i + 1000).map((k) => sql`${k}`),
      sql`, `,
    );
    const rows = await queryRows<Row>(
      db,
      sql`select ${selectList(def.meta)} from ${sql.identifier(def.meta.table)} t where ${d.scopeOf(def)} and ${col(f)}::text in (${part})${lock ? sql` for update of t` : sql``}`,
    );
    for (const r of rows) out.set(String(r[f.name]), r);
  }
  return out;
}

import { PassThrough } from 'node:stream';
import { ErrorCode, type FieldMeta, rowSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { Language } from '../http/language.ts';
import type { EntityDefinition, HookContext, Row } from './definition.ts';
import { loadDictionaries, neutralise } from './excel-common.ts';
import { convertCell, type Lookups, referenceIndex } from './excel-convert.ts';
import { ERRORS_HEADER, mapHeader, readSheet, type SheetRow } from './excel-sheet.ts';
import { referenceProblems, referencesOf } from './references.ts';
import { rowsOutsideScope } from './scope.ts';
import { columnId, toSqlValue } from './values.ts';
import { insertRows, logImported, type WriteDeps } from './write.ts';

export type ImportMode = 'check' | 'all' | 'valid';
export type ImportError = { row: number; field: string; message: string };
export type ImportSummary = {
  total: number;
  valid: number;
  invalid: number;
  imported: number;
  errors: ImportError[];
  errorWorkbook: string | null;
};

/** The answer lists this many errors; the error workbook carries every one. */
const MAX_LISTED_ERRORS = 1000;

type Candidate = { line: number; row: Row; errors: ImportError[] };

/** Check mode and a refused `all` run every check inside the transaction, then roll it back with this. */
class RollBack extends Error {}

/** Every cell converted, defaults filled, then the row validated with the same schema as add. */
function buildCandidates(def: EntityDefinition, columns: (FieldMeta | null)[], rows: SheetRow[], lookups: Lookups) {
  const schema = rowSchema(def.meta, 'add');
  const present = new Set(columns.flatMap((f) => (f ? [f.name] : [])));
  return rows.map(({ line, cells }): Candidate => {
    const raw: Row = {};
    const errors: ImportError[] = [];
    columns.forEach((f, i) => {
      const v = cells[i] ?? null;
      if (!f || v === null || (typeof v === 'string' && v.trim() === '')) return;
      const c = convertCell(f, v, lookups);
      if ('error' in c) errors.push({ row: line, field: f.name, message: c.error });
      else raw[f.name] = c.value;
    });
    for (const f of def.meta.fields) {
      if (raw[f.name] === undefined && f.default !== undefined && !present.has(f.name)) raw[f.name] = f.default;
      if (raw[f.name] === undefined && f.required && !errors.some((e) => e.field === f.name))
        errors.push({ row: line, field: f.name, message: 'required' });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!errors.some((e) => e.field === field)) errors.push({ row: line, field, message: issue.message });
      }
    }
    return { line, row: parsed.success ? (parsed.data as Row) : raw, errors };
  });
}

/** Unique fields: a value seen earlier in the file, or already in the tenant's table, is a row error. */
async function checkUnique(tx: Db, d: WriteDeps, def: EntityDefinition, candidates: Candidate[]) {
  for (const f of def.meta.fields.filter((x) => x.unique && !x.readOnly)) {
    const seen = new Map<string, number>();
    const withValue = candidates.filter((c) => c.errors.length === 0 && c.row[f.name] != null && c.row[f.name] !== '');
    for (const c of withValue) {
      const v = String(c.row[f.name]);
      const first = seen.get(v);
      if (first === undefined) seen.set(v, c.line);
      else c.errors.push({ row: c.line, field: f.name, message: `"${v.slice(0, 50)}" repeats row ${first}` });
    }
    const taken = new Set<string>();
    const soft = def.meta.softDelete ? sql` and t.deleted_at is null` : sql``;
    for (let i = 0; i < withValue.length; i += 1000) {
      const values = withValue.slice(i, i + 1000).map((c) => toSqlValue(f, c.row[f.name]));
      const found = await queryRows<{ v: string }>(
        tx,
        sql`select t.${columnId(f)}::text as v from ${sql.identifier(def.meta.table)} t where t.tenant_id = ${d.auth.tenantId} and t.${columnId(f)} in (${sql.join(values, sql`, `)})${soft}`,
      );
      for (const r of found) taken.add(r.v);
    }
    for (const c of withValue) {
      const v = String(c.row[f.name]);
      if (taken.has(v) && !c.errors.some((e) => e.field === f.name))
        c.errors.push({ row: c.line, field: f.name, message: `"${v.slice(0, 50)}" already exists` });
    }
  }
}

/**
 * The references of the valid rows checked as a save checks them (a reference named by label was already
 * looked up among the choices; this also holds a row to the parent it names: a term of its own contract).
 */
async function refuseReferences(tx: Db, d: WriteDeps, def: EntityDefinition, candidates: Candidate[]) {
  const valid = candidates.filter((c) => c.errors.length === 0);
  const checks = valid.flatMap((c, i) =>
    referencesOf(def.meta, c.row, { at: (f) => `${i}.${f.name}`, parents: c.row, parentMeta: def.meta }),
  );
  for (const [at, message] of Object.entries(await referenceProblems(tx, d.choicesOf, checks))) {
    const [i, field = ''] = at.split('.');
    const c = valid[Number(i)];
    c?.errors.push({ row: c.line, field, message });
  }
}

/** The entity's beforeAdd hook per valid row: its refusal (422) is that row's error, anything else fails the import. */
async function runRowHooks(hc: HookContext, def: EntityDefinition, candidates: Candidate[]) {
  const hook = def.hooks?.beforeAdd;
  if (!hook) return;
  for (const c of candidates.filter((x) => x.errors.length === 0)) {
    try {
      await hook(hc, c.row);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 422) throw err;
      c.errors.push({ row: c.line, field: '', message: err.message });
    }
  }
}

/**
 * The entity's precheck per valid row, before the transaction opens: its refusal (a 400 on a field, or a
 * 422) is that row's error, anything else fails the import.
 */
async function runPrechecks(d: WriteDeps, def: EntityDefinition, candidates: Candidate[]) {
  const precheck = def.hooks?.precheck;
  if (!precheck) return;
  for (const c of candidates.filter((x) => x.errors.length === 0)) {
    try {
      await precheck({ auth: d.auth }, c.row);
    } catch (err) {
      if (!(err instanceof AppError) || (err.statusCode !== 422 && err.statusCode !== 400)) throw err;
      const fields = (err.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
      const [at, message] = Object.entries(fields)[0] ?? ['', err.message];
      c.errors.push({ row: c.line, field: at.replace(/^mainData\./, ''), message });
    }
  }
}

/** A row the caller could not see once written (another organisation, say) is that row's error. */
async function refuseOutsideScope(tx: Db, d: WriteDeps, def: EntityDefinition, candidates: Candidate[]) {
  const valid = candidates.filter((c) => c.errors.length === 0);
  for (const i of await rowsOutsideScope(
    tx,
    def,
    d.auth,
    valid.map((c) => c.row),
  )) {
    const c = valid[i];
    c?.errors.push({ row: c.line, field: '', message: 'outside your data permission' });
  }
}

/** The uploaded rows again with an "Errors" column, bad rows filled red; base64 for the JSON answer. */
async function errorWorkbook(
  header: string[],
  rows: SheetRow[],
  candidates: Candidate[],
  def: EntityDefinition,
  lang: Language,
) {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(def.meta.label[lang].slice(0, 31));
  const labelOf = (name: string) => def.meta.fields.find((f) => f.name === name)?.label[lang] ?? name;
  ws.addRow([...header.filter((h) => h !== ERRORS_HEADER), ERRORS_HEADER]).commit();
  const keep = header.map((h) => h !== ERRORS_HEADER);
  rows.forEach((r, i) => {
    const errors = candidates[i]?.errors ?? [];
    const cells = r.cells.filter((_, j) => keep[j] ?? true).map((c) => (typeof c === 'string' ? neutralise(c) : c));
    while (cells.length < keep.filter(Boolean).length) cells.push(null);
    const reasons = errors.map((e) => (e.field ? `${labelOf(e.field)}: ${e.message}` : e.message)).join('; ');
    const row = ws.addRow([...cells, reasons || null]);
    if (errors.length)
      row.eachCell({ includeEmpty: true }, (cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
      });
    row.commit();
  });
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks).toString('base64');
}

export type ImportInput = {
  db: Db;
  d: WriteDeps;
  def: EntityDefinition;
  mode: ImportMode;
  bytes: Buffer;
  lang: Language;
};

/**
 * Reads, converts and validates every row, then writes per the mode, all in one transaction: check
 * writes nothing, all writes only a fully valid file (else 422), valid writes the valid rows.
 */
export async function importWorkbook({ db, d, def, mode, bytes, lang }: ImportInput): Promise<ImportSummary> {
  const sheet = await readSheet(bytes);
  const columns = mapHeader(def.meta, sheet.header);
  const used = columns.filter((f): f is FieldMeta => f !== null);
  const lookups: Lookups = { dicts: await loadDictionaries(db, d.auth.tenantId, used), refs: new Map() };
  for (const [i, f] of columns.entries())
    if (f?.type === 'reference')
      lookups.refs.set(
        f.name,
        await referenceIndex(
          db,
          d.choicesOf(f),
          f,
          sheet.rows.map((r) => r.cells[i] ?? null),
        ),
      );
  const candidates = buildCandidates(def, columns, sheet.rows, lookups);
  let imported = 0;
  await runPrechecks(d, def, candidates);
  const write = async (tx: Db) => {
    const hc = { auth: d.auth, tx };
    await refuseReferences(tx, d, def, candidates);
    await checkUnique(tx, d, def, candidates);
    await runRowHooks(hc, def, candidates);
    await refuseOutsideScope(tx, d, def, candidates);
    const valid = candidates.filter((c) => c.errors.length === 0);
    if (mode === 'check' || (mode === 'all' && valid.length < candidates.length)) throw new RollBack();
    const rows = valid.map((c) => c.row);
    await def.hooks?.beforeImport?.(hc, rows);
    const keys = await insertRows(tx, d, def, rows);
    await logImported(tx, d, def.meta, keys, rows);
    for (const [i, key] of keys.entries()) await def.hooks?.afterAdd?.(hc, { ...rows[i], [def.meta.key]: key });
    imported = keys.length;
  };
  await db.transaction(write).catch((err: unknown) => {
    if (!(err instanceof RollBack)) throw err;
  });
  const errors = candidates.flatMap((c) => c.errors);
  const invalid = candidates.filter((c) => c.errors.length > 0).length;
  const summary: ImportSummary = {
    total: candidates.length,
    valid: candidates.length - invalid,
    invalid,
    imported,
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    errorWorkbook: invalid ? await errorWorkbook(sheet.header, sheet.rows, candidates, def, lang) : null,
  };
  if (mode === 'all' && invalid)
    throw new AppError(
      422,
      ErrorCode.unprocessable,
      `${invalid} of ${summary.total} rows are invalid; nothing was imported`,
      summary,
    );
  return summary;
}

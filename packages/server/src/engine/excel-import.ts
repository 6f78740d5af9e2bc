import { PassThrough } from 'node:stream';
import { ErrorCode, type FieldMeta, type ImportMode, type ImportSummary } from '@trestle/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../db/client.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { Language } from '../http/language.ts';
import type { EntityDefinition } from './definition.ts';
import {
  type Contexts,
  checkUnique,
  lockRecords,
  pending,
  refuseLocked,
  refuseOutsideScope,
  refuseReferences,
  runBoundForm,
  runPrechecks,
  runRowHooks,
} from './excel-checks.ts';
import { businessKeyOf, loadDictionaries, neutralise } from './excel-common.ts';
import { type Lookups, referenceIndex } from './excel-convert.ts';
import { type Build, buildCandidates, buildOf, type Candidate, keyTextOf, storedByKey } from './excel-rows.ts';
import {
  ERRORS_HEADER,
  isVersionHeader,
  mapHeader,
  readSheet,
  type SheetLayout,
  type SheetRow,
} from './excel-sheet.ts';
import { assignNumbers, type NumberingContext } from './numbering.ts';
import { computeUpdate, numberingOf } from './write.ts';
import type { WriteDeps } from './write-deps.ts';
import { saveDetails } from './write-details.ts';
import { diff, insertRows, logChanges, logImported, updateRow } from './write-rows.ts';
import { writeTransaction } from './written.ts';

/** The answer lists this many errors; the error workbook carries every one. */
const MAX_LISTED_ERRORS = 1000;

/** Check mode and a refused `all` run every check inside the transaction, then roll it back with this. */
class RollBack extends Error {}

/** Dictionaries of the columns, and the rows each reference column names among the caller's choices. */
async function lookupsOf(
  db: Db,
  d: WriteDeps,
  layout: SheetLayout,
  rows: SheetRow[],
  timeZone: string | undefined,
): Promise<Lookups> {
  const used = layout.columns.filter((f): f is FieldMeta => f !== null);
  const lookups: Lookups = { dicts: await loadDictionaries(db, d.auth.tenantId, used), refs: new Map(), timeZone };
  for (const [i, f] of layout.columns.entries())
    if (f?.type === 'reference')
      lookups.refs.set(
        f.name,
        await referenceIndex(
          db,
          d.choicesOf(f),
          f,
          rows.map((r) => r.cells[i] ?? null),
        ),
      );
  return lookups;
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
  const kept = header.filter((h) => h !== ERRORS_HEADER);
  // The row version stays hidden, so the corrected workbook still updates what it updated.
  kept.forEach((h, i) => {
    if (isVersionHeader(h)) ws.getColumn(i + 1).hidden = true;
  });
  ws.addRow([...kept, ERRORS_HEADER]).commit();
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
  /** With the context of the caller's Update grant, rows whose business key names a record update it. */
  updater?: WriteDeps | undefined;
  def: EntityDefinition;
  mode: ImportMode;
  bytes: Buffer;
  lang: Language;
  /** The reader's time zone, which an exported sheet's instants were written in. */
  timeZone?: string;
};

/** Writes the rows left valid: new ones in batches, each update by its key and version, all logged. */
async function writeRows(
  tx: Db,
  ctx: Contexts,
  def: EntityDefinition,
  candidates: Candidate[],
  numbering: NumberingContext,
) {
  const valid = pending(candidates);
  const adds = valid.filter((c) => c.before === undefined).map((c) => c.row);
  const hc = { auth: ctx.d.auth, tx };
  await def.hooks?.beforeImport?.(hc, adds);
  await assignNumbers(tx, numbering, def.meta, adds);
  const keys = await insertRows(tx, ctx.d, def, adds);
  await logImported(tx, ctx.d, def.meta, keys, adds);
  for (const [i, key] of keys.entries()) await def.hooks?.afterAdd?.(hc, { ...adds[i], [def.meta.key]: key });
  const u = ctx.u ?? ctx.d;
  const hu = { auth: u.auth, tx };
  const updates = valid.filter((c) => c.before !== undefined);
  for (const { row, before = {} } of updates) {
    const key = Number(row[def.meta.key]);
    // Computed fields as the edit dialog's save computes them, from the record's stored lines too.
    const lines = await computeUpdate(tx, u, def, key, row, before);
    await updateRow(tx, u, def, key, Number(row.version), row);
    await logChanges(tx, u, def.meta, key, 'update', diff(def.meta, before, row));
    await saveDetails(tx, u, lines, key, hu);
    await def.hooks?.afterUpdate?.(hu, row, before);
  }
  return adds.length + updates.length;
}

function summaryOf(candidates: Candidate[], imported: number): Omit<ImportSummary, 'errorWorkbook'> {
  const valid = candidates.filter((c) => c.errors.length === 0);
  const updating = valid.filter((c) => c.before !== undefined);
  return {
    total: candidates.length,
    valid: valid.length,
    invalid: candidates.length - valid.length,
    imported,
    added: valid.length - updating.length,
    updated: updating.filter((c) => c.changed.length > 0).length,
    unchanged: updating.filter((c) => c.changed.length === 0).length,
    conflicts: candidates.filter((c) => c.conflict).length,
    errors: candidates.flatMap((c) => c.errors).slice(0, MAX_LISTED_ERRORS),
  };
}

/**
 * Reads, converts and validates every row, then writes per the mode, all in one transaction: check
 * writes nothing, all writes only a fully valid file (else 422), valid writes the valid rows. With an
 * `updater`, a row whose business key names a record the Update grant may change updates it (a row
 * identical to its record writes nothing; one whose record changed since the export is a conflict); any
 * other row is added, so a key outside that scope is treated as not found.
 */
export async function importWorkbook({
  db,
  d,
  updater,
  def,
  mode,
  bytes,
  lang,
  timeZone,
}: ImportInput): Promise<ImportSummary> {
  const sheet = await readSheet(bytes);
  const layout = mapHeader(def.meta, sheet.header);
  const key = businessKeyOf(def.meta);
  if (updater && (!key || layout.keyAt < 0)) {
    const label = key ? `"${key.label[lang]}"` : 'a code';
    throw badRequest(`The workbook has no ${label} column to match existing rows on`, { file: 'no key column' });
  }
  const b: Build = buildOf(def, layout, await lookupsOf(db, d, layout, sheet.rows, timeZone));
  const stored = updater
    ? await storedByKey(
        db,
        updater,
        def,
        sheet.rows.map((r) => keyTextOf(layout, r.cells)),
      )
    : null;
  const candidates = buildCandidates(b, sheet.rows, stored);
  const ctx: Contexts = { d, u: updater };
  let imported = 0;
  await runPrechecks(ctx, def, candidates);
  await runBoundForm(ctx, def, candidates);
  const numbering = await numberingOf(d);
  const write = async (tx: Db) => {
    if (updater) await lockRecords(tx, b, updater, sheet.rows, candidates);
    refuseLocked(def, candidates);
    await refuseReferences(tx, ctx, def, candidates);
    await checkUnique(tx, d, def, candidates);
    await runRowHooks(tx, ctx, def, candidates);
    await refuseOutsideScope(tx, ctx, def, candidates);
    if (mode === 'check' || (mode === 'all' && candidates.some((c) => c.errors.length > 0))) throw new RollBack();
    imported = await writeRows(tx, ctx, def, candidates, numbering);
  };
  await writeTransaction(db, d, write).catch((err: unknown) => {
    if (!(err instanceof RollBack)) throw err;
  });
  const counts = summaryOf(candidates, imported);
  const summary: ImportSummary = {
    ...counts,
    errorWorkbook: counts.invalid ? await errorWorkbook(sheet.header, sheet.rows, candidates, def, lang) : null,
  };
  if (mode === 'all' && counts.invalid)
    throw new AppError(
      422,
      ErrorCode.unprocessable,
      `${counts.invalid} of ${summary.total} rows are invalid; nothing was imported`,
      summary,
    );
  return summary;
}

import { Readable } from 'node:stream';
import type { EntityMeta, FieldMeta } from '@trestle/shared';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../http/errors.ts';
import { importFields, unneutralise, VERSION_LABEL } from './excel-common.ts';

export const MAX_IMPORT_ROWS = 100_000;
/** The extra column of an error workbook; ignored when such a workbook is corrected and sent back. */
export const ERRORS_HEADER = 'Errors';

export type Plain = string | number | boolean | Date | null;
export type SheetRow = { line: number; cells: Plain[] };

const notXlsx = () => badRequest('The file is not an .xlsx workbook', { file: 'not an .xlsx workbook' });

/** A cell as a plain value: rich text as its text, a formula as its cached result, a hyperlink as its text. */
export function plain(v: ExcelJS.CellValue | undefined): Plain {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return unneutralise(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('richText' in v) return unneutralise(v.richText.map((r) => r.text).join(''));
  if ('formula' in v || 'sharedFormula' in v) return plain((v as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in v) return plain(v.text as ExcelJS.CellValue);
  if ('error' in v) return String(v.error);
  return null;
}

const isBlank = (cells: Plain[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/**
 * The first worksheet of an .xlsx, read as a stream: the header texts and the non-blank data rows with
 * their sheet line numbers. Anything that is not a zip, or that exceljs cannot read, is a 400.
 */
export async function readSheet(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
  if (!bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) throw notXlsx();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let header: string[] | null = null;
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = values.map((v) => plain(v as ExcelJS.CellValue));
        if (header === null) {
          header = cells.map((c) => (c === null ? '' : String(c).trim()));
        } else if (!isBlank(cells)) {
          if (rows.length >= MAX_IMPORT_ROWS)
            throw badRequest(`At most ${MAX_IMPORT_ROWS} rows can be imported at once`, { file: 'too many rows' });
          rows.push({ line: row.number, cells });
        }
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notXlsx();
  }
  if (!header) throw badRequest('The workbook has no header row', { file: 'no header row' });
  return { header, rows };
}

/**
 * Where things are in an uploaded sheet: the field each column writes (null for a column that is read
 * another way or skipped), the column of the business key (-1 when absent) and of the export's row
 * version (-1 when absent).
 */
export type SheetLayout = { columns: (FieldMeta | null)[]; keyAt: number; versionAt: number };

const norm = (s: string) => s.trim().toLowerCase();
const names = (f: Pick<FieldMeta, 'name' | 'label'>) => [f.name, f.label.en, f.label.zh].map(norm);
const versionNames = new Set([VERSION_LABEL.en, VERSION_LABEL.zh].map(norm));
/** The export's row-version column, in either language. */
export const isVersionHeader = (h: string) => versionNames.has(norm(h));

/**
 * Which field each column holds, by label in either language or by field name; unknown or repeated
 * columns are a 400. The business key is found even when it is read-only (a number the server assigns):
 * it is what an update matches on.
 */
export function mapHeader(meta: EntityMeta, header: string[]): SheetLayout {
  const fields = importFields(meta);
  const byText = new Map<string, FieldMeta>();
  for (const f of fields) for (const t of names(f)) byText.set(t, f);
  // Columns of fields that are not imported (the key, read-only, files) are skipped, so an export imports as is.
  const skipped = new Set(meta.fields.filter((f) => !fields.includes(f)).flatMap(names));
  const keyNames = new Set(meta.fields.filter((f) => f.name === meta.businessKey).flatMap(names));
  const unknown: string[] = [];
  const seen = new Set<string>();
  const layout: SheetLayout = { columns: [], keyAt: -1, versionAt: -1 };
  header.forEach((h, i) => {
    if (keyNames.has(norm(h)) && layout.keyAt < 0) layout.keyAt = i;
    if (isVersionHeader(h) && layout.versionAt < 0) {
      layout.versionAt = i;
      layout.columns.push(null);
      return;
    }
    if (h === '' || h === ERRORS_HEADER || skipped.has(norm(h))) {
      layout.columns.push(null);
      return;
    }
    const f = byText.get(norm(h));
    if (!f || seen.has(f.name)) unknown.push(h);
    else seen.add(f.name);
    layout.columns.push(f ?? null);
  });
  if (unknown.length) {
    const list = unknown.map((u) => `"${u.slice(0, 60)}"`).join(', ');
    throw badRequest(`Unknown or repeated columns: ${list}`, { file: `unknown columns: ${list}` });
  }
  return layout;
}

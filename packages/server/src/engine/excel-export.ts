import type { PassThrough } from 'node:stream';
import {
  type EntityMeta,
  type FieldMeta,
  type FormatContext,
  formatDate,
  formatField,
  type pageRequestSchema,
  wallClock,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import type { Language } from '../http/language.ts';
import type { Row } from './definition.ts';
import {
  businessKeyOf,
  decimalFormat,
  exportFields,
  importFields,
  itemLabel,
  loadDictionaries,
  neutralise,
  VERSION_LABEL,
} from './excel-common.ts';
import { and, col, compileSort, compileWheres, fieldNamed } from './query.ts';
import { selectList } from './read.ts';

type PageRequest = z.output<typeof pageRequestSchema>;

/** Rows are read this many at a time, so an export of any size holds one batch in memory. */
export const EXPORT_BATCH = 2000;

type Plan = { where: SQL; order: SQL; after: (lastKey: number) => SQL };

/**
 * The filter and order of the export, and the keyset condition "after the row with this key" in that
 * order (sort column, then key, in PostgreSQL's default null order). The last row's sort value is read back by its key, so no
 * value ever round-trips through JavaScript types.
 */
function plan(meta: EntityMeta, scope: SQL, req: PageRequest): Plan {
  const where = and([scope, ...compileWheres(meta, req.wheres)]);
  const order = compileSort(meta, req.sort, req.order);
  const key = fieldNamed(meta, meta.key);
  const sortField = fieldNamed(meta, req.sort || meta.defaultSort.field);
  if (!key || !sortField) throw new Error(`${meta.name}: key or sort field missing`);
  const asc = (req.sort ? req.order : meta.defaultSort.order) === 'asc';
  const [gt, k, s] = [asc ? sql`>` : sql`<`, col(key), col(sortField)];
  const after = (lastKey: number): SQL => {
    if (sortField.name === key.name) return sql`${k} ${gt} ${lastKey}`;
    const last = sql`(select ${s} from ${sql.identifier(meta.table)} t where ${k} = ${lastKey})`;
    // PostgreSQL's default order: nulls after the values ascending, before them descending.
    if (asc) {
      return sql`(case when ${last} is null then ${s} is null and ${k} ${gt} ${lastKey}
        else ${s} ${gt} ${last} or (${s} = ${last} and ${k} ${gt} ${lastKey}) or ${s} is null end)`;
    }
    return sql`(case when ${last} is null then (${s} is null and ${k} ${gt} ${lastKey}) or ${s} is not null
      else ${s} ${gt} ${last} or (${s} = ${last} and ${k} ${gt} ${lastKey}) end)`;
  };
  return { where, order, after };
}

/**
 * One cell as the sheet shows it, by the shared formatting rule: codes as their labels, references by
 * label; numbers, dates and instants stay real values, an instant at the reader's wall-clock time (a
 * spreadsheet's dates have no zone, so it holds what the reader's clock showed).
 */
function cellOf(f: FieldMeta, row: Row, ctx: FormatContext): ExcelJS.CellValue {
  const v = row[f.name];
  if (f.type === 'reference') {
    const label = row[`${f.name}Label`];
    return typeof label === 'string' ? neutralise(label) : null;
  }
  if (v === null || v === undefined) return null;
  if (f.options || f.type === 'dict' || f.type === 'dictMulti') return neutralise(formatField(f, row, ctx));
  switch (f.type) {
    case 'decimal':
    case 'integer':
      return Number(v);
    case 'date':
      return new Date(`${formatDate(v)}T00:00:00Z`);
    case 'datetime': {
      const c = wallClock(v, ctx.timeZone);
      return c ? new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)) : neutralise(String(v));
    }
    case 'boolean':
      return Boolean(v);
    default:
      return neutralise(formatField(f, row, ctx));
  }
}

function columnsOf(fields: FieldMeta[], lang: Language): Partial<ExcelJS.Column>[] {
  return fields.map((f) => {
    const numFmt =
      f.type === 'decimal'
        ? decimalFormat(f)
        : f.type === 'date'
          ? 'yyyy-mm-dd'
          : f.type === 'datetime'
            ? 'yyyy-mm-dd hh:mm:ss'
            : undefined;
    return {
      header: f.label[lang],
      key: f.name,
      width: Math.max(10, Math.round((f.list?.width ?? 120) / 7)),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
}

export type ExportInput = {
  db: Db;
  meta: EntityMeta;
  scope: SQL;
  req: PageRequest;
  tenantId: number;
  lang: Language;
  /** The reader's time zone: instants are written at its wall-clock time. */
  timeZone: string;
  /** The entity's `present`: each row as the reader sees it. */
  present?: (row: Row, lang: Language) => Row;
};

/**
 * Everything that depends on the caller's input happens here, before any byte is sent: the filter and
 * sort are checked (a 400), the dictionaries loaded and the first batch read, so a value the database
 * refuses fails the request with its proper answer instead of a download that starts and then breaks.
 * Returns the writer that streams every matching row into `out`, batch by batch, with exceljs's
 * streaming WorkbookWriter; later batches only continue after keys the database itself returned.
 */
export async function prepareExport(input: ExportInput): Promise<(out: PassThrough) => Promise<void>> {
  const { db, meta, tenantId, lang } = input;
  const p = plan(meta, input.scope, input.req);
  const fields = exportFields(meta);
  const batch = (lastKey?: number) =>
    queryRows<Row>(
      db,
      sql`select ${selectList(meta, lang)} from ${sql.identifier(meta.table)} t where ${lastKey === undefined ? p.where : sql`(${p.where}) and ${p.after(lastKey)}`} order by ${p.order} limit ${EXPORT_BATCH}`,
    );
  const dicts = await loadDictionaries(db, tenantId, fields);
  const first = await batch();
  const versioned = businessKeyOf(meta) !== undefined;
  const ctx: FormatContext = {
    lang,
    timeZone: input.timeZone,
    dictLabel: (code, value) => {
      const item = dicts.get(code)?.find((i) => i.value === value);
      return item ? itemLabel(item, lang) : undefined;
    },
    yes: lang === 'zh' ? '是' : 'Yes',
    no: lang === 'zh' ? '否' : 'No',
  };
  return async (out: PassThrough) => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(meta.label[lang].slice(0, 31));
    ws.columns = [
      ...columnsOf(fields, lang),
      ...(versioned ? [{ header: VERSION_LABEL[lang], key: 'version', width: 10, hidden: true }] : []),
    ];
    ws.getRow(1).font = { bold: true };
    for (let rows = first; ; ) {
      for (const stored of rows) {
        const row = input.present ? input.present(stored, lang) : stored;
        const cells = fields.map((f) => cellOf(f, row, ctx));
        ws.addRow(versioned ? [...cells, Number(stored.version)] : cells).commit();
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) break;
      // Let the zip stream drain to the socket before the next batch is read.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
      rows = await batch(Number(last[meta.key]));
    }
    ws.commit();
    await wb.commit();
  };
}

/** The import template: the writable fields' labels, and a "Help" sheet with types and allowed values. */
export async function templateWorkbook(db: Db, meta: EntityMeta, tenantId: number, lang: Language) {
  const fields = importFields(meta);
  const dicts = await loadDictionaries(db, tenantId, fields);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(meta.label[lang].slice(0, 31));
  ws.columns = columnsOf(fields, lang);
  ws.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('Help');
  help.columns = [
    { header: lang === 'zh' ? '列' : 'Column', width: 24 },
    { header: lang === 'zh' ? '类型' : 'Type', width: 12 },
    { header: lang === 'zh' ? '必填' : 'Required', width: 10 },
    { header: lang === 'zh' ? '可选值（名称 = 代码）' : 'Allowed values (label = code)', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const f of fields) {
    const items = f.dictionary ? (dicts.get(f.dictionary) ?? []) : [];
    const allowed = items.map((i) => `${itemLabel(i, lang)} = ${i.value}`).join('; ');
    const fmt = f.type === 'date' ? ' (YYYY-MM-DD)' : f.type === 'decimal' ? ` (${f.scale ?? 2} decimals)` : '';
    help.addRow([f.label[lang], f.type + fmt, f.required ? 'yes' : 'no', allowed]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

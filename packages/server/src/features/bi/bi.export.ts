import type { Writable } from 'node:stream';
import type { ChartResult, ResultColumn } from '@trestle/shared';
import { neutralise } from '../../engine/excel-common.ts';
import { type SheetColumn, type SheetValue, serialDay, sheetLayout } from '../../engine/excel-xml.ts';
import { zipWriter } from '../../engine/excel-zip.ts';
import type { Language } from '../../http/language.ts';

/**
 * A chart's result as a one-sheet .xlsx, written by the engine's own writer (excel-xml, excel-zip): a column
 * per group and measure headed in the reader's language, codes as their dictionary names, days and instants
 * as real dates, numbers as numbers with the chart's decimals. Text a spreadsheet would run is neutralised.
 */

type Ok = Extract<ChartResult, { ok: true }>;

const numberFormat = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

function sheetColumn(c: ResultColumn, lang: Language, decimals: number): SheetColumn {
  const header = c.label[lang] || c.label.en;
  const width = Math.max(12, Math.min(40, header.length + 4));
  if (c.type === 'number') return { header, width, numFmt: c.role === 'measure' ? numberFormat(decimals) : '0' };
  if (c.type === 'date') return { header, width, numFmt: 'yyyy-mm-dd' };
  if (c.type === 'datetime') return { header, width, numFmt: 'yyyy-mm-dd hh:mm:ss' };
  return { header, width };
}

/** A day (`YYYY-MM-DD`) or an instant as its serial number; text it can't read stays text. */
function dateCell(v: string): SheetValue {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
  return Number.isFinite(ms) ? serialDay(ms) : neutralise(v);
}

function cellOf(c: ResultColumn, v: Ok['rows'][number][number], names: Ok['dictionaries']): SheetValue {
  if (v === null) return null;
  if (c.dictionary && typeof v === 'string') return neutralise(names[c.dictionary]?.[v] ?? v);
  if ((c.type === 'date' || c.type === 'datetime') && typeof v === 'string') return dateCell(v);
  return typeof v === 'string' ? neutralise(v) : v;
}

export async function writeChartWorkbook(
  result: Ok,
  opts: { title: string; lang: Language; decimals: number },
  out: Writable,
): Promise<void> {
  const layout = sheetLayout(
    opts.title,
    result.columns.map((c) => sheetColumn(c, opts.lang, opts.decimals)),
  );
  const zip = zipWriter(out, { level: 6 });
  for (const [name, content] of layout.parts) await zip.add(name, content);
  const sheet = zip.open('xl/worksheets/sheet1.xml');
  let text = layout.sheetHead;
  result.rows.forEach((row, i) => {
    text += layout.row(
      i + 2,
      row.map((v, k) => cellOf(result.columns[k] as ResultColumn, v, result.dictionaries)),
    );
  });
  await sheet.write(text + layout.sheetTail);
  await sheet.close();
  await zip.finish();
}

/**
 * The XML of a one-sheet .xlsx written by hand: the fixed parts, and each row as text straight from its
 * values, so an export builds no cell objects. It reads back as ExcelJS's own streaming writer wrote it
 * (inline strings as `t="str"`, dates as serial numbers under a date format, the header row bold).
 */

/** A cell's value; a date or an instant is its serial number (see `serialDay`) under a date format. */
export type SheetValue = string | number | boolean | null;
export type SheetColumn = { header: string; width: number; numFmt?: string; hidden?: boolean };

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const ENTITY: Record<number, string> = { 34: '&quot;', 38: '&amp;', 39: '&apos;', 60: '&lt;', 62: '&gt;' };
/** Per ASCII code, 1 when it is escaped or dropped: & < > " ', the C0 controls but tab, LF and CR, and DEL. */
const ASCII = new Uint8Array(128).map((_, c) =>
  (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127 || ENTITY[c] !== undefined ? 1 : 0,
);
/** Besides those, surrogates (kept only as a pair) and U+FFFE/U+FFFF, which XML 1.0 cannot hold. */
const special = (c: number) => (c < 128 ? ASCII[c] === 1 : (c >= 0xd800 && c <= 0xdfff) || c >= 0xfffe);

/**
 * Text for an XML element or attribute. What XML 1.0 cannot hold at all (those controls, a lone
 * surrogate) is dropped, as ExcelJS does; a surrogate pair (an emoji) is kept.
 */
export function escapeXml(text: string): string {
  let i = 0;
  while (i < text.length && !special(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = '';
  let from = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!special(c)) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        i++;
        continue;
      }
    }
    out += text.slice(from, i) + (ENTITY[c] ?? '');
    from = i + 1;
  }
  return out + text.slice(from);
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Formats Excel knows by number; any other gets a custom number from 164 on. */
const BUILT_IN: Record<string, number> = { '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4 };

/** Milliseconds since 1970 (UTC fields) as the spreadsheet's serial number: days since 1899-12-30, the 1900 system. */
export const serialDay = (ms: number) => 25569 + ms / 86_400_000;

/** Excel refuses these in a sheet name, and names longer than 31 characters. */
export const sheetName = (label: string) =>
  label
    .replace(/[*?:\\/[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

export type SheetLayout = {
  /** The fixed parts besides the sheet, by zip path. */
  parts: [string, string][];
  /** The sheet's XML before the rows, the header row included, and after them. */
  sheetHead: string;
  sheetTail: string;
  /** One data row as XML; `line` is its 1-based row number in the sheet. */
  row(line: number, cells: readonly SheetValue[]): string;
};

export function sheetLayout(name: string, columns: SheetColumn[]): SheetLayout {
  const formats = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const custom = formats.filter((f) => BUILT_IN[f] === undefined);
  const fmtId = (f: string) => BUILT_IN[f] ?? 164 + custom.indexOf(f);
  // Cell formats: 0 plain, 1 the bold header, then one per number format.
  const xfOf = (f: string | undefined) => (f ? 2 + formats.indexOf(f) : 0);
  const styles =
    `${HEAD}<styleSheet xmlns="${MAIN}">` +
    (custom.length
      ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${fmtId(f)}" formatCode="${escapeXml(f)}"/>`).join('')}</numFmts>`
      : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    formats
      .map((f) => `<xf numFmtId="${fmtId(f)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)
      .join('') +
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr/><sheets>` +
        `<sheet name="${escapeXml(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles],
  ];

  const letters = columns.map((_, i) => columnLetters(i));
  // Each cell's text around its row number and value, put together once per column.
  const opens = letters.map((l) => `<c r="${l}`);
  const style = columns.map((c) => (c.numFmt ? ` s="${xfOf(c.numFmt)}"` : ''));
  const asText = style.map((s) => `"${s} t="str"><v>`);
  const asNumber = style.map((s) => `"${s}><v>`);
  const asBoolean = style.map((s) => `"${s} t="b"><v>`);
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}"${c.numFmt ? ` style="${xfOf(c.numFmt)}"` : ''}${c.hidden ? ' hidden="1"' : ''} customWidth="1"/>`,
    )
    .join('');
  const header = columns.map((c, i) => `<c r="${letters[i]}1" s="1" t="str"><v>${escapeXml(c.header)}</v></c>`);
  const sheetHead =
    `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetFormatPr defaultRowHeight="15"/>` +
    `<cols>${cols}</cols><sheetData><row r="1">${header.join('')}</row>`;
  const sheetTail =
    '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

  const row = (line: number, cells: readonly SheetValue[]) => {
    const n = String(line);
    let xml = `<row r="${n}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined) continue;
      if (typeof v === 'string') xml += `${opens[i]}${n}${asText[i]}${escapeXml(v)}</v></c>`;
      else if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `${opens[i]}${n}${asNumber[i]}${v}</v></c>`;
      } else xml += `${opens[i]}${n}${asBoolean[i]}${v ? 1 : 0}</v></c>`;
    }
    return `${xml}</row>`;
  };

  return { parts, sheetHead, sheetTail, row };
}

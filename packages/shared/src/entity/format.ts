import { fileKeysOf } from '../contracts/file.ts';
import { groupDigits } from './decimal.ts';
import type { FieldMeta } from './metadata.ts';
import { localTimeZone, validTimeZone } from './time-zone.ts';

/**
 * How a stored value reads to a person: the one rule the grid's cells, the detail views and the Excel
 * export follow, driven by the field's metadata so an entity designed at run time reads the same way.
 * Codes become their labels in the reader's language; instants show in the reader's time zone as
 * `2026-11-24 21:46:43` (never ISO); dates as dates.
 */

export type Lang = 'en' | 'zh';

/** The reader's language from a tag (zh-CN, zh, en-US…): Chinese for any zh tag, else English. */
export const langOf = (tag: string | undefined | null): Lang =>
  (tag ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';

// The time zone helpers live in time-zone.ts (no zod): every request names the reader's zone.
export { localTimeZone, TIME_ZONE_HEADER, validTimeZone } from './time-zone.ts';

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string) {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(timeZone, f);
  }
  return f;
}

/** What a clock on the reader's wall showed at this instant (an ISO text, a Date or epoch ms); null if unreadable. */
export function wallClock(value: unknown, timeZone: string): WallClock | null {
  const at =
    value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(
    clockOf(validTimeZone(timeZone))
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const n = (k: string) => Number(parts[k]);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

const utcOf = (c: WallClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);

/**
 * The instant at which the reader's clock showed `c` (the reverse of wallClock): a spreadsheet's date
 * cell read back. The zone's offset is taken at the guess and checked once more across a DST change.
 */
export function instantOfWallClock(c: WallClock, timeZone: string): Date {
  const wanted = utcOf(c);
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(at, timeZone);
    if (!seen) break;
    at = wanted - (utcOf(seen) - at);
  }
  return new Date(at);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An instant as `YYYY-MM-DD HH:mm:ss` in the reader's time zone; text that is no instant is returned as it is. */
export function formatDateTime(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const c = wallClock(value, timeZone);
  if (!c) return String(value);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** An instant in this machine's time zone (the reader's, in a browser). */
export const formatLocalDateTime = (value: unknown): string => formatDateTime(value, localTimeZone());

/** A calendar date as `YYYY-MM-DD`: a date carries no time of day and no zone, so a longer text is cut to its date. */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  return m?.[1] ?? text;
}

/** The label of one of the field's own options in `lang`, or undefined when the code is not one of them. */
export function optionLabel(field: Pick<FieldMeta, 'options'>, code: unknown, lang: Lang): string | undefined {
  const option = field.options?.find((o) => o.value === String(code));
  return option?.label[lang];
}

export type FormatContext = {
  lang: Lang;
  timeZone: string;
  /** The label of a dictionary's code in the reader's language (undefined when unknown: the code shows). */
  dictLabel: (dictionary: string, code: string) => string | undefined;
  /** Words the caller supplies in its language. */
  yes: string;
  no: string;
  fileCount?: (count: number) => string;
};

/** A code as its label: the field's own options first, then its dictionary; the code itself when neither knows it. */
export function codeLabel(field: FieldMeta, code: unknown, ctx: Pick<FormatContext, 'lang' | 'dictLabel'>): string {
  if (code === null || code === undefined || code === '') return '';
  const text = String(code);
  return (
    optionLabel(field, text, ctx.lang) ?? (field.dictionary ? ctx.dictLabel(field.dictionary, text) : undefined) ?? text
  );
}

/** One value of a row as text for a reader; `row` gives references their `<name>Label`. */
export function formatField(field: FieldMeta, row: Record<string, unknown>, ctx: FormatContext): string {
  const value = row[field.name];
  if (field.type === 'reference') {
    const text = row[`${field.name}Label`];
    if (typeof text === 'string') return text;
  }
  if (value === null || value === undefined) return '';
  if (field.options || field.type === 'dict') return codeLabel(field, value, ctx);
  switch (field.type) {
    case 'dictMulti':
      return (Array.isArray(value) ? value : [value]).map((c) => codeLabel(field, c, ctx)).join(', ');
    case 'decimal':
      return groupDigits(String(value));
    case 'boolean':
      return value === true ? ctx.yes : ctx.no;
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value, ctx.timeZone);
    case 'json':
      return JSON.stringify(value);
    case 'file': {
      const count = fileKeysOf(value).length;
      return count > 0 ? (ctx.fileCount?.(count) ?? String(count)) : '';
    }
    default:
      return String(value);
  }
}

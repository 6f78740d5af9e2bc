import { type FieldMeta, instantOfWallClock } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { DictItem } from './excel-common.ts';
import type { Plain } from './excel-sheet.ts';
import { type Choices, referenceLabel } from './references.ts';

/** A cell turned into the wire value, or the reason it cannot be. */
export type Converted = { value: unknown } | { error: string };

/** A cell's text: a date as YYYY-MM-DD, anything else as written, trimmed. */
export const text = (v: Exclude<Plain, null>) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).trim();

/** The referenced rows a file names, by code (the referenced entity's business key) and by label. */
type RefIndex = { codes: Map<string, number>; labels: Map<string, number[]> };
/** `timeZone`: the reader's, whose wall-clock time an exported instant was written at (UTC when absent). */
export type Lookups = { dicts: Map<string, DictItem[]>; refs: Map<string, RefIndex>; timeZone?: string };

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** "XM2026-0901 — Harbour Bridge", as a picker shows a choice: the code before the dash. */
const codeOfChoice = (t: string) => /^(\S.*?)\s+—\s+\S/.exec(t)?.[1];

/**
 * The referenced rows named in the file (by code or by label) among the field's choices for the caller
 * (what its picker offers): a few queries per field, not per row. Another tenant's row, or one outside
 * the caller's scope, is "not found" like a missing one. Internal ids are not read: a number in the cell
 * is a code or a label like any other text.
 */
export async function referenceIndex(db: Db, choices: Choices, f: FieldMeta, values: Plain[]): Promise<RefIndex> {
  const index: RefIndex = { codes: new Map(), labels: new Map() };
  if (!f.reference) return index;
  const given = values.filter((v) => v !== null).map((v) => text(v));
  const texts = [...new Set([...given, ...given.flatMap((t) => codeOfChoice(t) ?? [])])].filter(Boolean);
  // A cell may hold the label an export writes ("code — name"), the name, or the code alone.
  const ref = f.reference;
  const names = [
    referenceLabel(ref, 't'),
    // A zh reader's export names the rows by their Chinese label where the table has one: both are read back.
    ...(ref.labelColumnZh ? [referenceLabel(ref, 't', 'zh')] : []),
    ...[ref.labelColumn, ref.labelColumnZh, ref.codeColumn].flatMap((c) =>
      c ? [sql`t.${sql.identifier(c)}::text`] : [],
    ),
  ];
  const table = sql.identifier(f.reference.table);
  const list = (xs: string[]): SQL =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  for (const part of chunks(texts, 1000)) {
    if (choices.code) {
      const found = await queryRows<{ id: number; code: string }>(
        db,
        sql`select t.id, ${choices.code}::text as code from ${table} t where ${choices.where} and ${choices.code}::text in (${list(part)})`,
      );
      for (const r of found) index.codes.set(r.code, r.id);
    }
    const found = await queryRows<{ id: number; texts: string[] }>(
      db,
      sql`select t.id, array[${sql.join(names, sql`, `)}] as texts from ${table} t
          where ${choices.where} and (${sql.join(
            names.map((n) => sql`${n} in (${list(part)})`),
            sql` or `,
          )})`,
    );
    const wanted = new Set(part);
    for (const r of found)
      for (const text of new Set(r.texts))
        if (wanted.has(text)) index.labels.set(text, [...(index.labels.get(text) ?? []), r.id]);
  }
  return index;
}

function toDecimal(f: FieldMeta, v: Exclude<Plain, null>): Converted {
  const scale = f.scale ?? 2;
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v.toFixed(scale) } : { error: 'not a number' };
  const t = text(v).replace(/,/g, '');
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return { error: 'not a number' };
  const frac = m[2] ?? '';
  // Padded to the field's scale; more digits than the scale are left for the validator to refuse.
  return { value: frac.length > scale ? t : `${m[1]}${scale ? `.${frac.padEnd(scale, '0')}` : ''}` };
}

/** A sheet's date cell holds the reader's wall-clock time in its UTC fields (see the export). */
const instantOfSheetDate = (v: Date, timeZone = 'UTC') =>
  instantOfWallClock(
    {
      year: v.getUTCFullYear(),
      month: v.getUTCMonth() + 1,
      day: v.getUTCDate(),
      hour: v.getUTCHours(),
      minute: v.getUTCMinutes(),
      second: v.getUTCSeconds(),
    },
    timeZone,
  );

const yes = new Set(['true', 'yes', 'y', '1', '是']);
const no = new Set(['false', 'no', 'n', '0', '否']);

function toDict(f: FieldMeta, raw: string, lookups: Lookups): Converted {
  const items = lookups.dicts.get(f.dictionary ?? '') ?? [];
  const t = raw.trim().toLowerCase();
  const item = items.find(
    (i) => i.value.toLowerCase() === t || i.label.toLowerCase() === t || i.labelZh === raw.trim(),
  );
  return item ? { value: item.value } : { error: `"${raw.slice(0, 50)}" is not a value of this list` };
}

function toReference(f: FieldMeta, v: Exclude<Plain, null>, lookups: Lookups): Converted {
  const index = lookups.refs.get(f.name);
  const t = text(v);
  const head = codeOfChoice(t);
  const byCode = index?.codes.get(t) ?? (head === undefined ? undefined : index?.codes.get(head));
  if (byCode !== undefined) return { value: byCode };
  const byLabel = index?.labels.get(t) ?? [];
  if (byLabel.length === 1) return { value: byLabel[0] };
  return {
    error: byLabel.length > 1 ? `"${t.slice(0, 50)}" matches several records` : `"${t.slice(0, 50)}" not found`,
  };
}

/** A non-empty cell as the wire value of its field (validation by rowSchema comes after). */
export function convertCell(f: FieldMeta, v: Exclude<Plain, null>, lookups: Lookups): Converted {
  switch (f.type) {
    case 'decimal':
      return toDecimal(f, v);
    case 'integer': {
      const n = typeof v === 'number' ? v : /^-?\d+$/.test(text(v)) ? Number(text(v)) : Number.NaN;
      return Number.isInteger(n) ? { value: n } : { error: 'not a whole number' };
    }
    case 'boolean': {
      const t = text(v).toLowerCase();
      return yes.has(t) ? { value: true } : no.has(t) ? { value: false } : { error: 'not yes or no' };
    }
    case 'date':
      return { value: text(v) };
    case 'datetime':
      return { value: v instanceof Date ? instantOfSheetDate(v, lookups.timeZone).toISOString() : text(v) };
    case 'time':
      return { value: v instanceof Date ? v.toISOString().slice(11, 19) : text(v) };
    case 'dict':
      return toDict(f, text(v), lookups);
    case 'dictMulti': {
      const parts = text(v)
        .split(/[,，;；]/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => toDict(f, p, lookups));
      const bad = parts.find((p) => 'error' in p);
      return bad ?? { value: parts.map((p) => ('value' in p ? p.value : null)) };
    }
    case 'reference':
      return toReference(f, v, lookups);
    default:
      return { value: typeof v === 'string' ? v : text(v) };
  }
}

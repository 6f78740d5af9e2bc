import type { FieldMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { DictItem } from './excel-common.ts';
import type { Plain } from './excel-sheet.ts';
import type { Choices } from './references.ts';

/** A cell turned into the wire value, or the reason it cannot be. */
export type Converted = { value: unknown } | { error: string };

type RefIndex = { ids: Set<number>; labels: Map<string, number[]> };
export type Lookups = { dicts: Map<string, DictItem[]>; refs: Map<string, RefIndex> };

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/**
 * The referenced rows named in the file (by id or by label) among the field's choices for the caller (what
 * its picker offers): a few queries per field, not per row. Another tenant's row is "not found" like a
 * missing one.
 */
export async function referenceIndex(db: Db, choices: Choices, f: FieldMeta, values: Plain[]): Promise<RefIndex> {
  const index: RefIndex = { ids: new Set(), labels: new Map() };
  if (!f.reference) return index;
  const texts = [...new Set(values.filter((v) => v !== null).map((v) => String(v).trim()))];
  const ids = texts.filter((t) => /^\d{1,9}$/.test(t)).map(Number);
  const label = sql`t.${sql.identifier(f.reference.labelColumn)}::text`;
  const table = sql.identifier(f.reference.table);
  const list = (xs: (string | number)[]): SQL =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  for (const part of chunks(ids, 1000)) {
    const found = await queryRows<{ id: number }>(
      db,
      sql`select t.id from ${table} t where ${choices.where} and t.id in (${list(part)})`,
    );
    for (const r of found) index.ids.add(r.id);
  }
  for (const part of chunks(texts, 1000)) {
    const found = await queryRows<{ id: number; label: string }>(
      db,
      sql`select t.id, ${label} as label from ${table} t where ${choices.where} and ${label} in (${list(part)})`,
    );
    for (const r of found) index.labels.set(r.label, [...(index.labels.get(r.label) ?? []), r.id]);
  }
  return index;
}

const text = (v: Exclude<Plain, null>) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).trim();

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
  const byLabel = index?.labels.get(t) ?? [];
  if (/^\d{1,9}$/.test(t) && index?.ids.has(Number(t)) && (typeof v === 'number' || byLabel.length === 0))
    return { value: Number(t) };
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
      return { value: v instanceof Date ? v.toISOString() : text(v) };
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

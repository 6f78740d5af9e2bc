import {
  columnOf,
  type DisplayType,
  displayTypeAliases,
  displayTypes,
  type EntityMeta,
  type FieldMeta,
  intRanges,
  isCalendarDate,
  isDateTime,
  isIntegerText,
  patterns,
  type Where,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { containing } from '../db/like.ts';
import { badRequest } from '../http/errors.ts';
import { textArray } from './values.ts';

/**
 * Compiles the caller's `wheres` and sort into SQL on the row alias `t`. Identifiers come only from
 * the metadata (quoted by sql.identifier); every value is a bound parameter (ARCHITECTURE §4).
 */

export const col = (f: Pick<FieldMeta, 'name' | 'column'>) => sql`t.${sql.identifier(columnOf(f))}`;

/** Types that are not compared in a filter: documents and blobs, not values. */
const unfilterable = new Set<FieldMeta['type']>(['json', 'richText', 'file', 'image']);

const bad = (name: string, message: string) =>
  badRequest(`wheres: ${name} ${message}`, { [`wheres.${name}`]: message });

export function fieldNamed(meta: EntityMeta, name: string): FieldMeta | undefined {
  return meta.fields.find((f) => f.name === name);
}

function operatorOf(displayType: string): DisplayType | undefined {
  if ((displayTypes as readonly string[]).includes(displayType)) return displayType as DisplayType;
  return displayTypeAliases[displayType];
}

const asList = (value: Where['value']): (string | number)[] =>
  Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [Number(value)];

/**
 * A filter value as the column's type wants it, or a 400 naming the field: only values PostgreSQL
 * accepts for that column (an integer within its size, a real date, the one date-time form), so a
 * comparison can never fail in the database.
 */
function coerce(f: FieldMeta, raw: string | number | boolean): string | number | boolean {
  const text = String(raw).trim();
  switch (f.type) {
    case 'integer':
    case 'reference': {
      const size = (f.type === 'integer' && f.intSize) || 'int4';
      if (!isIntegerText(text, size)) {
        const [min, max] = intRanges[size];
        throw bad(f.name, `needs a whole number from ${min} to ${max}`);
      }
      return Number(text);
    }
    case 'decimal':
      if (!patterns.decimal.test(text) || text.length > 40) throw bad(f.name, 'needs a number');
      return text;
    case 'boolean':
      if (!['true', 'false', '1', '0'].includes(text)) throw bad(f.name, 'needs true or false');
      return text === 'true' || text === '1';
    case 'date':
      if (!isCalendarDate(text)) throw bad(f.name, 'needs a real date (YYYY-MM-DD)');
      return text;
    case 'datetime':
      if (!isDateTime(text)) throw bad(f.name, 'needs a date and time (YYYY-MM-DDTHH:mm:ss with Z or an offset)');
      return text;
    case 'time':
      if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text)) throw bad(f.name, 'needs a time (HH:mm:ss)');
      return text;
    default:
      return text;
  }
}

const isEmpty = (v: Where['value']) => v === '' || (Array.isArray(v) && v.length === 0);

function compileOne(f: FieldMeta, op: DisplayType, value: Where['value']): SQL {
  const c = col(f);
  if (f.type === 'dictMulti') {
    // A multi-value field matches when it holds any of the values asked for.
    return sql`${c} && ${textArray(asList(value).map(String))}`;
  }
  if (op === 'like') {
    if (Array.isArray(value)) throw bad(f.name, 'takes one value with like');
    return sql`${c}::text ilike ${containing(String(value))}`;
  }
  if (op === 'in') {
    const values = asList(value).map((v) => coerce(f, v));
    if (values.length === 0) return sql`false`;
    return sql`${c} in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  if (Array.isArray(value)) throw bad(f.name, `takes one value with ${op}`);
  const v = coerce(f, value);
  const cmp = { eq: sql`=`, gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` }[op];
  return sql`${c} ${cmp} ${v}`;
}

/** The caller's filters; empty values are skipped (Vol's behaviour); a range is two items on one field. */
export function compileWheres(meta: EntityMeta, wheres: Where[]): SQL[] {
  const out: SQL[] = [];
  for (const w of wheres) {
    const f = fieldNamed(meta, w.name);
    if (!f) throw bad(w.name, 'is not a field of this list');
    if (unfilterable.has(f.type)) throw bad(w.name, 'cannot be filtered');
    const op = operatorOf(w.displayType);
    if (!op) throw bad(w.name, `has an unknown displayType "${w.displayType.slice(0, 20)}"`);
    if (isEmpty(w.value)) continue;
    out.push(compileOne(f, op, w.value));
  }
  return out;
}

/** ORDER BY an allow-listed field, with the key as a stable tiebreak so pages never overlap or skip. */
export function compileSort(meta: EntityMeta, sort: string | undefined, order: 'asc' | 'desc'): SQL {
  const name = sort || meta.defaultSort.field;
  const dir = (sort ? order : meta.defaultSort.order) === 'asc' ? sql`asc` : sql`desc`;
  const f = fieldNamed(meta, name);
  if (!f || !(f.sortable || name === meta.key || name === meta.defaultSort.field)) {
    throw badRequest(`sort: ${name.slice(0, 64)} is not a sortable field`, { sort: 'not a sortable field' });
  }
  const key = fieldNamed(meta, meta.key);
  if (!key) throw new Error(`${meta.name}: key field ${meta.key} missing`);
  if (f.name === key.name) return sql`${col(f)} ${dir}`;
  // PostgreSQL's default null order (last when ascending, first when descending) is what a btree index
  // gives in either direction; asking for another would turn a 20-row index walk into a full sort.
  return sql`${col(f)} ${dir}, ${col(key)} ${dir}`;
}

/** How a column leaves the database: every driver then gives the same JSON-friendly text or number. */
export function selectExpr(f: FieldMeta): SQL {
  const c = col(f);
  switch (f.type) {
    case 'decimal':
    case 'date':
    case 'time':
      return sql`${c}::text`;
    case 'datetime':
      return sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return c;
  }
}

export const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

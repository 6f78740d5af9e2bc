import { columnOf, type EntityMeta, type FieldMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Row } from './definition.ts';
import { sanitizeRichText } from './rich-text.ts';

/** A validated wire value as the SQL parameter for its column. */
export function toSqlValue(f: Pick<FieldMeta, 'type'>, value: unknown): SQL {
  if (value === null || value === undefined) return sql`null`;
  switch (f.type) {
    case 'richText':
      // The last gate before the column: whatever reached here (a parsed body, a hook's value) is cleaned.
      return sql`${sanitizeRichText(String(value))}`;
    case 'json':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'dictMulti':
      return textArray(value as string[]);
    case 'decimal':
      return sql`${String(value)}::numeric`;
    case 'date':
      return sql`${String(value)}::date`;
    case 'datetime':
      return sql`${String(value)}::timestamptz`;
    case 'time':
      return sql`${String(value)}::time`;
    default:
      return sql`${value}`;
  }
}

/** The fields of `row` that the metadata knows and that may be written. */
export function writableEntries(meta: EntityMeta, row: Row): [FieldMeta, unknown][] {
  return meta.fields
    .filter((f) => !f.readOnly && f.name !== meta.key && row[f.name] !== undefined)
    .map((f) => [f, row[f.name]] as [FieldMeta, unknown]);
}

/** A text[] value. Drizzle would spread a JS array into a row ($1, $2, …), so the array is built explicitly. */
export const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export const columnId = (f: FieldMeta) => sql.identifier(columnOf(f));

/** Comparable text of a value for the change log ("before" / "after"). */
export function logText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

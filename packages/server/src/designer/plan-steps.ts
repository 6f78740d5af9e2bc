import type { DesignField, EntityMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { columnType } from '../engine/ddl.ts';

export type StepKind =
  | 'createTable'
  | 'addColumn'
  | 'dropColumn'
  | 'renameColumn'
  | 'changeType'
  | 'setRequired'
  | 'dropRequired'
  | 'setDefault'
  | 'addUnique'
  | 'dropUnique'
  | 'addIndex'
  | 'dropIndex'
  | 'changeReference'
  | 'copyRows';

export type Step = {
  kind: StepKind;
  /** The field's name after the step (before it, for a drop). */
  field?: string;
  /** For a rename, the name before; for a type change, the column type before and after. */
  from?: string;
  to?: string;
  /** An index over several fields: their columns (`field` names them for a reader). */
  columns?: string[];
  up: SQL[];
  down: SQL[];
};

export type Plan = { before: EntityMeta | null; after: EntityMeta; steps: Step[] };

type Column = SQL | ReturnType<typeof sql.identifier>;

/**
 * A column's values as the HTML that shows them as they are: text typed into a field that was not rich text
 * never went through the rich-text sanitiser, so when the field becomes rich text (or a roll back makes it
 * one again) its values are escaped, never read as markup.
 */
export const asHtml = (value: Column) =>
  sql`replace(replace(replace(${value}::text, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

/** The reverse, for rich text becoming text: a value escaped on the way in comes back as it was typed. */
export const asText = (value: Column) =>
  sql`replace(replace(replace(${value}::text, '&lt;', '<'), '&gt;', '>'), '&amp;', '&')`;

const dialect = new PgDialect();

/** One statement as the text that runs (DDL binds no parameters: identifiers are quoted, values literal). */
export function sqlText(statement: SQL): string {
  const q = dialect.sqlToQuery(statement);
  if (q.params.length > 0) throw new Error('a DDL statement with a bound parameter');
  return q.sql;
}

/** The text of a column type, as the cast check takes it. */
export const typeText = (f: DesignField | EntityMeta['fields'][number]): string => sqlText(columnType(f));

/** Every statement of the plan in order, and the ones that undo it in reverse order. */
export function planSql(plan: Plan): { up: string[]; down: string[] } {
  return {
    up: plan.steps.flatMap((s) => s.up.map(sqlText)),
    down: [...plan.steps].reverse().flatMap((s) => s.down.map(sqlText)),
  };
}

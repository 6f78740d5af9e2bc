import type { z } from 'zod';
import { type EntityMeta, entitySchema, type FieldMeta, type FieldType } from './metadata.ts';

/**
 * What entity definitions are written with. Field builders: the standard blocks entity definitions are written from, so that what every field of a
 * kind carries (a money field's numeric(18,2), the key's hidden read-only column, a project reference's
 * table and label) is said once. Each takes the wire name and the label in both languages; `extra` holds
 * what is particular to the field (its place in the search and edit forms, its list column, its rules).
 */
export type FieldExtra = Omit<FieldMeta, 'name' | 'type' | 'label'>;
type Reference = NonNullable<FieldMeta['reference']>;

export const of = (type: FieldType, name: string, en: string, zh: string, extra: FieldExtra = {}): FieldMeta => ({
  name,
  type,
  label: { en, zh },
  ...extra,
});

export const string = (name: string, en: string, zh: string, extra?: FieldExtra) => of('string', name, en, zh, extra);
export const text = (name: string, en: string, zh: string, extra?: FieldExtra) => of('text', name, en, zh, extra);
export const integer = (name: string, en: string, zh: string, extra?: FieldExtra) => of('integer', name, en, zh, extra);
export const boolean = (name: string, en: string, zh: string, extra?: FieldExtra) => of('boolean', name, en, zh, extra);
export const date = (name: string, en: string, zh: string, extra?: FieldExtra) => of('date', name, en, zh, extra);
export const datetime = (name: string, en: string, zh: string, extra?: FieldExtra) =>
  of('datetime', name, en, zh, extra);
/** A decimal of its own precision and scale (given in `extra`). */
export const decimal = (name: string, en: string, zh: string, extra?: FieldExtra) => of('decimal', name, en, zh, extra);

/** A money amount: numeric(18,2), a decimal string on the wire. */
export const amount = (name: string, en: string, zh: string, extra?: FieldExtra) =>
  of('decimal', name, en, zh, { precision: 18, scale: 2, ...extra });

/** A percentage from 0 to 100 with two decimals. */
export const percent = (name: string, en: string, zh: string, extra?: FieldExtra) =>
  of('decimal', name, en, zh, { precision: 5, scale: 2, min: 0, max: 100, ...extra });

/** A code from the dictionary `dictionary`. */
export const dict = (name: string, dictionary: string, en: string, zh: string, extra?: FieldExtra) =>
  of('dict', name, en, zh, { dictionary, ...extra });

/** A row of another table, picked by its label (see `ref` for the usual reference). */
export const reference = (name: string, reference: Reference, en: string, zh: string, extra?: FieldExtra) =>
  of('reference', name, en, zh, { reference, ...extra });

/** The key: an integer the database generates, never shown in the list. */
export const id: FieldMeta = integer('id', 'ID', 'ID', { readOnly: true, list: { hidden: true } });
/** The key of a log table, which outgrows int4. */
export const bigId: FieldMeta = integer('id', 'ID', 'ID', {
  intSize: 'int8',
  readOnly: true,
  list: { hidden: true },
});

/** A detail row's master: required, and never listed (the rows are shown under their master). */
export const master = (name: string, target: Reference, en: string, zh: string) =>
  reference(name, target, en, zh, { required: true, list: hidden });

/** A line's number within its master, from 1 to 999. */
export const seq = (zh: string, extra?: FieldExtra) =>
  integer('seq', 'No.', zh, { required: true, min: 1, max: 999, ...extra });

/** The short remark a detail line ends with, in its column `col` of the line's one-row form. */
export const lineRemark = (length: number, col: number, px: number) =>
  string('remark', 'Remark', '备注', { length, edit: at(1, col), list: width(px) });

type Lifecycle = NonNullable<FieldMeta['lifecycle']>;
/**
 * A row's state, a code of `dictionary` moved along `lifecycle`: a new row starts in the first of its
 * initial states, and the form offers only the moves the lifecycle allows.
 */
export const state = (dictionary: string, lifecycle: Lifecycle, extra?: FieldExtra) =>
  dict('status', dictionary, 'Status', '状态', { length: 20, default: lifecycle.initial[0], lifecycle, ...extra });

/** The free-text remark most documents end with. */
export const remark = (length: number, extra?: FieldExtra) => text('remark', 'Remark', '备注', { length, ...extra });

/** A business code people type or the server numbers: unique in the tenant, letters, digits and dashes. */
export const code = (en: string, zh: string, extra?: FieldExtra) =>
  string('code', en, zh, { length: 32, unique: true, pattern: '^[A-Za-z0-9-]+$', ...extra });

/** A bank account number: digits, spaces and dashes. */
export const bankAccount = (name: string, en: string, zh: string, length: number, extra?: FieldExtra) =>
  string(name, en, zh, { length, pattern: '^[0-9 -]+$', ...extra });

/** What people call a row: required, of at most `length` characters. */
export const name = (en: string, zh: string, length: number, extra?: FieldExtra) =>
  string('name', en, zh, { required: true, length, ...extra });

/** The row's project (the data scope "my projects" reads it). */
export const project = (extra?: FieldExtra) =>
  reference('projectId', { table: 'projects', labelColumn: 'name', codeColumn: 'code' }, 'Project', '项目', extra);

/** When a log row was written: read-only, sorted on, searched as a range. */
export const loggedAt = (extra?: FieldExtra) =>
  datetime('at', 'Time', '时间', { readOnly: true, sortable: true, ...extra });

type SearchOp = NonNullable<NonNullable<FieldMeta['search']>['op']>;
/** A field's cell in the search form (rows and columns from 1) and how the search compares it. */
export const find = (row: number, col: number, op: SearchOp) => ({ row, col, op });
/** A field's cell in the edit form; `span` of the 24-column grid when it is wider than one cell. */
export const at = (row: number, col: number, span?: number) => (span === undefined ? { row, col } : { row, col, span });
/** The list column's width in pixels. */
export const width = (px: number) => ({ width: px });
/** Kept off the list (still searched, edited and exported). */
export const hidden = { hidden: true };

export type Definition = Omit<z.input<typeof entitySchema>, 'name' | 'table' | 'key'> & {
  /** The key field, when it is not the serial `id` (a log's bigint). */
  keyField?: FieldMeta;
};

/**
 * An entity definition: its name (the route segment and menu code), its table, and the rest of its
 * metadata, checked against the schema when the module loads. Every engine table is keyed by `id`, so the
 * key field comes first in every entity without being listed.
 */
export const defineEntity = (name: string, table: string, { keyField = id, ...definition }: Definition): EntityMeta =>
  entitySchema.parse({ name, table, key: 'id', ...definition, fields: [keyField, ...definition.fields] });

export type DetailDefinition = Omit<Definition, 'defaultSort'> & Partial<Pick<Definition, 'defaultSort'>>;

/**
 * A detail entity, edited with its master in one form: its rows in the order they were added unless it
 * sorts otherwise, its fields the key, then `masterField` (naming the master row), then its own.
 */
export const defineDetail = (
  name: string,
  table: string,
  masterField: FieldMeta,
  detail: DetailDefinition,
): EntityMeta =>
  defineEntity(name, table, {
    defaultSort: { field: 'id', order: 'asc' },
    ...detail,
    fields: [masterField, ...detail.fields],
  });

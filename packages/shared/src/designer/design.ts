import { z } from 'zod';
import { columnOf, type EntityMeta, entitySchema, fieldSchema } from '../entity/metadata.ts';

/**
 * A table design: an entity an admin draws, stored as a row and turned into a table, a definition and a
 * screen (the table designer). Its fields are the engine's own field metadata, each with a stable `id`
 * so that a rename is told apart from a drop and an add. Names are checked here, on both sides: a name
 * reaches SQL only as a quoted identifier, but it must also be one PostgreSQL and the engine can live with.
 */

/** PostgreSQL's reserved key words (SQL Key Words appendix, "reserved" in the PostgreSQL column). */
export const reservedWords: ReadonlySet<string> = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate ' +
    'collation column concurrently constraint create cross current_catalog current_date current_role ' +
    'current_schema current_time current_timestamp current_user default deferrable desc distinct do else end ' +
    'except false fetch for foreign freeze from full grant group having ilike in initially inner intersect into ' +
    'is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on ' +
    'only or order outer overlaps placing primary references returning right select session_user similar some ' +
    'symmetric system_user table tablesample then to trailing true union unique user using variadic verbose ' +
    'when where window with'
  ).split(' '),
);

/** Columns the engine adds to every table: a field may not take their names. */
export const systemColumns: ReadonlySet<string> = new Set([
  'id',
  'tenant_id',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
  'version',
  'deleted_at',
  'audit_status',
  'audit_reason',
  'audited_by',
  'audited_at',
]);

/** What every row of the engine carries besides its fields (docs/dev/grid-engine-api.md). */
const rowWireNames: ReadonlySet<string> = new Set(['createdByName', 'updatedByName']);

/** Names kept for the platform's own tables and for what the designer sets aside. */
const reservedTablePrefixes = ['pg_', 'sql_', 'trestle_', '_kept_'];

/** At most 40 characters: index, sequence and constraint names are built from the table name within 63. */
export const maxNameLength = 40;

const nameMessage = {
  entity: 'Start with a capital letter; letters and digits only',
  table: 'Start with a small letter; small letters, digits and _ only',
  field: 'Start with a small letter; letters and digits only',
};

const designLabel = z.object({
  en: z.string().trim().min(1, 'required').max(50, 'at most 50 characters'),
  zh: z.string().trim().min(1, 'required').max(50, 'at most 50 characters'),
});

export const designFieldSchema = fieldSchema.extend({
  /** Stable across edits: the same id under another name is a rename, not a drop and an add. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'invalid'),
  name: z
    .string()
    .max(maxNameLength, `at most ${maxNameLength} characters`)
    .regex(/^[a-z][A-Za-z0-9]*$/, nameMessage.field),
  label: designLabel,
  /** Designed columns take the snake_case of the name; no other column name is accepted. */
  column: z.never().optional(),
});
export type DesignField = z.infer<typeof designFieldSchema>;

export const tableDesignSchema = z
  .object({
    name: z
      .string()
      .max(maxNameLength, `at most ${maxNameLength} characters`)
      .regex(/^[A-Z][A-Za-z0-9]*$/, nameMessage.entity),
    table: z
      .string()
      .max(maxNameLength, `at most ${maxNameLength} characters`)
      .regex(/^[a-z][a-z0-9_]*$/, nameMessage.table),
    label: designLabel,
    singular: designLabel.optional(),
    /** The menu folder the screen's entry goes under; none: the top level. */
    folder: z.number().int().positive().nullable().default(null),
    description: z.string().max(500, 'at most 500 characters').default(''),
    softDelete: z.boolean().default(false),
    audit: z.boolean().default(false),
    fields: z.array(designFieldSchema).min(1, 'add at least one field').max(200, 'at most 200 fields'),
  })
  .strict()
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (reservedWords.has(d.table)) issue(['table'], 'a reserved word of SQL');
    if (reservedTablePrefixes.some((p) => d.table.startsWith(p))) issue(['table'], 'a name the platform keeps');
    const names = new Map<string, number>();
    const columns = new Map<string, number>();
    const ids = new Set<string>();
    // A reference field's row also brings `<name>Label`.
    const labelsOfReferences = new Set(d.fields.filter((f) => f.type === 'reference').map((f) => `${f.name}Label`));
    d.fields.forEach((f, i) => {
      const column = columnOf(f);
      if (reservedWords.has(column) || reservedWords.has(f.name.toLowerCase()))
        issue(['fields', i, 'name'], 'a reserved word of SQL');
      else if (systemColumns.has(column)) issue(['fields', i, 'name'], 'a column every table has already');
      else if (rowWireNames.has(f.name) || labelsOfReferences.has(f.name))
        issue(['fields', i, 'name'], 'a name every row carries already');
      if (names.has(f.name.toLowerCase()) || columns.has(column)) issue(['fields', i, 'name'], 'used twice');
      names.set(f.name.toLowerCase(), i);
      columns.set(column, i);
      if (ids.has(f.id)) issue(['fields', i, 'id'], 'used twice');
      ids.add(f.id);
    });
  });
export type TableDesign = z.infer<typeof tableDesignSchema>;

/** The entity definition a design stands for: the key `id` first, then the fields as drawn. */
export function designToMeta(design: TableDesign): EntityMeta {
  const key = {
    name: 'id',
    type: 'integer' as const,
    label: { en: 'ID', zh: '编号' },
    readOnly: true,
    list: { hidden: true },
  };
  const businessKey = design.fields.find((f) => f.unique && (f.type === 'string' || f.type === 'integer'))?.name;
  return entitySchema.parse({
    name: design.name,
    table: design.table,
    key: 'id',
    businessKey,
    label: design.label,
    singular: design.singular,
    fields: [key, ...design.fields.map(({ id: _id, ...f }) => f)],
    defaultSort: { field: 'id', order: 'desc' },
    softDelete: design.softDelete,
    audit: design.audit,
  });
}

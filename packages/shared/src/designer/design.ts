import { z } from 'zod';
import { columnOf, fieldSchema } from '../entity/metadata.ts';
import { designKinds, kindType, searchOps } from './design-kinds.ts';

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

/** The table a new design's name suggests: `PurchaseOrder` → `purchase_orders`. */
export function suggestTableName(name: string): string {
  const snake = name
    .trim()
    .replace(/[^A-Za-z0-9]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
  if (!/^[a-z]/.test(snake)) return '';
  if (/(s|x|z|ch|sh)$/.test(snake)) return `${snake}es`;
  if (/[^aeiou]y$/.test(snake)) return `${snake.slice(0, -1)}ies`;
  return `${snake}s`;
}

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
  /** What the designer offered it as, beside its type (money, email, user …). */
  kind: z.enum(designKinds).optional(),
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
    /**
     * A detail (child) table: its rows are lines of the `entity` design's rows, edited in the master's form
     * and saved with it in one transaction, joined by `field`, a required reference of this design to the
     * master's table. A detail table has no menu entry of its own: it is reached through its master.
     */
    /**
     * Brought in from a table of the main database that no entity manages: on the apply that creates the
     * table, the source's rows are copied into it for `tenant`, each field from its column (cast to the
     * field's type; the risks count what would not fit), keeping the source's integer ids when `keepIds`. The
     * source table itself is left as it is.
     */
    source: z
      .object({
        table: z
          .string()
          .max(63)
          .regex(/^[a-z_][a-z0-9_]*$/, 'invalid'),
        tenant: z.number().int().positive(),
        /** The source column of each field copied, by the field's id. */
        columns: z.record(
          z.string(),
          z
            .string()
            .max(63)
            .regex(/^[a-z_][a-z0-9_]*$/, 'invalid'),
        ),
        keepIds: z.boolean(),
      })
      .strict()
      .optional(),
    /**
     * The data scope's fields: the row's owner (a user field) and its organisation (an organisation field).
     * A role whose data permission is "own rows" or "own organisation" sees the rows they name.
     */
    scope: z
      .object({
        owner: z.string().max(maxNameLength).optional(),
        organization: z.string().max(maxNameLength).optional(),
      })
      .strict()
      .default({}),
    /**
     * Indexes over several fields, by the fields' stable ids (a rename keeps them): each leads with
     * `tenant_id` like every index; a unique one holds over the tenant's live rows.
     */
    indexes: z
      .array(
        z
          .object({
            /** Names the index (`<table>_<id>_ix`/`_ux`): short, so the name stays within 63 characters. */
            id: z.string().regex(/^[a-z0-9]{1,16}$/, 'invalid'),
            fields: z.array(z.string()).min(2, 'at least two fields').max(5, 'at most five fields'),
            unique: z.boolean().default(false),
          })
          .strict(),
      )
      .max(20, 'at most 20 indexes')
      .default([]),
    master: z
      .object({
        entity: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, nameMessage.entity),
        field: z.string().regex(/^[a-z][A-Za-z0-9]*$/, nameMessage.field),
      })
      .strict()
      .nullable()
      .default(null),
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
    if (d.source && Object.keys(d.source.columns).some((key) => !ids.has(key)))
      issue(['source'], 'copies into a field the design has not');
    d.fields.forEach((f, i) => {
      if (f.kind && kindType[f.kind] !== f.type)
        issue(['fields', i, 'type'], `a ${f.kind} field is of type ${kindType[f.kind]}`);
      if (f.kind === 'autoNumber' && !f.autoNumber?.pattern) issue(['fields', i, 'autoNumber'], 'required');
      if (d.source && f.id in d.source.columns && f.type === 'reference')
        issue(['fields', i, 'type'], 'a field copied from another table is no reference');
      if (f.search?.op && !searchOps(f.type).includes(f.search.op))
        issue(['fields', i, 'search', 'op'], 'not a comparison of this type');
      // Every row's value is checked against it, on both sides: it must compile, and stay short.
      if (f.pattern !== undefined) {
        if (f.pattern.length > 200) issue(['fields', i, 'pattern'], 'at most 200 characters');
        else
          try {
            new RegExp(f.pattern);
          } catch {
            issue(['fields', i, 'pattern'], 'not a valid regular expression');
          }
      }
      if (f.min !== undefined && f.max !== undefined && f.min > f.max)
        issue(['fields', i, 'max'], 'less than the minimum');
    });
    for (const [key, kind] of [
      ['owner', 'user'],
      ['organization', 'organization'],
    ] as const) {
      const name = d.scope[key];
      if (name !== undefined && !d.fields.some((f) => f.name === name && f.kind === kind))
        issue(['scope', key], `names no ${kind} field`);
    }
    const fieldIds = new Set(d.fields.map((f) => f.id));
    const indexIds = new Set<string>();
    const shapes = new Set<string>();
    d.indexes.forEach((ix, i) => {
      if (indexIds.has(ix.id)) issue(['indexes', i, 'id'], 'used twice');
      indexIds.add(ix.id);
      if (ix.fields.some((f) => !fieldIds.has(f))) issue(['indexes', i, 'fields'], 'names a field the table has not');
      else if (new Set(ix.fields).size !== ix.fields.length) issue(['indexes', i, 'fields'], 'a field twice');
      const shape = ix.fields.join(',');
      if (shapes.has(shape)) issue(['indexes', i, 'fields'], 'the same fields as another index');
      shapes.add(shape);
    });
    if (d.master) {
      if (d.master.entity === d.name) issue(['master', 'entity'], 'a table is not its own detail');
      const at = d.fields.findIndex((f) => f.name === d.master?.field);
      const link = d.fields[at];
      if (!link) issue(['master', 'field'], 'names no field of this table');
      else if (link.type !== 'reference') issue(['fields', at, 'type'], 'the link to the master is a reference');
      else if (!link.required) issue(['fields', at, 'required'], 'every line belongs to a master row');
    }
  });
export type TableDesign = z.infer<typeof tableDesignSchema>;

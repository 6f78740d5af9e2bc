import { z } from 'zod';
import { parseExpression } from './expression.ts';

/**
 * Entity metadata: everything the grid engine needs about one entity, said once and read by both
 * the server (SQL, validation, Excel) and the browser (ViewGrid, forms). It is plain data, so an
 * entity drawn in the table designer can be stored as a row and served the same way; server-only
 * behaviour (hooks) lives beside it in the server's EntityDefinition.
 */
export const fieldTypes = [
  'string',
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'time',
  'dict',
  'dictMulti',
  'reference',
  'file',
  'image',
  'richText',
  'json',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const validatorNames = ['phone', 'number', 'decimal', 'mail', 'url'] as const;

const label = z.object({ en: z.string().min(1), zh: z.string().min(1) });
/** A table or column name as metadata may give it (quoted by the query layer, never spliced). */
const sqlName = z.string().regex(/^[a-z][a-z0-9_]*$/);
/** A cell of the 2-D search or edit layout: rows and columns from 1, span in a 24-column grid. */
const place = z.object({
  row: z.number().int().min(1),
  col: z.number().int().min(1),
  span: z.number().int().min(1).max(24).optional(),
});

export const fieldSchema = z.object({
  /** The wire name (camelCase); the SQL column is `column`, or the snake_case of the name. */
  name: z.string().regex(/^[a-z][A-Za-z0-9]*$/),
  column: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .optional(),
  type: z.enum(fieldTypes),
  label,
  required: z.boolean().optional(),
  /** Maximum length of a string, text or rich-text value. */
  length: z.number().int().positive().optional(),
  /** Decimal: total digits and digits after the point (numeric(precision, scale) in SQL). */
  precision: z.number().int().min(1).max(38).optional(),
  scale: z.number().int().min(0).max(18).optional(),
  /** Integer: the column's size (smallint, bigint); integer (int4) when absent. Values are checked against it. */
  intSize: z.enum(['int2', 'int4', 'int8']).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional(),
  validator: z.enum(validatorNames).optional(),
  default: z.unknown().optional(),
  /** A hint under the field in the add and edit form, in both languages (either may be empty). */
  help: z.object({ en: z.string().max(200), zh: z.string().max(200) }).optional(),
  /** Shown, never written by add or update (computed or set by the engine). */
  readOnly: z.boolean().optional(),
  /**
   * Computed from other fields by an expression (expression.ts: `round(amountExclTax * taxRate / 100, 2)`,
   * `sum(PurchaseContractLine.amount)`, `allocate(master.amountInclTax, percent)`): filled in the form as the
   * user types and again by the server, which stores its own result whatever the caller sent.
   */
  computed: z
    .string()
    .max(500)
    .refine((source) => {
      try {
        parseExpression(source);
        return true;
      } catch {
        return false;
      }
    }, 'not a valid expression')
    .optional(),
  /**
   * Numbered by the server on add when left empty: `XM{yyyy}-{seq:4}` ({yyyy} {yy} {mm} the date, {seq:N} a
   * counter of N digits or more, per tenant, entity and period). Site settings may change the pattern per
   * tenant; the form shows the field read-only until the save assigns it.
   */
  autoNumber: z.object({ pattern: z.string().max(40) }).optional(),
  unique: z.boolean().optional(),
  /** Dictionary code, for dict and dictMulti. */
  dictionary: z.string().optional(),
  /**
   * A closed set of codes the product itself defines (a sign-in's outcome, a change's action), with their
   * labels: shown as the label wherever the value appears, like a dictionary that no tenant edits.
   */
  options: z.array(z.object({ value: z.string(), label })).optional(),
  /**
   * The referenced table (a tenant table with an integer id) and the column that labels its rows. With
   * `parent`, the edit form offers only the rows whose `column` holds the value of the (master) form's
   * `field`: a payment term of the chosen contract, a budget line of the chosen project.
   */
  reference: z
    .object({
      table: sqlName,
      labelColumn: sqlName,
      /** The row's business code (a project's number): searched with the label, and shown "code — label". */
      codeColumn: sqlName.optional(),
      /** The column holding the label in Chinese, read for a zh reader when it is not empty. */
      labelColumnZh: sqlName.optional(),
      parent: z.object({ field: z.string(), column: sqlName }).optional(),
      /**
       * What choosing a row fills in the same form: `field` takes the chosen row's `column`, or with `via`,
       * the `via.column` of the `via.table` row that `column` names (a contract's customer's name).
       */
      fills: z
        .array(
          z.object({
            field: z.string(),
            column: sqlName,
            via: z.object({ table: sqlName, column: sqlName }).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  /**
   * A state field's lifecycle (with `dictionary`): the states a new row may start in, and each state's
   * next states. The form offers only these; the engine refuses any other move.
   */
  lifecycle: z
    .object({ initial: z.array(z.string()).min(1), next: z.record(z.string(), z.array(z.string())) })
    .optional(),
  /** Where the field sits in the search form, and how it is compared. */
  search: place.extend({ op: z.enum(['like', 'eq', 'in', 'range']).optional() }).optional(),
  edit: place.optional(),
  list: z.object({ width: z.number().int().positive().optional(), hidden: z.boolean().optional() }).optional(),
  sortable: z.boolean().optional(),
  summary: z.enum(['sum', 'avg', 'count']).optional(),
});
export type FieldMeta = z.infer<typeof fieldSchema>;

export const entitySchema = z
  .object({
    /** The route segment (/api/<name>/<action>) and the menu code permissions are checked against. */
    name: z.string().regex(/^[A-Z][A-Za-z0-9]*$/),
    table: z.string().regex(/^[a-z][a-z0-9_]*$/),
    /** The key field's name; keys are integers generated by the database. */
    key: z.string(),
    /**
     * The field people name a row by (a code or number, unique in the tenant): an import that updates
     * existing rows matches them on it, and a reference to this entity's table may be written as it.
     */
    businessKey: z.string().optional(),
    /** The list's name (the plural: "Employees"). */
    label,
    /**
     * One record, as a sentence names it: the dialogs say "Add employee", "新建员工". Without it (a
     * designed entity not yet given one) the dialogs name the list.
     */
    singular: label.optional(),
    fields: z.array(fieldSchema).min(1),
    defaultSort: z.object({ field: z.string(), order: z.enum(['asc', 'desc']) }),
    /** Child entities edited with the master in one transaction; `foreignKey` is the child's field naming the master. */
    details: z.array(z.object({ entity: z.string(), foreignKey: z.string() })).default([]),
    /** Delete sets deleted_at instead of removing the row. */
    softDelete: z.boolean().default(false),
    /** The entity has an approval state (audit_status, audit_reason). */
    audit: z.boolean().default(false),
    /**
     * With `audit`: whoever submitted a document may not approve it (segregation of duties). The default;
     * site settings may turn it on or off per tenant.
     */
    separateApprover: z.boolean().default(false),
    /**
     * A built-in entity's own menu entry, made with its table when the table is made from this definition
     * (a new built-in entity: no migration, no seed line). `parent` is the folder's menu code; `buttons` the
     * button codes the screen offers (the grid's own when absent: Audit only with approval). Made once: what
     * an admin later changes in the menu editor stays.
     */
    menu: z
      .object({
        parent: z.string().max(50).optional(),
        icon: z.string().max(50).optional(),
        order: z.number().int().min(0).optional(),
        buttons: z.array(z.string().max(50)).optional(),
      })
      .strict()
      .optional(),
    /** Fields the data scope compares: the owner user, the organisation, the project. */
    scope: z
      .object({ owner: z.string().optional(), organization: z.string().optional(), project: z.string().optional() })
      .default({}),
  })
  .refine(
    (m) =>
      m.businessKey === undefined ||
      m.fields.some((f) => f.name === m.businessKey && f.unique && (f.type === 'string' || f.type === 'integer')),
    { message: 'names no unique string or integer field', path: ['businessKey'] },
  )
  .superRefine((meta, ctx) => {
    // A fill names a field of the same form; a typo would otherwise be a silent no-op.
    const names = new Set(meta.fields.map((f) => f.name));
    for (const f of meta.fields)
      for (const fill of f.reference?.fills ?? [])
        if (!names.has(fill.field))
          ctx.addIssue({ code: 'custom', message: `${f.name} fills unknown field ${fill.field}`, path: ['fields'] });
  });
export type EntityMeta = z.infer<typeof entitySchema>;

/** What a screen is drawn from (`/api/<name>/getMeta`): the entity, and its detail entities edited with it. */
export const entityScreenSchema = entitySchema.and(z.object({ detailMetas: z.array(entitySchema) }));
export type EntityScreenMeta = EntityMeta & { detailMetas: EntityMeta[] };

/**
 * The states a state field may take in a form (one rule with the engine's check): a new row's initial
 * states, or the current state and those its lifecycle lets it move to. Null: the field has no lifecycle.
 */
export function stateChoices(f: Pick<FieldMeta, 'lifecycle'>, current?: unknown): string[] | null {
  const life = f.lifecycle;
  if (!life) return null;
  if (current === undefined || current === null || current === '') return life.initial;
  return [String(current), ...(life.next[String(current)] ?? [])];
}

/** Whether a state field may go from `from` to `to` (staying put is always allowed). */
export const canMove = (life: NonNullable<FieldMeta['lifecycle']>, from: unknown, to: unknown): boolean =>
  to === from || (life.next[String(from)] ?? []).includes(String(to));

/** snake_case column of a field. */
export const columnOf = (f: Pick<FieldMeta, 'name' | 'column'>): string =>
  f.column ?? f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Columns every engine table carries besides its own fields. */
export const systemFields = ['tenantId', 'createdBy', 'createdAt', 'updatedBy', 'updatedAt', 'version'] as const;

/** Fields a form shows without letting the user type in them: read-only, computed, or numbered by the server. */
export const lockedInForm = (f: FieldMeta): boolean =>
  f.readOnly === true || f.computed !== undefined || f.autoNumber !== undefined;

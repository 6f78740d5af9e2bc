import { z } from 'zod';
import { id } from '../contracts/values.ts';
import { fieldSchema, fieldTypes } from '../entity/metadata.ts';

/**
 * A form design: what an admin lays out in the form designer (/formDesign), stored as JSON with the form and
 * read by both sides. The browser renders it and runs its rules as the user types; the server builds the same
 * checks from it (rules.ts, submission.ts) and enforces them on every submission and, for a bound form, on
 * every add and update of its entity. One rule set, two sides.
 *
 * The fields of a standalone form are its own (`fields`, `tables`: the engine's field metadata, so a value is
 * checked by the same zod as an entity's). A bound form places its entity's fields and detail entities by
 * name and may only tighten them (label, help, placeholder, required, read-only, hidden, width).
 */

export const formLabelSchema = z.object({ en: z.string().max(200), zh: z.string().max(200) });
export type FormLabel = z.infer<typeof formLabelSchema>;
/** A label that must say something in English (the wire default) and may leave Chinese empty. */
const named = z.object({ en: z.string().trim().min(1).max(200), zh: z.string().max(200) });

/** What a standalone form's field may be: the engine's types but a reference (no table to pick from) and json. */
export const formFieldTypes = fieldTypes.filter((t) => t !== 'reference' && t !== 'json');
export type FormFieldType = (typeof formFieldTypes)[number];

const fieldName = z.string().regex(/^[a-z][A-Za-z0-9]{0,49}$/, 'a name like siteAddress: letters and digits');

/** A standalone form's own field: the engine's field metadata, without what only a table has. */
export const formFieldSchema = fieldSchema
  .pick({
    type: true,
    required: true,
    length: true,
    precision: true,
    scale: true,
    min: true,
    max: true,
    pattern: true,
    validator: true,
    default: true,
    help: true,
    readOnly: true,
    computed: true,
    dictionary: true,
    options: true,
  })
  .extend({
    name: fieldName,
    type: z.enum(formFieldTypes as [FormFieldType, ...FormFieldType[]]),
    label: named,
  })
  .strict();
export type FormField = z.infer<typeof formFieldSchema>;

/** A standalone form's sub-table: lines the user adds, each with its own fields (a detail entity's place). */
export const formTableSchema = z
  .object({
    name: z.string().regex(/^[A-Z][A-Za-z0-9]{0,49}$/, 'a name like Attendees: a capital, then letters and digits'),
    label: named,
    fields: z.array(formFieldSchema).min(1).max(50),
    minRows: z.number().int().min(0).max(500).optional(),
    maxRows: z.number().int().min(1).max(500).optional(),
  })
  .strict();
export type FormTable = z.infer<typeof formTableSchema>;

const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const span = z.number().int().min(1).max(24);

/** A field placed on the form, with what the form says over the field's own metadata. */
const fieldItem = z
  .object({
    kind: z.literal('field'),
    id: itemId,
    /** The field's name: one of the form's `fields`, or of the bound entity. */
    name: z.string().max(50),
    /** Columns of the 24-column grid; 12 (half a row) when absent. */
    span: span.optional(),
    label: formLabelSchema.optional(),
    placeholder: formLabelSchema.optional(),
    help: formLabelSchema.optional(),
    /** Only tightens: a field the metadata makes required stays required. */
    required: z.literal(true).optional(),
    readOnly: z.literal(true).optional(),
    /** Hidden unless a rule shows it. */
    hidden: z.literal(true).optional(),
  })
  .strict();

export type FormItem =
  | z.infer<typeof fieldItem>
  | { kind: 'table'; id: string; name: string; span?: number; hidden?: true }
  | { kind: 'section'; id: string; title: FormLabel; items: FormItem[]; hidden?: true }
  | { kind: 'tabs'; id: string; tabs: { id: string; title: FormLabel; items: FormItem[] }[] }
  | { kind: 'columns'; id: string; columns: { id: string; span: number; items: FormItem[] }[] }
  | { kind: 'divider'; id: string; title?: FormLabel }
  | { kind: 'text'; id: string; text: FormLabel; span?: number };

export const formItemSchema: z.ZodType<FormItem> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    fieldItem,
    z
      .object({
        kind: z.literal('table'),
        id: itemId,
        name: z.string().max(50),
        span: span.optional(),
        hidden: z.literal(true).optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('section'),
        id: itemId,
        title: formLabelSchema,
        items: z.array(formItemSchema).max(200),
        hidden: z.literal(true).optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('tabs'),
        id: itemId,
        tabs: z
          .array(z.object({ id: itemId, title: formLabelSchema, items: z.array(formItemSchema).max(200) }).strict())
          .min(1)
          .max(20),
      })
      .strict(),
    z
      .object({
        kind: z.literal('columns'),
        id: itemId,
        columns: z
          .array(z.object({ id: itemId, span, items: z.array(formItemSchema).max(200) }).strict())
          .min(1)
          .max(4),
      })
      .strict(),
    z.object({ kind: z.literal('divider'), id: itemId, title: formLabelSchema.optional() }).strict(),
    z.object({ kind: z.literal('text'), id: itemId, text: formLabelSchema, span: span.optional() }).strict(),
  ]),
);

const scalar = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** A rule's condition: on a field's value (as the user has it now), or on who is filling the form. */
export const conditionSchema = z.discriminatedUnion('subject', [
  z
    .object({
      subject: z.literal('field'),
      field: z.string().max(50),
      op: z.enum(['eq', 'ne', 'in', 'notIn', 'gt', 'ge', 'lt', 'le', 'empty', 'notEmpty', 'contains']),
      /** What the value is compared with; a list for in and notIn; none for empty and notEmpty. */
      value: z.union([scalar, z.array(z.string().max(200)).max(200)]).optional(),
    })
    .strict(),
  z.object({ subject: z.literal('role'), op: z.enum(['in', 'notIn']), value: z.array(id).min(1).max(100) }).strict(),
  z
    .object({ subject: z.literal('organization'), op: z.enum(['in', 'notIn']), value: z.array(id).min(1).max(100) })
    .strict(),
]);
export type FormCondition = z.infer<typeof conditionSchema>;

/**
 * What a rule does while its condition holds. `show`: the field (or sub-table, or section) is hidden unless a
 * rule showing it holds; `hide` hides it; `require` makes it required; `disable` locks it at its default (or
 * the value a rule sets); `setValue` gives it a value; `options` limits a choice field to some of its codes;
 * `compute` makes it the value of an expression (expression.ts) over the form's fields.
 */
export const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['show', 'hide', 'require', 'disable']), target: z.string().max(50) }).strict(),
  z.object({ action: z.literal('setValue'), target: z.string().max(50), value: scalar }).strict(),
  z
    .object({
      action: z.literal('options'),
      target: z.string().max(50),
      options: z.array(z.string().max(200)).max(200),
    })
    .strict(),
  z
    .object({ action: z.literal('compute'), target: z.string().max(50), expression: z.string().min(1).max(500) })
    .strict(),
]);
export type FormAction = z.infer<typeof actionSchema>;

export const ruleSchema = z
  .object({
    id: itemId,
    name: z.string().max(100).optional(),
    /** all: every condition holds; any: one does. No conditions: always. */
    match: z.enum(['all', 'any']),
    when: z.array(conditionSchema).max(20),
    actions: z.array(actionSchema).min(1).max(20),
  })
  .strict();
export type FormRule = z.infer<typeof ruleSchema>;

export const formDesignSchema = z
  .object({
    title: named,
    description: formLabelSchema.optional(),
    /** The entity whose add and edit dialog this form lays out; absent: a standalone form that collects answers. */
    entity: z
      .string()
      .regex(/^[A-Z][A-Za-z0-9]*$/)
      .optional(),
    /** A standalone form's own fields and sub-tables (empty for a bound form: it places its entity's). */
    fields: z.array(formFieldSchema).max(200).default([]),
    tables: z.array(formTableSchema).max(10).default([]),
    items: z.array(formItemSchema).max(200),
    rules: z.array(ruleSchema).max(100).default([]),
    /** The dialog's or page's width in pixels; the layout wraps to one column on a phone. */
    width: z.number().int().min(360).max(1600).optional(),
  })
  .strict();
export type FormDesign = z.infer<typeof formDesignSchema>;
/** A design as a client writes it (defaults not yet filled). */
export type FormDesignInput = z.input<typeof formDesignSchema>;

/** Who fills the form: the user's roles and organisation, which rules may test. */
export type FormViewer = { roleIds: readonly number[]; organizationId: number | null };

/** Every item of a layout, depth first, with its container's items before the next sibling's. */
export function* walkItems(items: readonly FormItem[]): Generator<FormItem> {
  for (const item of items) {
    yield item;
    if (item.kind === 'section') yield* walkItems(item.items);
    else if (item.kind === 'tabs') for (const tab of item.tabs) yield* walkItems(tab.items);
    else if (item.kind === 'columns') for (const col of item.columns) yield* walkItems(col.items);
  }
}

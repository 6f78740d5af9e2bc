import { z } from 'zod';
import { columnOf } from '../entity/metadata.ts';
import { type TableDesign, tableDesignSchema } from './design.ts';

/** The wire shapes of /api/tableDesign/*: the server's responses and the browser's types, said once. */

export const designStatusSchema = z.enum(['draft', 'applied', 'changed']);
export type DesignStatus = z.infer<typeof designStatusSchema>;

/** What a reference field to a design's table labels and searches its rows by. */
export const referenceTargetSchema = z.object({
  table: z.string(),
  labelColumn: z.string(),
  codeColumn: z.string().optional(),
});
export type ReferenceTarget = z.infer<typeof referenceTargetSchema>;

export const designListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  table: z.string(),
  label: tableDesignSchema.shape.label,
  /** draft: never applied; applied: the table is as the draft says; changed: the draft has changes to apply. */
  status: designStatusSchema,
  /** The master design, for a detail table. */
  master: z.string().nullable(),
  /** How a reference to this table shows and finds its rows. */
  target: referenceTargetSchema,
  version: z.number(),
  updatedAt: z.string(),
  /** Whether it was ever applied (its history is kept, so it can't be deleted). */
  everApplied: z.boolean(),
});
export type DesignListItem = z.infer<typeof designListItemSchema>;

/**
 * A built-in entity as the designer lists it, read-only: its names, its fields, the master it is a detail of,
 * and what made its table — its migrations, or its definition at start-up.
 */
export const builtInTableSchema = z.object({
  name: z.string(),
  table: z.string(),
  label: tableDesignSchema.shape.label,
  detailOf: z.string().nullable(),
  source: z.enum(['migrations', 'definition']),
  fields: z.array(
    z.object({
      name: z.string(),
      label: tableDesignSchema.shape.label,
      type: z.string(),
      required: z.boolean(),
      unique: z.boolean(),
      /** The referenced table, for a reference. */
      references: z.string().nullable(),
    }),
  ),
});
export type BuiltInTable = z.infer<typeof builtInTableSchema>;

/** A table of the main database no entity manages, that may be brought in: its estimated rows and columns. */
export const bringableTableSchema = z.object({ table: z.string(), rows: z.number(), columns: z.number() });
export type BringableTable = z.infer<typeof bringableTableSchema>;

/** A table read into a design (not saved): the design, and the columns left behind (no field for their type). */
export const broughtInSchema = z.object({ design: tableDesignSchema, skipped: z.array(z.string()) });
export type BroughtIn = z.infer<typeof broughtInSchema>;

export const designDetailSchema = z.object({
  id: z.number(),
  version: z.number(),
  draft: tableDesignSchema,
  applied: tableDesignSchema.nullable(),
});
export type DesignDetail = z.infer<typeof designDetailSchema>;

export const migrationItemSchema = z.object({
  id: z.number(),
  upSql: z.array(z.string()),
  downSql: z.array(z.string()),
  appliedAt: z.string(),
  appliedBy: z.number().nullable(),
  rolledBackAt: z.string().nullable(),
});
export type Migration = z.infer<typeof migrationItemSchema>;

export const previewSchema = z.object({
  steps: z.array(
    z.object({
      kind: z.string(),
      field: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
    }),
  ),
  up: z.array(z.string()),
  down: z.array(z.string()),
  risks: z.array(
    z.object({
      kind: z.string(),
      field: z.string(),
      count: z.number(),
      samples: z.array(z.string()),
      blocking: z.boolean(),
    }),
  ),
});
export type Preview = z.infer<typeof previewSchema>;
export type PreviewStep = Preview['steps'][number];
export type Risk = Preview['risks'][number];

/**
 * A designed table as a reference's target: its rows are labelled by the first text field that is not its
 * code (or by the code), and searched by the code, the unique text field, when it has one.
 */
export function referenceTargetOf(design: TableDesign): ReferenceTarget {
  const texts = design.fields.filter((f) => f.type === 'string');
  const code = texts.find((f) => f.unique);
  const label = texts.find((f) => f !== code) ?? code ?? design.fields[0];
  return {
    table: design.table,
    labelColumn: label ? columnOf(label) : 'id',
    ...(code && code !== label ? { codeColumn: columnOf(code) } : {}),
  };
}

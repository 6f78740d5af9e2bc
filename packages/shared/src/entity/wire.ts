import { z } from 'zod';
import { pageOf } from '../contracts/shapes.ts';
import { id } from '../contracts/values.ts';

/** The generic contract of ARCHITECTURE §3 that every entity exposes at /api/<Entity>/<action>. */
export const displayTypes = ['like', 'eq', 'in', 'gt', 'ge', 'lt', 'le'] as const;
export type DisplayType = (typeof displayTypes)[number];

/** Vol's older names map onto ours (thanorequal → ge, lessorequal → le, selectList → in, …). */
export const displayTypeAliases: Record<string, DisplayType> = {
  thanorequal: 'ge',
  lessorequal: 'le',
  selectList: 'in',
  checkbox: 'in',
  droplist: 'in',
  text: 'eq',
  select: 'eq',
};

export const whereSchema = z.strictObject({
  name: z.string().max(64),
  value: z.union([
    z.string().max(2000),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string().max(200), z.number()])).max(500),
  ]),
  displayType: z.string().max(20).default('eq'),
});
export type Where = z.infer<typeof whereSchema>;

export const MAX_PAGE_ROWS = 500;

export const pageRequestSchema = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  rows: z.number().int().min(1).max(MAX_PAGE_ROWS).default(30),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  wheres: z.array(whereSchema).max(50).default([]),
  /** Ask for an exact total even on a large result (costs a full count). */
  exactTotal: z.boolean().default(false),
  /** false: skip counting; total is then a lower bound (rows so far, plus one when another page exists). */
  count: z.boolean().default(true),
  /** getDetailPage: the master row's key, and which detail entity (default: the first). */
  value: id.optional(),
  detail: z.string().max(64).optional(),
});
export type PageRequest = z.input<typeof pageRequestSchema>;

export const pageResultSchema = pageOf(z.record(z.string(), z.unknown())).extend({
  /** false: `total` is the planner's estimate ("about N"); ask with exactTotal for the exact figure. */
  totalExact: z.boolean(),
  summary: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
});
export type PageResult = z.infer<typeof pageResultSchema>;

export const saveBodySchema = z.strictObject({
  mainData: z.record(z.string(), z.unknown()),
  /** Detail rows per detail entity name; a row with its key is updated, one without is added. */
  detailData: z.record(z.string(), z.array(z.record(z.string(), z.unknown())).max(1000)).default({}),
  /** Keys of detail rows removed in the dialog, per detail entity name. */
  delKeys: z.record(z.string(), z.array(id).max(1000)).default({}),
});
export type SaveBody = z.input<typeof saveBodySchema>;

/**
 * Keys of rows to delete, submit or audit. Entities with bigint keys (the logs) are read-only, so every
 * key that reaches these actions is a serial one.
 */
export const delBodySchema = z.array(id).min(1).max(1000);

/**
 * Approval states of an entity with `audit` (the column audit_status): Vol's 1 approved and 2
 * rejected, with 0 draft and 3 in approval. Draft and rejected documents may be edited and submitted;
 * a document in approval is locked; an approved one changes only where its entity allows.
 */
export const AuditStatus = { draft: 0, approved: 1, rejected: 2, inApproval: 3 } as const;
export type AuditStatusValue = (typeof AuditStatus)[keyof typeof AuditStatus];

/** Submit documents for approval. */
export const submitBodySchema = z.strictObject({ keys: z.array(id).min(1).max(1000) });

/** One step of a document's approval history, newest last. */
export const approvalEntrySchema = z.object({
  action: z.enum(['submit', 'approve', 'reject']),
  reason: z.string(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type ApprovalEntry = z.infer<typeof approvalEntrySchema>;

export const auditBodySchema = z.strictObject({
  keys: z.array(id).min(1).max(1000),
  /** 1 approve, 2 reject (Vol's auditStatus). */
  status: z.union([z.literal(1), z.literal(2)]),
  reason: z.string().trim().max(500).default(''),
});

/** How an import runs: only checked, every row or nothing, or the valid rows. */
export type ImportMode = 'check' | 'all' | 'valid';
/** What happens to a row whose business key names a record already in the list: refused, or an update of it. */
export type ImportExisting = 'refuse' | 'update';
/** A row's problem in an import, named by the row's number in the workbook and the field's label. */
export type ImportError = { row: number; field: string; message: string };
/**
 * What an import did (or, checking, would do): `added`, `updated` and `unchanged` count the valid rows by
 * what they do; `conflicts` the rows whose record changed since the export (counted among the invalid);
 * `imported` the rows written.
 */
export type ImportSummary = {
  total: number;
  valid: number;
  invalid: number;
  imported: number;
  added: number;
  updated: number;
  unchanged: number;
  conflicts: number;
  errors: ImportError[];
  errorWorkbook: string | null;
};

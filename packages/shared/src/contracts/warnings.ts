import { z } from 'zod';
import { pageRequestSchema } from '../entity/wire.ts';
import { codedRow } from './shapes.ts';
import { calendarDate, id, integerSchema } from './values.ts';

/** Warning severities, lowest first (docs/domain.md §2.8); the rank orders lists and derives health. */
export const warningSeverities = ['INFO', 'WARNING', 'CRITICAL'] as const;
export type WarningSeverity = (typeof warningSeverities)[number];

/**
 * OPEN → ACKNOWLEDGED, or IGNORED by an admin; RESOLVED when the condition is gone (the evaluator's
 * note 'auto'). A live warning (not RESOLVED) is unique per rule and target.
 */
export const warningStatuses = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'IGNORED'] as const;
export type WarningStatus = (typeof warningStatuses)[number];

export const warningCategories = [
  'SCHEDULE',
  'COST',
  'RECEIVABLE',
  'PROCUREMENT',
  'REPORTING',
  'CONTRACT',
  'OM',
  'QUALITY',
] as const;

/** Thresholds of a rule: named numbers (days, percent points); each rule names its own. */
export const warningParamsSchema = z.record(
  z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/),
  z.number().min(0).max(100_000),
);

export const warningRuleSchema = z.object({
  ...codedRow,
  nameZh: z.string(),
  category: z.enum(warningCategories),
  severityLogic: z.string(),
  description: z.string(),
  params: warningParamsSchema,
  /** The rule's own defaults, for the dialog's "reset". */
  defaults: warningParamsSchema,
  enabled: z.boolean(),
  version: z.number(),
  lastRunAt: z.string().nullable(),
});
export type WarningRuleRow = z.infer<typeof warningRuleSchema>;

export const warningRuleUpdateSchema = z.strictObject({
  id,
  version: integerSchema().min(1, 'at least 1'),
  enabled: z.boolean(),
  params: warningParamsSchema,
});
export type WarningRuleUpdate = z.infer<typeof warningRuleUpdateSchema>;

const keys = z.array(id).min(1).max(500);
const note = z.string().trim().max(500);

export const warningAcknowledgeSchema = z.strictObject({ keys, note: note.default('') });
export const warningSnoozeSchema = z.strictObject({
  keys,
  until: calendarDate,
  note: note.default(''),
});
export const warningIgnoreSchema = z.strictObject({ keys, note: note.min(1, 'Say why the warning is ignored') });
export type WarningSnooze = z.input<typeof warningSnoozeSchema>;

export const warningEvaluateSchema = z.strictObject({ projectId: id.optional() });

/** What one evaluation did, over all its rules. */
export const warningEvaluationSchema = z.object({
  rules: z.number(),
  opened: z.number(),
  updated: z.number(),
  resolved: z.number(),
  projects: z.number(),
  failed: z.array(z.string()),
});
export type WarningEvaluation = z.infer<typeof warningEvaluationSchema>;

/** /ProjectWarning's list: an engine page request; listing re-checks the rules of the projects in view. */
export const warningListSchema = pageRequestSchema;

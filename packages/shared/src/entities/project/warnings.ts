import { z } from 'zod';
import { type EntityMeta, entitySchema } from '../../entity/metadata.ts';
import { pageRequestSchema } from '../../entity/wire.ts';
import { calendarDate, id, integerSchema } from '../../values.ts';
import { ref } from './refs.ts';

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

const readOnly = true;

/**
 * ProjectWarning (/ProjectWarning): warnings the rules raise; written by the evaluator and the actions only.
 * title and message are rendered in the reader's language from ruleCode and args on every read.
 */
export const projectWarningMeta: EntityMeta = entitySchema.parse({
  name: 'ProjectWarning',
  table: 'project_warning',
  key: 'id',
  label: { en: 'Project warnings', zh: '项目预警' },
  singular: { en: 'project warning', zh: '项目预警' },
  defaultSort: { field: 'severityRank', order: 'desc' },
  // "Own" is the warnings assigned to the caller; "projects" those of the caller's projects.
  scope: { owner: 'assigneeId', project: 'projectId' },
  fields: [
    { name: 'id', type: 'integer', label: { en: 'ID', zh: 'ID' }, readOnly, list: { hidden: true } },
    {
      name: 'severity',
      type: 'dict',
      dictionary: 'warningSeverity',
      label: { en: 'Severity', zh: '级别' },
      readOnly,
      search: { row: 1, col: 1, op: 'in' },
      list: { width: 90 },
    },
    {
      name: 'severityRank',
      type: 'integer',
      intSize: 'int2',
      label: { en: 'Severity rank', zh: '级别序号' },
      readOnly,
      sortable: true,
      list: { hidden: true },
    },
    {
      name: 'status',
      type: 'dict',
      dictionary: 'warningStatus',
      label: { en: 'Status', zh: '状态' },
      readOnly,
      search: { row: 1, col: 2, op: 'in' },
      list: { width: 100 },
    },
    {
      name: 'ruleCode',
      type: 'dict',
      dictionary: 'warningRule',
      label: { en: 'Rule', zh: '规则' },
      readOnly,
      sortable: true,
      search: { row: 1, col: 3, op: 'in' },
      list: { width: 200 },
    },
    {
      name: 'projectId',
      type: 'reference',
      reference: ref('projects'),
      label: { en: 'Project', zh: '项目' },
      readOnly,
      search: { row: 2, col: 1, op: 'eq' },
      list: { width: 220 },
    },
    {
      name: 'title',
      type: 'string',
      length: 300,
      label: { en: 'Title', zh: '标题' },
      readOnly,
      list: { width: 320 },
    },
    {
      name: 'message',
      type: 'text',
      length: 2000,
      label: { en: 'Details', zh: '详情' },
      readOnly,
      list: { hidden: true },
    },
    {
      // What title and message are worded from, per rule (warning-texts.ts): codes, names, numbers and
      // dates, the same in every language. Worded text is not stored, so there is no text search.
      name: 'args',
      type: 'json',
      label: { en: 'Values in the text', zh: '文本中的值' },
      readOnly,
      list: { hidden: true },
    },
    {
      name: 'targetType',
      type: 'dict',
      dictionary: 'warningTarget',
      label: { en: 'Target', zh: '对象' },
      readOnly,
      list: { width: 110 },
    },
    { name: 'targetId', type: 'integer', label: { en: 'Target ID', zh: '对象ID' }, readOnly, list: { hidden: true } },
    {
      name: 'triggerValue',
      type: 'string',
      length: 100,
      label: { en: 'Value', zh: '触发值' },
      readOnly,
      list: { width: 110 },
    },
    {
      name: 'thresholdValue',
      type: 'string',
      length: 100,
      label: { en: 'Threshold', zh: '阈值' },
      readOnly,
      list: { width: 110 },
    },
    {
      name: 'assigneeId',
      type: 'reference',
      reference: ref('users', 'user_true_name'),
      label: { en: 'Assignee', zh: '处理人' },
      readOnly,
      search: { row: 2, col: 3, op: 'eq' },
      list: { width: 120 },
    },
    {
      name: 'firstDetectedAt',
      type: 'datetime',
      label: { en: 'First detected', zh: '首次发现' },
      readOnly,
      sortable: true,
      list: { width: 160 },
    },
    {
      name: 'lastDetectedAt',
      type: 'datetime',
      label: { en: 'Last detected', zh: '最近发现' },
      readOnly,
      sortable: true,
      list: { hidden: true },
    },
    {
      name: 'snoozedUntil',
      type: 'date',
      label: { en: 'Snoozed until', zh: '暂缓至' },
      readOnly,
      list: { width: 110 },
    },
    {
      name: 'resolvedAt',
      type: 'datetime',
      label: { en: 'Resolved', zh: '解除时间' },
      readOnly,
      list: { hidden: true },
    },
    { name: 'note', type: 'string', length: 500, label: { en: 'Note', zh: '备注' }, readOnly, list: { width: 160 } },
  ],
});

/** Thresholds of a rule: named numbers (days, percent points); each rule names its own. */
export const warningParamsSchema = z.record(
  z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/),
  z.number().min(0).max(100_000),
);

export const warningRuleSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
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

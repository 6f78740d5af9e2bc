import * as field from '../../entity/define.ts';
import { defineEntity, find, hidden, width } from '../../entity/define.ts';
import { ref } from './refs.ts';

const readOnly = true;

/**
 * ProjectWarning (/ProjectWarning): warnings the rules raise; written by the evaluator and the actions only.
 * title and message are rendered in the reader's language from ruleCode and args on every read.
 */
export const projectWarningMeta = defineEntity('ProjectWarning', 'project_warning', {
  label: { en: 'Project warnings', zh: '项目预警' },
  singular: { en: 'project warning', zh: '项目预警' },
  defaultSort: { field: 'severityRank', order: 'desc' },
  // "Own" is the warnings assigned to the caller; "projects" those of the caller's projects.
  scope: { owner: 'assigneeId', project: 'projectId' },
  fields: [
    field.dict('severity', 'warningSeverity', 'Severity', '级别', {
      readOnly,
      search: find(1, 1, 'in'),
      list: width(90),
    }),
    field.integer('severityRank', 'Severity rank', '级别序号', {
      intSize: 'int2',
      readOnly,
      sortable: true,
      list: hidden,
    }),
    field.dict('status', 'warningStatus', 'Status', '状态', { readOnly, search: find(1, 2, 'in'), list: width(100) }),
    field.dict('ruleCode', 'warningRule', 'Rule', '规则', {
      readOnly,
      sortable: true,
      search: find(1, 3, 'in'),
      list: width(200),
    }),
    field.project({ readOnly, search: find(2, 1, 'eq'), list: width(220) }),
    field.string('title', 'Title', '标题', { length: 300, readOnly, list: width(320) }),
    field.text('message', 'Details', '详情', { length: 2000, readOnly, list: hidden }),
    // What title and message are worded from, per rule (warning-texts.ts): codes, names, numbers and
    // dates, the same in every language. Worded text is not stored, so there is no text search.
    field.of('json', 'args', 'Values in the text', '文本中的值', { readOnly, list: hidden }),
    field.dict('targetType', 'warningTarget', 'Target', '对象', { readOnly, list: width(110) }),
    field.integer('targetId', 'Target ID', '对象ID', { readOnly, list: hidden }),
    field.string('triggerValue', 'Value', '触发值', { length: 100, readOnly, list: width(110) }),
    field.string('thresholdValue', 'Threshold', '阈值', { length: 100, readOnly, list: width(110) }),
    field.reference('assigneeId', ref('users', 'user_true_name'), 'Assignee', '处理人', {
      readOnly,
      search: find(2, 3, 'eq'),
      list: width(120),
    }),
    field.datetime('firstDetectedAt', 'First detected', '首次发现', { readOnly, sortable: true, list: width(160) }),
    field.datetime('lastDetectedAt', 'Last detected', '最近发现', { readOnly, sortable: true, list: hidden }),
    field.date('snoozedUntil', 'Snoozed until', '暂缓至', { readOnly, list: width(110) }),
    field.datetime('resolvedAt', 'Resolved', '解除时间', { readOnly, list: hidden }),
    field.string('note', 'Note', '备注', { length: 500, readOnly, list: width(160) }),
  ],
});

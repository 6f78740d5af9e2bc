import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineProjectRecord } from '../document.ts';
import { ref } from '../refs.ts';
import { project } from './schedule-fields.ts';

const lifecycle = {
  initial: ['DRAFT', 'SUBMITTED'],
  next: { DRAFT: ['SUBMITTED'], SUBMITTED: ['REVIEWED', 'RETURNED'], RETURNED: ['DRAFT', 'SUBMITTED'] },
};

/** ProjectWeeklyReport (/ProjectWeeklyReport): one report per project and week, written, submitted and reviewed. */
export const weeklyReportMeta = defineProjectRecord('ProjectWeeklyReport', 'weekly_report', {
  label: { en: 'Weekly reports', zh: '项目周报' },
  singular: { en: 'weekly report', zh: '项目周报' },
  defaultSort: { field: 'weekStart', order: 'desc' },
  details: [{ entity: 'WeeklyReportIssue', foreignKey: 'reportId' }],
  fields: [
    project(1),
    field.date('weekStart', 'Week of (Monday)', '周一日期', {
      required: true,
      sortable: true,
      search: find(1, 2, 'range'),
      edit: at(1, 2),
      list: width(120),
    }),
    field.string('weekLabel', 'Week', '周次', { length: 10, readOnly: true, list: width(90) }),
    field.reference('authorId', ref('employees'), 'Author', '填报人', { edit: at(2, 1), list: width(110) }),
    field.dict('statusFlag', 'reportStatusFlag', 'Project status', '项目状态', {
      length: 20,
      required: true,
      default: 'ON_TRACK',
      search: find(1, 3, 'in'),
      edit: at(2, 2),
      list: width(110),
    }),
    field.percent('progressPct', 'Progress %', '进度%', { edit: at(3, 1), list: width(90) }),
    {
      ...field.state('weeklyReportStatus', lifecycle, { search: find(2, 1, 'in'), edit: at(3, 2), list: width(100) }),
      label: { en: 'Report status', zh: '周报状态' },
    },
    field.boolean('late', 'Late', '迟交', { readOnly: true, search: find(2, 2, 'eq'), list: width(70) }),
    field.datetime('submittedAt', 'Submitted', '提交时间', { readOnly: true, list: width(160) }),
    field.reference('reviewerId', ref('employees'), 'Reviewer', '审阅人', { readOnly: true, list: width(110) }),
    field.datetime('reviewedAt', 'Reviewed', '审阅时间', { readOnly: true, list: hidden }),
    field.text('workDone', 'Done this week', '本周完成', { length: 4000, edit: at(4, 1, 24), list: hidden }),
    field.text('workPlanned', 'Plan for next week', '下周计划', { length: 4000, edit: at(5, 1, 24), list: hidden }),
    field.text('helpNeeded', 'Help needed', '需要协调', { length: 2000, edit: at(6, 1, 24), list: hidden }),
    field.string('reviewComment', 'Review comment', '审阅意见', { length: 500, edit: at(7, 1, 24), list: hidden }),
  ],
});

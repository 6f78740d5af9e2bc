import * as field from '../../../entity/define.ts';
import { at, defineDetail, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';

/** WeeklyReportIssue: an issue or risk raised in a weekly report; open ones carry over to the next week. */
const report = field.master('reportId', ref('weekly_report', 'week_label'), 'Report', '周报');

export const weeklyReportIssueMeta = defineDetail('WeeklyReportIssue', 'weekly_report_issue', report, {
  label: { en: 'Issues and risks', zh: '问题与风险' },
  singular: { en: 'issue or risk', zh: '问题或风险' },
  fields: [
    field.string('description', 'Issue', '问题描述', { required: true, length: 500, edit: at(1, 1), list: width(240) }),
    field.dict('impact', 'reportIssueImpact', 'Impact', '影响', {
      length: 10,
      default: 'MEDIUM',
      edit: at(1, 2),
      list: width(90),
    }),
    field.reference('ownerId', ref('employees'), 'Owner', '责任人', { edit: at(1, 3), list: width(120) }),
    field.date('dueDate', 'Due', '期限', { edit: at(1, 4), list: width(120) }),
    field.dict('status', 'reportIssueStatus', 'Status', '状态', {
      length: 10,
      default: 'OPEN',
      edit: at(1, 5),
      list: width(90),
    }),
  ],
});

import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentDate } from '../document.ts';
import { ref } from '../refs.ts';
import { project } from './schedule-fields.ts';

/** Recording a result closes the test: the server derives PASSED, CONDITIONAL or FAILED from it. */
const lifecycle = {
  initial: ['PLANNED', 'IN_PROGRESS'],
  next: { PLANNED: ['IN_PROGRESS', 'CANCELLED'], IN_PROGRESS: ['PASSED', 'CONDITIONAL', 'FAILED', 'CANCELLED'] },
};

/** ProjectTest (/ProjectTest): arrival inspections, system tests, preliminary and final acceptance. */
export const acceptanceTestMeta = defineDocument('ProjectTest', 'acceptance_test', {
  label: { en: 'Tests and acceptance', zh: '测试验收' },
  singular: { en: 'acceptance test', zh: '测试验收' },
  defaultSort: { field: 'plannedDate', order: 'desc' },
  details: [{ entity: 'AcceptanceCheckItem', foreignKey: 'testId' }],
  fields: [
    field.code('Number', '验收编号', {
      required: true,
      sortable: true,
      search: find(1, 1, 'like'),
      edit: at(1, 2),
      list: width(130),
    }),
    project(2),
    field.reference(
      'milestoneId',
      { ...ref('project_milestone', 'label'), parent: { field: 'projectId', column: 'project_id' } },
      'Milestone',
      '对应里程碑',
      { edit: at(2, 1), list: width(160) },
    ),
    field.dict('testType', 'acceptanceTestType', 'Type', '验收类型', {
      length: 20,
      required: true,
      search: find(1, 3, 'in'),
      edit: at(2, 2),
      list: width(130),
    }),
    documentDate('plannedDate', 'Planned', '计划日期', { search: find(2, 2, 'range'), edit: at(3, 1) }),
    field.string('location', 'Location', '地点', { length: 200, edit: at(3, 2), list: hidden }),
    field.date('actualStart', 'Started', '实际开始', { edit: at(4, 1), list: hidden }),
    field.date('actualEnd', 'Ended', '实际结束', { edit: at(4, 2), list: width(110) }),
    field.state('acceptanceStatus', lifecycle, { search: find(2, 1, 'in'), edit: at(5, 1), list: width(100) }),
    field.dict('result', 'acceptanceResult', 'Result', '验收结论', { length: 20, edit: at(5, 2), list: width(110) }),
    field.string('customerSigner', 'Customer signer', '客户签字人', { length: 50, edit: at(6, 1), list: width(110) }),
    field.decimal('passRate', 'Pass rate %', '通过率%', { precision: 5, scale: 2, readOnly: true, list: width(90) }),
    field.text('conclusion', 'Conclusion', '验收意见', { length: 2000, edit: at(7, 1, 24), list: hidden }),
    field.text('conditions', 'Conditions to rectify', '整改事项', { length: 2000, edit: at(8, 1, 24), list: hidden }),
  ],
});

import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineProjectRecord, documentDate } from '../document.ts';
import { ref } from '../refs.ts';
import { project } from './schedule-fields.ts';

const lifecycle = {
  initial: ['NOT_STARTED', 'IN_PROGRESS', 'CANCELLED'],
  next: {
    NOT_STARTED: ['IN_PROGRESS', 'CANCELLED'],
    IN_PROGRESS: ['REACHED', 'CANCELLED'],
    REACHED: ['CANCELLED'],
  },
};

/** ProjectMilestone (/ProjectMilestone): the plan of a project, its frozen baseline and how far it slipped. */
export const projectMilestoneMeta = defineProjectRecord('ProjectMilestone', 'project_milestone', {
  label: { en: 'Milestones', zh: '项目里程碑' },
  singular: { en: 'milestone', zh: '里程碑' },
  defaultSort: { field: 'plannedDate', order: 'asc' },
  fields: [
    project(1),
    field.integer('seq', 'No.', '序号', {
      required: true,
      min: 1,
      max: 999,
      default: 1,
      sortable: true,
      edit: at(1, 2),
      list: width(60),
    }),
    field.name('Milestone', '里程碑', 100, {
      sortable: true,
      search: find(1, 2, 'like'),
      edit: at(2, 1),
      list: width(180),
    }),
    field.dict('type', 'milestoneType', 'Type', '类型', {
      length: 20,
      required: true,
      default: 'DELIVERY',
      search: find(1, 3, 'in'),
      edit: at(2, 2),
      list: width(100),
    }),
    field.boolean('isKey', 'Key milestone', '关键节点', { default: false, edit: at(3, 1), list: width(90) }),
    field.reference('ownerId', ref('employees'), 'Owner', '负责人', {
      required: true,
      search: find(2, 2, 'eq'),
      edit: at(3, 2),
      list: width(110),
    }),
    field.date('baselineDate', 'Baseline', '基线日期', { edit: at(4, 1), list: width(110) }),
    documentDate('plannedDate', 'Planned', '计划日期', { search: find(2, 3, 'range'), edit: at(4, 2) }),
    field.date('actualDate', 'Reached on', '实际日期', { edit: at(5, 1), list: width(110) }),
    field.state('milestoneStatus', lifecycle, { search: find(2, 1, 'in'), edit: at(5, 2), list: width(100) }),
    field.percent('weight', 'Weight %', '权重%', { summary: 'sum', edit: at(6, 1), list: width(90) }),
    field.integer('reminderDays', 'Remind days before', '提前提醒天数', {
      min: 0,
      max: 365,
      default: 7,
      edit: at(6, 2),
      list: hidden,
    }),
    field.boolean('isOverdue', 'Overdue', '已逾期', { readOnly: true, search: find(3, 1, 'eq'), list: width(80) }),
    field.integer('slipDays', 'Slip (days)', '偏差天数', { readOnly: true, sortable: true, list: width(90) }),
    field.text('deliverables', 'Deliverables', '交付物', { length: 2000, edit: at(7, 1, 24), list: hidden }),
  ],
});

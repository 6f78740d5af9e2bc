import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineProjectRecord, documentRemark } from '../document.ts';
import { ref } from '../refs.ts';
import { cachedMoney, percent, projectField } from './purchasing-fields.ts';

/**
 * ProjectBuget (/ProjectBuget, the spec's spelling): a project's budget, one version per row. Approving
 * a revision supersedes the current version; only the current approved one controls purchases (B1).
 */
export const projectBudgetMeta = defineProjectRecord('ProjectBuget', 'project_budget', {
  label: { en: 'Budget', zh: '项目预算' },
  singular: { en: 'budget', zh: '项目预算' },
  defaultSort: { field: 'id', order: 'desc' },
  audit: true,
  details: [{ entity: 'ProjectBudgetLine', foreignKey: 'budgetId' }],
  fields: [
    field.string('code', 'Budget number', '预算编号', {
      length: 40,
      sortable: true,
      search: find(1, 1, 'like'),
      list: width(160),
    }),
    projectField({ row: 1, col: 1 }),
    field.integer('versionNo', 'Version', '版本', { min: 1, list: width(70) }),
    field.dict('budgetType', 'budgetType', 'Budget type', '预算类型', {
      length: 20,
      default: 'INITIAL',
      edit: at(1, 2),
      list: width(100),
    }),
    field.reference('revisionOfId', ref('project_budget', 'code'), 'Revision of', '修订自', {
      edit: at(2, 1),
      list: hidden,
    }),
    percent('targetMarginPct', { en: 'Target margin %', zh: '目标毛利率%' }, { edit: at(2, 2) }),
    cachedMoney('totalAmount', { en: 'Total budget', zh: '预算总额' }, { sortable: true, list: width(130) }),
    // Moved by approval and by a newer version's, never by the form.
    field.dict('status', 'budgetStatus', 'Status', '状态', {
      length: 20,
      readOnly: true,
      default: 'DRAFT',
      search: find(1, 3, 'in'),
      list: width(110),
    }),
    field.boolean('isCurrent', 'Current', '当前版本', { readOnly: true, search: find(2, 1, 'eq'), list: width(80) }),
    documentRemark(3),
  ],
});

import * as field from '../../../entity/define.ts';
import { at, width } from '../../../entity/define.ts';
import { cachedMoney, defineLine, lineLabelField, masterField, money } from './purchasing-fields.ts';

/** A budget line: planned per category, and what purchases have committed and spent against it. */
const budget = masterField('budgetId', 'project_budget', { en: 'Budget', zh: '预算' });

export const projectBudgetLineMeta = defineLine('ProjectBudgetLine', 'project_budget_line', budget, {
  label: { en: 'Budget lines', zh: '预算明细' },
  singular: { en: 'budget line', zh: '预算明细' },
  fields: [
    field.dict('category', 'budgetCategory', 'Category', '预算科目', {
      length: 20,
      required: true,
      edit: at(1, 1),
      list: width(130),
    }),
    field.string('itemName', 'Cost item', '费用项', { length: 200, edit: at(1, 2), list: width(160) }),
    money(
      'plannedAmount',
      { en: 'Planned', zh: '预算金额' },
      { required: true, min: 0, summary: 'sum', edit: at(1, 3) },
    ),
    field.dict('controlAction', 'budgetControlAction', 'When exceeded', '超预算控制', {
      length: 10,
      default: 'WARN',
      edit: at(1, 4),
      list: width(110),
    }),
    cachedMoney('committedAmount', { en: 'Committed', zh: '已占用' }, { edit: at(1, 5) }),
    cachedMoney('actualAmount', { en: 'Actual', zh: '已发生' }, { edit: at(1, 6) }),
    cachedMoney('availableAmount', { en: 'Available', zh: '可用余额' }, { edit: at(1, 7) }),
    lineLabelField,
  ],
});

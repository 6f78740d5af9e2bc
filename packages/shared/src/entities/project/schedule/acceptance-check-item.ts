import * as field from '../../../entity/define.ts';
import { at, defineDetail, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';

/** AcceptanceCheckItem: one line of an acceptance test's checklist, edited with the test. */
const test = field.master('testId', ref('acceptance_test', 'code'), 'Test', '验收');

export const acceptanceCheckItemMeta = defineDetail('AcceptanceCheckItem', 'acceptance_check_item', test, {
  label: { en: 'Check items', zh: '验收检查项' },
  singular: { en: 'check item', zh: '验收检查项' },
  defaultSort: { field: 'seq', order: 'asc' },
  fields: [
    field.seq('序号', { edit: at(1, 1), list: width(70) }),
    field.name('Item', '检查项', 200, { edit: at(1, 2), list: width(200) }),
    field.string('criteria', 'Criteria', '验收标准', { length: 500, edit: at(1, 3), list: width(220) }),
    field.boolean('isRequired', 'Required', '必检', { default: true, edit: at(1, 4), list: width(80) }),
    field.dict('result', 'checkItemResult', 'Result', '结果', { length: 10, edit: at(1, 5), list: width(100) }),
    field.lineRemark(500, 6, 180),
  ],
});

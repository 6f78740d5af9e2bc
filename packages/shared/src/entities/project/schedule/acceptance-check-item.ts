import * as field from '../../../entity/define.ts';
import { at, defineEntity, hidden, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';
import { id } from './schedule-fields.ts';

/** AcceptanceCheckItem: one line of an acceptance test's checklist, edited with the test. */
export const acceptanceCheckItemMeta = defineEntity('AcceptanceCheckItem', 'acceptance_check_item', {
  label: { en: 'Check items', zh: '验收检查项' },
  singular: { en: 'check item', zh: '验收检查项' },
  defaultSort: { field: 'seq', order: 'asc' },
  fields: [
    id,
    field.reference('testId', ref('acceptance_test', 'code'), 'Test', '验收', { required: true, list: hidden }),
    field.integer('seq', 'No.', '序号', { required: true, min: 1, max: 999, edit: at(1, 1), list: width(70) }),
    field.name('Item', '检查项', 200, { edit: at(1, 2), list: width(200) }),
    field.string('criteria', 'Criteria', '验收标准', { length: 500, edit: at(1, 3), list: width(220) }),
    field.boolean('isRequired', 'Required', '必检', { default: true, edit: at(1, 4), list: width(80) }),
    field.dict('result', 'checkItemResult', 'Result', '结果', { length: 10, edit: at(1, 5), list: width(100) }),
    field.string('remark', 'Remark', '备注', { length: 500, edit: at(1, 6), list: width(180) }),
  ],
});

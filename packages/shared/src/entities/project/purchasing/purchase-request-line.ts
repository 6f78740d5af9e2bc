import * as field from '../../../entity/define.ts';
import { at, defineEntity, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';
import {
  cachedMoney,
  detailProjectField,
  itemFields,
  lineLabelField,
  masterField,
  money,
  quantity,
} from './purchasing-fields.ts';

export const purchaseRequestLineMeta = defineEntity('PurchaseRequestLine', 'purchase_request_line', {
  label: { en: 'Requested items', zh: '申请明细' },
  singular: { en: 'requested item', zh: '申请明细' },
  defaultSort: { field: 'id', order: 'asc' },
  scope: { project: 'projectId' },
  fields: [
    field.id,
    masterField('requestId', 'purchase_request', { en: 'Request', zh: '采购申请' }),
    detailProjectField,
    field.reference(
      'budgetLineId',
      { ...ref('project_budget_line', 'label'), parent: { field: 'projectId', column: 'project_id' } },
      'Budget line',
      '预算科目',
      { required: true, edit: at(1, 1), list: width(220) },
    ),
    ...itemFields(2),
    quantity('qty', { en: 'Quantity', zh: '数量' }, { required: true, min: 0.0001, edit: at(1, 6) }),
    money(
      'estUnitPrice',
      { en: 'Est. unit price (excl. tax)', zh: '预估单价(不含税)' },
      { required: true, min: 0, default: '0', edit: at(1, 7) },
    ),
    cachedMoney('estAmount', { en: 'Est. amount', zh: '预估金额' }, { edit: at(1, 8) }),
    quantity('orderedQty', { en: 'Ordered', zh: '已订购数量' }, { readOnly: true, edit: at(1, 9) }),
    lineLabelField,
  ],
});

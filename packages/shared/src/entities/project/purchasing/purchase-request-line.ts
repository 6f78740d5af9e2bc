import { at } from '../../../entity/define.ts';
import {
  budgetLineField,
  cachedMoney,
  defineLine,
  itemFields,
  lineLabelField,
  masterField,
  money,
  quantity,
} from './purchasing-fields.ts';

const request = masterField('requestId', 'purchase_request', { en: 'Request', zh: '采购申请' });

export const purchaseRequestLineMeta = defineLine('PurchaseRequestLine', 'purchase_request_line', request, {
  label: { en: 'Requested items', zh: '申请明细' },
  singular: { en: 'requested item', zh: '申请明细' },
  fields: [
    budgetLineField(1, 220),
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

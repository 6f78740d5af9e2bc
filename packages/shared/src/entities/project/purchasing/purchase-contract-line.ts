import * as field from '../../../entity/define.ts';
import { at, hidden, width } from '../../../entity/define.ts';
import { refUnder, sameProject } from '../refs.ts';
import {
  budgetLineField,
  defineLine,
  itemFields,
  lineLabelField,
  masterField,
  money,
  percent,
  quantity,
} from './purchasing-fields.ts';

const contract = masterField('contractId', 'purchase_contract', { en: 'Contract', zh: '采购合同' });
const requestLine = refUnder('purchase_request_line', 'label', sameProject);

export const purchaseContractLineMeta = defineLine('PurchaseContractLine', 'purchase_contract_line', contract, {
  label: { en: 'Contract lines', zh: '合同明细' },
  singular: { en: 'contract line', zh: '合同明细' },
  fields: [
    field.reference('requestLineId', requestLine, 'Request line', '申请明细', { edit: at(1, 1), list: width(200) }),
    budgetLineField(2, 200),
    ...itemFields(3),
    quantity('qty', { en: 'Quantity', zh: '数量' }, { required: true, min: 0.0001, edit: at(1, 7) }),
    money('unitPrice', { en: 'Unit price (incl. tax)', zh: '含税单价' }, { required: true, min: 0, edit: at(1, 8) }),
    percent('taxRate', { en: 'Tax rate %', zh: '税率%' }, { default: '13', edit: at(1, 9) }),
    money(
      'amount',
      { en: 'Amount', zh: '含税金额' },
      { computed: 'round(qty * unitPrice, 2)', summary: 'sum', edit: at(1, 10) },
    ),
    money(
      'amountExclTax',
      { en: 'Amount excl. tax', zh: '不含税金额' },
      { computed: 'round(amount / (1 + taxRate / 100), 2)', summary: 'sum', list: hidden },
    ),
    field.date('linePromisedDate', 'Promised arrival', '承诺到货', { edit: at(1, 11), list: width(110) }),
    quantity('receivedQty', { en: 'Received', zh: '已到货' }, { readOnly: true, edit: at(1, 12) }),
    quantity('acceptedQty', { en: 'Accepted', zh: '已验收' }, { readOnly: true, edit: at(1, 13) }),
    quantity('invoicedQty', { en: 'Invoiced', zh: '已收票' }, { readOnly: true, edit: at(1, 14) }),
    lineLabelField,
  ],
});

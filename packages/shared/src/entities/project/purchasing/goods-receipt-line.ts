import * as field from '../../../entity/define.ts';
import { at, width } from '../../../entity/define.ts';
import { refUnder } from '../refs.ts';
import { defineLine, masterField, quantity } from './purchasing-fields.ts';

const receipt = masterField('receiptId', 'goods_receipt', { en: 'Receipt', zh: '到货单' });
const contractLine = refUnder('purchase_contract_line', 'label', {
  field: 'purchaseContractId',
  column: 'contract_id',
});

export const goodsReceiptLineMeta = defineLine('PurchaseArrivalLine', 'goods_receipt_line', receipt, {
  label: { en: 'Arrived items', zh: '到货明细' },
  singular: { en: 'arrived item', zh: '到货明细' },
  fields: [
    field.reference('contractLineId', contractLine, 'Contract line', '合同明细', {
      required: true,
      edit: at(1, 1),
      list: width(240),
    }),
    quantity('deliveredQty', { en: 'Delivered', zh: '送货数量' }, { required: true, min: 0, edit: at(1, 2) }),
    quantity('acceptedQty', { en: 'Accepted', zh: '合格数量' }, { required: true, min: 0, edit: at(1, 3) }),
    quantity('rejectedQty', { en: 'Rejected', zh: '拒收数量' }, { min: 0, default: '0', edit: at(1, 4) }),
    field.text('serialNos', 'Serial numbers', '序列号', { length: 4000, edit: at(1, 5), list: width(200) }),
    field.lineRemark(500, 6, 160),
  ],
});

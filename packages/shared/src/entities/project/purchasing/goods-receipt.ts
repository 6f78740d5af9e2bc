import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentDate, documentNumber, documentRemark } from '../document.ts';
import { againstContract } from './execution-fields.ts';
import { employeeField, statusField } from './purchasing-fields.ts';

/** A receipt is a draft, or confirmed at once. */
const lifecycle = { initial: ['DRAFT', 'CONFIRMED'], next: { DRAFT: ['CONFIRMED', 'CANCELLED'] } };

/** PurchaseArrival (/PurchaseArrival): a goods receipt (到货/签收) against a signed purchase contract. */
export const goodsReceiptMeta = defineDocument('PurchaseArrival', 'goods_receipt', {
  label: { en: 'Arrivals', zh: '到货签收' },
  singular: { en: 'arrival', zh: '到货签收' },
  details: [{ entity: 'PurchaseArrivalLine', foreignKey: 'receiptId' }],
  fields: [
    documentNumber('Receipt number', '到货单号', 'DH{yyyy}-{seq:5}'),
    ...againstContract,
    documentDate('arrivalDate', 'Arrived on', '到货日期', { search: find(2, 3, 'range'), edit: at(2, 1) }),
    employeeField('receiverId', { en: 'Received by', zh: '签收人' }, { row: 2, col: 2 }),
    field.string('deliveryNoteNo', 'Delivery note', '送货单号', { length: 64, edit: at(3, 1), list: width(120) }),
    field.string('logisticsCompany', 'Carrier', '物流公司', { length: 100, edit: at(3, 2), list: hidden }),
    field.string('trackingNo', 'Tracking number', '运单号', { length: 64, edit: at(4, 1), list: hidden }),
    field.string('location', 'Location', '存放地点', { length: 200, edit: at(4, 2), list: hidden }),
    field.dict('inspectionStatus', 'arrivalInspectionStatus', 'Inspection', '检验状态', {
      length: 20,
      default: 'PENDING',
      edit: at(5, 1),
      list: width(100),
    }),
    statusField('goodsReceiptStatus', lifecycle, at(5, 2)),
    field.integer('lateDays', 'Days late', '延迟天数', { readOnly: true, list: width(80) }),
    documentRemark(6),
  ],
});

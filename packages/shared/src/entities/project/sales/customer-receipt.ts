import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentDate, documentNumber, documentRemark } from '../document.ts';
import { ref } from '../refs.ts';
import { money, paymentTermField, projectOf } from './sales-fields.ts';

/** Confirmed at once when the bank entry is already checked. */
const lifecycle = {
  initial: ['DRAFT', 'CONFIRMED'],
  next: { DRAFT: ['CONFIRMED', 'CANCELLED'], CONFIRMED: ['CANCELLED'] },
};

/** ProjectPayment (/ProjectPayment): money received from the customer, and the invoices it settles. */
export const customerReceiptMeta = defineDocument('ProjectPayment', 'customer_receipts', {
  label: { en: 'Project receipts', zh: '项目回款' },
  singular: { en: 'project receipt', zh: '项目回款' },
  details: [{ entity: 'ReceiptAllocation', foreignKey: 'receiptId' }],
  fields: [
    documentNumber('Receipt number', '回款单号', 'HK{yyyy}-{seq:4}', { required: true }),
    field.reference('contractId', ref('sales_contracts'), 'Contract', '合同', {
      required: true,
      search: find(1, 2, 'eq'),
      edit: at(1, 2),
      list: width(130),
    }),
    projectOf,
    field.reference('customerId', ref('customers'), 'Customer', '客户', { search: find(2, 1, 'eq'), list: width(180) }),
    paymentTermField,
    documentDate('receiptDate', 'Received on', '回款日期', { search: find(2, 2, 'range'), edit: at(2, 2) }),
    money('amount', 'Amount', '回款金额', { required: true, sortable: true, edit: at(3, 1) }),
    field.dict('method', 'receiptMethod', 'Method', '回款方式', {
      length: 30,
      required: true,
      default: 'BANK_TRANSFER',
      edit: at(3, 2),
      list: width(130),
    }),
    field.string('bankSerialNo', 'Bank serial no.', '银行流水号', {
      length: 64,
      search: find(2, 3, 'like'),
      edit: at(4, 1),
      list: width(150),
    }),
    field.string('payerName', 'Paid by', '付款方', { length: 200, edit: at(4, 2), list: hidden }),
    money('allocatedAmount', 'Allocated', '已核销', { readOnly: true, list: width(120) }),
    money('unallocatedAmount', 'Unallocated', '未核销', { readOnly: true, list: width(120) }),
    field.state('receiptStatus', lifecycle, { search: find(3, 1, 'in'), edit: at(5, 1), list: width(100) }),
    documentRemark(20),
  ],
});

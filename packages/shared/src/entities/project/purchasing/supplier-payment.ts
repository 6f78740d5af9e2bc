import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentDate, documentNumber, documentRemark } from '../document.ts';
import { againstContract } from './execution-fields.ts';
import { employeeField, money, statusField } from './purchasing-fields.ts';

/** A draft until approved; approval moves it on. */
const lifecycle = {
  initial: ['DRAFT'],
  next: { DRAFT: ['CANCELLED'], REJECTED: ['CANCELLED'], APPROVED: ['PAID', 'CANCELLED'] },
};

/** PurchasePayment (/PurchasePayment): a supplier payment (付款), requested, approved, then paid. */
export const supplierPaymentMeta = defineDocument('PurchasePayment', 'supplier_payment', {
  label: { en: 'Supplier payments', zh: '采购付款' },
  singular: { en: 'supplier payment', zh: '采购付款' },
  audit: true,
  separateApprover: true,
  fields: [
    documentNumber('Payment number', '付款单号', 'FK{yyyy}-{seq:5}'),
    ...againstContract,
    field.boolean('isAdvance', 'Advance payment', '预付款', { default: false, edit: at(2, 1), list: width(90) }),
    money(
      'requestedAmount',
      { en: 'Requested', zh: '申请金额' },
      { required: true, min: 0.01, summary: 'sum', edit: at(2, 2) },
    ),
    employeeField('requestedBy', { en: 'Requested by', zh: '申请人' }, { row: 3, col: 1 }),
    documentDate('requestDate', 'Request date', '申请日期', { search: find(2, 3, 'range'), edit: at(3, 2) }),
    statusField('supplierPaymentStatus', lifecycle, at(4, 1)),
    money('paidAmount', { en: 'Paid', zh: '实付金额' }, { min: 0.01, summary: 'sum', edit: at(4, 2) }),
    field.date('paidDate', 'Paid on', '付款日期', { sortable: true, edit: at(5, 1), list: width(110) }),
    field.dict('method', 'supplierPaymentMethod', 'Method', '付款方式', {
      length: 30,
      edit: at(5, 2),
      list: width(110),
    }),
    field.string('bankSerialNo', 'Bank reference', '银行流水号', { length: 64, edit: at(6, 1), list: hidden }),
    field.bankAccount('payeeAccount', 'Payee account', '收款账号', 64, { edit: at(6, 2), list: hidden }),
    documentRemark(7),
  ],
});

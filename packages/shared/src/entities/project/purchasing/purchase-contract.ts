import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentDate, documentNumber, documentRemark } from '../document.ts';
import { ref } from '../refs.ts';
import {
  budgetWarningField,
  cachedMoney,
  employeeField,
  money,
  percent,
  projectField,
  statusField,
} from './purchasing-fields.ts';

/** A draft until approved; approval moves it on. */
const lifecycle = {
  initial: ['DRAFT'],
  next: {
    DRAFT: ['CANCELLED'],
    REJECTED: ['CANCELLED'],
    APPROVED: ['SIGNED', 'CANCELLED'],
    SIGNED: ['IN_EXECUTION', 'TERMINATED'],
    IN_EXECUTION: ['COMPLETED', 'CLOSED', 'TERMINATED'],
    COMPLETED: ['CLOSED'],
  },
};

/**
 * PurchaseContract (/PurchaseContract): the purchase contract, doubling as the purchase order
 * (docs/domain.md §2.13). Amounts are the sum of its lines; receipt, billing and payment progress are
 * computed from the receipts, supplier invoices and payments against it (PC5).
 */
export const purchaseContractMeta = defineDocument('PurchaseContract', 'purchase_contract', {
  label: { en: 'Purchase contracts', zh: '采购合同' },
  singular: { en: 'purchase contract', zh: '采购合同' },
  audit: true,
  separateApprover: true,
  details: [{ entity: 'PurchaseContractLine', foreignKey: 'contractId' }],
  fields: [
    documentNumber('Contract number', '采购合同号', 'CG{yyyy}-{seq:5}'),
    field.string('supplierContractNo', "Supplier's number", '供方合同号', { length: 64, edit: at(1, 2), list: hidden }),
    projectField({ row: 2, col: 1 }),
    field.reference('supplierId', ref('suppliers'), 'Supplier', '供应商', {
      required: true,
      search: find(2, 1, 'eq'),
      edit: at(2, 2),
      list: width(180),
    }),
    employeeField('buyerId', { en: 'Buyer', zh: '采购员' }, { row: 3, col: 1 }),
    documentDate('signDate', 'Signed on', '签订日期', { search: find(2, 2, 'range'), edit: at(3, 2) }),
    documentDate('promisedDate', 'Promised arrival', '承诺到货日期', { edit: at(4, 1) }),
    field.string('deliveryAddress', 'Delivery address', '交货地点', { length: 300, edit: at(4, 2), list: hidden }),
    field.integer('warrantyMonths', 'Warranty (months)', '质保期(月)', {
      min: 0,
      max: 120,
      edit: at(5, 1),
      list: hidden,
    }),
    field.boolean('backToBack', 'Back-to-back', '背靠背', { default: false, edit: at(5, 2), list: hidden }),
    statusField('purchaseContractStatus', lifecycle, at(6, 1)),
    field.string('closeReason', 'Close / termination reason', '关闭/终止原因', {
      length: 500,
      edit: at(6, 2),
      list: hidden,
    }),
    // The document's totals are its lines' (PC5 reads them); shown as the lines are typed.
    money(
      'amountExclTax',
      { en: 'Amount excl. tax', zh: '不含税金额' },
      {
        computed: 'sum(PurchaseContractLine.amountExclTax)',
        summary: 'sum',
        edit: at(8, 1),
        list: hidden,
      },
    ),
    money(
      'taxAmount',
      { en: 'Tax', zh: '税额' },
      {
        computed: 'amountInclTax - amountExclTax',
        summary: 'sum',
        edit: at(8, 2),
        list: hidden,
      },
    ),
    money(
      'amountInclTax',
      { en: 'Contract amount', zh: '合同金额' },
      {
        computed: 'sum(PurchaseContractLine.amount)',
        summary: 'sum',
        sortable: true,
        edit: at(9, 1),
        list: width(130),
      },
    ),
    field.dict('receiptStatus', 'purchaseReceiptStatus', 'Receipt', '到货状态', { readOnly: true, list: width(90) }),
    field.dict('billingStatus', 'purchaseBillingStatus', 'Billing', '收票状态', { readOnly: true, list: width(100) }),
    cachedMoney('acceptedAmount', { en: 'Accepted value', zh: '已验收金额' }),
    cachedMoney('invoicedAmount', { en: 'Invoiced', zh: '已收票' }),
    cachedMoney('paidAmount', { en: 'Paid', zh: '已付款' }),
    percent('pctReceived', { en: 'Received %', zh: '到货%' }, { readOnly: true }),
    percent('pctBilled', { en: 'Billed %', zh: '收票%' }, { readOnly: true }),
    percent('pctPaid', { en: 'Paid %', zh: '付款%' }, { readOnly: true }),
    budgetWarningField,
    documentRemark(7),
  ],
});

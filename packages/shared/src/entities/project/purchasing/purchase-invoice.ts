import * as field from '../../../entity/define.ts';
import { at, find, width } from '../../../entity/define.ts';
import { defineProjectRecord, documentDate, documentRemark, invoiceTax } from '../document.ts';
import { contractField, supplierField } from './execution-fields.ts';
import { money, percent, projectField, statusField } from './purchasing-fields.ts';

/** Registered first; finance verifies it. */
const lifecycle = {
  initial: ['REGISTERED'],
  next: { REGISTERED: ['VERIFIED', 'REJECTED', 'REVERSED'], VERIFIED: ['REVERSED'] },
};

/** PurchaseInvoice (/PurchaseInvoice): a supplier invoice (收票), matched against what was accepted (PI2). */
export const purchaseInvoiceMeta = defineProjectRecord('PurchaseInvoice', 'purchase_invoice', {
  label: { en: 'Supplier invoices', zh: '采购收票' },
  singular: { en: 'supplier invoice', zh: '采购发票' },
  defaultSort: { field: 'invoiceDate', order: 'desc' },
  fields: [
    field.string('invoiceNo', 'Invoice number', '发票号码', {
      required: true,
      length: 32,
      pattern: '^[A-Za-z0-9-]+$',
      sortable: true,
      search: find(1, 1, 'like'),
      edit: at(1, 1),
      list: width(130),
    }),
    contractField({ row: 1, col: 2 }),
    supplierField({ row: 2, col: 1 }),
    projectField(),
    field.dict('invoiceType', 'purchaseInvoiceType', 'Invoice type', '发票类型', {
      length: 20,
      default: 'VAT_SPECIAL',
      edit: at(2, 2),
      list: width(130),
    }),
    documentDate('invoiceDate', 'Invoice date', '开票日期', { search: find(2, 3, 'range'), edit: at(3, 1) }),
    field.date('receivedDate', 'Received on', '收票日期', { required: true, edit: at(3, 2), list: width(110) }),
    money(
      'amountExclTax',
      { en: 'Amount excl. tax', zh: '不含税金额' },
      { required: true, min: 0.01, summary: 'sum', edit: at(4, 1) },
    ),
    percent('taxRate', { en: 'Tax rate %', zh: '税率%' }, { default: '13', edit: at(4, 2) }),
    money(
      'taxAmount',
      { en: 'Tax', zh: '税额' },
      {
        computed: invoiceTax.taxAmount,
        summary: 'sum',
        edit: at(4, 3),
      },
    ),
    money(
      'amountInclTax',
      { en: 'Amount', zh: '价税合计' },
      {
        computed: invoiceTax.amountInclTax,
        summary: 'sum',
        edit: at(4, 4),
        list: width(130),
      },
    ),
    field.dict('deductionStatus', 'invoiceDeductionStatus', 'Input VAT', '认证状态', {
      length: 20,
      default: 'PENDING',
      edit: at(5, 1),
      list: width(100),
    }),
    statusField('purchaseInvoiceStatus', lifecycle, at(5, 2)),
    documentRemark(6),
  ],
});

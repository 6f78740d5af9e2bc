import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentNumber, documentRemark, invoiceTax } from '../document.ts';
import { ref } from '../refs.ts';
import { money, paymentTermField, projectOf, taxRate } from './sales-fields.ts';

/** A request starts as a draft; approval makes it APPROVED, then it is issued or voided. */
const lifecycle = { initial: ['DRAFT'], next: { APPROVED: ['ISSUED', 'VOID'], ISSUED: ['VOID'] } };

/** ContractInvoicing (/ContractInvoicing): invoices issued to the customer, approved before issuing. */
export const salesInvoiceMeta = defineDocument('ContractInvoicing', 'sales_invoices', {
  label: { en: 'Contract invoicing', zh: '合同开票' },
  singular: { en: 'contract invoice', zh: '开票记录' },
  audit: true,
  fields: [
    documentNumber('Request number', '开票申请号', 'KP{yyyy}-{seq:4}', { required: true }),
    // The contract brings its project and its customer's billing details (the server checks them again).
    field.reference(
      'contractId',
      {
        ...ref('sales_contracts'),
        fills: [
          { field: 'projectId', column: 'project_id' },
          { field: 'buyerName', column: 'customer_id', via: { table: 'customers', column: 'name' } },
          { field: 'buyerTaxNo', column: 'customer_id', via: { table: 'customers', column: 'tax_no' } },
        ],
      },
      'Contract',
      '合同',
      { required: true, search: find(1, 2, 'eq'), edit: at(1, 2), list: width(130) },
    ),
    { ...projectOf, edit: at(8, 1) },
    paymentTermField,
    field.dict('invoiceType', 'salesInvoiceType', 'Invoice type', '发票类型', {
      length: 20,
      required: true,
      default: 'VAT_SPECIAL',
      edit: at(2, 2),
      list: width(140),
    }),
    field.boolean('isRed', 'Red (credit)', '红字发票', { default: false, edit: at(3, 1), list: width(80) }),
    field.reference('originalInvoiceId', ref('sales_invoices', 'code'), 'Reverses', '原发票', {
      edit: at(3, 2),
      list: hidden,
    }),
    money('amountExclTax', 'Amount excl. tax', '不含税金额', { required: true, edit: at(4, 1) }),
    taxRate({ row: 4, col: 2 }),
    money('taxAmount', 'Tax', '税额', {
      computed: invoiceTax.taxAmount,
      edit: at(8, 1),
      list: width(110),
    }),
    money('amountInclTax', 'Amount incl. tax', '含税金额', {
      computed: invoiceTax.amountInclTax,
      sortable: true,
      edit: at(8, 2),
    }),
    field.string('buyerName', 'Buyer', '购方名称', { length: 200, edit: at(5, 1), list: hidden }),
    field.string('buyerTaxNo', "Buyer's tax number", '购方税号', { length: 30, edit: at(5, 2), list: hidden }),
    field.string('invoiceNo', 'Invoice number', '发票号码', {
      length: 30,
      search: find(2, 1, 'like'),
      edit: at(6, 1),
      list: width(130),
    }),
    field.date('invoiceDate', 'Invoice date', '开票日期', {
      sortable: true,
      search: find(2, 2, 'range'),
      edit: at(6, 2),
      list: width(110),
    }),
    field.integer('creditDays', 'Credit (days)', '信用期(天)', { min: 0, max: 365, edit: at(7, 1), list: hidden }),
    field.date('dueDate', 'Due', '到期日', { readOnly: true, sortable: true, list: width(110) }),
    money('receivedAmount', 'Received', '已回款', { readOnly: true, list: width(120) }),
    field.state('salesInvoiceStatus', lifecycle, { search: find(2, 3, 'in'), edit: at(7, 2), list: width(100) }),
    documentRemark(20),
  ],
});

import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineDocument, documentDate, documentNumber, documentRemark } from '../document.ts';
import { ref } from '../refs.ts';
import { money, projectOf, taxRate } from './sales-fields.ts';

/** A contract starts as a draft and leaves it through approval. */
const lifecycle = {
  initial: ['DRAFT'],
  next: {
    DRAFT: ['CANCELLED'],
    APPROVED: ['SIGNED', 'CANCELLED'],
    SIGNED: ['IN_EXECUTION', 'COMPLETED', 'TERMINATED', 'CANCELLED'],
    IN_EXECUTION: ['COMPLETED', 'TERMINATED'],
  },
};

/** ProjectContract (/ProjectContract): the customer contract, approved before it is signed. */
export const salesContractMeta = defineDocument('ProjectContract', 'sales_contracts', {
  label: { en: 'Project contracts', zh: '项目合同' },
  singular: { en: 'project contract', zh: '项目合同' },
  audit: true,
  separateApprover: true,
  details: [{ entity: 'ContractPaymentTerm', foreignKey: 'contractId' }],
  fields: [
    documentNumber('Contract number', '合同编号', 'HT{yyyy}-{seq:4}', { required: true }),
    field.name('Name', '合同名称', 200, { search: find(1, 2, 'like'), edit: at(1, 2), list: width(220) }),
    {
      ...projectOf,
      // Choosing the project brings its customer (the picker's row is already in the caller's scope).
      reference: { ...ref('projects'), fills: [{ field: 'customerId', column: 'customer_id' }] },
      required: true,
      edit: at(2, 1),
    },
    field.reference('customerId', ref('customers'), 'Customer', '客户', {
      search: find(2, 1, 'eq'),
      edit: at(2, 2),
      list: width(180),
    }),
    field.dict('contractType', 'salesContractType', 'Type', '合同类型', {
      length: 20,
      required: true,
      default: 'SALES',
      search: find(2, 2, 'in'),
      edit: at(3, 1),
      list: width(100),
    }),
    field.reference('parentContractId', ref('sales_contracts'), 'Supplement to', '主合同', {
      edit: at(3, 2),
      list: hidden,
    }),
    field.string('customerContractNo', "Customer's number", '客户合同号', { length: 64, edit: at(4, 1), list: hidden }),
    documentDate('signDate', 'Signed', '签订日期', { search: find(2, 3, 'range'), edit: at(4, 2) }),
    field.date('effectiveDate', 'Effective', '生效日期', { edit: at(5, 1), list: hidden }),
    field.date('expiryDate', 'Expires', '到期日期', { sortable: true, edit: at(5, 2), list: width(110) }),
    money('amountInclTax', 'Amount incl. tax', '含税金额', { required: true, sortable: true, edit: at(6, 1) }),
    taxRate({ row: 6, col: 2 }),
    money('amountExclTax', 'Amount excl. tax', '不含税金额', {
      computed: 'round(amountInclTax / (1 + taxRate / 100), 2)',
      edit: at(7, 1),
      list: hidden,
    }),
    money('taxAmount', 'Tax', '税额', { computed: 'amountInclTax - amountExclTax', edit: at(7, 2), list: hidden }),
    money('totalAmount', 'With supplements', '含补充协议金额', { readOnly: true }),
    money('invoicedAmount', 'Invoiced', '已开票', { readOnly: true }),
    money('receivedAmount', 'Received', '已回款', { readOnly: true }),
    money('receivableAmount', 'Receivable', '应收', { readOnly: true }),
    money('uninvoicedAmount', 'Not invoiced', '未开票', { readOnly: true, list: hidden }),
    field.integer('warrantyMonths', 'Warranty (months)', '质保期(月)', {
      min: 0,
      max: 120,
      edit: at(8, 1),
      list: hidden,
    }),
    field.reference('salesOwnerId', ref('employees'), 'Sales owner', '销售负责人', { edit: at(8, 2), list: hidden }),
    field.state('salesContractStatus', lifecycle, { search: find(3, 1, 'in'), edit: at(9, 1), list: width(100) }),
    documentRemark(20),
  ],
});

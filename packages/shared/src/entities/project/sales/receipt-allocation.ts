import * as field from '../../../entity/define.ts';
import { at, defineDetail, width } from '../../../entity/define.ts';
import { ref, refUnder, sameContract } from '../refs.ts';
import { money } from './sales-fields.ts';

/** ReceiptAllocation: which issued invoices a receipt settles (核销), edited with the receipt. */
const receipt = field.master('receiptId', ref('customer_receipts', 'code'), 'Receipt', '回款单');
const invoice = refUnder('sales_invoices', 'code', sameContract);

export const receiptAllocationMeta = defineDetail('ReceiptAllocation', 'receipt_allocations', receipt, {
  label: { en: 'Allocations', zh: '核销明细' },
  singular: { en: 'allocation', zh: '核销明细' },
  fields: [
    field.reference('invoiceId', invoice, 'Invoice', '发票', { required: true, edit: at(1, 1), list: width(180) }),
    money('amount', 'Amount', '核销金额', { required: true, edit: at(1, 2) }),
    field.lineRemark(200, 3, 200),
  ],
});

import * as field from '../../../entity/define.ts';
import { at, defineEntity, hidden, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';
import { id, money } from './sales-fields.ts';

/** ReceiptAllocation: which issued invoices a receipt settles (核销), edited with the receipt. */
export const receiptAllocationMeta = defineEntity('ReceiptAllocation', 'receipt_allocations', {
  label: { en: 'Allocations', zh: '核销明细' },
  singular: { en: 'allocation', zh: '核销明细' },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    id,
    field.reference('receiptId', ref('customer_receipts', 'code'), 'Receipt', '回款单', {
      required: true,
      list: hidden,
    }),
    field.reference(
      'invoiceId',
      { ...ref('sales_invoices', 'code'), parent: { field: 'contractId', column: 'contract_id' } },
      'Invoice',
      '发票',
      { required: true, edit: at(1, 1), list: width(180) },
    ),
    money('amount', 'Amount', '核销金额', { required: true, edit: at(1, 2) }),
    field.string('remark', 'Remark', '备注', { length: 200, edit: at(1, 3), list: width(200) }),
  ],
});

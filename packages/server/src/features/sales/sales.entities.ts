import type { EntityDefinition } from '../../engine/definition.ts';
import { contractPaymentTermEntity, salesContractEntity } from './contract.entities.ts';
import { salesInvoiceEntity } from './invoice.entities.ts';
import { customerReceiptEntity, receiptAllocationEntity } from './receipt.entities.ts';

/** The sales side of the project area: contracts with their terms, invoices, receipts with their allocations. */
export const salesEntities: EntityDefinition[] = [
  salesContractEntity,
  contractPaymentTermEntity,
  salesInvoiceEntity,
  customerReceiptEntity,
  receiptAllocationEntity,
];

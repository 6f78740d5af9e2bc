import type { EntityDefinition } from '../../engine/definition.ts';
import { projectBudgetEntity, projectBudgetLineEntity } from './budget.entities.ts';
import { guarded } from './common.ts';
import { purchaseContractEntity, purchaseContractLineEntity } from './contract.entities.ts';
import { purchaseInvoiceEntity } from './invoice.entities.ts';
import { supplierPaymentEntity } from './payment.entities.ts';
import { goodsReceiptEntity, goodsReceiptLineEntity } from './receipt.entities.ts';
import { purchaseRequestEntity, purchaseRequestLineEntity } from './request.entities.ts';

/** The purchasing screens and their detail rows (docs/domain.md §2.5, §2.6, §2.13–§2.16), in chain order. */
export const purchasingEntities: EntityDefinition[] = [
  projectBudgetEntity,
  projectBudgetLineEntity,
  purchaseRequestEntity,
  purchaseRequestLineEntity,
  purchaseContractEntity,
  purchaseContractLineEntity,
  goodsReceiptEntity,
  goodsReceiptLineEntity,
  purchaseInvoiceEntity,
  supplierPaymentEntity,
].map(guarded);

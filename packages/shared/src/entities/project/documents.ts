import type { EntityMeta } from '../../entity/metadata.ts';
import { omProjectMeta, projectMeta } from './project.ts';
import { projectBudgetMeta, purchaseRequestMeta } from './purchasing.ts';
import { purchaseContractMeta } from './purchasing-contract.ts';
import { goodsReceiptMeta, purchaseInvoiceMeta, supplierPaymentMeta } from './purchasing-execution.ts';
import { customerReceiptMeta, salesContractMeta, salesInvoiceMeta } from './sales.ts';

/**
 * The project area's documents, for the settings that apply per document: SiteConfig lists the numbered
 * ones (their number pattern) and those with approval (whether a submitter may approve).
 */
export const projectDocuments: readonly EntityMeta[] = [
  projectMeta,
  omProjectMeta,
  salesContractMeta,
  salesInvoiceMeta,
  customerReceiptMeta,
  projectBudgetMeta,
  purchaseRequestMeta,
  purchaseContractMeta,
  goodsReceiptMeta,
  purchaseInvoiceMeta,
  supplierPaymentMeta,
];

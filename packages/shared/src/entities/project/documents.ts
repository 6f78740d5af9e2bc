import type { EntityMeta } from '../../entity/metadata.ts';
import { omProjectMeta } from './projects/om-project.ts';
import { projectMeta } from './projects/project.ts';
import { goodsReceiptMeta } from './purchasing/goods-receipt.ts';
import { projectBudgetMeta } from './purchasing/project-budget.ts';
import { purchaseContractMeta } from './purchasing/purchase-contract.ts';
import { purchaseInvoiceMeta } from './purchasing/purchase-invoice.ts';
import { purchaseRequestMeta } from './purchasing/purchase-request.ts';
import { supplierPaymentMeta } from './purchasing/supplier-payment.ts';
import { customerReceiptMeta } from './sales/customer-receipt.ts';
import { salesContractMeta } from './sales/sales-contract.ts';
import { salesInvoiceMeta } from './sales/sales-invoice.ts';

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

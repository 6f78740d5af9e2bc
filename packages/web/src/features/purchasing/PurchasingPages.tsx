import {
  goodsReceiptLineMeta,
  goodsReceiptMeta,
  projectBudgetLineMeta,
  projectBudgetMeta,
  purchaseContractLineMeta,
  purchaseContractMeta,
  purchaseInvoiceMeta,
  purchaseRequestLineMeta,
  purchaseRequestMeta,
  supplierPaymentMeta,
} from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

/** The purchasing screens (docs/domain.md §2.5, §2.6, §2.13–§2.16): engine grids, the documents with their lines. */

export function BudgetsPage() {
  return <ViewGrid meta={projectBudgetMeta} detailMetas={[projectBudgetLineMeta]} />;
}

export function PurchaseRequestsPage() {
  return <ViewGrid meta={purchaseRequestMeta} detailMetas={[purchaseRequestLineMeta]} />;
}

export function PurchaseContractsPage() {
  return <ViewGrid meta={purchaseContractMeta} detailMetas={[purchaseContractLineMeta]} />;
}

export function ArrivalsPage() {
  return <ViewGrid meta={goodsReceiptMeta} detailMetas={[goodsReceiptLineMeta]} />;
}

export function SupplierInvoicesPage() {
  return <ViewGrid meta={purchaseInvoiceMeta} />;
}

export function SupplierPaymentsPage() {
  return <ViewGrid meta={supplierPaymentMeta} />;
}

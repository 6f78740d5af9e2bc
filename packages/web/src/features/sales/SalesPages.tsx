import {
  contractPaymentTermMeta,
  customerReceiptMeta,
  receiptAllocationMeta,
  salesContractMeta,
  salesInvoiceMeta,
} from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

/** /ProjectContract: contracts with their payment terms, approved before they are signed. */
export function ContractsPage() {
  return <ViewGrid meta={salesContractMeta} detailMetas={[contractPaymentTermMeta]} />;
}

/** /ContractInvoicing: invoice requests, approved, then issued with the tax invoice's number. */
export function InvoicesPage() {
  return <ViewGrid meta={salesInvoiceMeta} />;
}

/** /ProjectPayment: money received, and the issued invoices it settles. */
export function ReceiptsPage() {
  return <ViewGrid meta={customerReceiptMeta} detailMetas={[receiptAllocationMeta]} />;
}

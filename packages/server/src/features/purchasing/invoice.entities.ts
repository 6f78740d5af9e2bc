import { purchaseInvoiceMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { INVOICE_COUNTED, inList } from './budget.service.ts';
import { checkProjectOpen, finalValue, formatMoney, keepStored, one, oneOf, refuseChange } from './common.ts';
import {
  checkContractStatus,
  type LockedContract,
  lockContract,
  refreshContract,
  refreshProject,
} from './orders.service.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const INVOICE_LIFECYCLE = lifecycleOf(purchaseInvoiceMeta);

/** Contracts an invoice can be registered against: signed, and not cancelled. */
const BILLABLE = ['SIGNED', 'IN_EXECUTION', 'COMPLETED', 'CLOSED', 'TERMINATED'];
const INVOICE_TYPES = ['VAT_SPECIAL', 'VAT_NORMAL'];
const DEDUCTION = ['NOT_APPLICABLE', 'PENDING', 'CERTIFIED'];
/** Once verified, rejected or reversed, only these may still change. */
const EDITABLE_WHEN_SETTLED = ['status', 'deductionStatus', 'remark'];

/** PI3: the invoice comes from the contract's supplier (the supplier is the contract's when left empty). */
function checkSupplier(row: Row, contract: LockedContract) {
  row.supplierId ??= contract.supplierId;
  if (Number(row.supplierId) !== contract.supplierId)
    throw abort(
      `The invoice's supplier is not the contract's: purchase contract ${contract.code} is with ${contract.supplierName}`,
    );
}

/** The invoice number is unique per supplier (the index is the last guard). */
async function checkNumber(tx: Db, row: Row, ownId?: number) {
  const taken = await one(
    tx,
    sql`select 1 as ok from purchase_invoice where supplier_id = ${Number(row.supplierId)}
          and invoice_no = ${String(row.invoiceNo)} and deleted_at is null
          ${ownId === undefined ? sql`` : sql`and id <> ${ownId}`}`,
  );
  if (taken) throw abort(`Invoice ${String(row.invoiceNo)} of this supplier is registered already`);
}

/**
 * With the contract locked (the tax and total are computed fields, stored with the save): PI1 Σ invoices ≤
 * contract amount, and PI2 the three-way match, Σ invoices ≤ the accepted value (accepted qty × unit price incl. tax).
 */
async function settle(tx: Db, invoiceId: number, contractId: number) {
  const contract = await lockContract(tx, contractId);
  await refreshContract(tx, contract.id);
  const sums = await one<{ mine: string; others: string; amount: string; accepted: string; counted: boolean }>(
    tx,
    sql`select i.amount_incl_tax::text as mine, i.status in (${inList(INVOICE_COUNTED)}) and i.deleted_at is null as counted,
          coalesce((select sum(o.amount_incl_tax) from purchase_invoice o where o.purchase_contract_id = c.id
            and o.id <> i.id and o.deleted_at is null and o.status in (${inList(INVOICE_COUNTED)})), 0)::text as others,
          c.amount_incl_tax::text as amount, c.accepted_amount::text as accepted
        from purchase_invoice i join purchase_contract c on c.id = i.purchase_contract_id where i.id = ${invoiceId}`,
  );
  if (sums?.counted) {
    const over = await one<{ pi1: boolean; pi2: boolean; left1: string; left2: string }>(
      tx,
      sql`select ${sums.others}::numeric + ${sums.mine}::numeric > ${sums.amount}::numeric as pi1,
            ${sums.others}::numeric + ${sums.mine}::numeric > ${sums.accepted}::numeric as pi2,
            greatest(${sums.amount}::numeric - ${sums.others}::numeric, 0)::text as left1,
            greatest(${sums.accepted}::numeric - ${sums.others}::numeric, 0)::text as left2`,
    );
    if (over?.pi1) throw abort(`Invoiced would exceed the contract amount: ${formatMoney(over.left1)} remains`);
    if (over?.pi2)
      throw abort(
        `Supplier invoices would exceed the accepted value (three-way match): ${formatMoney(over.left2)} remains`,
      );
  }
  await refreshProject(tx, contract.projectId);
}

export const purchaseInvoiceEntity: EntityDefinition = {
  meta: purchaseInvoiceMeta,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      row.status ??= 'REGISTERED';
      if (row.status !== 'REGISTERED') throw abort('A new supplier invoice is registered first; finance verifies it');
      oneOf(row.invoiceType, INVOICE_TYPES, 'The invoice type');
      row.deductionStatus ??= row.invoiceType === 'VAT_NORMAL' ? 'NOT_APPLICABLE' : 'PENDING';
      oneOf(row.deductionStatus, DEDUCTION, 'The deduction status');
      const contract = await lockContract(tx, row.purchaseContractId);
      checkContractStatus(contract, BILLABLE, 'a supplier invoice');
      checkSupplier(row, contract);
      await checkProjectOpen(tx, contract.projectId, false);
      row.projectId = contract.projectId;
      await checkNumber(tx, row);
    },
    afterAdd: ({ tx }, row) => settle(tx, Number(row.id), Number(row.purchaseContractId)),
    beforeUpdate: async ({ tx }, next, before) => {
      refuseChange(next, before, 'purchaseContractId', 'purchase contract');
      keepStored(next, 'projectId');
      checkTransition(INVOICE_LIFECYCLE, before.status, next.status);
      if (before.status !== 'REGISTERED') {
        const changed = Object.keys(next).filter(
          (k) =>
            next[k] !== undefined && !['id', 'version', ...EDITABLE_WHEN_SETTLED].includes(k) && next[k] !== before[k],
        );
        if (changed.length) throw abort(`This invoice is ${before.status}: only its status and remark can change`);
      }
      oneOf(next.invoiceType, INVOICE_TYPES, 'The invoice type');
      oneOf(next.deductionStatus, DEDUCTION, 'The deduction status');
      if (next.supplierId !== undefined && next.supplierId !== before.supplierId) {
        const contract = await lockContract(tx, before.purchaseContractId);
        checkSupplier(next, contract);
      }
      const numbered = {
        supplierId: finalValue(next, before, 'supplierId'),
        invoiceNo: finalValue(next, before, 'invoiceNo'),
      };
      await checkNumber(tx, numbered, Number(before.id));
    },
    afterUpdate: ({ tx }, _next, before) => settle(tx, Number(before.id), Number(before.purchaseContractId)),
    beforeDel: (_ctx, row) => {
      if (row.status !== 'REGISTERED')
        throw abort(`A ${String(row.status).toLowerCase()} invoice cannot be deleted; reverse it instead`);
    },
    afterDel: async ({ tx }, row) => {
      const contract = await lockContract(tx, row.purchaseContractId);
      await refreshContract(tx, contract.id);
      await refreshProject(tx, contract.projectId);
    },
  },
};

import { supplierPaymentMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { INVOICE_COUNTED, inList } from './budget.service.ts';
import {
  checkActiveEmployee,
  checkNotFuture,
  finalValue,
  formatMoney,
  keepStored,
  one,
  oneOf,
  refuseChange,
} from './common.ts';
import { checkContractStatus, contractOfNew, lockContract, refreshContract, refreshProject } from './orders.service.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const PAYMENT_LIFECYCLE = lifecycleOf(supplierPaymentMeta);

const PAYABLE = ['SIGNED', 'IN_EXECUTION', 'COMPLETED', 'TERMINATED'];
const METHODS = ['BANK_TRANSFER', 'BANK_ACCEPTANCE_BILL', 'COMMERCIAL_BILL', 'CHEQUE', 'OTHER'];
/** What an approved payment may still change: recording the payment, or cancelling it. */
const EDITABLE_WHEN_APPROVED = ['status', 'paidAmount', 'paidDate', 'method', 'bankSerialNo', 'payeeAccount', 'remark'];

/** Σ over the contract's other payments: paid ones by what was paid, the others by what they ask. */
async function sums(tx: Db, contractId: number, paymentId: number) {
  return one<{ inFlight: string; paid: string; invoiced: string; amount: string }>(
    tx,
    sql`select
          coalesce((select sum(case when p.status = 'PAID' then p.paid_amount else p.requested_amount end)
            from supplier_payment p where p.purchase_contract_id = c.id and p.id <> ${paymentId} and p.deleted_at is null
              and p.status in ('IN_APPROVAL', 'APPROVED', 'PAID')), 0)::text as "inFlight",
          coalesce((select sum(p.paid_amount) from supplier_payment p where p.purchase_contract_id = c.id
            and p.id <> ${paymentId} and p.deleted_at is null and p.status = 'PAID'), 0)::text as paid,
          coalesce((select sum(i.amount_incl_tax) from purchase_invoice i where i.purchase_contract_id = c.id
            and i.deleted_at is null and i.status in (${inList(INVOICE_COUNTED)})), 0)::text as invoiced,
          c.amount_incl_tax::text as amount
        from purchase_contract c where c.id = ${contractId}`,
  );
}

async function exceeds(tx: Db, total: string, add: unknown, limit: string) {
  const row = await one<{ over: boolean; left: string }>(
    tx,
    sql`select ${total}::numeric + ${String(add)}::numeric > ${limit}::numeric as over,
          greatest(${limit}::numeric - ${total}::numeric, 0)::text as left`,
  );
  return row?.over ? formatMoney(row.left) : null;
}

/** PP1, with the contract locked: paid + in approval + approved, this request included, ≤ the contract amount. */
async function checkRequested(tx: Db, payment: Row) {
  const contract = await lockContract(tx, payment.purchaseContractId);
  checkContractStatus(contract, PAYABLE, 'a payment');
  const s = await sums(tx, contract.id, Number(payment.id));
  if (!s) return;
  const left = await exceeds(tx, s.inFlight, payment.requestedAmount, s.amount);
  if (left) throw abort(`Payments would exceed the contract amount: ${left} remains`);
}

/**
 * PP2 (invoice before payment, enforced on the supplier side), with the contract locked: unless this
 * payment is an advance, everything paid on the contract, this one included, ≤ Σ supplier invoices.
 */
async function checkPaid(tx: Db, payment: Row) {
  const paid = payment.paidAmount;
  if (paid === undefined || paid === null) throw abort('Record the amount paid');
  if (!payment.paidDate) throw abort('Record the date paid');
  const over = await one<{ over: boolean }>(
    tx,
    sql`select ${String(paid)}::numeric > ${String(payment.requestedAmount)}::numeric as over`,
  );
  if (over?.over)
    throw abort(`The amount paid cannot exceed the amount requested (${formatMoney(payment.requestedAmount)})`);
  await checkNotFuture(tx, payment.paidDate, 'payment date');
  const contract = await lockContract(tx, payment.purchaseContractId);
  const s = await sums(tx, contract.id, Number(payment.id));
  if (!s || payment.isAdvance) return;
  const left = await exceeds(tx, s.paid, paid, s.invoiced);
  if (left) throw abort(`Paid would exceed the supplier's invoices (invoice before payment): ${left} remains`);
}

async function refreshAfter(tx: Db, contractId: unknown) {
  const contract = await lockContract(tx, contractId);
  await refreshContract(tx, contract.id);
  await refreshProject(tx, contract.projectId);
}

export const supplierPaymentEntity: EntityDefinition = {
  meta: supplierPaymentMeta,
  editableWhenApproved: EDITABLE_WHEN_APPROVED,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      if (row.status !== undefined && row.status !== 'DRAFT')
        throw abort('A new payment request starts as a draft; approval moves it on');
      row.status = 'DRAFT';
      if (row.paidAmount != null || row.paidDate != null)
        throw abort('The amount and date paid are recorded once the payment is approved');
      oneOf(row.method, METHODS, 'The payment method');
      await contractOfNew(tx, row, PAYABLE, 'a payment');
      await checkActiveEmployee(tx, row.requestedBy, 'requester');
    },
    beforeUpdate: async ({ tx }, next, before) => {
      refuseChange(next, before, 'purchaseContractId', 'purchase contract');
      refuseChange(next, before, 'code', 'number');
      keepStored(next, 'projectId', 'supplierId');
      oneOf(next.method, METHODS, 'The payment method');
      if (before.status === 'PAID' || before.status === 'CANCELLED')
        throw abort(`This payment is ${before.status}: it cannot change`);
      checkTransition(PAYMENT_LIFECYCLE, before.status, next.status);
      const status = finalValue<string>(next, before, 'status');
      const merged = { ...before, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) };
      if (status === 'PAID') await checkPaid(tx, merged);
      else if (
        (next.paidAmount != null && next.paidAmount !== before.paidAmount) ||
        (next.paidDate != null && next.paidDate !== before.paidDate)
      )
        throw abort('The amount and date paid are recorded with the status PAID');
      if (next.requestedBy !== undefined && next.requestedBy !== before.requestedBy)
        await checkActiveEmployee(tx, next.requestedBy, 'requester');
    },
    afterUpdate: async ({ tx }, next, before) => {
      if (next.status !== undefined && next.status !== before.status) await refreshAfter(tx, before.purchaseContractId);
    },
    beforeSubmit: async ({ tx }, row) => {
      await checkRequested(tx, row);
      await tx.execute(sql`update supplier_payment set status = 'IN_APPROVAL' where id = ${row.id}`);
    },
    afterAudit: async ({ tx }, row, status) => {
      await tx.execute(
        sql`update supplier_payment set status = ${status === 1 ? 'APPROVED' : 'REJECTED'} where id = ${row.id}`,
      );
    },
  },
};

import { salesInvoiceMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { toCents } from './money.ts';
import {
  type Contract,
  checkOpenForMoney,
  checkTermOf,
  committedInvoice,
  committedInvoices,
  contractCeiling,
  merged,
  oneOf,
  remains,
  requireContract,
  sumOf,
} from './sales.rules.ts';
import { refreshContract, refreshReversal } from './sales.totals.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const LIFECYCLE = lifecycleOf(salesInvoiceMeta);

const TYPES = ['VAT_SPECIAL', 'VAT_NORMAL', 'E_VAT_SPECIAL', 'E_VAT_NORMAL'];

/** What an approved invoice may still change: issuing it (number, date), voiding it, its credit and remark. */
const EDITABLE_WHEN_APPROVED = ['status', 'invoiceNo', 'invoiceDate', 'creditDays', 'remark'];

type Original = {
  id: number;
  code: string;
  contractId: number;
  paymentTermId: number | null;
  isRed: boolean;
  status: string;
  amountInclTax: string;
};

async function originalById(tx: Db, id: unknown): Promise<Original | undefined> {
  const [row] = await queryRows<Original>(
    tx,
    sql`select id, code, contract_id as "contractId", payment_term_id as "paymentTermId", is_red as "isRed", status,
          amount_incl_tax::text as "amountInclTax"
        from sales_invoices where id = ${Number(id)} and deleted_at is null for no key update`,
  );
  return row;
}

/** Σ allocated to an invoice by receipts that still count (not cancelled). */
const allocatedTo = (tx: Db, invoiceId: number) =>
  sumOf(
    tx,
    sql`select sum(a.amount)::text as s from receipt_allocations a join customer_receipts r on r.id = a.receipt_id
        where a.invoice_id = ${invoiceId} and r.deleted_at is null and r.status <> 'CANCELLED'`,
  );

/** I4: an invoice settled by receipts is neither voided nor reversed until they are unallocated. */
async function checkNotAllocated(tx: Db, invoice: { id: number; code: string }, action: string) {
  if ((await allocatedTo(tx, invoice.id)) > 0n)
    throw abort(`Invoice ${invoice.code} has receipts allocated to it: unallocate them before ${action} it`);
}

/** I3 and I4 for a red invoice: it reverses an issued, unallocated invoice, by no more than remains of it. */
async function checkRed(tx: Db, original: Original | undefined, contract: Contract, incl: bigint, ownId: number) {
  if (!original || original.contractId !== contract.id)
    throw abort(`A red invoice reverses an invoice of the same contract (${contract.code})`);
  if (original.isRed) throw abort('A red invoice reverses an ordinary invoice, not another red one');
  if (original.status !== 'ISSUED')
    throw abort(`Only an issued invoice can be reversed; invoice ${original.code} is ${original.status}`);
  await checkNotAllocated(tx, original, 'reversing');
  const reversed = await sumOf(
    tx,
    sql`select sum(amount_incl_tax)::text as s from sales_invoices i
        where i.original_invoice_id = ${original.id} and i.id <> ${ownId} and ${committedInvoice('i')}`,
  );
  const left = toCents(original.amountInclTax) + reversed;
  if (-incl > left)
    throw abort(`The red invoice reverses more than is left of invoice ${original.code}: ${remains(left)}`);
}

/** I1 under the contract's lock: approved, issued and in-approval invoices stay within the contract. */
async function checkCeiling(tx: Db, contract: Contract, ownId: number, incl: bigint) {
  const ceiling = await contractCeiling(tx, contract);
  const others = await committedInvoices(tx, contract.id, ownId);
  if (others + incl > ceiling) throw abort(`Invoiced would exceed the contract amount: ${remains(ceiling - others)}`);
}

async function checkInvoiceNo(tx: Db, invoiceNo: unknown, ownId: number) {
  if (!invoiceNo) return;
  const [taken] = await queryRows<{ code: string }>(
    tx,
    sql`select code from sales_invoices where invoice_no = ${String(invoiceNo)} and id <> ${ownId}
          and status <> 'VOID' and deleted_at is null limit 1`,
  );
  if (taken) throw abort(`Invoice number ${String(invoiceNo)} is already used by invoice ${taken.code}`);
}

/**
 * Everything a draft passes on add, update and submit; returns what the server fills in: the project and
 * the buyer from the customer's billing details.
 */
async function checkDraft(tx: Db, inv: Row, ownId = 0): Promise<Row> {
  oneOf(inv.invoiceType, TYPES, 'The invoice type');
  // Lock order: the reversed invoice before the contract (sales.rules.ts).
  const original = inv.isRed && inv.originalInvoiceId ? await originalById(tx, inv.originalInvoiceId) : undefined;
  const contract = await requireContract(tx, inv.contractId, true);
  checkOpenForMoney(contract);
  // A red invoice credits the term its original billed, unless it names another.
  const paymentTermId = inv.paymentTermId ?? original?.paymentTermId ?? null;
  await checkTermOf(tx, paymentTermId, contract);
  // Tax and total are computed fields (metadata): round(excl × rate, 2) and excl + tax.
  const excl = toCents(inv.amountExclTax);
  const incl = toCents(inv.amountInclTax);
  if (inv.isRed) {
    if (!inv.originalInvoiceId) throw abort('A red invoice names the invoice it reverses');
    if (excl >= 0n) throw abort('A red invoice carries negative amounts');
    await checkRed(tx, original, contract, incl, ownId);
  } else {
    if (inv.originalInvoiceId) throw abort('Only a red invoice names an original invoice');
    if (excl <= 0n) throw abort('The invoice amount must be greater than zero');
  }
  await checkCeiling(tx, contract, ownId, incl);
  await checkInvoiceNo(tx, inv.invoiceNo, ownId);
  const [customer] = await queryRows<{ name: string; taxNo: string | null }>(
    tx,
    sql`select name, tax_no as "taxNo" from customers where id = ${contract.customerId}`,
  );
  const buyerName = inv.buyerName || customer?.name;
  const buyerTaxNo = inv.buyerTaxNo || customer?.taxNo;
  if (!buyerName || !buyerTaxNo) throw abort("Give the buyer's name and tax number: the customer has none on file");
  return {
    projectId: contract.projectId,
    paymentTermId,
    buyerName,
    buyerTaxNo,
    isRed: Boolean(inv.isRed),
    originalInvoiceId: inv.isRed ? inv.originalInvoiceId : null,
  };
}

/** Issuing, voiding and numbering an approved invoice. */
async function checkApprovedChange(tx: Db, next: Row, before: Row) {
  const to = String(next.status ?? before.status);
  const invoiceNo = next.invoiceNo !== undefined ? next.invoiceNo : before.invoiceNo;
  const self = { id: Number(before.id), code: String(before.code) };
  if (before.status === 'VOID' || before.status === 'REVERSED') {
    const changed = ['invoiceNo', 'invoiceDate', 'creditDays'].some(
      (f) => next[f] !== undefined && String(next[f] ?? '') !== String(before[f] ?? ''),
    );
    if (changed) throw abort(`Invoice ${self.code} is ${String(before.status)}: it cannot change`);
    return;
  }
  if (before.status === 'ISSUED' && next.invoiceNo !== undefined && next.invoiceNo !== before.invoiceNo)
    throw abort('An issued invoice keeps its number; void it and issue a new one');
  if (to === 'ISSUED' && before.status !== 'ISSUED') {
    const invoiceDate = next.invoiceDate !== undefined ? next.invoiceDate : before.invoiceDate;
    if (!invoiceNo || !invoiceDate) throw abort('Give the invoice number and date to issue the invoice');
    if (before.isRed) await originalById(tx, before.originalInvoiceId);
    checkOpenForMoney(await requireContract(tx, before.contractId, true));
  }
  if (to === 'VOID') {
    await checkNotAllocated(tx, self, 'voiding');
    const [red] = await queryRows<{ code: string }>(
      tx,
      sql`select code from sales_invoices where original_invoice_id = ${self.id} and deleted_at is null
            and status <> 'VOID' limit 1`,
    );
    if (red) throw abort(`Invoice ${self.code} is reversed by red invoice ${red.code}: void that one first`);
  } else await checkInvoiceNo(tx, invoiceNo, self.id);
}

async function afterChange(tx: Db, inv: Row) {
  await refreshContract(tx, Number(inv.contractId));
  if (inv.isRed && inv.originalInvoiceId) await refreshReversal(tx, Number(inv.originalInvoiceId));
}

/**
 * ContractInvoicing (docs/domain.md §2.11): an invoice request is approved, then issued with the tax
 * invoice's number; it may be voided while nothing is allocated to it (I4), or reversed by red invoices.
 */
export const salesInvoiceEntity: EntityDefinition = {
  meta: salesInvoiceMeta,
  editableWhenApproved: EDITABLE_WHEN_APPROVED,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      if (row.status !== undefined && row.status !== null && row.status !== 'DRAFT')
        throw abort('A new invoice starts as a draft; it is issued once approved');
      row.status = 'DRAFT';
      Object.assign(row, await checkDraft(tx, row));
    },
    beforeUpdate: async ({ tx }, next, before) => {
      checkTransition(LIFECYCLE, before.status, next.status);
      if (Number(before.auditStatus) === 1) return checkApprovedChange(tx, next, before);
      Object.assign(next, await checkDraft(tx, merged(next, before), Number(before.id)));
    },
    afterUpdate: ({ tx }, next, before) => afterChange(tx, merged(next, before)),
    beforeSubmit: async ({ tx }, row) => {
      if (row.status !== 'DRAFT')
        throw abort(`Only a draft invoice can be submitted; this one is ${String(row.status)}`);
      await checkDraft(tx, row, Number(row.id));
    },
    beforeAudit: async ({ tx }, row, status) => {
      if (status === 1) checkOpenForMoney(await requireContract(tx, row.contractId, true));
    },
    afterAudit: async ({ tx }, row, status) => {
      if (status !== 1 || row.status !== 'DRAFT') return;
      await tx.execute(sql`update sales_invoices set status = 'APPROVED' where id = ${Number(row.id)}`);
    },
  },
};

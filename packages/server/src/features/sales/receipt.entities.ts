import { customerReceiptMeta, receiptAllocationMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { formatMoney, toCents } from './money.ts';
import {
  checkOpenForMoney,
  checkTermOf,
  confirmedReceipts,
  contractCeiling,
  latestToday,
  merged,
  oneOf,
  remains,
  requireContract,
} from './sales.rules.ts';
import { refreshContract, refreshInvoicesReceived, refreshReceiptAllocated } from './sales.totals.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const LIFECYCLE = lifecycleOf(customerReceiptMeta);

const METHODS = ['BANK_TRANSFER', 'BANK_ACCEPTANCE_BILL', 'COMMERCIAL_BILL', 'CASH', 'OTHER'];

/** What a confirmed receipt keeps: the bank entry it records. */
const BANK_ENTRY = ['contractId', 'paymentTermId', 'receiptDate', 'amount', 'method'];

/** The checks that need no lock: the contract is open (C2), the term is its own, the amount and date. */
async function checkReceipt(tx: Db, r: Row): Promise<Row> {
  oneOf(r.method, METHODS, 'The receipt method');
  const contract = await requireContract(tx, r.contractId);
  checkOpenForMoney(contract);
  await checkTermOf(tx, r.paymentTermId, contract);
  if (toCents(r.amount) <= 0n) throw abort('The receipt amount must be greater than zero');
  if (String(r.receiptDate) > latestToday()) throw abort(`The receipt date ${String(r.receiptDate)} is in the future`);
  return { projectId: contract.projectId, customerId: contract.customerId };
}

async function checkBankSerialNo(tx: Db, r: Row, ownId: number) {
  if (!r.bankSerialNo || r.status === 'CANCELLED') return;
  const [taken] = await queryRows<{ code: string }>(
    tx,
    sql`select code from customer_receipts where bank_serial_no = ${String(r.bankSerialNo)} and id <> ${ownId}
          and status <> 'CANCELLED' and deleted_at is null limit 1`,
  );
  if (taken) throw abort(`Bank serial number ${String(r.bankSerialNo)} is already recorded on receipt ${taken.code}`);
}

type Allocation = {
  code: string;
  contractId: number;
  isRed: boolean;
  status: string;
  open: string;
  mine: string;
};

/** PR2 on the receipt as written: each allocation within its invoice's outstanding, all within the amount. */
async function checkAllocations(tx: Db, receipt: Row) {
  const id = Number(receipt.id);
  const rows = await queryRows<Allocation>(
    tx,
    sql`select i.code, i.contract_id as "contractId", i.is_red as "isRed", i.status,
          (i.amount_incl_tax
            + coalesce((select sum(red.amount_incl_tax) from sales_invoices red where red.original_invoice_id = i.id
                and red.deleted_at is null and red.status = 'ISSUED'), 0)
            - coalesce((select sum(o.amount) from receipt_allocations o join customer_receipts r on r.id = o.receipt_id
                where o.invoice_id = i.id and o.receipt_id <> ${id} and r.deleted_at is null and r.status <> 'CANCELLED'), 0))::text as open,
          sum(a.amount)::text as mine
        from receipt_allocations a join sales_invoices i on i.id = a.invoice_id
        where a.receipt_id = ${id}
        group by i.id`,
  );
  let total = 0n;
  for (const a of rows) {
    if (a.contractId !== Number(receipt.contractId) || a.isRed || a.status !== 'ISSUED')
      throw abort(
        `Invoice ${a.code} is not an issued invoice of this receipt's contract: nothing can be allocated to it`,
      );
    const mine = toCents(a.mine);
    if (mine > toCents(a.open))
      throw abort(`The allocation to invoice ${a.code} exceeds what is outstanding on it: ${remains(toCents(a.open))}`);
    total += mine;
  }
  const amount = toCents(receipt.amount);
  if (total > amount)
    throw abort(`The allocations add up to ${formatMoney(total)}, more than the receipt amount ${formatMoney(amount)}`);
}

/**
 * After the receipt and its allocations are written: lock the contract's invoices, then the contract
 * (sales.rules.ts), so that concurrent receipts see each other; then PR2, PR1 and the totals.
 */
async function settle({ tx }: HookContext, receipt: Row, contractBefore?: unknown) {
  const contractId = Number(receipt.contractId);
  await tx.execute(
    sql`select id from sales_invoices where contract_id = ${contractId} and deleted_at is null order by id for no key update`,
  );
  const contract = await requireContract(tx, contractId, true);
  if (receipt.status !== 'CANCELLED') {
    await checkAllocations(tx, receipt);
    // PR1: confirmed receipts stay within the contract; a draft is held to it already, as early warning.
    const ceiling = await contractCeiling(tx, contract);
    const others = await confirmedReceipts(tx, contractId, Number(receipt.id));
    if (others + toCents(receipt.amount) > ceiling)
      throw abort(`Received would exceed the contract amount: ${remains(ceiling - others)}`);
  }
  await refreshReceiptAllocated(tx, Number(receipt.id));
  await refreshInvoicesReceived(tx, contractId);
  await refreshContract(tx, contractId);
  if (contractBefore !== undefined && Number(contractBefore) !== contractId) {
    await refreshInvoicesReceived(tx, Number(contractBefore));
    await refreshContract(tx, Number(contractBefore));
  }
}

/**
 * ProjectPayment (docs/domain.md §2.12): money received from the customer. Finance confirms the bank
 * entry (a plain status change, no approval); allocations settle issued invoices of the same contract.
 * A receipt above what is invoiced so far is an advance (预收): stored as such, not refused (PR3, the
 * team's choice: warn on the customer side, the warnings part reports it).
 */
export const customerReceiptEntity: EntityDefinition = {
  meta: customerReceiptMeta,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      if (row.status === undefined || row.status === null) row.status = 'DRAFT';
      if (row.status !== 'DRAFT' && row.status !== 'CONFIRMED')
        throw abort('A new receipt is a draft, or confirmed when the bank entry is already checked');
      Object.assign(row, await checkReceipt(tx, row));
      await checkBankSerialNo(tx, row, 0);
    },
    afterAdd: (ctx, row) => settle(ctx, row),
    beforeUpdate: async ({ tx }, next, before) => {
      checkTransition(LIFECYCLE, before.status, next.status);
      const after = merged(next, before);
      if (before.status === 'DRAFT') {
        // Cancelling a draft is always possible, even once the contract has closed.
        if (after.status !== 'CANCELLED') Object.assign(next, await checkReceipt(tx, after));
      } else {
        const changed = BANK_ENTRY.filter((f) => {
          if (next[f] === undefined) return false;
          return f === 'amount'
            ? toCents(next[f]) !== toCents(before[f])
            : String(next[f] ?? '') !== String(before[f] ?? '');
        });
        if (changed.length > 0)
          throw abort(
            `Receipt ${String(before.code)} is ${String(before.status)}: its bank entry cannot change; cancel it and enter a new one`,
          );
      }
      await checkBankSerialNo(tx, after, Number(before.id));
    },
    afterUpdate: (ctx, next, before) => settle(ctx, merged(next, before), before.contractId),
    beforeDel: (_ctx, row) => {
      if (row.status !== 'DRAFT') throw abort('Only a draft receipt can be deleted; cancel it instead');
    },
    afterDel: ({ tx }, row) => refreshContract(tx, Number(row.contractId)),
  },
};

export const receiptAllocationEntity: EntityDefinition = {
  meta: receiptAllocationMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: (_ctx, row) => {
      if (toCents(row.amount) <= 0n) throw abort('An allocation amount must be greater than zero');
    },
    beforeUpdate: (_ctx, next) => {
      if (next.amount !== undefined && toCents(next.amount) <= 0n)
        throw abort('An allocation amount must be greater than zero');
    },
  },
};

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EFFECTIVE_CONTRACT, list } from './sales.rules.ts';

/**
 * The cached totals of the sales side (docs/domain.md §0, "derived totals"), recomputed from the
 * documents in the transaction that changed them. They never bump a row's version: a total moving
 * must not make someone's open edit of the contract stale.
 */

/** A contract's ceiling with its supplements, its issued and received totals, and its terms' totals. */
export async function refreshContract(tx: Db, contractId: number) {
  await tx.execute(
    sql`update sales_contracts c set
          total_amount = c.amount_incl_tax + coalesce((select sum(s.amount_incl_tax) from sales_contracts s
            where s.parent_contract_id = c.id and s.deleted_at is null and s.status in (${list(EFFECTIVE_CONTRACT)})), 0),
          invoiced_amount = coalesce((select sum(i.amount_incl_tax) from sales_invoices i
            where i.contract_id = c.id and i.deleted_at is null and i.status in ('ISSUED', 'REVERSED')), 0),
          received_amount = coalesce((select sum(r.amount) from customer_receipts r
            where r.contract_id = c.id and r.deleted_at is null and r.status = 'CONFIRMED'), 0)
        where c.id = ${contractId}`,
  );
  await tx.execute(
    sql`update contract_payment_terms p set
          invoiced_amount = coalesce((select sum(i.amount_incl_tax) from sales_invoices i
            where i.payment_term_id = p.id and i.deleted_at is null and i.status in ('ISSUED', 'REVERSED')), 0),
          received_amount = coalesce((select sum(r.amount) from customer_receipts r
            where r.payment_term_id = p.id and r.deleted_at is null and r.status = 'CONFIRMED'), 0)
        where p.contract_id = ${contractId}`,
  );
}

/** projects.contract_amount: Σ of the project's effective contracts, supplements included. */
export async function refreshProject(tx: Db, projectId: number) {
  await tx.execute(
    sql`update projects p set contract_amount = coalesce((select sum(c.amount_incl_tax) from sales_contracts c
          where c.project_id = p.id and c.deleted_at is null and c.status in (${list(EFFECTIVE_CONTRACT)})), 0)
        where p.id = ${projectId}`,
  );
}

/** The received total of a contract's invoices: allocations of confirmed receipts (the caller holds their locks). */
export async function refreshInvoicesReceived(tx: Db, contractId: number) {
  await tx.execute(
    sql`update sales_invoices i set received_amount = coalesce((select sum(a.amount) from receipt_allocations a
          join customer_receipts r on r.id = a.receipt_id
          where a.invoice_id = i.id and r.deleted_at is null and r.status = 'CONFIRMED'), 0)
        where i.contract_id = ${contractId} and i.deleted_at is null`,
  );
}

/** A receipt's allocated total. */
export async function refreshReceiptAllocated(tx: Db, receiptId: number) {
  await tx.execute(
    sql`update customer_receipts r set allocated_amount = coalesce((select sum(a.amount) from receipt_allocations a
          where a.receipt_id = r.id), 0)
        where r.id = ${receiptId}`,
  );
}

/**
 * An original invoice is REVERSED once its issued red invoices cancel it in full, and ISSUED again if
 * one of them is voided.
 */
export async function refreshReversal(tx: Db, originalId: number) {
  await tx.execute(
    sql`update sales_invoices o set status = case when o.amount_incl_tax + coalesce((select sum(r.amount_incl_tax)
          from sales_invoices r where r.original_invoice_id = o.id and r.deleted_at is null and r.status = 'ISSUED'), 0) <= 0
          then 'REVERSED' else 'ISSUED' end
        where o.id = ${originalId} and o.status in ('ISSUED', 'REVERSED')`,
  );
}

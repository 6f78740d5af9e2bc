import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { CONTRACT_COUNTED, INVOICE_COUNTED, inList, REQUEST_COMMITTED, refreshBudget } from './budget.service.ts';
import { checkProjectOpen, formatQty } from './common.ts';

/**
 * The cached figures along the chain request → contract → receipt → invoice → payment, recomputed in
 * the write's transaction from the documents themselves (docs/domain.md §5), never typed by users.
 */

/** A closed or terminated contract keeps only what it delivered as ordered; the rest is released. */
const orderedQtySql = sql`case when c.status in ('CLOSED', 'TERMINATED') then least(cl.qty, cl.accepted_qty) else cl.qty end`;

/** Contracts that hold request quantity for the R2 limit: in approval, and approved or later. */
const HOLDING = ['IN_APPROVAL', ...CONTRACT_COUNTED];

/** ordered_qty of every request line of the project, and the requests' APPROVED → PARTIALLY_ORDERED → ORDERED. */
export async function refreshRequests(tx: Db, projectId: number) {
  await tx.execute(sql`
    update purchase_request_line rl set ordered_qty = o.q
    from (
      select rl2.id, coalesce((
        select sum(${orderedQtySql}) from purchase_contract_line cl join purchase_contract c on c.id = cl.contract_id
        where cl.request_line_id = rl2.id and c.deleted_at is null and c.status in (${inList(CONTRACT_COUNTED)})), 0) as q
      from purchase_request_line rl2 where rl2.project_id = ${projectId}
    ) o
    where o.id = rl.id and rl.ordered_qty <> o.q`);
  await tx.execute(sql`
    update purchase_request r set status = s.next
    from (
      select r2.id, case when bool_and(l.ordered_qty >= l.qty) then 'ORDERED'
        when bool_or(l.ordered_qty > 0) then 'PARTIALLY_ORDERED' else 'APPROVED' end as next
      from purchase_request r2 join purchase_request_line l on l.request_id = r2.id
      where r2.project_id = ${projectId} and r2.deleted_at is null and r2.status in (${inList(REQUEST_COMMITTED)})
      group by r2.id
    ) s
    where s.id = r.id and r.status <> s.next`);
}

/** Everything purchasing caches for a project: request ordered quantities, then budget usage. */
export async function refreshProject(tx: Db, projectId: number) {
  await refreshRequests(tx, projectId);
  await refreshBudget(tx, projectId);
}

/**
 * Locks the requests a contract orders from (in id order, so two contracts never wait on each other
 * crosswise): R2 sums after this lock.
 */
export async function lockRequestsOf(tx: Db, contractId: number) {
  await tx.execute(
    sql`select r.id from purchase_request r where r.id in (
          select rl.request_id from purchase_request_line rl join purchase_contract_line cl on cl.request_line_id = rl.id
          where cl.contract_id = ${contractId})
        order by r.id for update`,
  );
}

/**
 * PC2 / R2: per request line, what this contract orders plus what other contracts (in approval or
 * later) hold may not pass the requested quantity.
 */
export async function checkOrderedQty(tx: Db, contractId: number) {
  const [over] = await queryRows<{ itemName: string; remaining: string; wanted: string }>(
    tx,
    sql`select rl.item_name as "itemName", greatest(rl.qty - coalesce(o.q, 0), 0)::text as remaining, mine.q::text as wanted
        from (select request_line_id, sum(qty) as q from purchase_contract_line
              where contract_id = ${contractId} and request_line_id is not null group by request_line_id) mine
        join purchase_request_line rl on rl.id = mine.request_line_id
        left join lateral (
          select sum(${orderedQtySql}) as q from purchase_contract_line cl join purchase_contract c on c.id = cl.contract_id
          where cl.request_line_id = rl.id and c.id <> ${contractId} and c.deleted_at is null and c.status in (${inList(HOLDING)})
        ) o on true
        where mine.q > rl.qty - coalesce(o.q, 0)
        order by rl.id limit 1`,
  );
  if (over)
    throw abort(
      `Ordered would exceed the requested quantity of ${over.itemName}: ${formatQty(over.remaining)} remain, this contract orders ${formatQty(over.wanted)}`,
    );
}

/**
 * A contract's lines (received and accepted from confirmed receipts, invoiced by accepted value), its
 * totals, its receipt and billing status and percentages (PC5), and the status they drive: SIGNED →
 * IN_EXECUTION at the first movement, COMPLETED when received, billed and paid are all 100% (PC3).
 */
export async function refreshContract(tx: Db, contractId: number) {
  await tx.execute(sql`
    update purchase_contract_line l set received_qty = s.delivered, accepted_qty = s.accepted
    from (
      select l2.id,
        coalesce(sum(gl.delivered_qty) filter (where g.id is not null), 0) as delivered,
        coalesce(sum(gl.accepted_qty) filter (where g.id is not null), 0) as accepted
      from purchase_contract_line l2
      left join goods_receipt_line gl on gl.contract_line_id = l2.id
      left join goods_receipt g on g.id = gl.receipt_id and g.status = 'CONFIRMED' and g.deleted_at is null
      where l2.contract_id = ${contractId}
      group by l2.id
    ) s
    where s.id = l.id and (l.received_qty <> s.delivered or l.accepted_qty <> s.accepted)`);
  await tx.execute(sql`
    update purchase_contract c set
      accepted_amount = f.accepted, invoiced_amount = f.invoiced, paid_amount = f.paid,
      pct_received = case when f.incl > 0 then least(round(f.accepted * 100 / f.incl, 2), 999.99) else 0 end,
      pct_billed = case when f.incl > 0 then least(round(f.invoiced * 100 / f.incl, 2), 999.99) else 0 end,
      pct_paid = case when f.incl > 0 then least(round(f.paid * 100 / f.incl, 2), 999.99) else 0 end,
      receipt_status = f.receipt,
      billing_status = case when f.incl > 0 and f.invoiced >= f.incl then 'BILLED'
        when f.accepted > f.invoiced then 'TO_BILL' else 'NOTHING_TO_BILL' end,
      status = case
        when c.status in ('SIGNED', 'IN_EXECUTION', 'COMPLETED') and f.receipt = 'FULL' and f.incl > 0
          and f.invoiced >= f.incl and f.paid >= f.incl then 'COMPLETED'
        when c.status = 'COMPLETED' then 'IN_EXECUTION'
        when c.status = 'SIGNED' and (f.accepted > 0 or f.invoiced > 0 or f.paid > 0) then 'IN_EXECUTION'
        else c.status end
    from (
      select
        coalesce((select sum(l.amount) from purchase_contract_line l where l.contract_id = ${contractId}), 0) as incl,
        coalesce((select sum(round(l.accepted_qty * l.unit_price, 2)) from purchase_contract_line l
          where l.contract_id = ${contractId}), 0) as accepted,
        coalesce((select sum(i.amount_incl_tax) from purchase_invoice i where i.purchase_contract_id = ${contractId}
          and i.deleted_at is null and i.status in (${inList(INVOICE_COUNTED)})), 0) as invoiced,
        coalesce((select sum(p.paid_amount) from supplier_payment p where p.purchase_contract_id = ${contractId}
          and p.deleted_at is null and p.status = 'PAID'), 0) as paid,
        (select case when count(*) = 0 or bool_and(l.accepted_qty = 0) then 'NONE'
          when bool_and(l.accepted_qty >= l.qty) then 'FULL' else 'PARTIAL' end
          from purchase_contract_line l where l.contract_id = ${contractId}) as receipt
    ) f
    where c.id = ${contractId}`);
  await tx.execute(sql`
    update purchase_contract_line l set invoiced_qty = case when c.accepted_amount > 0
      then round(l.accepted_qty * least(c.invoiced_amount / c.accepted_amount, 1), 4) else 0 end
    from purchase_contract c
    where c.id = l.contract_id and c.id = ${contractId}`);
}

/** The contract a receipt, invoice or payment is written against, locked: its sums are read after this. */
export type LockedContract = {
  id: number;
  code: string;
  projectId: number;
  supplierId: number;
  supplierName: string;
  status: string;
  amountInclTax: string;
};

export async function lockContract(tx: Db, contractId: unknown): Promise<LockedContract> {
  const [contract] = await queryRows<LockedContract>(
    tx,
    sql`select c.id, c.code, c.project_id as "projectId", c.supplier_id as "supplierId", s.name as "supplierName",
          c.status, c.amount_incl_tax::text as "amountInclTax"
        from purchase_contract c join suppliers s on s.id = c.supplier_id
        where c.id = ${Number(contractId)} and c.deleted_at is null
        for update of c`,
  );
  if (!contract) throw abort('The purchase contract does not exist');
  return contract;
}

export function checkContractStatus(contract: LockedContract, allowed: readonly string[], what: string) {
  if (!allowed.includes(contract.status))
    throw abort(`Purchase contract ${contract.code} is ${contract.status}: ${what} needs it ${allowed.join(' or ')}`);
}

/**
 * The contract a new receipt or payment is made against: locked, in one of the `allowed` statuses, on an
 * open project. The new row takes the contract's project and supplier, whatever the caller sent.
 */
export async function contractOfNew(tx: Db, row: Row, allowed: readonly string[], what: string) {
  const contract = await lockContract(tx, row.purchaseContractId);
  checkContractStatus(contract, allowed, what);
  await checkProjectOpen(tx, contract.projectId, false);
  row.projectId = contract.projectId;
  row.supplierId = contract.supplierId;
  return contract;
}

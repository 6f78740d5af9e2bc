import { BUDGET_CATEGORIES } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { abort } from '../../engine/errors.ts';
import { formatMoney, one } from './common.ts';

/**
 * Budget usage (docs/domain.md §2.5), kept on each budget line in the write's transaction:
 *   committed = approved requests not yet ordered (remaining qty × estimated price)
 *             + purchase contract lines (approved and later) not yet invoiced, excl. tax;
 *   actual    = supplier invoices excl. tax, spread over the contract's lines by accepted value;
 *   available = planned − committed − actual.
 * A closed or terminated contract commits nothing more; what was invoiced stays actual.
 */

/** Contract statuses whose lines count against the budget (approved and later). */
export const CONTRACT_COUNTED = ['APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED', 'CLOSED', 'TERMINATED'] as const;
const CONTRACT_OPEN = ['APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED'] as const;
/** Request statuses whose unordered remainder is a commitment. */
export const REQUEST_COMMITTED = ['APPROVED', 'PARTIALLY_ORDERED', 'ORDERED'] as const;
/** Supplier invoices that count (a rejected or reversed one does not). */
export const INVOICE_COUNTED = ['REGISTERED', 'VERIFIED'] as const;

export const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The English name of a category, in SQL (for line labels). */
export const categoryNameSql = (column: SQL) =>
  sql`case ${column} ${sql.join(
    BUDGET_CATEGORIES.map(([value, en]) => sql`when ${value} then ${en}`),
    sql` `,
  )} else ${column} end`;

const categoryName = (value: string) => BUDGET_CATEGORIES.find(([v]) => v === value)?.[1] ?? value;

export const budgetLineName = (category: string, itemName: string | null) =>
  itemName ? `${categoryName(category)} (${itemName})` : categoryName(category);

/** Recomputes committed, actual and available on every budget line of the project. */
export async function refreshBudget(tx: Db, projectId: number) {
  await tx.execute(sql`
    with ctr as (
      select c.id, c.status, c.amount_excl_tax,
        coalesce((select sum(i.amount_excl_tax) from purchase_invoice i
          where i.purchase_contract_id = c.id and i.deleted_at is null and i.status in (${inList(INVOICE_COUNTED)})), 0) as inv_excl,
        coalesce((select sum(l.accepted_qty * l.unit_price / (1 + l.tax_rate / 100)) from purchase_contract_line l
          where l.contract_id = c.id), 0) as acc_excl
      from purchase_contract c
      where c.project_id = ${projectId} and c.deleted_at is null and c.status in (${inList(CONTRACT_COUNTED)})
    ),
    cl as (
      select l.budget_line_id as bl, l.amount_excl_tax, ctr.status,
        ctr.inv_excl * case
          when ctr.acc_excl > 0 then l.accepted_qty * l.unit_price / (1 + l.tax_rate / 100) / ctr.acc_excl
          when ctr.amount_excl_tax > 0 then l.amount_excl_tax / ctr.amount_excl_tax
          else 0 end as actual
      from purchase_contract_line l join ctr on ctr.id = l.contract_id
    ),
    con as (
      select bl, sum(actual) as actual,
        sum(case when status in (${inList(CONTRACT_OPEN)}) then greatest(amount_excl_tax - actual, 0) else 0 end) as committed
      from cl group by bl
    ),
    req as (
      select rl.budget_line_id as bl, sum(greatest(rl.qty - rl.ordered_qty, 0) * rl.est_unit_price) as committed
      from purchase_request_line rl join purchase_request r on r.id = rl.request_id
      where rl.project_id = ${projectId} and r.deleted_at is null and r.status in (${inList(REQUEST_COMMITTED)})
      group by rl.budget_line_id
    ),
    fig as (
      select b.id, round(coalesce(req.committed, 0) + coalesce(con.committed, 0), 2) as committed,
        round(coalesce(con.actual, 0), 2) as actual
      from project_budget_line b left join req on req.bl = b.id left join con on con.bl = b.id
      where b.project_id = ${projectId}
    )
    update project_budget_line b
    set committed_amount = fig.committed, actual_amount = fig.actual,
      available_amount = b.planned_amount - fig.committed - fig.actual
    from fig
    where fig.id = b.id and (b.committed_amount <> fig.committed or b.actual_amount <> fig.actual
      or b.available_amount <> b.planned_amount - fig.committed - fig.actual)`);
}

/** A line a request or contract books against must be on the project's current approved budget. */
export async function checkBudgetLine(tx: Db, budgetLineId: unknown, projectId: unknown) {
  const line = await one(
    tx,
    sql`select 1 as ok from project_budget_line l join project_budget b on b.id = l.budget_id
        where l.id = ${Number(budgetLineId)} and l.project_id = ${Number(projectId)}
          and b.is_current and b.status = 'APPROVED' and b.deleted_at is null`,
  );
  if (!line) throw abort("The budget line must be one of the project's current approved budget");
}

type Need = {
  id: number;
  category: string;
  itemName: string | null;
  controlAction: string;
  available: string;
  need: string;
  over: boolean;
  current: boolean;
};

/**
 * B2: `needs` (rows of budget_line_id, amount) against each line's available amount, after the project
 * row is locked by the caller. STOP refuses with a 422; WARN lets it pass and returns the warning to
 * record; IGNORE says nothing.
 */
export async function checkBudget(tx: Db, projectId: number, needs: SQL, what: string): Promise<string | null> {
  await refreshBudget(tx, projectId);
  const rows = await queryRows<Need>(
    tx,
    sql`with need as (${needs})
        select l.id, l.category, l.item_name as "itemName", l.control_action as "controlAction",
          l.available_amount::text as available, round(need.amount, 2)::text as need,
          round(need.amount, 2) > l.available_amount as over,
          (b.is_current and b.status = 'APPROVED' and b.deleted_at is null and l.project_id = ${projectId}) as current
        from need join project_budget_line l on l.id = need.budget_line_id join project_budget b on b.id = l.budget_id
        order by l.id`,
  );
  const warnings: string[] = [];
  for (const r of rows) {
    const name = budgetLineName(r.category, r.itemName);
    if (!r.current) throw abort(`Budget line ${name} is not on the project's current approved budget`);
    if (!r.over || r.controlAction === 'IGNORE') continue;
    const message = `Budget line ${name} has ${formatMoney(r.available)} available; this ${what} needs ${formatMoney(r.need)}`;
    if (r.controlAction === 'STOP') throw abort(message);
    warnings.push(message);
  }
  return warnings.length ? `Over budget, allowed with a warning: ${warnings.join('; ')}`.slice(0, 1000) : null;
}

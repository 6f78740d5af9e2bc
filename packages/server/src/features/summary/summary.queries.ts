import type { SummaryFilters } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The figures of docs/domain.md §4.1 for a set of projects, as SQL: each source table is aggregated
 * once per project (grouped, joined to the set), so a portfolio of many projects costs one pass per
 * table, and the paged table can sort on any figure. Everything is read from the documents, except
 * the budget lines' committed and actual (kept by purchasing) and the warnings.
 */

/** Customer contracts that count (the sales part's projects.contract_amount counts the same). */
const EFFECTIVE_CONTRACT = sql`('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED')`;
/** Purchase contracts that commit money: approved and later. */
const COMMITTED_PURCHASE = sql`('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED', 'CLOSED')`;
export const ACTIVE_PROJECT = sql`('IN_PROGRESS', 'ON_HOLD', 'ACCEPTED', 'WARRANTY', 'ACTIVE')`;

/** The filters on the projects alias t (the caller's scope is added by the caller). */
export function filterConditions(f: SummaryFilters): SQL[] {
  const out: SQL[] = [];
  if (f.organizationId) out.push(sql`t.organization_id = ${f.organizationId}`);
  if (f.managerId) out.push(sql`t.manager_id = ${f.managerId}`);
  if (f.customerId) out.push(sql`t.customer_id = ${f.customerId}`);
  if (f.type) out.push(sql`t.type = ${f.type}`);
  if (f.stage) out.push(sql`t.stage = ${f.stage}`);
  if (f.health) out.push(sql`t.health = ${f.health}`);
  return out;
}

/**
 * Each source's rows for the projects in `sp`, as both the per-project figures and the KPIs read them,
 * so the two can't drift apart: `from … where …` with the source's alias.
 */
function sources(tenantId: number) {
  /** The live rows (alias `a`) of a table that the bound projects own, in a status that counts. */
  const live = (table: string, a: string, counts: SQL) =>
    sql`from ${sql.raw(`${table} ${a}`)} join sp on sp.id = ${sql.raw(a)}.project_id
      where ${sql.raw(a)}.tenant_id = ${tenantId} and ${sql.raw(a)}.deleted_at is null and ${counts}`;
  return {
    contracts: live('sales_contracts', 'c', sql`c.status in ${EFFECTIVE_CONTRACT}`),
    invoices: live('sales_invoices', 'i', sql`i.status in ('ISSUED', 'REVERSED')`),
    receipts: live('customer_receipts', 'r', sql`r.status = 'CONFIRMED'`),
    purchases: live('purchase_contract', 'c', sql`c.status in ${COMMITTED_PURCHASE}`),
    supplierInvoices: live('purchase_invoice', 'i', sql`i.status in ('REGISTERED', 'VERIFIED')`),
    payments: live('supplier_payment', 's', sql`s.status = 'PAID'`),
    budgetLines: sql`from project_budget b join sp on sp.id = b.project_id
      left join project_budget_line l on l.tenant_id = b.tenant_id and l.budget_id = b.id
      where b.tenant_id = ${tenantId} and b.deleted_at is null and b.is_current and b.status = 'APPROVED'`,
    warnings: sql`from project_warning w join sp on sp.id = w.project_id
      where w.tenant_id = ${tenantId} and w.status in ('OPEN', 'ACKNOWLEDGED')`,
  };
}

/** What is still owed on an issued invoice (alias i) past its due date: less what was received and reversed. */
const overdueOf = (tenantId: number, d: SQL) =>
  sql`sum(i.amount_incl_tax - i.received_amount + coalesce((select sum(r.amount_incl_tax) from sales_invoices r
    where r.tenant_id = ${tenantId} and r.original_invoice_id = i.id and r.is_red and r.status = 'ISSUED'
      and r.deleted_at is null), 0)) filter (where i.status = 'ISSUED' and not i.is_red and i.due_date < ${d})`;

/**
 * `sp` (the project ids: `where` on the projects alias t), one CTE per source, and `base`: a row per
 * project with its raw figures (numerics), named as the contract's fields. Every source CTE is unique
 * on project_id, so a query that reads only some figures (the page's ranking) lets PostgreSQL drop the
 * other sources' joins altogether.
 */
export function figuresWith(tenantId: number, where: SQL, today: string): SQL {
  const d = sql`${today}::date`;
  const src = sources(tenantId);
  return sql`with sp as (select t.id from projects t where ${where}),
  sc as (
    select c.project_id, sum(c.amount_incl_tax) as contract, sum(c.amount_excl_tax) as contract_excl,
      sum(c.amount_incl_tax) filter (where extract(year from c.sign_date) = extract(year from ${d})) as contract_year
    ${src.contracts}
    group by c.project_id),
  inv as (
    select i.project_id, sum(i.amount_incl_tax) as invoiced, sum(i.amount_excl_tax) as invoiced_excl,
      sum(i.received_amount) as allocated, ${overdueOf(tenantId, d)} as overdue
    ${src.invoices}
    group by i.project_id),
  rec as (select r.project_id, sum(r.amount) as received ${src.receipts} group by r.project_id),
  pc as (
    select c.project_id, sum(c.amount_incl_tax) as committed, sum(c.amount_excl_tax) as committed_excl
    ${src.purchases}
    group by c.project_id),
  pinv as (
    select i.project_id, sum(i.amount_incl_tax) as supplier_invoiced, sum(i.amount_excl_tax) as cost
    ${src.supplierInvoices}
    group by i.project_id),
  pay as (select s.project_id, sum(s.paid_amount) as paid ${src.payments} group by s.project_id),
  -- One current approved budget per project (unique index project_budget_current): grouped on the project
  -- alone, so the join to it is provably unique and removable where unused.
  bud as (
    select b.project_id, max(b.total_amount) as total, coalesce(sum(l.planned_amount), 0) as planned,
      coalesce(sum(l.committed_amount), 0) as committed, coalesce(sum(l.actual_amount), 0) as actual,
      coalesce(sum(greatest(l.planned_amount, l.committed_amount + l.actual_amount)), 0) as forecast_cost
    ${src.budgetLines}
    group by b.project_id),
  ms as (
    select m.project_id, count(*)::int as total, (count(*) filter (where m.status = 'REACHED'))::int as reached,
      (count(*) filter (where m.status <> 'REACHED' and m.planned_date < ${d}))::int as overdue,
      coalesce(max(greatest(coalesce(m.actual_date, ${d}) - m.baseline_date, 0)), 0)::int as max_slip
    from project_milestone m join sp on sp.id = m.project_id
    where m.tenant_id = ${tenantId} and m.deleted_at is null and m.status <> 'CANCELLED'
    group by m.project_id),
  nx as (
    select distinct on (m.project_id) m.project_id, m.name, m.planned_date
    from project_milestone m join sp on sp.id = m.project_id
    where m.tenant_id = ${tenantId} and m.deleted_at is null and m.status not in ('REACHED', 'CANCELLED')
    order by m.project_id, m.planned_date, m.id),
  wn as (
    select w.project_id, (count(*) filter (where w.severity = 'CRITICAL'))::int as critical,
      (count(*) filter (where w.severity = 'WARNING'))::int as warning,
      (count(*) filter (where w.severity = 'INFO'))::int as info
    ${src.warnings}
    group by w.project_id),
  wr as (
    select distinct on (r.project_id) r.project_id, r.week_start, r.status_flag
    from weekly_report r join sp on sp.id = r.project_id
    where r.tenant_id = ${tenantId} and r.deleted_at is null and r.status in ('SUBMITTED', 'REVIEWED')
    order by r.project_id, r.week_start desc),
  base as (
    select p.id, p.code, p.name, p.type, p.status, p.stage, p.health, p.progress_pct::float8 as "progressPct",
      cu.name as "customerName", e.name as "managerName", o.name as "organizationName",
      coalesce(sc.contract, 0) as contract, coalesce(sc.contract_excl, 0) as contract_excl,
      coalesce(sc.contract_year, 0) as contract_year,
      coalesce(inv.invoiced, 0) as invoiced, coalesce(inv.invoiced_excl, 0) as invoiced_excl,
      coalesce(inv.invoiced, 0) - coalesce(inv.allocated, 0) as receivable, coalesce(inv.overdue, 0) as overdue,
      coalesce(rec.received, 0) as received,
      coalesce(pc.committed, 0) as committed, coalesce(pinv.supplier_invoiced, 0) as supplier_invoiced,
      coalesce(pay.paid, 0) as paid, coalesce(pinv.cost, 0) as cost,
      coalesce(bud.planned, 0) as budget_planned, coalesce(bud.committed, 0) as budget_committed,
      coalesce(bud.actual, 0) as budget_actual, coalesce(bud.total, 0) as budget_total,
      coalesce(bud.forecast_cost, pc.committed_excl, 0) as forecast_cost,
      case when p.type = 'OM' and p.service_end > p.service_start
        then round(coalesce(sc.contract_excl, 0) * least(1, greatest(0,
          (${d} - p.service_start)::numeric / (p.service_end - p.service_start))), 2)
        else coalesce(inv.invoiced_excl, 0) end as revenue,
      coalesce(ms.total, 0) as "milestonesTotal", coalesce(ms.reached, 0) as "milestonesReached",
      coalesce(ms.overdue, 0) as "milestonesOverdue", coalesce(ms.max_slip, 0) as "maxSlipDays",
      nx.name as "nextMilestone", nx.planned_date as next_date,
      coalesce(wn.critical, 0) as "warningsCritical", coalesce(wn.warning, 0) as "warningsWarning",
      coalesce(wn.info, 0) as "warningsInfo",
      coalesce(wn.critical, 0) + coalesce(wn.warning, 0) + coalesce(wn.info, 0) as "openWarnings",
      wr.week_start as report_week, wr.status_flag as "lastReportFlag"
    from projects p join sp on sp.id = p.id
    left join customers cu on cu.id = p.customer_id
    left join employees e on e.id = p.manager_id
    left join organizations o on o.id = p.organization_id
    left join sc on sc.project_id = p.id left join inv on inv.project_id = p.id
    left join rec on rec.project_id = p.id left join pc on pc.project_id = p.id
    left join pinv on pinv.project_id = p.id left join pay on pay.project_id = p.id
    left join bud on bud.project_id = p.id left join ms on ms.project_id = p.id
    left join nx on nx.project_id = p.id left join wn on wn.project_id = p.id
    left join wr on wr.project_id = p.id),
  fig as (
    select b.*,
      b.contract - b.invoiced as uninvoiced,
      case when b.contract <> 0 then round(b.invoiced / b.contract * 100, 1) end as invoiced_pct,
      case when b.contract <> 0 then round(b.received / b.contract * 100, 1) end as received_pct,
      case when b.budget_planned > 0 then round((b.budget_committed + b.budget_actual) / b.budget_planned * 100, 1) end as usage_pct,
      b.revenue - b.cost as margin,
      case when b.revenue <> 0 then round((b.revenue - b.cost) / b.revenue * 100, 1) end as margin_pct,
      b.contract_excl - b.budget_total as planned_margin,
      case when b.contract_excl <> 0 then round((b.contract_excl - b.budget_total) / b.contract_excl * 100, 1) end as planned_margin_pct,
      b.contract_excl - b.forecast_cost as forecast_margin,
      case when b.contract_excl <> 0 then round((b.contract_excl - b.forecast_cost) / b.contract_excl * 100, 1) end as forecast_margin_pct
    from base b)`;
}

const m = (expr: string) => sql.raw(`(${expr})::text`);
const n = (expr: string) => sql.raw(`(${expr})::float8`);

/** The contract's ProjectFigures from a `fig` row (alias f). */
export const figuresColumns = sql`f.id, f.code, f.name, f.type, f.status, f.stage, f.health, f."progressPct",
  f."customerName", f."managerName", f."organizationName",
  ${m('f.contract')} as "contractAmount", ${m('f.contract_excl')} as "contractExclTax",
  ${m('f.invoiced')} as "invoicedAmount", ${m('f.received')} as "receivedAmount",
  ${m('f.receivable')} as "receivableAmount", ${m('f.overdue')} as "overdueReceivable",
  ${m('f.uninvoiced')} as "uninvoicedAmount", ${n('f.invoiced_pct')} as "invoicedPct", ${n('f.received_pct')} as "receivedPct",
  ${m('f.committed')} as "committedAmount", ${m('f.supplier_invoiced')} as "supplierInvoiced",
  ${m('f.paid')} as "paidAmount", ${m('f.supplier_invoiced - f.paid')} as "payableAmount",
  ${m('f.budget_planned')} as "budgetPlanned", ${m('f.budget_committed')} as "budgetCommitted",
  ${m('f.budget_actual')} as "budgetActual", ${m('f.budget_planned - f.budget_committed - f.budget_actual')} as "budgetAvailable",
  ${n('f.usage_pct')} as "budgetUsagePct", ${m('f.cost')} as "actualCost", ${m('f.revenue')} as "revenueRecognised",
  ${m('f.margin')} as "grossMargin", ${n('f.margin_pct')} as "grossMarginPct",
  ${m('f.planned_margin')} as "plannedMargin", ${n('f.planned_margin_pct')} as "plannedMarginPct",
  ${m('f.forecast_margin')} as "forecastMargin", ${n('f.forecast_margin_pct')} as "forecastMarginPct",
  ${m('f.received - f.paid')} as "netCash",
  f."milestonesTotal", f."milestonesReached", f."milestonesOverdue", f."maxSlipDays",
  f."nextMilestone", to_char(f.next_date, 'YYYY-MM-DD') as "nextMilestoneDate",
  f."warningsCritical", f."warningsWarning", f."warningsInfo", f."openWarnings",
  to_char(f.report_week, 'YYYY-MM-DD') as "lastReportWeek", f."lastReportFlag"`;

/** The sort fields of the contract as expressions on `fig` (alias f). */
export const sortExpressions: Record<string, SQL> = {
  code: sql`f.code`,
  name: sql`f.name`,
  customerName: sql`f."customerName"`,
  managerName: sql`f."managerName"`,
  stage: sql`f.stage`,
  health: sql`f.health`,
  progressPct: sql`f."progressPct"`,
  contractAmount: sql`f.contract`,
  invoicedAmount: sql`f.invoiced`,
  receivedAmount: sql`f.received`,
  receivableAmount: sql`f.receivable`,
  invoicedPct: sql`f.invoiced_pct`,
  receivedPct: sql`f.received_pct`,
  budgetUsagePct: sql`f.usage_pct`,
  forecastMarginPct: sql`f.forecast_margin_pct`,
  nextMilestoneDate: sql`f.next_date`,
  openWarnings: sql`f."openWarnings"`,
};

/** Revenue recognised: pro rata over the service period for O&M projects that have one, else invoiced excl. tax. */
const PRO_RATA = sql`sp.type = 'OM' and sp.service_end > sp.service_start`;

/**
 * The KPI cards over the projects `where` selects, in one pass per source: each table is summed over
 * the projects' rows straight away instead of per project first, which gives the same sums (numeric
 * addition is exact) without grouping and joining a row per project. Only the O&M revenue, rounded per
 * project, is computed per project.
 */
export function kpisWith(tenantId: number, where: SQL, today: string): SQL {
  const d = sql`${today}::date`;
  const src = sources(tenantId);
  return sql`with sp as (select t.id, t.status, t.health, t.type, t.service_start, t.service_end from projects t where ${where}),
  kp as (
    select count(*)::int as projects, (count(*) filter (where sp.status in ${ACTIVE_PROJECT}))::int as active,
      (count(*) filter (where sp.health = 'RED'))::int as red
    from sp),
  kc as (
    select sum(c.amount_incl_tax) as contract,
      sum(c.amount_incl_tax) filter (where extract(year from c.sign_date) = extract(year from ${d})) as contract_year
    ${src.contracts}),
  ki as (
    select sum(i.amount_incl_tax) as invoiced, sum(i.received_amount) as allocated, ${overdueOf(tenantId, d)} as overdue,
      sum(i.amount_excl_tax) filter (where not coalesce(${PRO_RATA}, false)) as revenue
    ${src.invoices}),
  kom as (
    select sum(round(x.excl * least(1, greatest(0, (${d} - sp.service_start)::numeric / (sp.service_end - sp.service_start))), 2)) as revenue
    from (select c.project_id, sum(c.amount_excl_tax) as excl ${src.contracts} and ${PRO_RATA} group by c.project_id) x
    join sp on sp.id = x.project_id),
  kr as (select sum(r.amount) as received ${src.receipts}),
  kpc as (select sum(c.amount_incl_tax) as committed ${src.purchases}),
  kpi as (select sum(i.amount_excl_tax) as cost ${src.supplierInvoices}),
  kpay as (select sum(s.paid_amount) as paid ${src.payments}),
  kb as (
    select sum(l.planned_amount) as planned, sum(l.committed_amount) as committed, sum(l.actual_amount) as actual
    ${src.budgetLines}),
  kw as (select (count(*) filter (where w.severity in ('CRITICAL', 'WARNING', 'INFO')))::int as open ${src.warnings}),
  rv as (select coalesce(ki.revenue, 0) + coalesce(kom.revenue, 0) as revenue from ki cross join kom)
  select kp.projects, kp.active as "activeProjects", kp.red as "redProjects",
    coalesce(kc.contract, 0)::text as "contractAmount", coalesce(kc.contract_year, 0)::text as "contractThisYear",
    coalesce(ki.invoiced, 0)::text as "invoicedAmount", coalesce(kr.received, 0)::text as "receivedAmount",
    (coalesce(ki.invoiced, 0) - coalesce(ki.allocated, 0))::text as "receivableAmount",
    coalesce(ki.overdue, 0)::text as "overdueReceivable",
    coalesce(kpc.committed, 0)::text as "committedAmount", coalesce(kpay.paid, 0)::text as "paidAmount",
    coalesce(kb.planned, 0)::text as "budgetPlanned", coalesce(kb.committed, 0)::text as "budgetCommitted",
    coalesce(kb.actual, 0)::text as "budgetActual",
    case when rv.revenue <> 0
      then round((rv.revenue - coalesce(kpi.cost, 0)) / rv.revenue * 100, 1)::float8 end as "grossMarginPct",
    kw.open as "openWarnings"
  from kp, kc, ki, kr, kpc, kpi, kpay, kb, kw, rv`;
}

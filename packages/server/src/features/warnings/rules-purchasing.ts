import { sql } from 'drizzle-orm';
import { activeProjects, args, day, dec, money, num, param, type RuleContext, type WarningRule } from './rule.ts';

/** The project's current approved budget (B1), alias b, for the project alias p. */
const currentBudget = sql`b.project_id = p.id and b.tenant_id = p.tenant_id and b.is_current
  and b.status = 'APPROVED' and b.deleted_at is null`;

/**
 * Customer contracts that count as the project's revenue: approved and later, supplements included
 * (the sales part's projects.contract_amount counts the same).
 */
const EFFECTIVE_CONTRACT = sql`('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED')`;

/** The project's contract revenue excl. tax. */
const revenueExclTax = sql`(select coalesce(sum(sc.amount_excl_tax), 0) from sales_contracts sc
  where sc.project_id = p.id and sc.tenant_id = p.tenant_id and sc.deleted_at is null
    and sc.status in ${EFFECTIVE_CONTRACT})`;

/** Purchase contracts (alias pc) with their projects (alias p). */
const openPurchaseContracts = sql`purchase_contract pc join projects p on p.id = pc.project_id`;

/** Those that commit money and are not finished, of active projects. */
const openPurchaseContract = (c: RuleContext) => sql`${activeProjects(c)} and pc.tenant_id = ${c.tenantId}
  and pc.deleted_at is null and pc.status in ('APPROVED', 'SIGNED', 'IN_EXECUTION')`;

export const W06: WarningRule = {
  code: 'W06',
  name: { en: 'Budget usage', zh: '预算使用预警' },
  category: 'COST',
  severityLogic:
    'A line’s (committed + actual) / planned: INFO from infoPct, WARNING from warningPct, CRITICAL from criticalPct; CRITICAL when the budget exceeds the contract excl. tax',
  description: 'Lines of the current approved budget by usage, and budgets above the contract amount (B3, B4).',
  defaults: { infoPct: 80, warningPct: 90, criticalPct: 100 },
  query: (c) => sql`
    select l.project_id, 'BUDGET_LINE' as target_type, l.id as target_id,
      case when u.pct >= ${param(c, 'criticalPct')} then 'CRITICAL'
           when u.pct >= ${param(c, 'warningPct')} then 'WARNING' else 'INFO' end as severity,
      ${args({
        kind: sql`case when coalesce(l.item_name, '') = '' then 'line' else 'item' end`,
        project: sql`p.code`,
        category: sql`l.category`,
        item: sql`l.item_name`,
        pct: sql`u.pct`,
        committed: dec(sql`l.committed_amount`),
        actual: dec(sql`l.actual_amount`),
        planned: dec(sql`l.planned_amount`),
      })},
      ${num(sql`u.pct`)} as trigger_value, ${num(param(c, 'infoPct'))} as threshold_value
    from project_budget_line l
    join project_budget b on b.id = l.budget_id
    join projects p on p.id = l.project_id and ${currentBudget}
    cross join lateral (select case when l.planned_amount > 0
      then round((l.committed_amount + l.actual_amount) / l.planned_amount * 100, 1)
      when l.committed_amount + l.actual_amount > 0 then 999 else 0 end as pct) u
    where ${activeProjects(c)} and l.tenant_id = ${c.tenantId} and u.pct >= ${param(c, 'infoPct')}
    union all
    select p.id, 'BUDGET', b.id, 'CRITICAL',
      ${args({ kind: sql`'budget'`, project: sql`p.code`, budget: dec(sql`b.total_amount`), revenue: dec(sql`r.revenue`) })},
      ${money(sql`b.total_amount`)}, ${money(sql`r.revenue`)}
    from project_budget b
    join projects p on ${currentBudget}
    cross join lateral (select ${revenueExclTax} as revenue) r
    where ${activeProjects(c)} and r.revenue > 0 and b.total_amount > r.revenue`,
};

export const W07: WarningRule = {
  code: 'W07',
  name: { en: 'Forecast margin below target', zh: '预测毛利低于目标' },
  category: 'COST',
  severityLogic: 'WARNING below the target margin (the budget’s, else the project’s); CRITICAL below criticalPct',
  description: 'Contract excl. tax less (actual + open commitments + uncommitted budget), against the target margin.',
  defaults: { criticalPct: 0 },
  query: (c) => sql`
    select x.id as project_id, 'PROJECT' as target_type, x.id as target_id,
      case when x.pct < ${param(c, 'criticalPct')} then 'CRITICAL' else 'WARNING' end as severity,
      ${args({
        project: sql`x.code`,
        pct: sql`x.pct`,
        target: sql`x.target`,
        revenue: dec(sql`x.revenue`),
        cost: dec(sql`x.cost`),
      })},
      ${num(sql`x.pct`)} as trigger_value, ${num(sql`x.target`)} as threshold_value
    from (
      select p.id, p.code, r.revenue, f.cost, round((r.revenue - f.cost) / r.revenue * 100, 1) as pct,
        coalesce(b.target_margin_pct, p.target_margin_pct) as target
      from projects p
      join project_budget b on ${currentBudget}
      cross join lateral (select ${revenueExclTax} as revenue) r
      cross join lateral (select coalesce(sum(greatest(l.planned_amount, l.committed_amount + l.actual_amount)), 0) as cost
        from project_budget_line l where l.budget_id = b.id) f
      where ${activeProjects(c)} and r.revenue > 0
    ) x
    where x.pct < x.target`,
};

export const W08: WarningRule = {
  code: 'W08',
  name: { en: 'Purchases without an approved budget', zh: '无预算采购' },
  category: 'COST',
  severityLogic: 'WARNING',
  description: 'Projects with approved purchase requests or contracts but no current approved budget.',
  defaults: {},
  query: (c) => sql`
    select x.id as project_id, 'PROJECT' as target_type, x.id as target_id, 'WARNING' as severity,
      ${args({ project: sql`x.code`, requests: sql`x.requests`, contracts: sql`x.contracts` })},
      (x.requests + x.contracts)::text as trigger_value, '0' as threshold_value
    from (
      select p.id, p.code,
        (select count(*) from purchase_request pr where pr.project_id = p.id and pr.tenant_id = p.tenant_id
          and pr.deleted_at is null and pr.status in ('APPROVED', 'PARTIALLY_ORDERED', 'ORDERED')) as requests,
        (select count(*) from purchase_contract pc where pc.project_id = p.id and pc.tenant_id = p.tenant_id
          and pc.deleted_at is null and pc.status in ('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED')) as contracts
      from projects p
      where ${activeProjects(c)} and not exists (select 1 from project_budget b where ${currentBudget})
    ) x
    where x.requests + x.contracts > 0`,
};

export const W12: WarningRule = {
  code: 'W12',
  name: { en: 'Purchase arrival late', zh: '采购到货延迟' },
  category: 'PROCUREMENT',
  severityLogic:
    'WARNING; CRITICAL more than criticalDays late, or when the project’s delivery milestone is due within milestoneDays',
  description: 'Lines of open purchase contracts past their promised date and not fully accepted.',
  defaults: { criticalDays: 7, milestoneDays: 7 },
  query: (c) => sql`
    select l.project_id, 'PURCHASE_LINE' as target_type, l.id as target_id,
      case when ${c.today} - d.promised > ${param(c, 'criticalDays')} or exists (
        select 1 from project_milestone m where m.project_id = p.id and m.tenant_id = p.tenant_id and m.deleted_at is null
          and m.type = 'DELIVERY' and m.status not in ('REACHED', 'CANCELLED')
          and m.planned_date - ${c.today} <= ${param(c, 'milestoneDays')}) then 'CRITICAL' else 'WARNING' end as severity,
      ${args({
        project: sql`p.code`,
        item: sql`l.item_name`,
        contract: sql`pc.code`,
        days: sql`${c.today} - d.promised`,
        accepted: sql`l.accepted_qty`,
        qty: sql`l.qty`,
        unit: sql`coalesce(l.unit, '')`,
        date: day(sql`d.promised`),
      })},
      (${c.today} - d.promised)::text as trigger_value, ${num(param(c, 'criticalDays'))} as threshold_value
    from ${openPurchaseContracts}
    join purchase_contract_line l on l.contract_id = pc.id
    cross join lateral (select coalesce(l.line_promised_date, pc.promised_date) as promised) d
    where ${openPurchaseContract(c)} and d.promised < ${c.today} and l.accepted_qty < l.qty`,
};

export const W13: WarningRule = {
  code: 'W13',
  name: { en: 'Purchase not ordered in time', zh: '采购下单滞后' },
  category: 'PROCUREMENT',
  severityLogic: 'WARNING',
  description: 'Approved purchase request lines not fully ordered within leadDays of their required date.',
  defaults: { leadDays: 14 },
  query: (c) => sql`
    select rl.project_id, 'REQUEST_LINE' as target_type, rl.id as target_id, 'WARNING' as severity,
      ${args({
        project: sql`p.code`,
        item: sql`rl.item_name`,
        request: sql`r.code`,
        date: day(sql`r.required_date`),
        ordered: sql`rl.ordered_qty`,
        qty: sql`rl.qty`,
        unit: sql`coalesce(rl.unit, '')`,
      })},
      (r.required_date - ${c.today})::text as trigger_value, ${num(param(c, 'leadDays'))} as threshold_value
    from purchase_request_line rl
    join purchase_request r on r.id = rl.request_id
    join projects p on p.id = r.project_id
    where ${activeProjects(c)} and rl.tenant_id = ${c.tenantId} and r.deleted_at is null
      and r.status in ('APPROVED', 'PARTIALLY_ORDERED') and rl.ordered_qty < rl.qty
      and r.required_date - ${c.today} < ${param(c, 'leadDays')}`,
};

/** A purchase contract's registered supplier invoices (incl. tax), for the alias pc. */
const supplierInvoiced = sql`(select coalesce(sum(pi.amount_incl_tax), 0) from purchase_invoice pi
  where pi.purchase_contract_id = pc.id and pi.tenant_id = pc.tenant_id and pi.deleted_at is null
    and pi.status in ('REGISTERED', 'VERIFIED'))`;

export const W14: WarningRule = {
  code: 'W14',
  name: { en: 'Supplier payment exposure', zh: '供应商付款风险' },
  category: 'PROCUREMENT',
  severityLogic: 'WARNING',
  description:
    'Purchase contracts paid beyond their supplier invoices (advances aside), or back-to-back contracts paid ahead of the customer’s payments.',
  defaults: {},
  query: (c) => sql`
    select x.project_id, 'PURCHASE_CONTRACT' as target_type, x.id as target_id, 'WARNING' as severity,
      ${args({
        kind: sql`case when x.paid > x.invoiced then 'invoices' else 'backToBack' end`,
        project: sql`x.project_code`,
        contract: sql`x.code`,
        paid: dec(sql`x.paid`),
        invoiced: dec(sql`x.invoiced`),
        payPct: sql`x.pay_pct`,
        receivePct: sql`x.receive_pct`,
      })},
      case when x.paid > x.invoiced then ${money(sql`x.paid`)} else ${num(sql`x.pay_pct`)} end as trigger_value,
      case when x.paid > x.invoiced then ${money(sql`x.invoiced`)} else ${num(sql`x.receive_pct`)} end as threshold_value
    from (
      select pc.id, pc.code, pc.project_id, p.code as project_code, pc.back_to_back, ${supplierInvoiced} as invoiced,
        (select coalesce(sum(sp.paid_amount), 0) from supplier_payment sp where sp.purchase_contract_id = pc.id
          and sp.tenant_id = pc.tenant_id and sp.deleted_at is null and sp.status = 'PAID' and not sp.is_advance) as paid,
        case when pc.amount_incl_tax > 0 then round((select coalesce(sum(sp.paid_amount), 0) from supplier_payment sp
          where sp.purchase_contract_id = pc.id and sp.tenant_id = pc.tenant_id and sp.deleted_at is null
            and sp.status = 'PAID') / pc.amount_incl_tax * 100, 1) else 0 end as pay_pct,
        (select case when sum(sc.amount_incl_tax) > 0 then round(sum(sc.received_amount) / sum(sc.amount_incl_tax) * 100, 1)
          else 0 end from sales_contracts sc where sc.project_id = p.id and sc.tenant_id = p.tenant_id
            and sc.deleted_at is null and sc.status in ${EFFECTIVE_CONTRACT}) as receive_pct
      from ${openPurchaseContracts}
      where ${activeProjects(c)} and pc.tenant_id = ${c.tenantId} and pc.deleted_at is null
        and pc.status in ('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED')
    ) x
    where x.paid > x.invoiced or (x.back_to_back and x.pay_pct > x.receive_pct)`,
};

export const W15: WarningRule = {
  code: 'W15',
  name: { en: 'Supplier invoice missing', zh: '收票滞后' },
  category: 'PROCUREMENT',
  severityLogic: 'INFO once the oldest goods not invoiced arrived more than days ago',
  description: 'Purchase contracts whose accepted goods are not all invoiced by the supplier, oldest arrival first.',
  defaults: { days: 30 },
  query: (c) => sql`
    select distinct on (y.id) y.project_id, 'PURCHASE_CONTRACT' as target_type, y.id as target_id, 'INFO' as severity,
      ${args({
        project: sql`y.project_code`,
        contract: sql`y.code`,
        days: sql`${c.today} - y.arrival_date`,
        accepted: dec(sql`y.accepted`),
        invoiced: dec(sql`y.invoiced`),
        date: day(sql`y.arrival_date`),
      })},
      (${c.today} - y.arrival_date)::text as trigger_value, ${num(param(c, 'days'))} as threshold_value
    from (
      select pc.id, pc.code, pc.project_id, p.code as project_code, g.arrival_date, g.id as receipt_id,
        ${supplierInvoiced} as invoiced,
        sum(v.value) over (partition by pc.id order by g.arrival_date, g.id) as cumulative,
        sum(v.value) over (partition by pc.id) as accepted
      from ${openPurchaseContracts}
      join goods_receipt g on g.purchase_contract_id = pc.id and g.status = 'CONFIRMED' and g.deleted_at is null
      cross join lateral (select coalesce(sum(gl.accepted_qty * l.unit_price), 0) as value from goods_receipt_line gl
        join purchase_contract_line l on l.id = gl.contract_line_id where gl.receipt_id = g.id) v
      where ${activeProjects(c)} and pc.tenant_id = ${c.tenantId} and pc.deleted_at is null
        and pc.status in ('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED')
    ) y
    where y.cumulative > y.invoiced and ${c.today} - y.arrival_date > ${param(c, 'days')}
    order by y.id, y.arrival_date, y.receipt_id`,
};

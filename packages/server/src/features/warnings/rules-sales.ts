import { sql } from 'drizzle-orm';
import { activeProjects, args, day, dec, money, num, param, type RuleContext, type WarningRule } from './rule.ts';

/** Contracts money may be invoiced and received against (C2). */
const LIVE_CONTRACT = sql`('SIGNED', 'IN_EXECUTION')`;

/** Payment terms (alias t) of live contracts (alias sc) of the bound projects (alias p). */
const liveTerms = (c: RuleContext) => sql`
  contract_payment_terms t
  join sales_contracts sc on sc.id = t.contract_id
  join projects p on p.id = sc.project_id
  where (${c.projects}) and t.tenant_id = ${c.tenantId} and sc.deleted_at is null and sc.status in ${LIVE_CONTRACT}`;

/** What a payment term's warning says of it (alias t of contract sc of project p), for its texts. */
const termArgs = () => ({
  project: sql`p.code`,
  term: sql`t.name`,
  contract: sql`sc.code`,
  seq: sql`t.seq`,
  amount: dec(sql`t.amount`),
  date: day(sql`t.planned_date`),
});

export const W09: WarningRule = {
  code: 'W09',
  name: { en: 'Receivable overdue', zh: '应收账款逾期' },
  category: 'RECEIVABLE',
  severityLogic: 'WARNING up to criticalDays overdue; CRITICAL beyond; CRITICAL and escalated beyond escalateDays',
  description: 'Issued invoices past their due date with an amount still to receive.',
  defaults: { criticalDays: 30, escalateDays: 90 },
  query: (c) => sql`
    select x.project_id, 'INVOICE' as target_type, x.id as target_id,
      case when x.late > ${param(c, 'criticalDays')} then 'CRITICAL' else 'WARNING' end as severity,
      ${args({
        project: sql`x.project_code`,
        invoice: sql`coalesce(x.invoice_no, x.code)`,
        days: sql`x.late`,
        escalate: sql`x.late > ${param(c, 'escalateDays')}`,
        amount: dec(sql`x.outstanding`),
        date: day(sql`x.due_date`),
      })},
      x.late::text as trigger_value,
      ${num(param(c, 'criticalDays'))} as threshold_value
    from (
      select si.id, si.code, si.invoice_no, si.project_id, p.code as project_code, si.due_date,
        ${c.today} - si.due_date as late,
        si.amount_incl_tax - si.received_amount + coalesce((select sum(red.amount_incl_tax) from sales_invoices red
          where red.original_invoice_id = si.id and red.tenant_id = si.tenant_id and red.is_red
            and red.status = 'ISSUED' and red.deleted_at is null), 0) as outstanding
      from sales_invoices si join projects p on p.id = si.project_id
      where (${c.projects}) and si.tenant_id = ${c.tenantId} and si.deleted_at is null and si.status = 'ISSUED'
        and not si.is_red and si.due_date < ${c.today}
    ) x
    where x.outstanding > 0`,
};

export const W10: WarningRule = {
  code: 'W10',
  name: { en: 'Payment term due but not invoiced', zh: '应开未开' },
  category: 'RECEIVABLE',
  severityLogic: 'WARNING',
  description: 'Payment terms of signed contracts whose date has come and that are not fully invoiced.',
  defaults: {},
  query: (c) => sql`
    select sc.project_id, 'PAYMENT_TERM' as target_type, t.id as target_id, 'WARNING' as severity,
      ${args({ ...termArgs(), invoiced: dec(sql`t.invoiced_amount`) })},
      ${money(sql`t.amount - t.invoiced_amount`)} as trigger_value,
      ${money(sql`t.amount`)} as threshold_value
    from ${liveTerms(c)} and t.planned_date <= ${c.today} and t.invoiced_amount < t.amount`,
};

export const W11: WarningRule = {
  code: 'W11',
  name: { en: 'Payment term due soon', zh: '回款节点即将到期' },
  category: 'RECEIVABLE',
  severityLogic: 'INFO',
  description: 'Payment terms whose date falls within their reminder days and that are not fully received.',
  defaults: {},
  query: (c) => sql`
    select sc.project_id, 'PAYMENT_TERM' as target_type, t.id as target_id, 'INFO' as severity,
      ${args({ ...termArgs(), days: sql`t.planned_date - ${c.today}`, received: dec(sql`t.received_amount`) })},
      (t.planned_date - ${c.today})::text as trigger_value,
      t.remind_days::text as threshold_value
    from ${liveTerms(c)} and t.planned_date >= ${c.today} and t.planned_date - ${c.today} <= t.remind_days
      and t.received_amount < t.amount`,
};

export const W19: WarningRule = {
  code: 'W19',
  name: { en: 'Work without a signed contract', zh: '先实施后签合同' },
  category: 'CONTRACT',
  severityLogic: 'WARNING once the project has run more than days without a signed contract',
  description: 'Delivery projects in progress with no signed customer contract.',
  defaults: { days: 30 },
  query: (c) => sql`
    select p.id as project_id, 'PROJECT' as target_type, p.id as target_id, 'WARNING' as severity,
      ${args({
        project: sql`p.code`,
        name: sql`p.name`,
        days: sql`${c.today} - coalesce(p.actual_start, p.created_at::date)`,
        date: day(sql`coalesce(p.actual_start, p.created_at::date)`),
      })},
      (${c.today} - coalesce(p.actual_start, p.created_at::date))::text as trigger_value,
      ${num(param(c, 'days'))} as threshold_value
    from projects p
    where (${c.projects}) and p.type = 'DELIVERY' and p.status = 'IN_PROGRESS'
      and ${c.today} - coalesce(p.actual_start, p.created_at::date) > ${param(c, 'days')}
      and not exists (select 1 from sales_contracts sc where sc.project_id = p.id and sc.tenant_id = p.tenant_id
        and sc.deleted_at is null and sc.status in ('SIGNED', 'IN_EXECUTION', 'COMPLETED'))`,
};

export const W21: WarningRule = {
  code: 'W21',
  name: { en: 'Warranty ending, retention to collect', zh: '质保到期，质保金待收' },
  category: 'RECEIVABLE',
  severityLogic: 'INFO within days of the warranty end',
  description: 'Projects whose warranty ends soon with a warranty (retention) term not fully received.',
  defaults: { days: 30 },
  query: (c) => sql`
    select sc.project_id, 'PAYMENT_TERM' as target_type, t.id as target_id, 'INFO' as severity,
      ${args({
        project: sql`p.code`,
        days: sql`p.warranty_end - ${c.today}`,
        term: sql`t.name`,
        date: day(sql`p.warranty_end`),
        amount: dec(sql`t.amount - t.received_amount`),
      })},
      (p.warranty_end - ${c.today})::text as trigger_value,
      ${num(param(c, 'days'))} as threshold_value
    from ${liveTerms(c)} and ${activeProjects(c)} and t.term_type = 'WARRANTY' and t.received_amount < t.amount
      and p.warranty_end is not null and p.warranty_end >= ${c.today} and p.warranty_end - ${c.today} <= ${param(c, 'days')}`,
};

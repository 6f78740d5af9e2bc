// npm run seed:projects, part 2: the sales side of each batch (temp table bp): a customer contract per
// live project (and a draft for half the draft projects), a supplement on one in ten late ones, the
// 30/30/30/10 payment terms, the invoices and receipts along them, and the cached totals the hooks keep.
import { type SQL, sql } from 'drizzle-orm';
import type { Pools } from './seed-projects-core.ts';

const MAIN = sql`c.tenant_id = 1 and c.project_id = bp.id and c.contract_type <> 'SUPPLEMENT'`;

export const salesSteps = (p: Pools): SQL[] => [
  sql`insert into sales_contracts (tenant_id, code, customer_contract_no, name, project_id, customer_id, contract_type,
        sign_date, effective_date, expiry_date, amount_incl_tax, tax_rate, amount_excl_tax, tax_amount, warranty_months,
        status, audit_status, audited_by, audited_at, created_by)
      select 1, 'HT-' || code, 'C-' || g,
        case when type = 'OM' then 'O&M service agreement ' else 'Supply and implementation ' end || code, id, customer_id,
        case when type = 'OM' then 'SERVICE' else 'SALES' end, start - 10, start - 10,
        start + dur + case when type = 'OM' then 0 else 365 end, incl, rate, excl, incl - excl,
        case when type = 'DELIVERY' then 12 end,
        case when status = 'DRAFT' then 'DRAFT' when status in ('CLOSED', 'EXPIRED') then 'COMPLETED'
          when stage = 'PROCUREMENT' then 'SIGNED' else 'IN_EXECUTION' end,
        case when status = 'DRAFT' then 0 else 1 end, case when status <> 'DRAFT' then ${p.admin}::int end,
        case when status <> 'DRAFT' then now() end, ${p.admin}
      from bp where live or (status = 'DRAFT' and g % 2 = 0)`,
  sql`insert into sales_contracts (tenant_id, code, name, project_id, customer_id, contract_type, parent_contract_id,
        sign_date, amount_incl_tax, tax_rate, amount_excl_tax, tax_amount, total_amount, status, audit_status,
        audited_by, audited_at, created_by)
      select 1, 'HT-' || bp.code || '-S1', 'Supplement 1: extra access points ' || bp.code, bp.id, bp.customer_id,
        'SUPPLEMENT', c.id, bp.start + 120, s.incl, 13, round(s.incl / 1.13, 2), s.incl - round(s.incl / 1.13, 2), s.incl,
        'SIGNED', 1, ${p.admin}, now(), ${p.admin}
      from bp join sales_contracts c on ${MAIN} cross join lateral (select round(bp.incl * 0.05, 2) as incl) s
      where bp.live and bp.type = 'DELIVERY' and bp.step >= 3 and bp.g % 10 = 4`,
  sql`insert into contract_payment_terms (tenant_id, contract_id, seq, name, term_type, percent, amount, due_days,
        planned_date, created_by)
      select 1, c.id, t.seq, case when bp.type = 'OM' then 'Service fee, part ' || t.seq else t.name end,
        case when bp.type = 'OM' then 'PERIODIC' else t.kind end, t.pct,
        case when t.seq < 4 then round(c.amount_incl_tax * t.pct / 100, 2)
          else c.amount_incl_tax - 3 * round(c.amount_incl_tax * 0.3, 2) end,
        30, bp.start + round(case when bp.type = 'OM' then t.om * 365 else t.at * bp.dur + t.after end)::int, ${p.admin}
      from bp join sales_contracts c on ${MAIN}
      cross join (values (1, 'Advance payment', 'ADVANCE', 30, 0.0, 0, 0.0), (2, 'On arrival of the goods', 'ARRIVAL', 30, 0.3, 0, 0.25),
        (3, 'On final acceptance', 'FINAL_ACCEPTANCE', 30, 1.0, 0, 0.5), (4, 'Warranty retention', 'WARRANTY', 10, 1.0, 365, 0.9))
        as t(seq, name, kind, pct, at, after, om)`,
  sql`insert into sales_invoices (tenant_id, code, contract_id, project_id, payment_term_id, invoice_type, invoice_no,
        invoice_date, buyer_name, buyer_tax_no, amount_excl_tax, tax_rate, tax_amount, amount_incl_tax, credit_days, status,
        received_amount, audit_status, audited_by, audited_at, created_by)
      select 1, 'KP-' || bp.code || '-' || t.seq, c.id, bp.id, t.id, 'VAT_SPECIAL', 'B' || bp.g || '-' || t.seq,
        least(t.planned_date, current_date), cu.name, coalesce(cu.tax_no, 'N/A'), x.excl, bp.rate, t.amount - x.excl,
        t.amount, 30, 'ISSUED', case when t.seq <= bp.rec then t.amount else 0 end, 1, ${p.admin}, now(), ${p.admin}
      from bp join sales_contracts c on ${MAIN} and c.status <> 'DRAFT'
      join contract_payment_terms t on t.tenant_id = 1 and t.contract_id = c.id and t.seq <= bp.inv
      join customers cu on cu.id = bp.customer_id
      cross join lateral (select round(t.amount / (1 + bp.rate / 100), 2) as excl) x`,
  // One project in forty had part of its last invoice reversed (a red invoice of 10%).
  sql`insert into sales_invoices (tenant_id, code, contract_id, project_id, payment_term_id, invoice_type, invoice_no,
        invoice_date, buyer_name, buyer_tax_no, amount_excl_tax, tax_rate, tax_amount, amount_incl_tax, is_red,
        original_invoice_id, credit_days, status, audit_status, audited_by, audited_at, created_by)
      select 1, i.code || '-R', i.contract_id, i.project_id, i.payment_term_id, i.invoice_type, i.invoice_no || 'R',
        i.invoice_date + 3, i.buyer_name, i.buyer_tax_no, -round(i.amount_excl_tax * 0.1, 2), i.tax_rate,
        -round(i.amount_incl_tax * 0.1, 2) + round(i.amount_excl_tax * 0.1, 2), -round(i.amount_incl_tax * 0.1, 2), true,
        i.id, 30, 'ISSUED', 1, ${p.admin}, now(), ${p.admin}
      from bp join sales_invoices i on i.tenant_id = 1 and i.project_id = bp.id and i.code = 'KP-' || bp.code || '-' || bp.inv
      where bp.g % 40 = 3 and bp.rec < bp.inv`,
  sql`insert into customer_receipts (tenant_id, code, contract_id, project_id, customer_id, payment_term_id, receipt_date,
        amount, method, payer_name, status, allocated_amount, created_by)
      select 1, 'HK-' || bp.code || '-' || t.seq, i.contract_id, bp.id, bp.customer_id, t.id,
        least(i.invoice_date + 20, current_date), i.amount_incl_tax, 'BANK_TRANSFER', i.buyer_name, 'CONFIRMED',
        i.amount_incl_tax, ${p.admin}
      from bp join sales_invoices i on i.tenant_id = 1 and i.project_id = bp.id and not i.is_red
      join contract_payment_terms t on t.id = i.payment_term_id
      where t.seq <= bp.rec`,
  sql`insert into customer_receipts (tenant_id, code, contract_id, project_id, customer_id, receipt_date, amount, method,
        payer_name, status, created_by)
      select 1, 'HK-' || bp.code || '-D', c.id, bp.id, bp.customer_id, current_date, 5000, 'BANK_TRANSFER', null, 'DRAFT', ${p.admin}
      from bp join sales_contracts c on ${MAIN} where bp.live and bp.g % 20 = 5`,
  sql`insert into receipt_allocations (tenant_id, receipt_id, invoice_id, amount, created_by)
      select 1, r.id, i.id, r.amount, ${p.admin}
      from bp join customer_receipts r on r.tenant_id = 1 and r.project_id = bp.id and r.status = 'CONFIRMED'
      join sales_invoices i on i.tenant_id = 1 and i.payment_term_id = r.payment_term_id and not i.is_red`,
  sql`update contract_payment_terms t set invoiced_amount = i.amount_incl_tax, received_amount = i.received_amount
      from bp join sales_invoices i on i.tenant_id = 1 and i.project_id = bp.id and not i.is_red
      where t.id = i.payment_term_id`,
  sql`update sales_contracts c set total_amount = c.amount_incl_tax + coalesce(s.amount, 0),
        invoiced_amount = coalesce(i.amount, 0), received_amount = coalesce(r.amount, 0)
      from bp join sales_contracts m on m.tenant_id = 1 and m.project_id = bp.id and m.contract_type <> 'SUPPLEMENT'
      left join (select s.parent_contract_id as id, sum(s.amount_incl_tax) as amount from bp join sales_contracts s
        on s.tenant_id = 1 and s.project_id = bp.id and s.contract_type = 'SUPPLEMENT' and s.status <> 'DRAFT' group by 1) s on s.id = m.id
      left join (select i.contract_id as id, sum(i.amount_incl_tax) as amount from bp join sales_invoices i
        on i.tenant_id = 1 and i.project_id = bp.id and i.status in ('ISSUED', 'REVERSED') group by 1) i on i.id = m.id
      left join (select r.contract_id as id, sum(r.amount) as amount from bp join customer_receipts r
        on r.tenant_id = 1 and r.project_id = bp.id and r.status = 'CONFIRMED' group by 1) r on r.id = m.id
      where c.id = m.id`,
];

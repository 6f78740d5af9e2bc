// npm run seed:projects, part 3: the purchasing side of each batch (temp table bp): budgets (one in five
// revised, the first version superseded) with four category lines, a purchase request and an equipment
// purchase contract per delivery project past initiation, arrivals, supplier invoices and payments as
// far as the project has got, and the budget lines' committed and actual that purchasing keeps.
import { type SQL, sql } from 'drizzle-orm';
import { type Pools, pick } from './seed-projects-core.ts';

const COMMITTED = sql`('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED', 'CLOSED')`;
const CURRENT_LINE = (
  category: string,
) => sql`join project_budget b on b.tenant_id = 1 and b.project_id = bp.id and b.deleted_at is null and b.is_current
  join project_budget_line l on l.tenant_id = 1 and l.budget_id = b.id and l.category = ${category}`;
const APPROVED = (p: Pools) => sql`1, ${p.admin}::int, now()`;

const budgets = (p: Pools): SQL[] => [
  sql`insert into project_budget (tenant_id, code, project_id, version_no, budget_type, total_amount, target_margin_pct,
        status, is_current, audit_status, audited_by, audited_at, created_by)
      select 1, bp.code || '-V' || v.no, bp.id, v.no, case when v.no = 1 then 'INITIAL' else 'REVISED' end,
        round(bp.excl * case when bp.health = 'RED' then 0.97 else 0.8 end * case when v.no = 1 and bp.g % 5 = 1 then 0.9 else 1 end, 2),
        case when bp.health = 'RED' then 3 else 20 end, x.status, x.status = 'APPROVED',
        case when x.status = 'DRAFT' then 0 else 1 end, case when x.status <> 'DRAFT' then ${p.admin}::int end,
        case when x.status <> 'DRAFT' then now() end, ${p.admin}
      from bp cross join (values (1), (2)) v(no)
      cross join lateral (select case when not bp.live then 'DRAFT' when v.no = 2 or bp.g % 5 <> 1 then 'APPROVED'
        else 'SUPERSEDED' end as status) x
      where bp.status <> 'CANCELLED' and (v.no = 1 or (bp.live and bp.g % 5 = 1))`,
  sql`update project_budget b set revision_of_id = o.id
      from bp join project_budget o on o.tenant_id = 1 and o.project_id = bp.id and o.version_no = 1 and o.deleted_at is null
      where b.tenant_id = 1 and b.project_id = bp.id and b.version_no = 2 and b.deleted_at is null`,
  sql`insert into project_budget_line (tenant_id, budget_id, project_id, category, planned_amount, control_action,
        available_amount, created_by)
      select 1, b.id, b.project_id, l.category, x.planned, l.control, x.planned, ${p.admin}
      from bp join project_budget b on b.tenant_id = 1 and b.project_id = bp.id and b.deleted_at is null
      cross join (values (1, 'EQUIPMENT', 0.55, 'WARN'), (2, 'SOFTWARE', 0.15, 'STOP'), (3, 'LABOR', 0.2, 'WARN'),
        (4, 'CONTINGENCY', 0.1, 'IGNORE')) l(no, category, share, control)
      cross join lateral (select case when l.no < 4 then round(b.total_amount * l.share, 2) else b.total_amount
        - round(b.total_amount * 0.55, 2) - round(b.total_amount * 0.15, 2) - round(b.total_amount * 0.2, 2) end as planned) x`,
];

const requests = (p: Pools): SQL[] => [
  // The equipment request of every delivery project past initiation, and one in ten asking for software too.
  sql`insert into purchase_request (tenant_id, code, project_id, requester_id, request_date, required_date, reason,
        total_est_amount, status, audit_status, audited_by, audited_at, created_by)
      select 1, 'BSQ-' || bp.code || '-' || r.no, bp.id, bp.manager_id, bp.start + 5 * r.no, bp.start + 50,
        case when r.no = 1 then 'Network equipment for the site' else 'Management software licences' end,
        l.planned_amount, case when r.no = 1 then 'ORDERED' else 'IN_APPROVAL' end,
        case when r.no = 1 then 1 else 3 end, case when r.no = 1 then ${p.admin}::int end,
        case when r.no = 1 then now() end, ${p.admin}
      from bp cross join (values (1), (2)) r(no)
      ${CURRENT_LINE('EQUIPMENT')}
      where bp.type = 'DELIVERY' and bp.live and bp.step >= 1 and (r.no = 1 or bp.g % 10 = 6)`,
  sql`insert into purchase_request_line (tenant_id, request_id, project_id, budget_line_id, item_name, unit, qty,
        est_unit_price, est_amount, ordered_qty, created_by)
      select 1, r.id, r.project_id, l.id, case when r.status = 'ORDERED' then 'Core switch and access points' else 'NMS licence' end,
        'set', 10, round(l.planned_amount / 10, 2), round(l.planned_amount / 10, 2) * 10,
        case when r.status = 'ORDERED' then 10 else 0 end, ${p.admin}
      from bp join purchase_request r on r.tenant_id = 1 and r.project_id = bp.id
      join project_budget b on b.tenant_id = 1 and b.project_id = bp.id and b.deleted_at is null and b.is_current
      join project_budget_line l on l.tenant_id = 1 and l.budget_id = b.id
        and l.category = case when r.status = 'ORDERED' then 'EQUIPMENT' else 'SOFTWARE' end`,
];

const contracts = (p: Pools): SQL[] => [
  // Red projects bought above their equipment line; one in ten also has a draft contract waiting.
  sql`insert into purchase_contract (tenant_id, code, project_id, supplier_id, buyer_id, sign_date, promised_date,
        delivery_address, amount_excl_tax, tax_amount, amount_incl_tax, warranty_months, receipt_status, billing_status,
        status, audit_status, audited_by, audited_at, created_by)
      select 1, 'BCG-' || bp.code || '-' || k.no, bp.id, ${pick(p.suppliers, sql`bp.g + k.no`)}, bp.manager_id,
        bp.start + 15, bp.start + round(bp.dur * 0.3)::int, 'Project site', x.excl, round(x.excl * 0.13, 2),
        x.excl + round(x.excl * 0.13, 2), 12,
        case when k.no = 1 and bp.step >= 2 then 'FULL' else 'NONE' end,
        case when k.no = 1 and bp.step >= 2 then 'BILLED' else 'NOTHING_TO_BILL' end,
        case when k.no = 2 then 'DRAFT' when bp.step >= 3 then 'COMPLETED' when bp.step = 2 then 'IN_EXECUTION' else 'SIGNED' end,
        case when k.no = 1 then 1 else 0 end, case when k.no = 1 then ${p.admin}::int end,
        case when k.no = 1 then now() end, ${p.admin}
      from bp join purchase_request r on r.tenant_id = 1 and r.project_id = bp.id and r.status = 'ORDERED'
      cross join (values (1), (2)) k(no)
      cross join lateral (select case when k.no = 2 then 20000
        else round(r.total_est_amount * case when bp.health = 'RED' then 1.05 else 0.95 end, 2) end as excl) x
      where k.no = 1 or bp.g % 10 = 3`,
  sql`insert into purchase_contract_line (tenant_id, contract_id, project_id, request_line_id, budget_line_id, item_name,
        unit, qty, unit_price, tax_rate, amount, amount_excl_tax, received_qty, accepted_qty, invoiced_qty, created_by)
      select 1, c.id, c.project_id, rl.id, l.id, 'Core switch and access points', 'set', 10,
        round(c.amount_incl_tax / 10, 2), 13, c.amount_incl_tax, c.amount_excl_tax, q.n, q.n, q.n, ${p.admin}
      from bp join purchase_contract c on c.tenant_id = 1 and c.project_id = bp.id
      ${CURRENT_LINE('EQUIPMENT')}
      left join purchase_request r on r.tenant_id = 1 and r.project_id = bp.id and r.status = 'ORDERED' and c.status <> 'DRAFT'
      left join purchase_request_line rl on rl.tenant_id = 1 and rl.request_id = r.id
      cross join lateral (select case when c.receipt_status = 'FULL' then 10 else 0 end as n) q`,
  sql`insert into goods_receipt (tenant_id, code, purchase_contract_id, project_id, supplier_id, arrival_date,
        delivery_note_no, receiver_id, location, inspection_status, status, late_days, created_by)
      select 1, 'BDH-' || bp.code, c.id, bp.id, c.supplier_id, c.promised_date + bp.g % 15 - 5, 'SO-' || c.id,
        bp.manager_id, 'Site store room', 'PASSED', 'CONFIRMED', greatest(bp.g % 15 - 5, 0), ${p.admin}
      from bp join purchase_contract c on c.tenant_id = 1 and c.project_id = bp.id and c.receipt_status = 'FULL'`,
  sql`insert into goods_receipt_line (tenant_id, receipt_id, project_id, contract_line_id, delivered_qty, accepted_qty, created_by)
      select 1, r.id, r.project_id, cl.id, 10, 10, ${p.admin}
      from bp join goods_receipt r on r.tenant_id = 1 and r.project_id = bp.id
      join purchase_contract_line cl on cl.tenant_id = 1 and cl.contract_id = r.purchase_contract_id`,
  sql`insert into purchase_invoice (tenant_id, purchase_contract_id, supplier_id, project_id, invoice_type, invoice_no,
        invoice_date, received_date, amount_excl_tax, tax_rate, tax_amount, amount_incl_tax, deduction_status, status, created_by)
      select 1, c.id, c.supplier_id, bp.id, 'VAT_SPECIAL', 'BPI-' || bp.code, r.arrival_date + 5, r.arrival_date + 7,
        c.amount_excl_tax, 13, c.tax_amount, c.amount_incl_tax, case when bp.step >= 3 then 'CERTIFIED' else 'PENDING' end,
        case when bp.step >= 3 then 'VERIFIED' else 'REGISTERED' end, ${p.admin}
      from bp join goods_receipt r on r.tenant_id = 1 and r.project_id = bp.id
      join purchase_contract c on c.id = r.purchase_contract_id`,
  // A 30% advance once signed; the balance paid after acceptance, or approved and waiting before it.
  sql`insert into supplier_payment (tenant_id, code, purchase_contract_id, supplier_id, project_id, is_advance,
        requested_amount, requested_by, request_date, paid_amount, paid_date, method, status, audit_status, audited_by,
        audited_at, created_by)
      select 1, 'BFK-' || bp.code || '-' || k.no, c.id, c.supplier_id, bp.id, k.no = 1, k.amount, bp.manager_id,
        c.sign_date + k.after, case when k.paid then k.amount end, case when k.paid then c.sign_date + k.after + 3 end,
        'BANK_TRANSFER', case when k.paid then 'PAID' else 'APPROVED' end, ${APPROVED(p)}, ${p.admin}
      from bp join purchase_contract c on c.tenant_id = 1 and c.project_id = bp.id and c.status <> 'DRAFT'
      cross join lateral (values (1, round(c.amount_incl_tax * 0.3, 2), true, 2),
        (2, c.amount_incl_tax - round(c.amount_incl_tax * 0.3, 2), bp.step >= 3, 60)) k(no, amount, paid, after)
      where k.no = 1 or bp.step >= 2`,
];

/** The cached columns the purchasing hooks keep: contract progress, and the budget lines' use. */
const totals = (): SQL[] => [
  sql`update purchase_contract c set
        accepted_amount = case when c.receipt_status = 'FULL' then c.amount_incl_tax else 0 end,
        pct_received = case when c.receipt_status = 'FULL' then 100 else 0 end,
        pct_billed = case when c.billing_status = 'BILLED' then 100 else 0 end,
        invoiced_amount = coalesce(i.amount, 0), paid_amount = coalesce(s.amount, 0)
      from bp join purchase_contract m on m.tenant_id = 1 and m.project_id = bp.id
      left join (select i.purchase_contract_id as id, sum(i.amount_incl_tax) as amount from bp
        join purchase_invoice i on i.tenant_id = 1 and i.project_id = bp.id group by 1) i on i.id = m.id
      left join (select s.purchase_contract_id as id, sum(s.paid_amount) as amount from bp
        join supplier_payment s on s.tenant_id = 1 and s.project_id = bp.id and s.status = 'PAID' group by 1) s on s.id = m.id
      where c.id = m.id`,
  sql`update purchase_contract c set pct_paid = round(c.paid_amount / nullif(c.amount_incl_tax, 0) * 100, 2)
      from bp where c.tenant_id = 1 and c.project_id = bp.id`,
  sql`update project_budget_line l set committed_amount = x.ordered - x.invoiced, actual_amount = x.invoiced
      from (select cl.budget_line_id as id, sum(cl.amount_excl_tax) as ordered, coalesce(sum(i.amount_excl_tax), 0) as invoiced
        from bp join purchase_contract c on c.tenant_id = 1 and c.project_id = bp.id and c.status in ${COMMITTED}
        join purchase_contract_line cl on cl.tenant_id = 1 and cl.contract_id = c.id
        left join purchase_invoice i on i.tenant_id = 1 and i.purchase_contract_id = c.id and i.status in ('REGISTERED', 'VERIFIED')
        group by cl.budget_line_id) x
      where l.id = x.id`,
  // Labour is booked as the project goes; red projects overrun it.
  sql`update project_budget_line l set actual_amount = round(l.planned_amount * least(bp.step / 5.0,
        case when bp.health = 'RED' then 1.3 else 1 end), 2)
      from bp join project_budget b on b.tenant_id = 1 and b.project_id = bp.id and b.deleted_at is null and b.is_current
      where l.tenant_id = 1 and l.budget_id = b.id and l.category = 'LABOR'`,
  sql`update project_budget_line l set available_amount = l.planned_amount - l.committed_amount - l.actual_amount
      from bp where l.tenant_id = 1 and l.project_id = bp.id`,
];

export const purchasingSteps = (p: Pools): SQL[] => [...budgets(p), ...requests(p), ...contracts(p), ...totals()];

// npm run seed:projects, part 1: the generated projects (codes BP000001…) and the batch table every
// chain is built from. Each figure derives from the project number g, so a run is repeatable; dates sit
// around today, so overdue milestones and invoices exist as they would in use.
import { type SQL, sql } from 'drizzle-orm';

/** Ids the batches draw on: a PostgreSQL array literal each (Drizzle would spread a JS array into a row). */
export type Pools = {
  customers: string;
  suppliers: string;
  organizations: string;
  managers: string;
  pmEmployee: number;
  admin: number;
};

/** Every table the generator writes, in the order the chains fill them (also the size report). */
export const PROJECT_TABLES = [
  'customers',
  'suppliers',
  'projects',
  'project_team',
  'project_members',
  'sales_contracts',
  'contract_payment_terms',
  'sales_invoices',
  'customer_receipts',
  'receipt_allocations',
  'project_budget',
  'project_budget_line',
  'purchase_request',
  'purchase_request_line',
  'purchase_contract',
  'purchase_contract_line',
  'goods_receipt',
  'goods_receipt_line',
  'purchase_invoice',
  'supplier_payment',
  'project_milestone',
  'weekly_report',
  'project_warning',
];

/** One id from a pool, chosen by an integer expression. */
export const pick = (pool: string, expr: SQL) =>
  sql`(${sql.raw(`'${pool}'`)}::int[])[1 + (${expr}) % cardinality(${sql.raw(`'${pool}'`)}::int[])]`;

/** Projects g = lo…hi: one in five O&M, statuses and stages in realistic shares, pm managing one in 250 (in runs of seven). */
export function insertProjects(lo: number, hi: number, p: Pools): SQL {
  return sql`insert into projects (tenant_id, code, name, type, customer_id, organization_id, manager_id, sales_owner_id,
      planned_start, planned_end, actual_start, stage, status, health, progress_pct, priority, warranty_months,
      service_start, service_end, annual_fee, billing_cycle, audit_status, audited_by, audited_at, created_by, updated_by)
    with s as (
      select g, case when g % 5 = 0 then 'OM' else 'DELIVERY' end as type, (g::bigint * 7919 % 100)::int as r,
        -- h (health) hashes g itself, not g mod 100 as r does, so health and stage vary independently.
        (g::bigint * 2654435761 % 4294967296 % 100)::int as h
      from generate_series(${lo}::int, ${hi}::int) g),
    k as (
      select s.*, case when s.type = 'OM' then
          case when r < 5 then 'DRAFT' when r < 15 then 'EXPIRED' when r < 20 then 'CLOSED' else 'ACTIVE' end
        else case when r < 5 then 'DRAFT' when r < 7 then 'CANCELLED' when r < 15 then 'CLOSED' when r < 20 then 'ON_HOLD'
          when r < 25 then 'ACCEPTED' when r < 35 then 'WARRANTY' else 'IN_PROGRESS' end end as status,
        case when s.type = 'OM' then case when r < 5 then 'INITIATION' else 'WARRANTY' end
        else case when r < 7 then 'INITIATION' when r < 15 then 'WARRANTY' when r < 20 then 'IMPLEMENTATION'
          when r < 25 then 'FINAL_ACCEPTANCE' when r < 35 then 'WARRANTY' when r < 45 then 'PROCUREMENT'
          when r < 55 then 'DELIVERY' when r < 70 then 'IMPLEMENTATION' when r < 80 then 'PRELIM_ACCEPTANCE'
          when r < 90 then 'TRIAL_RUN' else 'FINAL_ACCEPTANCE' end end as stage,
        case when s.type = 'OM' then 365 else 240 + (g % 4) * 30 end as dur
      from s),
    d as (
      -- Days since the planned start: where the stage sits in the plan; late projects (h < 20) are further on.
      select k.*, (case
          when status = 'DRAFT' then -(10 + g % 40) when status = 'CANCELLED' then 30
          when status in ('ACCEPTED') then dur + 20 when status = 'WARRANTY' then dur + 100 + g % 200
          when status = 'CLOSED' and type = 'DELIVERY' then dur + 400 + g % 300
          when status = 'ACTIVE' then 30 + g % 300 when status = 'EXPIRED' then 380 + g % 100 when status = 'CLOSED' then 500 + g % 200
          else round(dur * ((case stage when 'PROCUREMENT' then 0.12 when 'DELIVERY' then 0.3 when 'IMPLEMENTATION' then 0.5
            when 'PRELIM_ACCEPTANCE' then 0.68 when 'TRIAL_RUN' then 0.8 else 0.95 end) + case when h < 20 then 0.1 else 0 end))::int
        end) + g % 21 - 10 as elapsed
      from k)
    select 1, 'BP' || lpad(g::text, 6, '0'),
      (array['Campus network','Data centre','Video surveillance','Wi-Fi refresh','SD-WAN rollout','Core switching','Storage expansion','Unified communications'])[1 + g % 8] || ' ' || g,
      type, ${pick(p.customers, sql`g`)}, ${pick(p.organizations, sql`g / 3`)},
      case when g / 7 % 250 = 3 then ${p.pmEmployee}::int else ${pick(p.managers, sql`g`)} end, ${pick(p.managers, sql`g / 7`)},
      current_date - elapsed, current_date - elapsed + dur,
      case when status not in ('DRAFT', 'CANCELLED') then current_date - elapsed end, stage, status,
      case when status in ('CLOSED', 'CANCELLED', 'EXPIRED') then 'GREY' when status = 'DRAFT' then 'GREEN'
        when h < 5 then 'RED' when h < 20 then 'YELLOW' else 'GREEN' end,
      case when status in ('ACCEPTED', 'WARRANTY', 'CLOSED', 'EXPIRED') then 100 when status = 'DRAFT' then 0
        else least(95, greatest(0, round(elapsed * 100.0 / dur))) end,
      case when g % 7 = 0 then 'HIGH' when g % 7 = 1 then 'LOW' else 'NORMAL' end, case when type = 'DELIVERY' then 12 end,
      case when type = 'OM' then current_date - elapsed end, case when type = 'OM' then current_date - elapsed + dur end,
      case when type = 'OM' then (50 + g % 450) * 1000 end, case when type = 'OM' then 'QUARTERLY' end,
      case when status = 'DRAFT' then 0 else 1 end, case when status = 'DRAFT' then null else ${p.admin}::int end,
      case when status = 'DRAFT' then null else now() end, ${p.admin}, ${p.admin}
    from d`;
}

/**
 * The batch's projects with what the chains need: `step`, the milestones reached (0–6); `inv` and `rec`,
 * the payment terms invoiced and received (0–4); the contract amount excl. tax and the tax rate.
 */
export function batchTable(after: number): SQL {
  return sql`create temp table bp on commit drop as
    select y.*, case when y.inv = 0 then 0 when y.status in ('CLOSED', 'EXPIRED', 'WARRANTY') then y.inv
        else y.inv - (y.g % 3 = 0)::int end as rec,
      round(y.excl * (1 + y.rate / 100), 2) as incl
    from (
      select x.*, case when not x.live then 0 when x.status in ('CLOSED', 'EXPIRED') then 4
          when x.type = 'OM' then 2 + x.g % 2 else (array[0, 1, 2, 2, 3, 3, 3])[1 + x.step] end as inv
      from (
        select p.id, substr(p.code, 3)::int as g, p.code, p.type, p.status, p.stage, p.health, p.customer_id,
          p.manager_id, p.planned_start as start, p.planned_end - p.planned_start as dur,
          p.status not in ('DRAFT', 'CANCELLED') as live,
          case when p.status in ('ACCEPTED', 'WARRANTY', 'CLOSED') then 6 when p.status in ('DRAFT', 'CANCELLED') then 0
            else case p.stage when 'PROCUREMENT' then 1 when 'DELIVERY' then 1 when 'IMPLEMENTATION' then 2
              when 'PRELIM_ACCEPTANCE' then 3 when 'TRIAL_RUN' then 4 when 'FINAL_ACCEPTANCE' then 5 else 0 end end as step,
          case when p.type = 'OM' then coalesce(p.annual_fee, 100000)
            else ((200 + substr(p.code, 3)::bigint * 7919 % 4800) * 1000)::numeric end as excl,
          case when p.type = 'OM' then 6 else 13 end::numeric as rate
        from projects p where p.tenant_id = 1 and p.id > ${after} and p.code like 'BP%') x) y`;
}

/** The manager in each team; pm's projects make pm a member (the "projects I am a member of" scope). */
export const teamSteps = (p: Pools): SQL[] => [
  sql`insert into project_team (tenant_id, project_id, employee_id, role, join_date, allocation_pct, created_by)
      select 1, id, manager_id, 'PM', start, 50, ${p.admin} from bp`,
  sql`insert into project_members (tenant_id, project_id, user_id)
      select 1, bp.id, e.user_id from bp join employees e on e.id = bp.manager_id
      where e.user_id is not null on conflict do nothing`,
];

// npm run seed:projects, part 4: milestones (six per delivery project, reached as far as its stage, late
// ones slipped), the last four weekly reports of the projects under way, the open warnings their state
// calls for (schedule lag, overdue milestones, overdue invoices), and the projects' cached amounts.
import { type SQL, sql } from 'drizzle-orm';
import { type Pools, pick } from './seed-projects-core.ts';

const rule = (code: string) => sql`(select r.id from warning_rule r where r.tenant_id = 1 and r.code = ${code})`;
const assignee = sql`(select e.user_id from employees e where e.id = bp.manager_id)`;
const rank = (severity: SQL) => sql`case ${severity} when 'CRITICAL' then 3 when 'WARNING' then 2 else 1 end`;

const schedule = (p: Pools): SQL[] => [
  sql`insert into project_milestone (tenant_id, project_id, seq, name, label, type, is_key, baseline_date, planned_date,
        actual_date, weight, owner_id, reminder_days, deliverables, status, is_overdue, slip_days, created_by)
      select 1, bp.id, m.seq, m.name, bp.code || ' ' || m.name, m.kind, m.key, x.baseline, x.planned,
        case when m.seq <= bp.step then least(x.planned, current_date) end, m.weight, bp.manager_id,
        case when m.key then 14 else 7 end, m.name || ': the signed record on file',
        case when m.seq <= bp.step then 'REACHED' when m.seq = bp.step + 1 and bp.status = 'IN_PROGRESS' then 'IN_PROGRESS'
          else 'NOT_STARTED' end,
        m.seq > bp.step and x.planned < current_date, x.planned - x.baseline, ${p.admin}
      from bp cross join (values (1, 'Contract signed', 'GATE', 0.02, 10, false),
        (2, 'Equipment arrived', 'DELIVERY', 0.3, 20, true), (3, 'Installation done', 'DELIVERY', 0.55, 20, false),
        (4, 'Preliminary acceptance', 'ACCEPTANCE', 0.7, 20, true), (5, 'Trial run completed', 'GATE', 0.85, 10, false),
        (6, 'Final acceptance', 'ACCEPTANCE', 1.0, 20, true)) m(seq, name, kind, at, weight, key)
      cross join lateral (select bp.start + round(bp.dur * m.at)::int as baseline,
        bp.start + round(bp.dur * m.at)::int + case bp.health when 'RED' then 15 + bp.g % 20
          when 'YELLOW' then bp.g % 10 else 0 end as planned) x
      where bp.type = 'DELIVERY' and bp.status <> 'CANCELLED'`,
  sql`insert into weekly_report (tenant_id, project_id, week_start, week_label, author_id, status_flag, progress_pct,
        work_done, work_planned, status, submitted_at, reviewer_id, reviewed_at, review_comment, late, created_by)
      select 1, bp.id, w.week, to_char(w.week, 'IYYY-"W"IW'), bp.manager_id,
        case when bp.status = 'ON_HOLD' then 'ON_HOLD' when bp.health = 'RED' then 'OFF_TRACK'
          when bp.health = 'YELLOW' then 'AT_RISK' else 'ON_TRACK' end,
        greatest(pr.progress_pct - (w.n - 1) * 3, 0), 'Installed and tested the planned racks.', 'Continue with the next floor.',
        case when w.n = 1 then 'SUBMITTED' else 'REVIEWED' end, w.week + 4 + time '17:00',
        case when w.n > 1 then ${pick(p.managers, sql`bp.g / 11`)} end, case when w.n > 1 then w.week + 9 + time '10:00' end,
        case when w.n > 1 then 'Noted.' end, bp.g % 9 = 0, ${p.admin}
      from bp join projects pr on pr.id = bp.id
      cross join lateral (select n, date_trunc('week', current_date)::date - 7 * n as week from generate_series(1, 4) n) w
      where bp.type = 'DELIVERY' and bp.status in ('IN_PROGRESS', 'ON_HOLD') and w.week >= bp.start`,
];

/** Warnings as the rules would raise them; health stays consistent (only yellow and red projects warn above INFO). */
const warnings = (): SQL[] => [
  sql`insert into project_warning (tenant_id, rule_id, rule_code, project_id, target_type, target_id, severity,
        severity_rank, title, message, trigger_value, threshold_value, status, assignee_id)
      select 1, ${rule('W05')}, 'W05', bp.id, 'PROJECT', bp.id, s.severity, ${rank(sql`s.severity`)},
        bp.code || ' is behind schedule', 'Progress is behind the planned curve.', '15', '10',
        case when bp.g % 5 = 0 then 'ACKNOWLEDGED' else 'OPEN' end, ${assignee}
      from bp cross join lateral (select case when bp.health = 'RED' then 'CRITICAL' else 'WARNING' end as severity) s
      where bp.live and bp.health in ('YELLOW', 'RED')`,
  sql`insert into project_warning (tenant_id, rule_id, rule_code, project_id, target_type, target_id, severity,
        severity_rank, title, message, trigger_value, threshold_value, status, assignee_id)
      select 1, ${rule('W01')}, 'W01', bp.id, 'MILESTONE', m.id, s.severity, ${rank(sql`s.severity`)},
        m.label || ' is overdue', 'The milestone is past its planned date.', (current_date - m.planned_date)::text, '0',
        'OPEN', ${assignee}
      from bp join project_milestone m on m.tenant_id = 1 and m.project_id = bp.id and m.is_overdue
      cross join lateral (select case when bp.health = 'GREEN' then 'INFO' when bp.health = 'RED'
        and current_date - m.planned_date > 30 then 'CRITICAL' else 'WARNING' end as severity) s
      where bp.live`,
  sql`insert into project_warning (tenant_id, rule_id, rule_code, project_id, target_type, target_id, severity,
        severity_rank, title, message, trigger_value, threshold_value, status, assignee_id)
      select 1, ${rule('W09')}, 'W09', bp.id, 'INVOICE', i.id, s.severity, ${rank(sql`s.severity`)},
        i.code || ' is overdue', 'The invoice is unpaid past its due date.', (current_date - i.due_date)::text, '0',
        'OPEN', ${assignee}
      from bp join sales_invoices i on i.tenant_id = 1 and i.project_id = bp.id and i.status = 'ISSUED' and not i.is_red
        and i.received_amount < i.amount_incl_tax and i.due_date < current_date
      cross join lateral (select case when bp.health <> 'GREEN' and current_date - i.due_date > 30 then 'WARNING'
        else 'INFO' end as severity) s
      where bp.live`,
];

const projectTotals = (): SQL[] => [
  sql`update projects p set contract_amount = coalesce(c.amount, 0), budget_amount = coalesce(b.total_amount, 0)
      from bp
      left join (select c.project_id as id, sum(c.amount_incl_tax) as amount from bp join sales_contracts c
        on c.tenant_id = 1 and c.project_id = bp.id and c.deleted_at is null
        and c.status in ('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED') group by 1) c on c.id = bp.id
      left join project_budget b on b.tenant_id = 1 and b.project_id = bp.id and b.is_current and b.deleted_at is null
      where p.id = bp.id`,
];

export const scheduleSteps = (p: Pools): SQL[] => [...schedule(p), ...warnings(), ...projectTotals()];

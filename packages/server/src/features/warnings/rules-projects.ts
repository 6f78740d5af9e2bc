import { sql } from 'drizzle-orm';
import { activeProjects, args, day, num, param, type WarningRule } from './rule.ts';

/** Rules over the project record alone: schedule lag (W05) and O&M service expiry (W18). */

export const W05: WarningRule = {
  code: 'W05',
  name: { en: 'Schedule lag', zh: '进度滞后' },
  category: 'SCHEDULE',
  severityLogic:
    'WARNING when elapsed time exceeds progress by more than warningGap points; CRITICAL above criticalGap',
  description: 'Delivery projects whose share of elapsed planned time runs ahead of their progress.',
  defaults: { warningGap: 15, criticalGap: 30 },
  query: (c) => sql`
    select x.id as project_id, 'PROJECT' as target_type, x.id as target_id,
      case when x.gap > ${param(c, 'criticalGap')} then 'CRITICAL' else 'WARNING' end as severity,
      ${args({ project: sql`x.code`, gap: sql`x.gap`, elapsed: sql`x.elapsed`, progress: sql`x.progress` })},
      ${num(sql`x.gap`)} as trigger_value,
      ${num(param(c, 'warningGap'))} as threshold_value
    from (
      select p.id, p.code, p.progress_pct as progress, e.elapsed, round(e.elapsed - p.progress_pct, 1) as gap
      from projects p
      cross join lateral (select round(least(100, greatest(0,
        (${c.today} - p.planned_start)::numeric / (p.planned_end - p.planned_start) * 100)), 1) as elapsed) e
      where ${activeProjects(c)} and p.type = 'DELIVERY' and p.status in ('IN_PROGRESS', 'ON_HOLD')
        and p.planned_end > p.planned_start
    ) x
    where x.gap > ${param(c, 'warningGap')}`,
};

export const W18: WarningRule = {
  code: 'W18',
  name: { en: 'O&M service expiring or expired', zh: '运维合同即将到期/已到期' },
  category: 'OM',
  severityLogic: 'INFO within infoDays of the service end, WARNING within warningDays; CRITICAL once expired',
  description: 'O&M projects whose service period ends soon or has ended, with no approved renewal project.',
  defaults: { infoDays: 60, warningDays: 30 },
  query: (c) => sql`
    select p.id as project_id, 'PROJECT' as target_type, p.id as target_id,
      case when p.service_end < ${c.today} then 'CRITICAL'
           when p.service_end - ${c.today} <= ${param(c, 'warningDays')} then 'WARNING' else 'INFO' end as severity,
      ${args({
        project: sql`p.code`,
        name: sql`p.name`,
        expired: sql`p.service_end < ${c.today}`,
        days: sql`abs(p.service_end - ${c.today})`,
        date: day(sql`p.service_end`),
      })},
      (p.service_end - ${c.today})::text as trigger_value,
      ${num(param(c, 'infoDays'))} as threshold_value
    from projects p
    where (${c.projects}) and p.type = 'OM' and p.status in ('ACTIVE', 'SUSPENDED', 'EXPIRED')
      and p.service_end is not null and p.service_end - ${c.today} <= ${param(c, 'infoDays')}
      and not exists (select 1 from projects r where r.renewal_of_id = p.id and r.tenant_id = p.tenant_id
        and r.deleted_at is null and r.audit_status = 1)`,
};

import { sql } from 'drizzle-orm';
import { activeProjects, args, day, num, param, type RuleContext, type WarningRule } from './rule.ts';

/** Milestones still to reach (not reached, not cancelled) of active projects, alias m on p. */
const openMilestones = (c: RuleContext) => sql`
  project_milestone m join projects p on p.id = m.project_id
  where ${activeProjects(c)} and m.tenant_id = ${c.tenantId} and m.deleted_at is null
    and m.status not in ('REACHED', 'CANCELLED')`;

export const W01: WarningRule = {
  code: 'W01',
  name: { en: 'Milestone due soon', zh: '里程碑即将到期' },
  category: 'SCHEDULE',
  severityLogic: 'Within the milestone’s reminder days: INFO; WARNING within warningDays; CRITICAL within criticalDays',
  description: 'Milestones not reached whose planned date falls within their reminder days.',
  defaults: { warningDays: 3, criticalDays: 1 },
  query: (c) => sql`
    select m.project_id, 'MILESTONE' as target_type, m.id as target_id,
      case when m.planned_date - ${c.today} <= ${param(c, 'criticalDays')} then 'CRITICAL'
           when m.planned_date - ${c.today} <= ${param(c, 'warningDays')} then 'WARNING' else 'INFO' end as severity,
      ${args({
        project: sql`p.code`,
        milestone: sql`m.name`,
        days: sql`m.planned_date - ${c.today}`,
        date: day(sql`m.planned_date`),
      })},
      (m.planned_date - ${c.today})::text as trigger_value,
      m.reminder_days::text as threshold_value
    from ${openMilestones(c)}
      and m.planned_date >= ${c.today} and m.planned_date - ${c.today} <= m.reminder_days`,
};

export const W02: WarningRule = {
  code: 'W02',
  name: { en: 'Milestone overdue', zh: '里程碑逾期' },
  category: 'SCHEDULE',
  severityLogic: 'WARNING; CRITICAL for a key milestone or one more than criticalDays late',
  description: 'Milestones not reached whose planned date has passed.',
  defaults: { criticalDays: 14 },
  query: (c) => sql`
    select m.project_id, 'MILESTONE' as target_type, m.id as target_id,
      case when m.is_key or ${c.today} - m.planned_date > ${param(c, 'criticalDays')} then 'CRITICAL' else 'WARNING' end as severity,
      ${args({
        project: sql`p.code`,
        milestone: sql`m.name`,
        days: sql`${c.today} - m.planned_date`,
        date: day(sql`m.planned_date`),
        key: sql`m.is_key`,
      })},
      (${c.today} - m.planned_date)::text as trigger_value,
      ${num(param(c, 'criticalDays'))} as threshold_value
    from ${openMilestones(c)} and m.planned_date < ${c.today}`,
};

export const W03: WarningRule = {
  code: 'W03',
  name: { en: 'Milestone slipped against its baseline', zh: '里程碑偏离基线' },
  category: 'SCHEDULE',
  severityLogic: 'INFO when replanned more than infoDays after the baseline; WARNING beyond warningDays',
  description: 'Milestones not reached whose planned date has moved past their baseline.',
  defaults: { infoDays: 7, warningDays: 30 },
  query: (c) => sql`
    select m.project_id, 'MILESTONE' as target_type, m.id as target_id,
      case when m.planned_date - m.baseline_date > ${param(c, 'warningDays')} then 'WARNING' else 'INFO' end as severity,
      ${args({
        project: sql`p.code`,
        milestone: sql`m.name`,
        days: sql`m.planned_date - m.baseline_date`,
        date: day(sql`m.planned_date`),
        baseline: day(sql`m.baseline_date`),
      })},
      (m.planned_date - m.baseline_date)::text as trigger_value,
      ${num(param(c, 'infoDays'))} as threshold_value
    from ${openMilestones(c)} and m.planned_date - m.baseline_date > ${param(c, 'infoDays')}`,
};

export const W04: WarningRule = {
  code: 'W04',
  name: { en: 'Project past its planned end', zh: '项目超过计划结束日期' },
  category: 'SCHEDULE',
  severityLogic: 'CRITICAL',
  description: 'Delivery projects in progress or on hold after their planned end, with no passed final acceptance.',
  defaults: {},
  query: (c) => sql`
    select p.id as project_id, 'PROJECT' as target_type, p.id as target_id, 'CRITICAL' as severity,
      ${args({
        project: sql`p.code`,
        name: sql`p.name`,
        days: sql`${c.today} - p.planned_end`,
        date: day(sql`p.planned_end`),
      })},
      (${c.today} - p.planned_end)::text as trigger_value,
      to_char(p.planned_end, 'YYYY-MM-DD') as threshold_value
    from projects p
    where (${c.projects}) and p.type = 'DELIVERY' and p.status in ('IN_PROGRESS', 'ON_HOLD') and p.planned_end < ${c.today}
      and not exists (select 1 from acceptance_test a where a.project_id = p.id and a.tenant_id = p.tenant_id
        and a.deleted_at is null and a.test_type = 'FINAL' and a.result in ('PASS', 'CONDITIONAL_PASS'))`,
};

export const W20: WarningRule = {
  code: 'W20',
  name: { en: 'Acceptance test failed', zh: '验收未通过' },
  category: 'QUALITY',
  severityLogic: 'WARNING',
  description: 'Failed acceptance tests of active projects with no later passed test of the same type.',
  defaults: {},
  query: (c) => sql`
    select a.project_id, 'ACCEPTANCE_TEST' as target_type, a.id as target_id, 'WARNING' as severity,
      ${args({
        project: sql`p.code`,
        test: sql`a.code`,
        type: sql`a.test_type`,
        date: day(sql`coalesce(a.actual_end, a.planned_date)`),
      })},
      a.result as trigger_value, 'PASS' as threshold_value
    from acceptance_test a join projects p on p.id = a.project_id
    where ${activeProjects(c)} and a.tenant_id = ${c.tenantId} and a.deleted_at is null and a.result = 'FAIL'
      and not exists (select 1 from acceptance_test b where b.project_id = a.project_id and b.tenant_id = a.tenant_id
        and b.deleted_at is null and b.test_type = a.test_type and b.result in ('PASS', 'CONDITIONAL_PASS')
        and (coalesce(b.actual_end, b.planned_date), b.id) > (coalesce(a.actual_end, a.planned_date), a.id))`,
};

/** Monday of the week before today's. */
const lastWeek = (c: RuleContext) => sql`(date_trunc('week', ${c.today}::timestamp)::date - 7)`;

/** Projects that owe weekly reports (WR1): delivery ones under way or accepted, O&M ones in service. */
const reporting = sql`p.status in ('IN_PROGRESS', 'ON_HOLD', 'ACCEPTED', 'ACTIVE')`;

export const W16: WarningRule = {
  code: 'W16',
  name: { en: 'Weekly report missing', zh: '周报缺失' },
  category: 'REPORTING',
  severityLogic: 'WARNING when last week’s report is missing; CRITICAL when the week before is missing too',
  description: 'Projects that owe weekly reports with none submitted for last week, graceDays into this week.',
  defaults: { graceDays: 1 },
  query: (c) => sql`
    select x.id as project_id, 'PROJECT' as target_type, x.id as target_id,
      case when x.started <= ${lastWeek(c)} - 1 and not x.before then 'CRITICAL' else 'WARNING' end as severity,
      ${args({
        project: sql`x.code`,
        week: day(lastWeek(c)),
        weeks: sql`case when x.started <= ${lastWeek(c)} - 1 and not x.before then 2 else 1 end`,
      })},
      to_char(${lastWeek(c)}, 'IYYY-"W"IW') as trigger_value,
      ${num(param(c, 'graceDays'))} as threshold_value
    from (
      select p.id, p.code, coalesce(p.actual_start, p.planned_start) as started,
        exists (select 1 from weekly_report r where r.project_id = p.id and r.tenant_id = p.tenant_id
          and r.deleted_at is null and r.week_start = ${lastWeek(c)} and r.status in ('SUBMITTED', 'REVIEWED')) as last,
        exists (select 1 from weekly_report r where r.project_id = p.id and r.tenant_id = p.tenant_id
          and r.deleted_at is null and r.week_start = ${lastWeek(c)} - 7 and r.status in ('SUBMITTED', 'REVIEWED')) as before
      from projects p
      where (${c.projects}) and ${reporting}
    ) x
    where not x.last and x.started <= ${lastWeek(c)} + 6
      and ${c.today} - (${lastWeek(c)} + 7) >= ${param(c, 'graceDays')}`,
};

export const W17: WarningRule = {
  code: 'W17',
  name: { en: 'Weekly report raises a flag', zh: '周报风险标记' },
  category: 'REPORTING',
  severityLogic: 'AT_RISK: WARNING; OFF_TRACK: CRITICAL',
  description: 'The latest submitted weekly report of an active project says it is at risk or off track.',
  defaults: {},
  query: (c) => sql`
    select r.project_id, 'PROJECT' as target_type, r.project_id as target_id,
      case r.status_flag when 'OFF_TRACK' then 'CRITICAL' else 'WARNING' end as severity,
      ${args({
        project: sql`p.code`,
        week: day(sql`r.week_start`),
        flag: sql`r.status_flag`,
        // The help asked for is the author's own words, shown as written.
        asked: sql`coalesce(r.help_needed, '') <> ''`,
        help: sql`coalesce(r.help_needed, '')`,
      })},
      r.status_flag as trigger_value, 'ON_TRACK' as threshold_value
    from projects p
    join lateral (select * from weekly_report r where r.project_id = p.id and r.tenant_id = p.tenant_id
      and r.deleted_at is null and r.status in ('SUBMITTED', 'REVIEWED') order by r.week_start desc limit 1) r on true
    where ${activeProjects(c)} and r.status_flag in ('AT_RISK', 'OFF_TRACK')`,
};

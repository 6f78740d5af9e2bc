import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import {
  recomputeProjectProgress,
  refreshMilestoneSchedule,
  relabelMilestones,
} from '../features/schedule/schedule.progress.ts';
import { demoMilestones, type SeedProject } from './schedule.demo.ts';
import { demoAcceptance } from './schedule.demo-acceptance.ts';
import { demoWeeklyReports } from './schedule.demo-reports.ts';
import type { AreaSeed, DemoContext } from './seed-project.ts';

/**
 * The schedule demo: six milestones per delivery project (not the cancelled ones), acceptance tests for
 * the projects at or past preliminary acceptance, and four weeks of weekly reports of the projects in
 * progress. Runs once: nothing happens when milestones exist.
 */
async function demo(tx: Db, ctx: DemoContext) {
  const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from project_milestone`);
  if ((existing?.n ?? 0) > 0) return;
  const projects = await queryRows<SeedProject>(
    tx,
    sql`select id, code, status, stage, planned_start::text as "plannedStart", planned_end::text as "plannedEnd",
          manager_id as "managerId", progress_pct::text as "progressPct", warranty_months as "warrantyMonths"
        from projects where type = 'DELIVERY' and status <> 'CANCELLED' and deleted_at is null order by code`,
  );
  const milestones = await demoMilestones(tx, ctx, projects);
  await demoAcceptance(tx, ctx, projects, milestones);
  // One of pm's projects in progress measures its progress by milestone weights (M1).
  const implementing = projects.filter((p) => p.status === 'IN_PROGRESS' && p.stage === 'IMPLEMENTATION');
  const weighted = implementing.find((p) => ctx.projects.some((c) => c.id === p.id && c.pmOwned)) ?? implementing[0];
  if (weighted) {
    await tx.execute(sql`update projects set progress_method = 'MILESTONE_WEIGHT' where id = ${weighted.id}`);
    await recomputeProjectProgress(tx, weighted.id);
  }
  await refreshMilestoneSchedule(tx);
  await relabelMilestones(tx);
  await demoWeeklyReports(
    tx,
    ctx,
    projects.filter((p) => p.status === 'IN_PROGRESS'),
  );
}

/** The schedule part of the project area: milestones, tests and acceptance, weekly reports. */
const BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Export'];

export const scheduleArea: AreaSeed = {
  menus: [
    {
      code: 'ProjectMilestone',
      name: 'Milestones',
      nameZh: '项目里程碑',
      url: '/ProjectMilestone',
      icon: 'FlagOutlined',
      parent: 'Project',
      buttons: BUTTONS,
    },
    {
      code: 'ProjectTest',
      name: 'Tests and acceptance',
      nameZh: '测试验收',
      url: '/ProjectTest',
      icon: 'SafetyCertificateOutlined',
      parent: 'Project',
      buttons: BUTTONS,
    },
    {
      code: 'ProjectWeeklyReport',
      name: 'Weekly reports',
      nameZh: '项目周报',
      url: '/ProjectWeeklyReport',
      icon: 'FileTextOutlined',
      parent: 'Project',
      buttons: BUTTONS,
    },
  ],
  dictionaries: [
    {
      code: 'milestoneType',
      name: 'Milestone types',
      items: [
        ['GATE', 'Gate', '阶段门'],
        ['DELIVERY', 'Delivery', '交付'],
        ['ACCEPTANCE', 'Acceptance', '验收'],
        ['PAYMENT', 'Payment', '回款'],
        ['CUSTOM', 'Other', '其他'],
      ],
    },
    {
      code: 'milestoneStatus',
      name: 'Milestone statuses',
      items: [
        ['NOT_STARTED', 'Not started', '未开始'],
        ['IN_PROGRESS', 'In progress', '进行中'],
        ['REACHED', 'Reached', '已达成'],
        ['CANCELLED', 'Cancelled', '已取消'],
      ],
    },
    {
      code: 'acceptanceTestType',
      name: 'Acceptance test types',
      items: [
        ['ARRIVAL_INSPECTION', 'Arrival inspection', '到货验收'],
        ['SYSTEM_TEST', 'System test', '联调测试'],
        ['PRELIMINARY', 'Preliminary acceptance', '初验'],
        ['TRIAL_RUN', 'Trial run', '试运行'],
        ['FINAL', 'Final acceptance', '终验'],
      ],
    },
    {
      code: 'acceptanceResult',
      name: 'Acceptance results',
      items: [
        ['PASS', 'Pass', '通过'],
        ['CONDITIONAL_PASS', 'Conditional pass', '有条件通过'],
        ['FAIL', 'Fail', '不通过'],
      ],
    },
    {
      code: 'acceptanceStatus',
      name: 'Acceptance test statuses',
      items: [
        ['PLANNED', 'Planned', '计划中'],
        ['IN_PROGRESS', 'In progress', '进行中'],
        ['PASSED', 'Passed', '已通过'],
        ['CONDITIONAL', 'Passed with conditions', '有条件通过'],
        ['FAILED', 'Failed', '未通过'],
        ['CANCELLED', 'Cancelled', '已取消'],
      ],
    },
    {
      code: 'checkItemResult',
      name: 'Check item results',
      items: [
        ['PASS', 'Pass', '通过'],
        ['FAIL', 'Fail', '不通过'],
        ['NA', 'Not applicable', '不适用'],
      ],
    },
    {
      code: 'reportStatusFlag',
      name: 'Weekly report flags',
      items: [
        ['ON_TRACK', 'On track', '正常'],
        ['AT_RISK', 'At risk', '有风险'],
        ['OFF_TRACK', 'Off track', '严重滞后'],
        ['ON_HOLD', 'On hold', '暂停'],
        ['DONE', 'Done', '已完成'],
      ],
    },
    {
      code: 'weeklyReportStatus',
      name: 'Weekly report statuses',
      items: [
        ['DRAFT', 'Draft', '草稿'],
        ['SUBMITTED', 'Submitted', '已提交'],
        ['REVIEWED', 'Reviewed', '已审阅'],
        ['RETURNED', 'Returned', '已退回'],
      ],
    },
    {
      code: 'reportIssueImpact',
      name: 'Issue impact',
      items: [
        ['LOW', 'Low', '低'],
        ['MEDIUM', 'Medium', '中'],
        ['HIGH', 'High', '高'],
      ],
    },
    {
      code: 'reportIssueStatus',
      name: 'Issue statuses',
      items: [
        ['OPEN', 'Open', '未解决'],
        ['CLOSED', 'Closed', '已解决'],
      ],
    },
  ],
  pmGrants: {
    ProjectMilestone: ['Search', 'Add', 'Update', 'Export'],
    ProjectTest: ['Search', 'Add', 'Update', 'Export'],
    ProjectWeeklyReport: ['Search', 'Add', 'Update', 'Export'],
  },
  demo,
};

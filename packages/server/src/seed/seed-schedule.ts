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
import { dictionariesFrom } from './seed-dictionaries.ts';
import type { AreaSeed, DemoContext } from './seed-project.ts';
import dictionaryFile from './seed-schedule.dictionaries.json' with { type: 'json' };

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
  dictionaries: dictionariesFrom(dictionaryFile),
  pmGrants: {
    ProjectMilestone: ['Search', 'Add', 'Update', 'Export'],
    ProjectTest: ['Search', 'Add', 'Update', 'Export'],
    ProjectWeeklyReport: ['Search', 'Add', 'Update', 'Export'],
  },
  demo,
};

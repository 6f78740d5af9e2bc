import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { addDays, isoDay, type SeedProject } from './schedule.demo.ts';
import type { DemoContext } from './seed-project.ts';

const monday = (d: Date) => addDays(isoDay(d), -((d.getUTCDay() + 6) % 7));

const DONE = [
  'Site survey finished; cabling routes agreed with the customer.',
  'Equipment delivered to site and checked against the packing list.',
  'Core switches and servers installed and powered on.',
  'Integration tests of the first subsystem completed.',
];
const PLANNED = [
  'Install the remaining racks and start configuration.',
  'Run the integration tests with the customer’s IT team.',
  'Prepare the acceptance test plan and the as-built documents.',
  'Tune performance and close the open test findings.',
];

type Special = { missing?: SeedProject; atRisk?: SeedProject; offTrack?: SeedProject; late?: SeedProject };

function flagOf(p: SeedProject, w: number, s: Special) {
  if (p === s.offTrack) return w === 1 ? 'OFF_TRACK' : w === 2 ? 'AT_RISK' : 'ON_TRACK';
  if (p === s.atRisk && w <= 2) return 'AT_RISK';
  return 'ON_TRACK';
}

/** An open issue behind a flag (carried over from week to week), or a closed one in a quiet week. */
function issueOf(flag: string, w: number): [description: string, impact: string, status: string] | null {
  if (flag === 'OFF_TRACK' || flag === 'AT_RISK') return ['Customer site not ready for installation', 'HIGH', 'OPEN'];
  if (w === 3) return ['Site access permits for the installation team', 'LOW', 'CLOSED'];
  return null;
}

/**
 * Four weeks of reports of the projects in progress: older weeks reviewed, last week submitted. One
 * project turns off track, one is at risk, one of pm's projects has no report for last week, and one
 * report came in late.
 */
export async function demoWeeklyReports(tx: Db, ctx: DemoContext, projects: SeedProject[]) {
  const [reviewer] = await queryRows<{ id: number }>(
    tx,
    sql`select id from employees where user_id = ${ctx.adminUserId} and deleted_at is null limit 1`,
  );
  const pmOwned = projects.find((p) => ctx.projects.some((c) => c.id === p.id && c.pmOwned));
  const special: Special = {
    missing: pmOwned ?? projects[1],
    offTrack: projects[3],
    atRisk: projects[5],
    late: projects[0],
  };
  const thisMonday = monday(ctx.today);
  for (const p of projects) {
    for (const w of [4, 3, 2, 1]) {
      const week = addDays(thisMonday, -7 * w);
      if ((p === special.missing && w === 1) || week < addDays(p.plannedStart, -6)) continue;
      const flag = flagOf(p, w, special);
      const submitted =
        p === special.late && w === 2
          ? sql`(${week}::date + 8) + time '09:30'`
          : sql`(${week}::date + 4) + time '17:00'`;
      const reviewed = w === 1 ? null : reviewer && reviewer.id !== p.managerId ? reviewer.id : null;
      const [report] = await queryRows<{ id: number }>(
        tx,
        sql`insert into weekly_report (tenant_id, project_id, week_start, week_label, author_id, status_flag, progress_pct,
              work_done, work_planned, help_needed, status, submitted_at, reviewer_id, reviewed_at, review_comment, late, created_by)
            values (${ctx.tenantId}, ${p.id}, ${week}::date, to_char(${week}::date, 'IYYY-"W"IW'), ${p.managerId}, ${flag},
              ${Math.max(0, Number(p.progressPct) - (w - 1) * 3)}, ${DONE[4 - w] ?? ''}, ${PLANNED[4 - w] ?? ''},
              ${flag === 'ON_TRACK' ? null : 'Escalate the site readiness with the customer’s facilities manager.'},
              ${w === 1 ? 'SUBMITTED' : 'REVIEWED'}, ${submitted}, ${reviewed},
              ${reviewed === null ? null : sql`(${week}::date + 9) + time '10:00'`}, ${reviewed === null ? null : 'Noted.'},
              ${submitted} > ((${week}::date + 7) + time '12:00'), ${ctx.adminUserId})
            returning id`,
      );
      const issue = issueOf(flag, w);
      if (!report || !issue) continue;
      const [description, impact, status] = issue;
      await tx.execute(
        sql`insert into weekly_report_issue (tenant_id, report_id, description, impact, owner_id, due_date, status, created_by)
            values (${ctx.tenantId}, ${report.id}, ${description}, ${impact}, ${p.managerId}, ${addDays(week, 14)}::date,
              ${status}, ${ctx.adminUserId})`,
      );
    }
  }
}

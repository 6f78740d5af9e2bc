import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { HookContext } from '../../engine/definition.ts';
import { logChange } from './schedule.common.ts';
import { recomputeProjectProgress, refreshMilestoneSchedule } from './schedule.progress.ts';

type PassedTest = {
  projectId: number;
  milestoneId: number | null;
  testType: string;
  actualEnd: string;
};

/**
 * T3, in the transaction that passed the test (its row already written): a passed preliminary or final
 * acceptance reaches its milestone on the day the test ended; a passed final acceptance also starts the
 * warranty and, for a project in progress, accepts it. These are direct updates: the milestone and
 * project rules are the test's own here (M2 holds since this test passed).
 */
export async function passTest(ctx: HookContext, testId: number) {
  const { tx } = ctx;
  const [test] = await queryRows<PassedTest>(
    tx,
    sql`select project_id as "projectId", milestone_id as "milestoneId", test_type as "testType", actual_end::text as "actualEnd"
        from acceptance_test where id = ${testId}`,
  );
  if (!test || (test.testType !== 'PRELIMINARY' && test.testType !== 'FINAL')) return;
  if (test.milestoneId !== null) await reachMilestone(ctx, test.milestoneId, test.actualEnd);
  await recomputeProjectProgress(tx, test.projectId);
  if (test.testType === 'FINAL') await acceptProject(ctx, test.projectId, test.actualEnd);
}

async function reachMilestone(ctx: HookContext, milestoneId: number, actualEnd: string) {
  const [before] = await queryRows<{ status: string; actualDate: string | null }>(
    ctx.tx,
    sql`select status, actual_date::text as "actualDate" from project_milestone
        where id = ${milestoneId} and status <> 'CANCELLED' and deleted_at is null for update`,
  );
  if (!before) return;
  await ctx.tx.execute(
    sql`update project_milestone set status = 'REACHED', actual_date = ${actualEnd}::date,
          updated_by = ${ctx.auth.userId}, updated_at = now(), version = version + 1
        where id = ${milestoneId}`,
  );
  await refreshMilestoneSchedule(ctx.tx, { milestoneIds: [milestoneId] });
  await logChange(ctx, 'ProjectMilestone', milestoneId, [
    ['status', before.status, 'REACHED'],
    ['actualDate', before.actualDate, actualEnd],
  ]);
}

async function acceptProject(ctx: HookContext, projectId: number, actualEnd: string) {
  const [before] = await queryRows<{
    status: string;
    stage: string;
    warrantyStart: string | null;
    warrantyEnd: string | null;
  }>(
    ctx.tx,
    sql`select status, stage, warranty_start::text as "warrantyStart", warranty_end::text as "warrantyEnd"
        from projects where id = ${projectId} for update`,
  );
  if (!before) return;
  const [after] = await queryRows<{ status: string; stage: string; warrantyEnd: string | null }>(
    ctx.tx,
    sql`update projects set warranty_start = ${actualEnd}::date,
          warranty_end = case when warranty_months is null then null
            else (${actualEnd}::date + warranty_months * interval '1 month')::date end,
          status = case when status = 'IN_PROGRESS' then 'ACCEPTED' else status end,
          stage = case when status = 'IN_PROGRESS' then 'FINAL_ACCEPTANCE' else stage end,
          updated_by = ${ctx.auth.userId}, updated_at = now(), version = version + 1
        where id = ${projectId}
        returning status, stage, warranty_end::text as "warrantyEnd"`,
  );
  if (!after) return;
  await logChange(ctx, 'ProjectInformation', projectId, [
    ['status', before.status, after.status],
    ['stage', before.stage, after.stage],
    ['warrantyStart', before.warrantyStart, actualEnd],
    ['warrantyEnd', before.warrantyEnd, after.warrantyEnd],
  ]);
}

import { projectMilestoneMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import {
  checkActiveEmployee,
  keepProject,
  type LockedProject,
  lockProject,
  savedValue,
  today,
} from './schedule.common.ts';
import { recomputeProjectProgress, refreshMilestoneSchedule, relabelMilestones } from './schedule.progress.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const LIFECYCLE = lifecycleOf(projectMilestoneMeta);

export const BASELINE_FROZEN = 'The baseline is frozen since the project was approved; change the planned date instead';

/** M1: the weights of a project's live milestones add up to at most 100 (the project row is locked). */
async function checkWeights({ tx }: HookContext, projectId: number, self: number | null, weight: string) {
  const others = self === null ? sql`` : sql` and id <> ${self}`;
  const [sum] = await queryRows<{ over: boolean; remaining: string }>(
    tx,
    sql`select coalesce(sum(weight), 0) + ${weight}::numeric > 100 as over, (100 - coalesce(sum(weight), 0))::text as remaining
        from project_milestone where project_id = ${projectId} and status <> 'CANCELLED' and deleted_at is null${others}`,
  );
  if (sum?.over)
    throw abort(
      `The milestone weights of this project would exceed 100: ${Math.max(0, Number(sum.remaining)).toFixed(2)} remains`,
    );
}

/** M2: an acceptance milestone is reached by passing its acceptance test. */
async function checkAcceptancePassed({ tx }: HookContext, milestoneId: number | null) {
  const [passed] =
    milestoneId === null
      ? []
      : await queryRows(
          tx,
          sql`select 1 from acceptance_test where milestone_id = ${milestoneId} and status in ('PASSED', 'CONDITIONAL')
              and deleted_at is null limit 1`,
        );
  if (!passed) throw abort('An acceptance milestone is reached only when its acceptance test has passed');
}

async function checkMilestone(ctx: HookContext, project: LockedProject, next: Row, before: Row) {
  const self = before.id === undefined ? null : Number(before.id);
  const status = savedValue<string>(next, before, 'status') ?? 'NOT_STARTED';
  const actualDate = savedValue<string | null>(next, before, 'actualDate');
  if (actualDate && actualDate > (await today(ctx.tx))) throw abort('The reached date cannot be in the future');
  if (status === 'REACHED' && !actualDate) throw abort('A reached milestone needs the date it was reached');
  if (next.ownerId !== undefined && next.ownerId !== before.ownerId)
    await checkActiveEmployee(ctx.tx, next.ownerId, 'milestone owner');
  if (status === 'REACHED' && before.status !== 'REACHED' && savedValue(next, before, 'type') === 'ACCEPTANCE')
    await checkAcceptancePassed(ctx, self);
  const weight = savedValue<string | null>(next, before, 'weight');
  const weightRises =
    self === null ||
    (next.weight !== undefined && Number(next.weight ?? 0) > Number(before.weight ?? 0)) ||
    (before.status === 'CANCELLED' && status !== 'CANCELLED');
  if (project.progressMethod === 'MILESTONE_WEIGHT' && status !== 'CANCELLED' && weight && weightRises)
    await checkWeights(ctx, project.id, self, weight);
}

/** After any change: the row's derived schedule figures, and the project's progress (M1). */
async function afterChange({ tx }: HookContext, projectId: number, milestoneId: number) {
  await refreshMilestoneSchedule(tx, { milestoneIds: [milestoneId] });
  await relabelMilestones(tx, { milestoneIds: [milestoneId] });
  await recomputeProjectProgress(tx, projectId);
}

export const milestoneEntity: EntityDefinition = {
  meta: projectMilestoneMeta,
  hooks: {
    beforeAdd: async (ctx, row) => {
      row.status ??= 'NOT_STARTED';
      checkTransition(LIFECYCLE, 'NOT_STARTED', row.status, "A new milestone's status");
      const project = await lockProject(ctx.tx, row.projectId);
      // Until the project is approved the plan is the baseline; a milestone added later starts from its plan.
      row.baselineDate = row.plannedDate;
      await checkMilestone(ctx, project, row, {});
    },
    afterAdd: (ctx, row) => afterChange(ctx, Number(row.projectId), Number(row.id)),
    beforeUpdate: async (ctx, next, before) => {
      keepProject(next, before, 'milestone');
      checkTransition(LIFECYCLE, before.status, next.status);
      const project = await lockProject(ctx.tx, before.projectId);
      if (!project.approved) next.baselineDate = savedValue(next, before, 'plannedDate');
      else if (next.baselineDate !== undefined && next.baselineDate !== before.baselineDate)
        throw abort(BASELINE_FROZEN);
      await checkMilestone(ctx, project, next, before);
    },
    afterUpdate: (ctx, _next, before) => afterChange(ctx, Number(before.projectId), Number(before.id)),
    beforeDel: async (ctx, row) => {
      await lockProject(ctx.tx, row.projectId);
      if (row.status === 'REACHED') throw abort('A reached milestone cannot be deleted; cancel it instead');
      const [linked] = await queryRows(
        ctx.tx,
        sql`select 1 from acceptance_test where milestone_id = ${Number(row.id)} and deleted_at is null limit 1`,
      );
      if (linked) throw abort('Acceptance tests refer to this milestone; cancel it instead');
    },
    afterDel: (ctx, row) => recomputeProjectProgress(ctx.tx, Number(row.projectId)),
  },
};

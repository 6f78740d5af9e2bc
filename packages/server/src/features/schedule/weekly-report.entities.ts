import { weeklyReportIssueMeta, weeklyReportMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import {
  callerEmployee,
  changedFields,
  checkActiveEmployee,
  keepProject,
  lockProject,
  priorStatuses,
  savedValue,
  today,
} from './schedule.common.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const LIFECYCLE = lifecycleOf(weeklyReportMeta);

export const REVIEWED_READ_ONLY = 'A reviewed report is read-only';

const prior = priorStatuses();

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The week starts on a Monday, is not a future week, and has one report per project (WR1). */
async function checkWeek(ctx: HookContext, projectId: number, weekStart: string, self: number | null) {
  if (weekday(weekStart) !== 1) throw abort(`A report covers a week from its Monday: ${weekStart} is not a Monday`);
  const now = await today(ctx.tx);
  if (weekStart > now) throw abort('A report cannot be written for a week that has not started');
  const [taken] = await queryRows(
    ctx.tx,
    sql`select 1 from weekly_report where project_id = ${projectId} and week_start = ${weekStart}::date
        and deleted_at is null ${self === null ? sql`` : sql`and id <> ${self}`} limit 1`,
  );
  if (taken) throw abort(`This project already has a report for the week of ${weekStart}`);
}

/** The report of the latest earlier week of the project, which a new draft carries on from (WR4). */
async function previousReport(ctx: HookContext, projectId: number, weekStart: string) {
  const [row] = await queryRows<{ id: number; workPlanned: string | null }>(
    ctx.tx,
    sql`select id, work_planned as "workPlanned" from weekly_report
        where project_id = ${projectId} and week_start < ${weekStart}::date and deleted_at is null
        order by week_start desc limit 1`,
  );
  return row;
}

/** Submitting and reviewing are status changes, each by the right person. */
async function checkStep(ctx: HookContext, next: Row, before: Row) {
  const status = savedValue<string>(next, before, 'status');
  if (status === before.status) return;
  const me = await callerEmployee(ctx);
  const author = savedValue<number | null>(next, before, 'authorId');
  if (status === 'SUBMITTED') {
    if (me === null || me !== author) throw abort('Only the author of the report can submit it');
    if (
      !String(savedValue(next, before, 'workDone') ?? '').trim() ||
      !String(savedValue(next, before, 'workPlanned') ?? '').trim()
    )
      throw abort('A report is submitted with the work done this week and the plan for next week');
  }
  if (status === 'REVIEWED' || status === 'RETURNED') {
    if (me === null) throw abort('Only an employee can review a report; your account has no employee record');
    if (me === author) throw abort('You cannot review your own report');
    if (status === 'RETURNED' && !String(savedValue(next, before, 'reviewComment') ?? '').trim())
      throw abort('Say in the review comment why the report is returned');
  }
}

/** What the engine does not write (read-only fields): the week label, and the stamps of each step. */
async function stamp(ctx: HookContext, key: number, status: string, changed: boolean) {
  const step = !changed
    ? sql``
    : status === 'SUBMITTED'
      ? sql`, submitted_at = now(), late = now() > ((week_start + 7) + time '12:00')`
      : status === 'REVIEWED' || status === 'RETURNED'
        ? sql`, reviewed_at = now(), reviewer_id = ${await callerEmployee(ctx)}`
        : sql``;
  await ctx.tx.execute(
    sql`update weekly_report set week_label = to_char(week_start, 'IYYY-"W"IW')${step} where id = ${key}`,
  );
}

export const weeklyReportEntity: EntityDefinition = {
  meta: weeklyReportMeta,
  hooks: {
    beforeAdd: async (ctx, row) => {
      row.status ??= 'DRAFT';
      checkTransition(LIFECYCLE, 'DRAFT', row.status, "A new report's status");
      const project = await lockProject(ctx.tx, row.projectId);
      await checkWeek(ctx, project.id, String(row.weekStart), null);
      row.authorId ??= (await callerEmployee(ctx)) ?? project.managerId;
      await checkActiveEmployee(ctx.tx, row.authorId, 'author');
      row.progressPct ??= project.progressPct;
      const previous = await previousReport(ctx, project.id, String(row.weekStart));
      if (!String(row.workDone ?? '').trim() && previous?.workPlanned) row.workDone = previous.workPlanned;
      await checkStep(ctx, row, { status: 'DRAFT' });
    },
    afterAdd: async (ctx, row) => {
      const key = Number(row.id);
      const previous = await previousReport(ctx, Number(row.projectId), String(row.weekStart));
      // WR4: the open issues carry over, unless the new report already names them.
      if (previous)
        await ctx.tx.execute(
          sql`insert into weekly_report_issue (tenant_id, report_id, description, impact, owner_id, due_date, status, created_by, updated_by)
              select i.tenant_id, ${key}, i.description, i.impact, i.owner_id, i.due_date, 'OPEN', ${ctx.auth.userId}, ${ctx.auth.userId}
              from weekly_report_issue i where i.report_id = ${previous.id} and i.status = 'OPEN'
              and not exists (select 1 from weekly_report_issue n where n.report_id = ${key} and n.description = i.description)
              order by i.id`,
        );
      await stamp(ctx, key, String(row.status), row.status !== 'DRAFT');
    },
    beforeUpdate: async (ctx, next, before) => {
      const key = Number(before.id);
      prior.remember(ctx.tx, key, before.status);
      if (before.status === 'REVIEWED') {
        if (changedFields(weeklyReportMeta, next, before).length) throw abort(REVIEWED_READ_ONLY);
        return;
      }
      keepProject(next, before, 'report');
      checkTransition(LIFECYCLE, before.status, next.status);
      await lockProject(ctx.tx, before.projectId);
      if (next.weekStart !== undefined && next.weekStart !== before.weekStart)
        await checkWeek(ctx, Number(before.projectId), String(next.weekStart), key);
      if (next.authorId !== undefined && next.authorId !== before.authorId)
        await checkActiveEmployee(ctx.tx, next.authorId, 'author');
      await checkStep(ctx, next, before);
    },
    afterUpdate: (ctx, next, before) =>
      stamp(
        ctx,
        Number(before.id),
        savedValue(next, before, 'status'),
        savedValue(next, before, 'status') !== before.status,
      ),
    beforeDel: (_ctx, row) => {
      if (row.status === 'REVIEWED') throw abort(REVIEWED_READ_ONLY);
    },
  },
};

/** WR3 reaches the issues too: those of a report reviewed before this save stay as they are. */
async function checkIssuesOpen({ tx }: HookContext, reportId: unknown) {
  if (prior.of(tx, Number(reportId)) === 'REVIEWED') throw abort(REVIEWED_READ_ONLY);
}

export const weeklyReportIssueEntity: EntityDefinition = {
  meta: weeklyReportIssueMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: async (ctx, row) => {
      await checkIssuesOpen(ctx, row.reportId);
      await checkActiveEmployee(ctx.tx, row.ownerId, 'issue owner');
    },
    beforeUpdate: async (ctx, next, before) => {
      if (changedFields(weeklyReportIssueMeta, next, before).length === 0) return;
      await checkIssuesOpen(ctx, before.reportId);
      if (next.ownerId !== undefined && next.ownerId !== before.ownerId)
        await checkActiveEmployee(ctx.tx, next.ownerId, 'issue owner');
    },
    beforeDel: (ctx, row) => checkIssuesOpen(ctx, row.reportId),
  },
};

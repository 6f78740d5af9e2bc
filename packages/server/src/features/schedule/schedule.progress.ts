import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Refreshes the stored is_overdue and slip_days of milestones (they depend on today, so no column
 * default or generated column can hold them). The milestone hooks call it for the rows they write;
 * a daily job (the warnings evaluation) calls it for the whole tenant, with its own clock if it has one.
 *   is_overdue: not reached or cancelled, and the planned date is past.
 *   slip_days:  days behind the baseline, never negative: the actual date for a reached milestone,
 *               else the later of the planned date and today (a late plan is a slip already); 0 when cancelled.
 * Runs within the tenant the transaction acts as (row-level security). Returns the rows changed.
 */
export async function refreshMilestoneSchedule(
  tx: Db,
  opts: { today?: string; projectIds?: number[]; milestoneIds?: number[] } = {},
): Promise<number> {
  const day: SQL = opts.today ? sql`${opts.today}::date` : sql`current_date`;
  const filters: SQL[] = [sql`m.deleted_at is null`];
  if (opts.projectIds)
    filters.push(opts.projectIds.length ? sql`m.project_id in (${idList(opts.projectIds)})` : sql`false`);
  if (opts.milestoneIds)
    filters.push(opts.milestoneIds.length ? sql`m.id in (${idList(opts.milestoneIds)})` : sql`false`);
  const overdue = sql`(m.status not in ('REACHED', 'CANCELLED') and m.planned_date < ${day})`;
  const slip = sql`(case when m.status = 'CANCELLED' then 0
      when m.status = 'REACHED' then greatest(0, coalesce(m.actual_date, m.planned_date) - m.baseline_date)
      else greatest(0, greatest(m.planned_date, ${day}) - m.baseline_date) end)`;
  const result = (await tx.execute(
    sql`update project_milestone m set is_overdue = ${overdue}, slip_days = ${slip}
        where ${sql.join(filters, sql` and `)} and (m.is_overdue is distinct from ${overdue} or m.slip_days is distinct from ${slip})`,
  )) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** The label pickers show for milestones: the project's code and the milestone's name. */
export async function relabelMilestones(tx: Db, opts: { projectIds?: number[]; milestoneIds?: number[] } = {}) {
  const filters: SQL[] = [sql`p.id = m.project_id`];
  if (opts.projectIds)
    filters.push(opts.projectIds.length ? sql`m.project_id in (${idList(opts.projectIds)})` : sql`false`);
  if (opts.milestoneIds)
    filters.push(opts.milestoneIds.length ? sql`m.id in (${idList(opts.milestoneIds)})` : sql`false`);
  await tx.execute(
    sql`update project_milestone m set label = left(p.code || ' · ' || m.name, 140) from projects p
        where ${sql.join(filters, sql` and `)} and m.label is distinct from left(p.code || ' · ' || m.name, 140)`,
  );
}

/**
 * M1: a project measured by milestone weights shows Σ weight of its reached milestones as its progress.
 * The version moves only when the figure does, so an open project form is not made stale for nothing.
 */
export async function recomputeProjectProgress(tx: Db, projectId: number) {
  const reached = sql`(select least(100, coalesce(sum(m.weight), 0)) from project_milestone m
      where m.project_id = ${projectId} and m.status = 'REACHED' and m.deleted_at is null)`;
  await tx.execute(
    sql`update projects set progress_pct = ${reached}, version = version + 1
        where id = ${projectId} and progress_method = 'MILESTONE_WEIGHT' and progress_pct is distinct from ${reached}`,
  );
}

import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { DemoContext } from './seed-project.ts';

export type SeedProject = {
  id: number;
  code: string;
  status: string;
  stage: string;
  plannedStart: string;
  plannedEnd: string;
  managerId: number;
  progressPct: string;
  warrantyMonths: number | null;
};
export type SeedMilestone = { id: number; seq: number; actual: string | null; planned: string };

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The six milestones of a delivery project: [name, type, share of the project's duration, weight, key]. */
const MILESTONES: [name: string, type: string, at: number, weight: number, isKey: boolean][] = [
  ['Contract signed', 'GATE', 0.02, 10, false],
  ['Equipment arrived', 'DELIVERY', 0.3, 20, true],
  ['Installation done', 'DELIVERY', 0.55, 20, false],
  ['Preliminary acceptance', 'ACCEPTANCE', 0.7, 20, true],
  ['Trial run completed', 'GATE', 0.85, 10, false],
  ['Final acceptance', 'ACCEPTANCE', 1, 20, true],
];
/** Seq of the milestones the acceptance demo links its tests to. */
export const ARRIVAL = 2;
export const PRELIMINARY = 4;
export const FINAL = 6;

/** How many of the six a project in each stage has reached. */
const REACHED_BY_STAGE: Record<string, number> = {
  INITIATION: 0,
  PROCUREMENT: 1,
  DELIVERY: 1,
  IMPLEMENTATION: 2,
  PRELIM_ACCEPTANCE: 3,
  TRIAL_RUN: 4,
  FINAL_ACCEPTANCE: 5,
  WARRANTY: 6,
};

export const reachedCount = (p: SeedProject) =>
  p.status === 'DRAFT'
    ? 0
    : ['ACCEPTED', 'WARRANTY', 'CLOSED'].includes(p.status)
      ? 6
      : (REACHED_BY_STAGE[p.stage] ?? 0);

/**
 * One project's milestones. Reached ones are a few days late at most; approved projects have replanned
 * the rest by 0, 12 or 35 days past the baseline (slipped), and a plan already past is overdue.
 */
async function milestonesOf(tx: Db, ctx: DemoContext, p: SeedProject, j: number): Promise<SeedMilestone[]> {
  const today = isoDay(ctx.today);
  const span = daysBetween(p.plannedStart, p.plannedEnd);
  const reached = reachedCount(p);
  const replan = p.status === 'DRAFT' ? 0 : ([0, 12, 35][j % 3] ?? 0);
  const out: SeedMilestone[] = [];
  for (const [k, [name, type, at, weight, isKey]] of MILESTONES.entries()) {
    const baseline = addDays(p.plannedStart, Math.round(at * span));
    const isReached = k < reached;
    const latest = addDays(today, -3 * (reached - k));
    const late = addDays(baseline, (j % 3) * 4);
    const actual = isReached ? (late < latest ? late : latest) : null;
    const planned = isReached ? baseline : addDays(baseline, replan);
    const status = isReached
      ? 'REACHED'
      : k === reached && !['DRAFT', 'CLOSED'].includes(p.status)
        ? 'IN_PROGRESS'
        : 'NOT_STARTED';
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into project_milestone (tenant_id, project_id, seq, name, type, is_key, baseline_date, planned_date,
            actual_date, weight, owner_id, reminder_days, deliverables, status, created_by)
          values (${ctx.tenantId}, ${p.id}, ${k + 1}, ${name}, ${type}, ${isKey}, ${baseline}::date, ${planned}::date,
            ${actual}::date, ${weight}, ${p.managerId}, ${isKey ? 14 : 7}, ${`${name}: the signed record on file`},
            ${status}, ${ctx.adminUserId})
          returning id`,
    );
    if (row) out.push({ id: row.id, seq: k + 1, planned, actual });
  }
  return out;
}

/** Six milestones for each of the projects, by project id. */
export async function demoMilestones(tx: Db, ctx: DemoContext, projects: SeedProject[]) {
  const milestones = new Map<number, SeedMilestone[]>();
  for (const [j, p] of projects.entries()) milestones.set(p.id, await milestonesOf(tx, ctx, p, j));
  return milestones;
}

import { acceptanceTestMeta, columnOf, type EntityMeta, projectMilestoneMeta, weeklyReportMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { allowSelfApproval } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { BASELINE_FROZEN } from './milestone.entities.ts';
import { refreshMilestoneSchedule } from './schedule.progress.ts';
import { daysFromToday, scheduleClient } from './schedule.test-helper.ts';

const t = useTestApp({ pm: true });
const c = madeInBeforeAll(() => scheduleClient(t, t.admin));
beforeAll(async () => {
  // The project is submitted and approved by admin; segregation of duties has tests of its own.
  await allowSelfApproval(t.app, t.admin);
});

const milestoneRow = (id: number) =>
  c.one<{ baseline: string; planned: string; status: string; overdue: boolean; slip: number }>(
    sql`select baseline_date::text as baseline, planned_date::text as planned, status, is_overdue as overdue,
          slip_days as slip from project_milestone where id = ${id}`,
  );
const progressOf = async (projectId: number) =>
  (await c.one<{ p: string }>(sql`select progress_pct::text as p from projects where id = ${projectId}`)).p;

describe('the demo milestones', () => {
  it('give each delivery project six milestones, some slipped and some overdue', async () => {
    const [counts] = await queryRows<{ projects: number; rows: number; slipped: number; overdue: number }>(
      t.database.db,
      sql`select count(distinct project_id)::int as projects, count(*)::int as rows,
            count(*) filter (where planned_date > baseline_date)::int as slipped,
            count(*) filter (where is_overdue)::int as overdue
          from project_milestone`,
    );
    expect(counts?.projects).toBeGreaterThan(10);
    expect(counts?.rows).toBe((counts?.projects ?? 0) * 6);
    expect(counts?.slipped).toBeGreaterThan(0);
    expect(counts?.overdue).toBeGreaterThan(0);
  });

  it('show pm only the milestones of its own projects', async () => {
    await c.expectPmSeesOwnOnly('ProjectMilestone', t.pm);
  });

  it('refuse pm a milestone on a project that is not its own', async () => {
    const mine = await c.pmProjects();
    const other = await c.one<{ id: number }>(
      sql`select id from projects where type = 'DELIVERY' and status = 'IN_PROGRESS'
            and id not in (${sql.join(
              mine.map((id) => sql`${id}`),
              sql`, `,
            )}) order by id limit 1`,
    );
    const res = await c.post(
      '/api/ProjectMilestone/add',
      {
        mainData: {
          projectId: other.id,
          seq: 9,
          name: 'Not mine',
          type: 'CUSTOM',
          plannedDate: daysFromToday(10),
          ownerId: await c.staff(),
        },
      },
      t.pm,
    );
    // A project pm cannot see is refused on the field, exactly as one that does not exist.
    expect(c.refused(res)).toEqual({ status: 400, message: 'mainData.projectId: not found' });
  });
});

describe('the baseline', () => {
  it('follows the planned date until the project is approved', async () => {
    const project = await c.project({ approved: false });
    const { key } = c.ok(await c.milestone(project, { plannedDate: daysFromToday(20) }));
    expect((await milestoneRow(key)).baseline).toBe(daysFromToday(20));
    c.ok(await c.update('ProjectMilestone', 'project_milestone', key, { plannedDate: daysFromToday(25) }));
    expect(await milestoneRow(key)).toMatchObject({ baseline: daysFromToday(25), planned: daysFromToday(25) });
  });

  it('is frozen once the project is approved; the planned date still moves, and the move is logged', async () => {
    const project = await c.project({ approved: false });
    const { key } = c.ok(await c.milestone(project, { plannedDate: daysFromToday(20) }));
    c.ok(await c.post('/api/ProjectInformation/submit', { keys: [project] }));
    c.ok(await c.post('/api/ProjectInformation/audit', { keys: [project], status: 1, reason: '' }));

    const moved = await c.update('ProjectMilestone', 'project_milestone', key, { baselineDate: daysFromToday(40) });
    expect(c.refused(moved)).toEqual({ status: 422, message: BASELINE_FROZEN });

    c.ok(await c.update('ProjectMilestone', 'project_milestone', key, { plannedDate: daysFromToday(40) }));
    expect(await milestoneRow(key)).toMatchObject({
      baseline: daysFromToday(20),
      planned: daysFromToday(40),
      slip: 20,
    });
    const [logged] = await queryRows<{ before: string; after: string }>(
      t.database.db,
      sql`select before, after from data_change_log where entity = 'ProjectMilestone' and entity_key = ${key}
            and field = 'plannedDate' and action = 'update'`,
    );
    expect(logged).toEqual({ before: daysFromToday(20), after: daysFromToday(40) });
  });
});

describe('the milestone rules', () => {
  it('refuse a reached date in the future and a reached milestone without one', async () => {
    const project = await c.project();
    const { key } = c.ok(await c.milestone(project, { status: 'IN_PROGRESS' }));
    const future = await c.update('ProjectMilestone', 'project_milestone', key, { actualDate: daysFromToday(1) });
    expect(c.refused(future)).toEqual({ status: 422, message: 'The reached date cannot be in the future' });
    const undated = await c.update('ProjectMilestone', 'project_milestone', key, { status: 'REACHED' });
    expect(c.refused(undated)).toEqual({ status: 422, message: 'A reached milestone needs the date it was reached' });
    c.ok(
      await c.update('ProjectMilestone', 'project_milestone', key, {
        status: 'REACHED',
        actualDate: daysFromToday(0),
      }),
    );
    expect((await milestoneRow(key)).status).toBe('REACHED');
  });

  it('follow the lifecycle: started before reached, and any milestone may be cancelled', async () => {
    const project = await c.project();
    const { key } = c.ok(await c.milestone(project));
    const jump = await c.update('ProjectMilestone', 'project_milestone', key, {
      status: 'REACHED',
      actualDate: daysFromToday(0),
    });
    expect(c.refused(jump)).toEqual({ status: 422, message: 'The status cannot go from NOT_STARTED to REACHED' });
    c.ok(await c.update('ProjectMilestone', 'project_milestone', key, { status: 'CANCELLED' }));
    const back = await c.update('ProjectMilestone', 'project_milestone', key, { status: 'IN_PROGRESS' });
    expect(c.refused(back)).toEqual({ status: 422, message: 'The status cannot go from CANCELLED to IN_PROGRESS' });
  });

  it('refuse an owner who has left, and accept an active one', async () => {
    const project = await c.project();
    const left = await c.one<{ id: number }>(sql`select id from employees where status = 'left' limit 1`);
    const res = await c.milestone(project, { ownerId: left.id });
    expect(c.refused(res)).toEqual({ status: 422, message: 'The milestone owner must be an active employee' });
    c.ok(await c.milestone(project, { ownerId: await c.staff() }));
  });

  it('M2: an acceptance milestone is not reached without a passed acceptance test', async () => {
    const project = await c.project();
    const { key } = c.ok(await c.milestone(project, { type: 'ACCEPTANCE', status: 'IN_PROGRESS' }));
    const res = await c.update('ProjectMilestone', 'project_milestone', key, {
      status: 'REACHED',
      actualDate: daysFromToday(0),
    });
    expect(c.refused(res)).toEqual({
      status: 422,
      message: 'An acceptance milestone is reached only when its acceptance test has passed',
    });
    // Accepted once a test of it passed (the test's own pass reaches it: acceptance.test.ts).
    await t.database.db.execute(
      sql`insert into acceptance_test (tenant_id, code, project_id, milestone_id, test_type, planned_date, actual_end, result, status)
          values (1, ${c.next('YS')}, ${project}, ${key}, 'SYSTEM_TEST', current_date, current_date, 'PASS', 'PASSED')`,
    );
    c.ok(
      await c.update('ProjectMilestone', 'project_milestone', key, {
        status: 'REACHED',
        actualDate: daysFromToday(0),
      }),
    );
  });

  it('refreshes is_overdue and slip_days with the clock it is given', async () => {
    const project = await c.project();
    const { key } = c.ok(await c.milestone(project, { plannedDate: daysFromToday(3), status: 'IN_PROGRESS' }));
    expect(await milestoneRow(key)).toMatchObject({ overdue: false, slip: 0 });
    await t.database.db.transaction(async (tx) => {
      await refreshMilestoneSchedule(tx, { today: daysFromToday(10), milestoneIds: [key] });
    });
    expect(await milestoneRow(key)).toMatchObject({ overdue: true, slip: 7 });
  });
});

describe('M1: milestone weights of a project measured by them', () => {
  it('refuse a total one hundredth over 100 and accept exactly 100', async () => {
    const project = await c.project({ progressMethod: 'MILESTONE_WEIGHT' });
    c.ok(await c.milestone(project, { weight: '60' }));
    const over = await c.milestone(project, { weight: '40.01' });
    expect(c.refused(over)).toEqual({
      status: 422,
      message: 'The milestone weights of this project would exceed 100: 40.00 remains',
    });
    c.ok(await c.milestone(project, { weight: '40' }));
  });

  it('count cancelled milestones out, and check a raised weight', async () => {
    const project = await c.project({ progressMethod: 'MILESTONE_WEIGHT' });
    const { key: first } = c.ok(await c.milestone(project, { weight: '70' }));
    const { key: second } = c.ok(await c.milestone(project, { weight: '30' }));
    const raised = await c.update('ProjectMilestone', 'project_milestone', second, { weight: '31' });
    expect(c.refused(raised).message).toBe('The milestone weights of this project would exceed 100: 30.00 remains');
    c.ok(await c.update('ProjectMilestone', 'project_milestone', first, { status: 'CANCELLED' }));
    c.ok(await c.update('ProjectMilestone', 'project_milestone', second, { weight: '100' }));
  });

  it('let only one of two concurrent additions that together exceed 100 through', async () => {
    const project = await c.project({ progressMethod: 'MILESTONE_WEIGHT' });
    c.ok(await c.milestone(project, { weight: '50' }));
    const results = await Promise.all([c.milestone(project, { weight: '30' }), c.milestone(project, { weight: '30' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('make the project progress the weight of its reached milestones', async () => {
    const project = await c.project({ progressMethod: 'MILESTONE_WEIGHT' });
    const { key: a } = c.ok(await c.milestone(project, { weight: '25', status: 'IN_PROGRESS' }));
    const { key: b } = c.ok(await c.milestone(project, { weight: '35', status: 'IN_PROGRESS' }));
    expect(await progressOf(project)).toBe('0.00');
    const reach = { status: 'REACHED', actualDate: daysFromToday(0) };
    c.ok(await c.update('ProjectMilestone', 'project_milestone', a, reach));
    expect(await progressOf(project)).toBe('25.00');
    c.ok(await c.update('ProjectMilestone', 'project_milestone', b, reach));
    expect(await progressOf(project)).toBe('60.00');
    c.ok(await c.update('ProjectMilestone', 'project_milestone', a, { status: 'CANCELLED' }));
    expect(await progressOf(project)).toBe('35.00');
  });

  it('leave a project measured by hand alone', async () => {
    const project = await c.project();
    await t.database.db.execute(sql`update projects set progress_pct = 42 where id = ${project}`);
    const { key } = c.ok(await c.milestone(project, { weight: '80', status: 'IN_PROGRESS' }));
    c.ok(await c.milestone(project, { weight: '80' }));
    c.ok(
      await c.update('ProjectMilestone', 'project_milestone', key, { status: 'REACHED', actualDate: daysFromToday(0) }),
    );
    expect(await progressOf(project)).toBe('42.00');
  });
});

describe('indexes follow the metadata', () => {
  it('every sortable or searched schedule field leads an index after tenant_id', async () => {
    for (const meta of [projectMilestoneMeta, acceptanceTestMeta, weeklyReportMeta] as EntityMeta[]) {
      const indexes = await queryRows<{ def: string }>(
        t.database.db,
        sql`select indexdef as def from pg_indexes where tablename = ${meta.table}`,
      );
      for (const f of meta.fields.filter((x) => (x.sortable || x.search) && x.name !== meta.key)) {
        const column = columnOf(f);
        expect(
          indexes.some((i) => i.def.includes(`(tenant_id, ${column}`)),
          `${meta.table}: no index on ${column}`,
        ).toBe(true);
      }
    }
  });
});

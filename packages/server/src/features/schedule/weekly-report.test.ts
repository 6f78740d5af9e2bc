import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { mondayOf, scheduleClient } from './schedule.test-helper.ts';
import { REVIEWED_READ_ONLY } from './weekly-report.entities.ts';

const t = useTestApp({ pm: true });
const c = madeInBeforeAll(() => scheduleClient(t, t.admin));

const TABLE = 'weekly_report';
const report = (projectId: number, weekStart: string, extra: Record<string, unknown> = {}, issues: object[] = []) => ({
  mainData: {
    projectId,
    weekStart,
    statusFlag: 'ON_TRACK',
    workDone: 'Racks installed',
    workPlanned: 'Cabling',
    ...extra,
  },
  detailData: { WeeklyReportIssue: issues },
});
const add = (body: object, as = t.pm) => c.post('/api/ProjectWeeklyReport/add', body, as);
const reportRow = (id: number) =>
  c.one<Record<string, unknown>>(
    sql`select week_label as "weekLabel", author_id as "authorId", status, progress_pct::text as "progressPct",
          work_done as "workDone", submitted_at is not null as submitted, late, reviewer_id as "reviewerId",
          reviewed_at is not null as reviewed from weekly_report where id = ${id}`,
  );
const issuesOf = (id: number) =>
  queryRows<{ id: number; version: number; description: string; status: string }>(
    t.database.db,
    sql`select id, version, description, status from weekly_report_issue where report_id = ${id} order by id`,
  );
const setStatus = (id: number, status: string, as: string, extra: Record<string, unknown> = {}) =>
  c.update('ProjectWeeklyReport', TABLE, id, { status, ...extra }, as);

describe('the demo reports', () => {
  it('cover the last four weeks, with a project at risk, one off track, and one missing last week', async () => {
    const lastWeek = mondayOf(-1);
    const [demo] = await queryRows<{ weeks: number; atRisk: number; offTrack: number; late: number; missing: number }>(
      t.database.db,
      sql`select count(distinct week_start)::int as weeks,
            count(*) filter (where status_flag = 'AT_RISK' and week_start = ${lastWeek}::date)::int as "atRisk",
            count(*) filter (where status_flag = 'OFF_TRACK' and week_start = ${lastWeek}::date)::int as "offTrack",
            count(*) filter (where late)::int as late,
            (select count(*)::int from projects p where p.type = 'DELIVERY' and p.status = 'IN_PROGRESS'
              and not exists (select 1 from weekly_report r where r.project_id = p.id and r.week_start = ${lastWeek}::date)) as missing
          from weekly_report`,
    );
    expect(demo).toEqual({ weeks: 4, atRisk: 1, offTrack: 1, late: 1, missing: 1 });
  });

  it('show pm only the reports of its own projects', async () => {
    await c.expectPmSeesOwnOnly('ProjectWeeklyReport', t.pm);
  });
});

describe('the week of a report', () => {
  it('starts on a Monday, is labelled with its ISO week, and is filled in from the project', async () => {
    const project = await c.project();
    await t.database.db.execute(sql`update projects set progress_pct = 37.5 where id = ${project}`);
    const tuesday = await add(report(project, '2026-01-06'));
    expect(c.refused(tuesday)).toEqual({
      status: 422,
      message: 'A report covers a week from its Monday: 2026-01-06 is not a Monday',
    });
    const { key } = c.ok(await add(report(project, '2026-01-05')));
    expect(await reportRow(key)).toMatchObject({
      weekLabel: '2026-W02',
      authorId: await c.employeeOf('pm'),
      status: 'DRAFT',
      progressPct: '37.50',
    });
  });

  it('is not a week to come', async () => {
    const project = await c.project();
    const res = await add(report(project, mondayOf(1)));
    expect(c.refused(res).message).toBe('A report cannot be written for a week that has not started');
  });

  it('has one report per project, also when two are added at once', async () => {
    const project = await c.project();
    c.ok(await add(report(project, '2026-02-02')));
    const again = await add(report(project, '2026-02-02'));
    expect(c.refused(again)).toEqual({
      status: 422,
      message: 'This project already has a report for the week of 2026-02-02',
    });
    const both = await Promise.all([add(report(project, '2026-02-09')), add(report(project, '2026-02-09'))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('WR4: a new draft carries on from the previous report', () => {
  it('copies the open issues, and the plan into the work done when that is left empty', async () => {
    const project = await c.project();
    c.ok(
      await add(
        report(project, '2026-03-02', { workPlanned: 'Run the integration tests' }, [
          { description: 'Switches delayed', impact: 'HIGH', status: 'OPEN' },
          { description: 'Permits', impact: 'LOW', status: 'CLOSED' },
        ]),
      ),
    );
    const { key } = c.ok(await add(report(project, '2026-03-09', { workDone: null })));
    expect((await reportRow(key)).workDone).toBe('Run the integration tests');
    expect((await issuesOf(key)).map((i) => [i.description, i.status])).toEqual([['Switches delayed', 'OPEN']]);
    // What the author wrote is kept.
    const { key: third } = c.ok(await add(report(project, '2026-03-16', { workDone: 'Tests run' })));
    expect((await reportRow(third)).workDone).toBe('Tests run');
  });
});

describe('submitting and reviewing', () => {
  it('lets only the author submit, and flags a report submitted after Monday noon of the next week', async () => {
    const project = await c.project();
    const { key: old } = c.ok(await add(report(project, mondayOf(-3))));
    const byOther = await setStatus(old, 'SUBMITTED', t.admin);
    expect(c.refused(byOther)).toEqual({ status: 422, message: 'Only the author of the report can submit it' });
    c.ok(await setStatus(old, 'SUBMITTED', t.pm));
    expect(await reportRow(old)).toMatchObject({ status: 'SUBMITTED', submitted: true, late: true });

    const { key: current } = c.ok(await add(report(project, mondayOf(0))));
    c.ok(await setStatus(current, 'SUBMITTED', t.pm));
    expect(await reportRow(current)).toMatchObject({ submitted: true, late: false });
  });

  it('submits a report with the work done and the plan', async () => {
    const project = await c.project();
    const { key } = c.ok(await add(report(project, mondayOf(0), { workPlanned: null })));
    const res = await setStatus(key, 'SUBMITTED', t.pm);
    expect(c.refused(res).message).toBe(
      'A report is submitted with the work done this week and the plan for next week',
    );
  });

  it('refuses reviewing your own report; someone else reviews it and is recorded', async () => {
    const project = await c.project();
    const { key } = c.ok(await add(report(project, mondayOf(-1))));
    c.ok(await setStatus(key, 'SUBMITTED', t.pm));
    const own = await setStatus(key, 'REVIEWED', t.pm);
    expect(c.refused(own)).toEqual({ status: 422, message: 'You cannot review your own report' });
    c.ok(await setStatus(key, 'REVIEWED', t.admin, { reviewComment: 'Fine' }));
    expect(await reportRow(key)).toMatchObject({
      status: 'REVIEWED',
      reviewerId: await c.employeeOf('admin'),
      reviewed: true,
    });
  });

  it('returns a report with a comment, back to a draft', async () => {
    const project = await c.project();
    const { key } = c.ok(await add(report(project, mondayOf(-1))));
    c.ok(await setStatus(key, 'SUBMITTED', t.pm));
    const silent = await setStatus(key, 'RETURNED', t.admin);
    expect(c.refused(silent).message).toBe('Say in the review comment why the report is returned');
    c.ok(await setStatus(key, 'RETURNED', t.admin, { reviewComment: 'Add the test results' }));
    c.ok(await setStatus(key, 'DRAFT', t.pm));
    const skip = await setStatus(key, 'REVIEWED', t.admin);
    expect(c.refused(skip).message).toBe('The status cannot go from DRAFT to REVIEWED');
  });
});

describe('WR3: a reviewed report', () => {
  it('is read-only, its issues too, but takes an unchanged save', async () => {
    const project = await c.project();
    const { key } = c.ok(
      await add(
        report(project, mondayOf(-2), {}, [{ description: 'Late delivery', impact: 'MEDIUM', status: 'OPEN' }]),
      ),
    );
    c.ok(await setStatus(key, 'SUBMITTED', t.pm));
    c.ok(await setStatus(key, 'REVIEWED', t.admin));

    const edited = await c.update('ProjectWeeklyReport', TABLE, key, { workDone: 'Rewritten' }, t.pm);
    expect(c.refused(edited)).toEqual({ status: 422, message: REVIEWED_READ_ONLY });
    const [issue] = await issuesOf(key);
    const closeIssue = await c.post(
      '/api/ProjectWeeklyReport/update',
      {
        mainData: { id: key, version: await c.version(TABLE, key) },
        detailData: { WeeklyReportIssue: [{ id: issue?.id, version: issue?.version, status: 'CLOSED' }] },
      },
      t.pm,
    );
    expect(c.refused(closeIssue)).toEqual({ status: 422, message: REVIEWED_READ_ONLY });
    c.ok(
      await c.post(
        '/api/ProjectWeeklyReport/update',
        {
          mainData: { id: key, version: await c.version(TABLE, key), workDone: 'Racks installed' },
          detailData: { WeeklyReportIssue: [{ id: issue?.id, version: issue?.version, status: 'OPEN' }] },
        },
        t.pm,
      ),
    );
    const deleted = await c.post('/api/ProjectWeeklyReport/del', [key], t.admin);
    expect(c.refused(deleted)).toEqual({ status: 422, message: REVIEWED_READ_ONLY });
  });
});

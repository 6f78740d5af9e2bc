import type { PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { daysFromToday, scheduleClient } from './schedule.test-helper.ts';

const t = useTestApp({ pm: true });
const c = madeInBeforeAll(() => scheduleClient(t, t.admin));

type Item = { seq: number; name: string; isRequired: boolean; result?: string | null };
const ITEMS: Item[] = [
  { seq: 1, name: 'Functions', isRequired: true, result: 'PASS' },
  { seq: 2, name: 'Performance', isRequired: true, result: 'FAIL' },
  { seq: 3, name: 'Documents', isRequired: false, result: 'NA' },
];

/** A test in progress, with its check items. */
const addTest = async (projectId: number, testType: string, extra: Record<string, unknown> = {}, items = ITEMS) =>
  c.ok(
    await c.post('/api/ProjectTest/add', {
      mainData: {
        code: c.next('YS'),
        projectId,
        testType,
        plannedDate: daysFromToday(-3),
        actualStart: daysFromToday(-2),
        status: 'IN_PROGRESS',
        ...extra,
      },
      detailData: { AcceptanceCheckItem: items },
    }),
  ).key;

const itemsOf = (testId: number) =>
  queryRows<{ id: number; version: number; name: string; result: string | null }>(
    t.database.db,
    sql`select id, version, name, result from acceptance_check_item where test_id = ${testId} order by seq`,
  );
const testRow = (id: number) =>
  c.one<{ status: string; result: string | null; passRate: string | null }>(
    sql`select status, result, pass_rate::text as "passRate" from acceptance_test where id = ${id}`,
  );

/** Records the result, with every item set as given (by name) in the same save. */
const record = async (testId: number, fields: Record<string, unknown>, results: Record<string, string> = {}) => {
  const items = (await itemsOf(testId)).map((i) => ({
    id: i.id,
    version: i.version,
    result: results[i.name] ?? i.result,
  }));
  return c.post('/api/ProjectTest/update', {
    mainData: { id: testId, version: await c.version('acceptance_test', testId), ...fields },
    detailData: { AcceptanceCheckItem: items },
  });
};
const pass = { result: 'PASS', actualEnd: daysFromToday(-1), customerSigner: 'Ms Customer' };

const milestoneOf = async (projectId: number, type = 'ACCEPTANCE') =>
  c.ok(await c.milestone(projectId, { type, status: 'IN_PROGRESS', plannedDate: daysFromToday(5) })).key;

describe('T1: what a result needs', () => {
  it('refuses a pass while a required item has not passed, and takes it once every required item passed', async () => {
    const project = await c.project();
    const test = await addTest(project, 'SYSTEM_TEST');
    const refused = await record(test, pass);
    expect(c.refused(refused)).toEqual({
      status: 422,
      message: 'A pass needs every required check item passed: 1 not passed',
    });
    expect((await testRow(test)).status).toBe('IN_PROGRESS');
    // The items and the result in one save: the test closes with its items passed.
    c.ok(await record(test, pass, { Performance: 'PASS' }));
    expect(await testRow(test)).toEqual({ status: 'PASSED', result: 'PASS', passRate: '100.00' });
  });

  it('refuses a conditional pass without conditions, and takes one with them', async () => {
    const project = await c.project();
    const test = await addTest(project, 'SYSTEM_TEST');
    const conditional = { ...pass, result: 'CONDITIONAL_PASS' };
    const refused = await record(test, conditional);
    expect(c.refused(refused)).toEqual({ status: 422, message: 'A conditional pass needs the conditions to rectify' });
    c.ok(await record(test, { ...conditional, conditions: 'Re-run the load test by the end of the month' }));
    expect(await testRow(test)).toMatchObject({ status: 'CONDITIONAL', result: 'CONDITIONAL_PASS', passRate: '50.00' });
  });

  it('needs the end date with any result, and a failed test records it too', async () => {
    const project = await c.project();
    const test = await addTest(project, 'ARRIVAL_INSPECTION');
    const undated = await record(test, { result: 'FAIL' });
    expect(c.refused(undated).message).toBe('Record the date the test ended (actual end) with its result');
    c.ok(await record(test, { result: 'FAIL', actualEnd: daysFromToday(-1) }));
    expect((await testRow(test)).status).toBe('FAILED');
  });

  it('needs the customer signer to pass a preliminary or final acceptance, not a system test', async () => {
    const project = await c.project();
    const test = await addTest(project, 'PRELIMINARY');
    const unsigned = await record(test, { ...pass, customerSigner: null }, { Performance: 'PASS' });
    expect(c.refused(unsigned)).toEqual({
      status: 422,
      message: 'A passed preliminary or final acceptance needs the customer signer',
    });
    c.ok(await record(test, pass, { Performance: 'PASS' }));
    const system = await addTest(project, 'SYSTEM_TEST');
    c.ok(await record(system, { ...pass, customerSigner: null }, { Performance: 'PASS' }));
  });
});

describe('T2: the final acceptance after the preliminary one', () => {
  it('refuses a final pass while the project has a preliminary acceptance that has not passed', async () => {
    const project = await c.project();
    const preliminary = await addTest(project, 'PRELIMINARY');
    c.ok(await record(preliminary, { result: 'FAIL', actualEnd: daysFromToday(-2) }));
    const final = await addTest(project, 'FINAL');
    const refused = await record(final, pass, { Performance: 'PASS' });
    expect(c.refused(refused)).toEqual({
      status: 422,
      message: 'The final acceptance cannot pass before the preliminary acceptance has passed',
    });
    // T4: the failed one is re-run as a new test; once that passes, the final acceptance may pass.
    const rerun = await addTest(project, 'PRELIMINARY');
    c.ok(await record(rerun, pass, { Performance: 'PASS' }));
    c.ok(await record(final, pass, { Performance: 'PASS' }));
  });

  it('lets a final acceptance pass on a project without a preliminary one', async () => {
    const project = await c.project();
    const final = await addTest(project, 'FINAL');
    c.ok(await record(final, pass, { Performance: 'PASS' }));
  });
});

describe('T3: what a passed acceptance does', () => {
  it('reaches the preliminary milestone on the day the test ended', async () => {
    const project = await c.project();
    const milestone = await milestoneOf(project);
    const test = await addTest(project, 'PRELIMINARY', { milestoneId: milestone });
    c.ok(
      await record(
        test,
        { ...pass, actualStart: daysFromToday(-5), actualEnd: daysFromToday(-4) },
        { Performance: 'PASS' },
      ),
    );
    const reached = await c.one<{ status: string; actual: string; version: number }>(
      sql`select status, actual_date::text as actual, version from project_milestone where id = ${milestone}`,
    );
    expect(reached).toEqual({ status: 'REACHED', actual: daysFromToday(-4), version: 2 });
    // The test names its milestone with the project's code, as the milestone picker does.
    const listed = await c.page('ProjectTest', t.admin, [
      { name: 'projectId', value: String(project), displayType: 'eq' },
    ]);
    const code = (await c.one<{ code: string }>(sql`select code from projects where id = ${project}`)).code;
    expect(listed.rows[0]?.milestoneIdLabel).toBe(`${code} · Test milestone`);
  });

  it('reaches the final milestone, starts the warranty and accepts the project', async () => {
    const project = await c.project({ warrantyMonths: 24, progressMethod: 'MILESTONE_WEIGHT' });
    const milestone = c.ok(await c.milestone(project, { type: 'ACCEPTANCE', status: 'IN_PROGRESS', weight: '40' })).key;
    const test = await addTest(project, 'FINAL', { milestoneId: milestone });
    c.ok(await record(test, { ...pass, actualStart: '2026-01-14', actualEnd: '2026-01-15' }, { Performance: 'PASS' }));
    const after = await c.one<Record<string, string>>(
      sql`select status, stage, warranty_start::text as "warrantyStart", warranty_end::text as "warrantyEnd",
            progress_pct::text as progress from projects where id = ${project}`,
    );
    expect(after).toEqual({
      status: 'ACCEPTED',
      stage: 'FINAL_ACCEPTANCE',
      warrantyStart: '2026-01-15',
      warrantyEnd: '2028-01-15',
      progress: '40.00',
    });
    const m = await c.one<{ status: string; actual: string }>(
      sql`select status, actual_date::text as actual from project_milestone where id = ${milestone}`,
    );
    expect(m).toEqual({ status: 'REACHED', actual: '2026-01-15' });
  });

  it('leaves the milestone and the project alone when the test fails', async () => {
    const project = await c.project();
    const milestone = await milestoneOf(project);
    const test = await addTest(project, 'FINAL', { milestoneId: milestone });
    c.ok(await record(test, { result: 'FAIL', actualEnd: daysFromToday(-1) }));
    expect(
      (await c.one<{ status: string }>(sql`select status from project_milestone where id = ${milestone}`)).status,
    ).toBe('IN_PROGRESS');
    expect((await c.one<{ status: string }>(sql`select status from projects where id = ${project}`)).status).toBe(
      'IN_PROGRESS',
    );
  });

  it('refuses a milestone of another project', async () => {
    const project = await c.project();
    const elsewhere = await milestoneOf(await c.project());
    const res = await c.post('/api/ProjectTest/add', {
      mainData: {
        code: c.next('YS'),
        projectId: project,
        milestoneId: elsewhere,
        testType: 'FINAL',
        plannedDate: daysFromToday(1),
      },
    });
    expect(c.refused(res)).toEqual({ status: 400, message: "mainData.milestoneId: not one of the chosen project's" });
  });
});

describe('a closed test', () => {
  it('keeps its fields and its check items, and still takes an unchanged save', async () => {
    const project = await c.project();
    const test = await addTest(project, 'SYSTEM_TEST');
    c.ok(await record(test, pass, { Performance: 'PASS' }));
    const edited = await c.update('ProjectTest', 'acceptance_test', test, { location: 'Elsewhere' });
    expect(c.refused(edited)).toEqual({
      status: 422,
      message: 'A passed test is kept as it is; plan a new test to re-run it',
    });
    const item = await record(test, {}, { Functions: 'FAIL' });
    expect(c.refused(item)).toEqual({
      status: 422,
      message: 'The check items of a closed test are kept as they are; plan a new test to re-run it',
    });
    c.ok(await record(test, {}));
  });

  it('starts planned or in progress, without a result', async () => {
    const project = await c.project();
    const res = await c.post('/api/ProjectTest/add', {
      mainData: {
        code: c.next('YS'),
        projectId: project,
        testType: 'FINAL',
        plannedDate: daysFromToday(1),
        result: 'PASS',
      },
    });
    expect(c.refused(res).message).toBe('A new test has no result yet; record it once the test has been carried out');
  });
});

describe('the demo tests and what pm sees', () => {
  it('has passed tests and one failed for the projects at or past preliminary acceptance', async () => {
    const [demo] = await queryRows<{ passed: number; failed: number; late: number }>(
      t.database.db,
      sql`select count(*) filter (where a.status = 'PASSED')::int as passed, count(*) filter (where a.status = 'FAILED')::int as failed,
            count(*) filter (where p.stage in ('INITIATION', 'PROCUREMENT', 'DELIVERY', 'IMPLEMENTATION'))::int as late
          from acceptance_test a join projects p on p.id = a.project_id where a.code like 'YS%' and a.code not like '%-T%'`,
    );
    expect(demo?.passed).toBeGreaterThan(5);
    expect(demo?.failed).toBe(1);
    expect(demo?.late).toBe(0);
  });

  it('shows pm only the tests of its own projects, and no check items of the others', async () => {
    const { mine, seen } = await c.expectPmSeesOwnOnly('ProjectTest', t.pm);
    const other = await c.one<{ id: number }>(
      sql`select id from acceptance_test where project_id not in (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id limit 1`,
    );
    const details = await c.post('/api/ProjectTest/getDetailPage', { value: other.id }, t.pm);
    expect(details.statusCode).toBe(404);
    const own = seen.rows[0];
    const items = await c.post('/api/ProjectTest/getDetailPage', { value: own?.id }, t.pm);
    expect((body(items).data as PageResult).rows.length).toBeGreaterThan(0);
  });
});

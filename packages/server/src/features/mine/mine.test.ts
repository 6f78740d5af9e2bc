import type { MineDocument, MineMilestone, MineProject, MineWarning } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { useWarningFixtures } from '../../test/warnings.ts';

const t = useTestApp({ pm: true });
const f = useWarningFixtures(t);

const tab = async <T>(name: string, token: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/MineInformation/${name}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as T[];
};

describe('my work', () => {
  it('lists the projects I manage or am on the team of, with my role', async () => {
    const managed = await f.project();
    const onTeam = await f.project({ manager_id: f.ids.otherEmployee });
    await f.insert('project_team', { project_id: onTeam, employee_id: f.ids.pmEmployee, role: 'TECH_LEAD' });
    const elsewhere = await f.project({ manager_id: f.ids.otherEmployee });
    const mine = await tab<MineProject>('projects', t.pm);
    const roleOf = (id: number) => mine.find((p) => p.id === id)?.role;
    expect([roleOf(managed), roleOf(onTeam), roleOf(elsewhere)]).toEqual(['PM', 'TECH_LEAD', undefined]);
  });

  it('lists the milestones I own still to reach, overdue first, with the days left', async () => {
    const p = await f.project();
    await f.milestone(p, { name: 'Late one', planned_date: f.day(-4), baseline_date: f.day(-4) });
    await f.milestone(p, { name: 'Next one', planned_date: f.day(6), baseline_date: f.day(6) });
    await f.milestone(p, { name: 'Done', status: 'REACHED', actual_date: f.day(-1) });
    await f.milestone(p, { name: 'Not mine', owner_id: f.ids.otherEmployee });
    const mine = (await tab<MineMilestone>('milestones', t.pm)).filter((m) => m.projectId === p);
    expect(mine.map((m) => [m.name, m.daysLeft])).toEqual([
      ['Late one', -4],
      ['Next one', 6],
    ]);
  });

  it('lists the open warnings assigned to me, hiding snoozed ones until their date', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 0 });
    const evaluated = await t.app.inject({
      method: 'POST',
      url: '/api/ProjectWarning/evaluate',
      payload: { projectId: p },
      headers: bearer(t.admin),
    });
    expect(evaluated.statusCode).toBe(200);
    const mine = (await tab<MineWarning>('warnings', t.pm)).filter((w) => w.projectId === p);
    expect(mine.map((w) => [w.ruleCode, w.severity])).toContainEqual(['W05', 'CRITICAL']);
    expect(await tab<MineWarning>('warnings', t.admin)).not.toContainEqual(expect.objectContaining({ projectId: p }));
    const w05 = mine.find((w) => w.ruleCode === 'W05');
    await t.app.inject({
      method: 'POST',
      url: '/api/ProjectWarning/snooze',
      payload: { keys: [w05?.id], until: f.day(3) },
      headers: bearer(t.pm),
    });
    expect((await tab<MineWarning>('warnings', t.pm)).map((w) => w.id)).not.toContain(w05?.id);
  });

  it('lists documents in approval where I may approve, and my own submissions in approval or rejected', async () => {
    const waiting = await f.project({ status: 'DRAFT', audit_status: 3, created_by: f.ids.pmUser });
    const rejected = await f.project({
      status: 'DRAFT',
      audit_status: 2,
      audit_reason: 'No budget',
      created_by: f.ids.pmUser,
    });
    const approved = await f.project({ created_by: f.ids.pmUser });
    const draft = await f.project({ status: 'DRAFT', audit_status: 0, created_by: f.ids.pmUser });
    const keysOf = (docs: MineDocument[]) => docs.filter((d) => d.entity === 'ProjectInformation').map((d) => d.key);

    const approvals = await tab<MineDocument>('approvals', t.admin);
    expect(keysOf(approvals)).toContain(waiting);
    expect(keysOf(approvals)).not.toContain(rejected);
    expect(approvals.find((d) => d.key === waiting)?.entityLabel.en).toBe('Projects');
    // pm holds no Audit grant anywhere.
    expect(await tab<MineDocument>('approvals', t.pm)).toEqual([]);

    const submissions = keysOf(await tab<MineDocument>('submissions', t.pm));
    expect(submissions).toEqual(expect.arrayContaining([waiting, rejected]));
    expect(submissions).not.toContain(approved);
    expect(submissions).not.toContain(draft);
    const [count] = await f.run<{ n: number }>(
      sql`select count(*)::int as n from projects where created_by = ${f.ids.adminUser} and audit_status in (2, 3)`,
    );
    expect(keysOf(await tab<MineDocument>('submissions', t.admin)).length).toBe(count?.n);
  });
});

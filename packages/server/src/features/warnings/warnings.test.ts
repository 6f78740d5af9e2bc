import type { PageResult, WarningRuleRow } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { useWarningFixtures } from '../../test/warnings.ts';

const t = useTestApp({ pm: true });
const f = useWarningFixtures(t);

const { get, post } = t;
const evaluate = (projectId?: number) => post('/api/ProjectWarning/evaluate', projectId ? { projectId } : {});
const list = async (token: string, wheres: unknown[] = []) => {
  const res = await post('/api/ProjectWarning/list', { page: 1, rows: 500, wheres }, token);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PageResult;
};
const healthOf = async (projectId: number) =>
  (await f.run<{ health: string }>(sql`select health from projects where id = ${projectId}`))[0]?.health;
const liveOf = (projectId: number, rule: string) =>
  f.run<{ id: number; status: string; severity: string; assignee_id: number | null }>(
    sql`select id, status, severity, assignee_id from project_warning
        where project_id = ${projectId} and rule_code = ${rule} and status <> 'RESOLVED'`,
  );

describe('the demo', () => {
  it('seeds all 21 rules enabled and opens warnings, with health derived from them', async () => {
    const rules = body(await get('/api/ProjectWarning/rules')).data as WarningRuleRow[];
    expect(rules.map((r) => r.code)).toEqual(
      Array.from({ length: 21 }, (_, i) => `W${String(i + 1).padStart(2, '0')}`),
    );
    expect(rules.every((r) => r.enabled)).toBe(true);
    const [open] = await f.run<{ n: number }>(
      sql`select count(*)::int as n from project_warning where status = 'OPEN'`,
    );
    expect(open?.n).toBeGreaterThan(0);
    const mismatched = await f.run<{ id: number }>(
      sql`select p.id from projects p where p.deleted_at is null and p.status not in ('CLOSED', 'CANCELLED', 'RENEWED')
            and p.health <> case
              when exists (select 1 from project_warning w where w.project_id = p.id and w.status in ('OPEN', 'ACKNOWLEDGED') and w.severity = 'CRITICAL') then 'RED'
              when exists (select 1 from project_warning w where w.project_id = p.id and w.status in ('OPEN', 'ACKNOWLEDGED') and w.severity = 'WARNING') then 'YELLOW'
              else 'GREEN' end`,
    );
    expect(mismatched).toEqual([]);
  });
});

describe('the evaluator', () => {
  it('derives health: RED for a critical warning, YELLOW for a warning, GREEN once they clear', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 10 });
    expect((await evaluate(p)).statusCode).toBe(200);
    expect(await healthOf(p)).toBe('RED');
    await f.update('projects', p, { progress_pct: 30 });
    await evaluate(p);
    expect(await healthOf(p)).toBe('YELLOW');
    await f.update('projects', p, { progress_pct: 50 });
    await evaluate(p);
    expect(await healthOf(p)).toBe('GREEN');
  });

  it('keeps one live warning per rule and target however often it runs, updating it in place', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 10 });
    await Promise.all([evaluate(p), evaluate(p), evaluate()]);
    await evaluate(p);
    const live = await liveOf(p, 'W05');
    expect(live).toHaveLength(1);
    expect(live[0]?.assignee_id).toBe(f.ids.pmUser);
  });

  it('re-checks the project a list is filtered to, without Re-check now', async () => {
    const p = await f.project();
    await f.milestone(p, { planned_date: f.day(-5), baseline_date: f.day(-5) });
    const page = await list(t.admin, [{ name: 'projectId', value: p, displayType: 'eq' }]);
    expect(page.rows.map((r) => r.ruleCode)).toContain('W02');
  });
});

describe('who sees and acts on warnings', () => {
  it('shows pm only the warnings of its projects; admin sees them all', async () => {
    const others = await f.project({ manager_id: f.ids.otherEmployee, progress_pct: 0, planned_start: f.day(-150) });
    await evaluate(others);
    const mine = await list(t.pm);
    const all = await list(t.admin);
    const members = await f.run<{ project_id: number }>(
      sql`select project_id from project_members where user_id = ${f.ids.pmUser}`,
    );
    const allowed = new Set(members.map((m) => m.project_id));
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => allowed.has(Number(r.projectId)))).toBe(true);
    expect(all.rows.some((r) => r.projectId === others)).toBe(true);
    expect(mine.rows.some((r) => r.projectId === others)).toBe(false);
    const engine = body(await post('/api/ProjectWarning/getPageData', { page: 1, rows: 500 }, t.pm)).data as PageResult;
    expect(engine.rows.every((r) => allowed.has(Number(r.projectId)))).toBe(true);
  });

  it('lets the assignee acknowledge and snooze; only a holder of Update ignores or re-checks', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 10 });
    await evaluate(p);
    const [w] = await liveOf(p, 'W05');
    const id = w?.id ?? 0;
    expect((await post('/api/ProjectWarning/evaluate', {}, t.pm)).statusCode).toBe(403);
    expect((await post('/api/ProjectWarning/ignore', { keys: [id], note: 'no' }, t.pm)).statusCode).toBe(403);
    const early = await post('/api/ProjectWarning/snooze', { keys: [id], until: f.day(0) }, t.pm);
    expect(early.statusCode).toBe(422);
    expect((await post('/api/ProjectWarning/snooze', { keys: [id], until: f.day(7) }, t.pm)).statusCode).toBe(200);
    const ack = await post('/api/ProjectWarning/acknowledge', { keys: [id], note: 'On it' }, t.pm);
    expect(ack.statusCode, ack.body).toBe(200);
    expect((await post('/api/ProjectWarning/acknowledge', { keys: [id] }, t.pm)).statusCode).toBe(422);
    const [row] = await f.run<{ status: string; snoozed_until: string; note: string }>(
      sql`select status, snoozed_until::text, note from project_warning where id = ${id}`,
    );
    expect(row).toEqual({ status: 'ACKNOWLEDGED', snoozed_until: f.day(7), note: 'On it' });
    // Acknowledged still counts for health; re-evaluating keeps the acknowledgement.
    await evaluate(p);
    expect((await liveOf(p, 'W05'))[0]?.status).toBe('ACKNOWLEDGED');
    expect(await healthOf(p)).toBe('RED');
  });

  it('refuses a warning assigned to someone else to pm, even on a project pm belongs to', async () => {
    const p = await f.project({ manager_id: f.ids.otherEmployee, planned_start: f.day(-100), planned_end: f.day(100) });
    await f.run(
      sql`insert into project_members (tenant_id, project_id, user_id) values (${f.tenantId()}, ${p}, ${f.ids.pmUser})`,
    );
    await evaluate(p);
    const [w] = await liveOf(p, 'W05');
    expect((await list(t.pm)).rows.some((r) => r.id === w?.id)).toBe(true);
    expect((await post('/api/ProjectWarning/acknowledge', { keys: [w?.id] }, t.pm)).statusCode).toBe(404);
    expect((await post('/api/ProjectWarning/acknowledge', { keys: [w?.id] })).statusCode).toBe(200);
  });

  it('keeps an ignored warning ignored while its condition holds, out of health, and resolves it after', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 10 });
    await evaluate(p);
    const [w] = await liveOf(p, 'W05');
    expect((await post('/api/ProjectWarning/ignore', { keys: [w?.id], note: '' })).statusCode).toBe(400);
    const ignored = await post('/api/ProjectWarning/ignore', { keys: [w?.id], note: 'Re-baselined next week' });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(await healthOf(p)).not.toBe('RED');
    await evaluate(p);
    expect(await liveOf(p, 'W05')).toEqual([expect.objectContaining({ id: w?.id, status: 'IGNORED' })]);
    await f.update('projects', p, { progress_pct: 60 });
    await evaluate(p);
    expect(await liveOf(p, 'W05')).toEqual([]);
  });

  it('refuses the generic engine writes: warnings change through their actions only', async () => {
    // The menu offers no Add or Delete; Update (for the actions and rules) reaches the engine's hook.
    expect((await post('/api/ProjectWarning/add', { mainData: { title: 'Made up' } })).statusCode).toBe(403);
    const [w] = await f.run<{ id: number; version: number }>(sql`select id, version from project_warning limit 1`);
    expect((await post('/api/ProjectWarning/del', [w?.id])).statusCode).toBe(403);
    const update = await post('/api/ProjectWarning/update', { mainData: { id: w?.id, version: w?.version } });
    expect(update.statusCode, update.body).toBe(422);
  });
});

describe('the rules', () => {
  const rules = async () => body(await get('/api/ProjectWarning/rules')).data as WarningRuleRow[];

  it('lets an admin change thresholds (checked against the rule) and switch a rule off, which resolves it', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 40 });
    await evaluate(p);
    expect(await liveOf(p, 'W05')).toEqual([]);
    const w05 = (await rules()).find((r) => r.code === 'W05') as WarningRuleRow;
    const unknown = await post('/api/ProjectWarning/saveRule', { ...pick(w05), params: { nope: 1 } });
    expect(unknown.statusCode).toBe(422);
    expect(
      (await post('/api/ProjectWarning/saveRule', { ...pick(w05), params: { warningGap: 5 } }, t.pm)).statusCode,
    ).toBe(403);
    const saved = await post('/api/ProjectWarning/saveRule', {
      ...pick(w05),
      params: { warningGap: 5, criticalGap: 30 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await liveOf(p, 'W05')).toEqual([expect.objectContaining({ severity: 'WARNING' })]);
    const stale = await post('/api/ProjectWarning/saveRule', { ...pick(w05), enabled: false });
    expect(stale.statusCode).toBe(409);
    const fresh = (await rules()).find((r) => r.code === 'W05') as WarningRuleRow;
    expect(fresh.params).toEqual({ warningGap: 5, criticalGap: 30 });
    expect((await post('/api/ProjectWarning/saveRule', { ...pick(fresh), enabled: false })).statusCode).toBe(200);
    expect(await liveOf(p, 'W05')).toEqual([]);
    const back = (await rules()).find((r) => r.code === 'W05') as WarningRuleRow;
    await post('/api/ProjectWarning/saveRule', { ...pick(back), enabled: true, params: back.defaults });
  });
});

const pick = (r: WarningRuleRow) => ({ id: r.id, version: r.version, enabled: r.enabled, params: r.params });

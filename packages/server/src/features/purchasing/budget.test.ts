import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePurchasingKit } from './purchasing.test-kit.ts';

const k = usePurchasingKit();

const equipmentAndSoftware = [
  { category: 'EQUIPMENT', plannedAmount: '10000.00', controlAction: 'STOP' },
  { category: 'SOFTWARE', itemName: 'Licences', plannedAmount: '2500.50' },
];

describe('project budget versions (B1)', () => {
  it('numbers the first version, totals its lines, and makes it current with the project budget on approval', async () => {
    const projectId = await k.project();
    const { key } = await k.ok(k.add('ProjectBuget', { projectId }, ['ProjectBudgetLine', equipmentAndSoftware]));
    let budget = await k.row('project_budget', key);
    expect(budget).toMatchObject({ version_no: 1, budget_type: 'INITIAL', status: 'DRAFT', is_current: false });
    expect(budget.total_amount).toBe('12500.50');
    await k.ok(k.submit('ProjectBuget', key));
    expect((await k.row('project_budget', key)).status).toBe('IN_APPROVAL');
    await k.ok(k.approve('ProjectBuget', key));
    budget = await k.row('project_budget', key);
    expect(budget).toMatchObject({ status: 'APPROVED', is_current: true });
    expect((await k.row('projects', projectId)).budget_amount).toBe('12500.50');
    const lines = await k.rows(
      sql`select planned_amount, available_amount, control_action, label from project_budget_line
          where budget_id = ${key} order by id`,
    );
    expect(lines[0]).toMatchObject({ available_amount: '10000.00', control_action: 'STOP' });
    expect(lines[1]).toMatchObject({ control_action: 'WARN' });
    expect(String(lines[1]?.label)).toMatch(/-V1 · Software · Licences$/);
  });

  it('refuses a second initial budget and a budget line twice in one version', async () => {
    const projectId = await k.project();
    await k.budget(projectId, equipmentAndSoftware);
    const again = await k.refused(
      k.add('ProjectBuget', { projectId, budgetType: 'INITIAL' }, ['ProjectBudgetLine', equipmentAndSoftware]),
    );
    expect(again).toMatch(/already has a budget/);
    const other = await k.project();
    const twice = await k.refused(
      k.add('ProjectBuget', { projectId: other }, [
        'ProjectBudgetLine',
        [
          { category: 'TRAVEL', plannedAmount: '100' },
          { category: 'TRAVEL', plannedAmount: '200' },
        ],
      ]),
    );
    expect(twice).toBe('The budget has two lines for Travel: merge them or name the cost items');
  });

  it('starts a revision as a copy, supersedes the old version on approval and moves purchases to the new lines', async () => {
    const projectId = await k.project();
    const v1 = await k.budget(projectId, equipmentAndSoftware);
    const requestId = await k.request(projectId, [{ budgetLineId: v1.lines[0], qty: '2', estUnitPrice: '1000' }]);
    const { key: v2 } = await k.ok(k.add('ProjectBuget', { projectId, budgetType: 'REVISED' }));
    const copied = await k.rows(sql`select id, category from project_budget_line where budget_id = ${v2} order by id`);
    expect(copied.map((l) => l.category)).toEqual(['EQUIPMENT', 'SOFTWARE']);
    expect((await k.row('project_budget', v2)).revision_of_id).toBe(v1.id);
    // Raise equipment in the draft, then approve.
    await k.ok(
      k.post('/api/ProjectBuget/update', {
        mainData: { id: v2, version: Number((await k.row('project_budget', v2)).version) },
        detailData: {
          ProjectBudgetLine: [
            {
              id: copied[0]?.id,
              version: 1,
              plannedAmount: '15000.00',
            },
          ],
        },
      }),
    );
    await k.submitAndApprove('ProjectBuget', v2);
    expect(await k.row('project_budget', v1.id)).toMatchObject({ status: 'SUPERSEDED', is_current: false });
    expect(await k.row('project_budget', v2)).toMatchObject({ status: 'APPROVED', is_current: true });
    const current = await k.rows(
      sql`select id from project_budget where project_id = ${projectId} and is_current and deleted_at is null`,
    );
    expect(current).toHaveLength(1);
    expect((await k.row('projects', projectId)).budget_amount).toBe('17500.50');
    const [line] = await k.rows(sql`select budget_line_id from purchase_request_line where request_id = ${requestId}`);
    expect(line?.budget_line_id).toBe(copied[0]?.id);
    const equipment = await k.row('project_budget_line', Number(copied[0]?.id));
    expect(equipment).toMatchObject({ committed_amount: '2000.00', available_amount: '13000.00' });
  });

  it('refuses approving a revision that drops a line purchases use', async () => {
    const projectId = await k.project();
    const v1 = await k.budget(projectId, equipmentAndSoftware);
    await k.request(projectId, [{ budgetLineId: v1.lines[1], qty: '1', estUnitPrice: '100' }]);
    const { key: v2 } = await k.ok(
      k.add('ProjectBuget', { projectId, budgetType: 'SUPPLEMENT' }, [
        'ProjectBudgetLine',
        [{ category: 'EQUIPMENT', plannedAmount: '20000' }],
      ]),
    );
    await k.ok(k.submit('ProjectBuget', v2));
    const message = await k.refused(k.approve('ProjectBuget', v2));
    expect(message).toBe(
      'This version drops budget line Software (Licences), which purchases use: keep the line (its amount may change)',
    );
    expect(await k.row('project_budget', v1.id)).toMatchObject({ is_current: true });
  });

  it('locks a budget in approval and an approved one: its lines change only through a new version', async () => {
    const projectId = await k.project();
    const { key } = await k.ok(k.add('ProjectBuget', { projectId }, ['ProjectBudgetLine', equipmentAndSoftware]));
    await k.ok(k.submit('ProjectBuget', key));
    const line = (await k.rows(sql`select id, version from project_budget_line where budget_id = ${key} limit 1`))[0];
    const change = async () =>
      k.post('/api/ProjectBuget/update', {
        mainData: { id: key, version: Number((await k.row('project_budget', key)).version) },
        detailData: { ProjectBudgetLine: [{ id: line?.id, version: line?.version, plannedAmount: '1.00' }] },
      });
    expect(await k.refused(change())).toMatch(/in approval/);
    await k.ok(k.approve('ProjectBuget', key));
    expect(await k.refused(change())).toMatch(/approved: its lines can change only through an amendment/);
    expect(await k.refused(k.post('/api/ProjectBuget/del', [key]))).toMatch(/cannot be deleted/);
  });
});

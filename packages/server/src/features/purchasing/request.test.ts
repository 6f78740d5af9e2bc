import { describe, expect, it } from 'vitest';
import { usePurchasingKit } from './purchasing.test-kit.ts';

const k = usePurchasingKit();

/** A project with 12,000.00 of equipment (STOP), 500.00 of travel (WARN) and 100.00 of contingency (IGNORE). */
async function budgeted() {
  const projectId = await k.project();
  const b = await k.budget(projectId, [
    { category: 'EQUIPMENT', plannedAmount: '12000.00', controlAction: 'STOP' },
    { category: 'TRAVEL', plannedAmount: '500.00', controlAction: 'WARN' },
    { category: 'CONTINGENCY', plannedAmount: '100.00', controlAction: 'IGNORE' },
  ]);
  const [equipment = 0, travel = 0, contingency = 0] = b.lines;
  return { projectId, equipment, travel, contingency };
}

async function draft(projectId: number, lines: Record<string, unknown>[]) {
  const b = k.requestBody(projectId, lines);
  return (await k.ok(k.add('ProjectPurchase', b.mainData, ['PurchaseRequestLine', b.lines]))).key;
}

describe('budget control on purchase requests (B2, R1)', () => {
  it('refuses a STOP line one cent over what is available, and passes exactly at it', async () => {
    const { projectId, equipment } = await budgeted();
    const over = await draft(projectId, [
      { budgetLineId: equipment, qty: '3', estUnitPrice: '3000.00' },
      { budgetLineId: equipment, qty: '1', estUnitPrice: '3000.01', itemName: 'Server' },
    ]);
    expect(await k.refused(k.submit('ProjectPurchase', over))).toBe(
      'Budget line Equipment has 12,000.00 available; this request needs 12,000.01',
    );
    expect(await k.row('purchase_request', over)).toMatchObject({ status: 'DRAFT', audit_status: 0 });
    const atLimit = await draft(projectId, [{ budgetLineId: equipment, qty: '4', estUnitPrice: '3000.00' }]);
    await k.ok(k.submit('ProjectPurchase', atLimit));
    await k.ok(k.approve('ProjectPurchase', atLimit));
    expect(await k.row('purchase_request', atLimit)).toMatchObject({
      status: 'APPROVED',
      total_est_amount: '12000.00',
      budget_warning: null,
    });
    expect(await k.row('project_budget_line', equipment)).toMatchObject({
      committed_amount: '12000.00',
      available_amount: '0.00',
    });
    // The approved request took the whole line: the next cent is refused.
    const next = await draft(projectId, [{ budgetLineId: equipment, qty: '1', estUnitPrice: '0.01' }]);
    expect(await k.refused(k.submit('ProjectPurchase', next))).toBe(
      'Budget line Equipment has 0.00 available; this request needs 0.01',
    );
  });

  it('checks again on approval: two requests submitted side by side cannot both take the budget', async () => {
    const { projectId, equipment } = await budgeted();
    const a = await draft(projectId, [{ budgetLineId: equipment, qty: '1', estUnitPrice: '8000' }]);
    const b = await draft(projectId, [{ budgetLineId: equipment, qty: '1', estUnitPrice: '8000' }]);
    await k.ok(k.submit('ProjectPurchase', a));
    await k.ok(k.submit('ProjectPurchase', b));
    const answers = await Promise.all([k.approve('ProjectPurchase', a), k.approve('ProjectPurchase', b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('lets a WARN line pass over budget and records the warning; IGNORE says nothing', async () => {
    const { projectId, travel, contingency } = await budgeted();
    const warned = await draft(projectId, [
      { budgetLineId: travel, qty: '1', estUnitPrice: '500.01', itemName: 'Flights' },
      { budgetLineId: contingency, qty: '1', estUnitPrice: '999', itemName: 'Spare parts' },
    ]);
    await k.ok(k.submit('ProjectPurchase', warned));
    expect((await k.row('purchase_request', warned)).budget_warning).toBe(
      'Over budget, allowed with a warning: Budget line Travel has 500.00 available; this request needs 500.01',
    );
    await k.ok(k.approve('ProjectPurchase', warned));
    expect(await k.row('project_budget_line', contingency)).toMatchObject({ available_amount: '-899.00' });
  });

  it('books only on the current approved budget of the same project', async () => {
    const { equipment } = await budgeted();
    const other = await k.project();
    const b = k.requestBody(other, [{ budgetLineId: equipment, qty: '1', estUnitPrice: '1' }]);
    expect(await k.refused(k.add('ProjectPurchase', b.mainData, ['PurchaseRequestLine', b.lines]), 400)).toBe(
      "detailData.PurchaseRequestLine.0.budgetLineId: not one of the chosen project's",
    );
  });
});

describe('purchase request lifecycle', () => {
  it('needs an approved, open project (P3)', async () => {
    const draftProject = (
      await k.ok(
        k.add('ProjectInformation', {
          code: 'PT-DRAFT',
          name: 'Not approved',
          customerId: k.ids.customer,
          organizationId: k.ids.org,
          managerId: k.ids.pmEmployee,
          plannedStart: '2026-01-01',
          plannedEnd: '2026-12-31',
        }),
      )
    ).key;
    const b = k.requestBody(draftProject, []);
    expect(await k.refused(k.add('ProjectPurchase', b.mainData))).toBe(
      'Project PT-DRAFT is not approved and open (it is DRAFT): it takes no purchases',
    );
    const { projectId } = await budgeted();
    await k.ok(k.update('ProjectInformation', 'projects', projectId, { status: 'ON_HOLD' }));
    const paused = k.requestBody(projectId, []);
    expect(await k.refused(k.add('ProjectPurchase', paused.mainData))).toMatch(/is ON_HOLD: it takes no new purchase/);
  });

  it('refuses a needed-on-site date before the request date, and a request without lines', async () => {
    const { projectId } = await budgeted();
    const b = k.requestBody(projectId, []);
    expect(await k.refused(k.add('ProjectPurchase', { ...b.mainData, requiredDate: '2026-01-31' }))).toBe(
      'The date needed on site cannot be before the request date',
    );
    const { key } = await k.ok(k.add('ProjectPurchase', b.mainData));
    expect(await k.refused(k.submit('ProjectPurchase', key))).toBe('A purchase request needs at least one line');
  });

  it('locks an approved request; closing its remainder releases the budget (R3)', async () => {
    const { projectId, equipment } = await budgeted();
    const id = await k.request(projectId, [{ budgetLineId: equipment, qty: '2', estUnitPrice: '1000' }]);
    expect((await k.row('project_budget_line', equipment)).available_amount).toBe('10000.00');
    const res = await k.post('/api/ProjectPurchase/update', {
      mainData: { id, version: Number((await k.row('purchase_request', id)).version) },
      detailData: {
        PurchaseRequestLine: [{ itemName: 'Extra', unit: 'set', qty: '1', estUnitPrice: '1', budgetLineId: equipment }],
      },
    });
    expect(await k.refused(res)).toMatch(/approved: its lines can change only through an amendment/);
    expect(
      await k.refused(k.update('ProjectPurchase', 'purchase_request', id, { requiredDate: '2026-05-01' })),
    ).toMatch(/approved: Needed on site can change only through an amendment/);
    expect(await k.refused(k.update('ProjectPurchase', 'purchase_request', id, { status: 'ORDERED' }))).toBe(
      'The status cannot go from APPROVED to ORDERED',
    );
    await k.ok(k.update('ProjectPurchase', 'purchase_request', id, { status: 'CLOSED' }));
    expect((await k.row('project_budget_line', equipment)).available_amount).toBe('12000.00');
  });
});

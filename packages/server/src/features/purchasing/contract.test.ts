import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePurchasingKit } from './purchasing.test-kit.ts';

const k = usePurchasingKit();

/** A project with 10,000.00 of equipment (STOP) and an approved request for 5 switches at 1,000.00. */
async function requested() {
  const projectId = await k.project();
  const b = await k.budget(projectId, [{ category: 'EQUIPMENT', plannedAmount: '10000.00', controlAction: 'STOP' }]);
  const budgetLineId = b.lines[0] ?? 0;
  const requestId = await k.request(projectId, [{ budgetLineId, qty: '5', estUnitPrice: '1000.00' }]);
  const [line] = await k.rows(sql`select id from purchase_request_line where request_id = ${requestId}`);
  return { projectId, budgetLineId, requestId, requestLineId: Number(line?.id) };
}

async function draftContract(projectId: number, lines: Record<string, unknown>[], supplierId?: number) {
  const b = k.contractBody(projectId, lines, supplierId);
  return (await k.ok(k.add('PurchaseContract', b.mainData, ['PurchaseContractLine', b.lines]))).key;
}

describe('purchase contracts against requests (PC2, R2)', () => {
  it('refuses ordering one unit more than the request has left, and takes exactly what is left', async () => {
    const r = await requested();
    const line = { requestLineId: r.requestLineId, budgetLineId: r.budgetLineId, unitPrice: '1000.00' };
    const first = await draftContract(r.projectId, [{ ...line, qty: '3' }]);
    await k.submitAndApprove('PurchaseContract', first);
    expect(await k.row('purchase_request', r.requestId)).toMatchObject({ status: 'PARTIALLY_ORDERED' });
    expect((await k.row('purchase_request_line', r.requestLineId)).ordered_qty).toBe('3.0000');
    const over = k.contractBody(r.projectId, [{ ...line, qty: '3' }]);
    expect(await k.refused(k.add('PurchaseContract', over.mainData, ['PurchaseContractLine', over.lines]))).toBe(
      'Ordered would exceed the requested quantity of Core switch: 2 remain, this contract orders 3',
    );
    const rest = await draftContract(r.projectId, [{ ...line, qty: '2' }]);
    await k.submitAndApprove('PurchaseContract', rest);
    expect(await k.row('purchase_request', r.requestId)).toMatchObject({ status: 'ORDERED' });
  });

  it('holds request quantity from submission: two contracts in approval cannot both take the remainder', async () => {
    const r = await requested();
    const line = { requestLineId: r.requestLineId, budgetLineId: r.budgetLineId, unitPrice: '1000.00', qty: '4' };
    const a = await draftContract(r.projectId, [line]);
    const b = await draftContract(r.projectId, [line]);
    const answers = await Promise.all([k.submit('PurchaseContract', a), k.submit('PurchaseContract', b)]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 422]);
  });

  it('moves the commitment from the request to the contract, excl. tax, and refuses a STOP overrun (PC1)', async () => {
    const r = await requested();
    // 5 × 1,130.00 incl. 13% = 5,000.00 excl.: the request's 5,000.00 becomes the contract's.
    const id = await k.contract(r.projectId, [
      { requestLineId: r.requestLineId, budgetLineId: r.budgetLineId, qty: '5', unitPrice: '1130.00', taxRate: '13' },
    ]);
    expect(await k.row('purchase_contract', id)).toMatchObject({
      amount_incl_tax: '5650.00',
      amount_excl_tax: '5000.00',
      tax_amount: '650.00',
      status: 'SIGNED',
    });
    expect(await k.row('project_budget_line', r.budgetLineId)).toMatchObject({
      committed_amount: '5000.00',
      available_amount: '5000.00',
    });
    const extra = { budgetLineId: r.budgetLineId, qty: '1', itemName: 'Firewall' };
    const over = await draftContract(r.projectId, [{ ...extra, unitPrice: '5000.01' }]);
    expect(await k.refused(k.submit('PurchaseContract', over))).toBe(
      'Budget line Equipment has 5,000.00 available; this contract needs 5,000.01',
    );
    const exact = await draftContract(r.projectId, [{ ...extra, unitPrice: '5000.00' }]);
    await k.ok(k.submit('PurchaseContract', exact));
  });

  it('takes only qualified suppliers, and keeps a supplier with contracts from being deleted', async () => {
    const r = await requested();
    await k.t.database.db.execute(sql`update suppliers set enabled = false where id = ${k.ids.otherSupplier}`);
    const b = k.contractBody(
      r.projectId,
      [{ budgetLineId: r.budgetLineId, qty: '1', unitPrice: '1' }],
      k.ids.otherSupplier,
    );
    expect(await k.refused(k.add('PurchaseContract', b.mainData, ['PurchaseContractLine', b.lines]))).toMatch(
      /is not qualified \(disabled\): it takes no contracts/,
    );
    await k.t.database.db.execute(sql`update suppliers set enabled = true where id = ${k.ids.otherSupplier}`);
    await draftContract(r.projectId, [{ budgetLineId: r.budgetLineId, qty: '1', unitPrice: '1' }]);
    expect(await k.refused(k.post('/api/Supplier/del', [k.ids.supplier]))).toBe(
      'This supplier is used by a project or a document: disable it instead of deleting it',
    );
  });

  it('locks an approved contract but for its lifecycle, and releases the budget when it is cancelled', async () => {
    const r = await requested();
    const id = await draftContract(r.projectId, [
      { requestLineId: r.requestLineId, budgetLineId: r.budgetLineId, qty: '2', unitPrice: '1000.00' },
    ]);
    await k.ok(k.submit('PurchaseContract', id));
    expect(
      await k.refused(k.update('PurchaseContract', 'purchase_contract', id, { deliveryAddress: 'Dock 4' })),
    ).toMatch(/in approval/);
    await k.ok(k.approve('PurchaseContract', id));
    expect(
      await k.refused(k.update('PurchaseContract', 'purchase_contract', id, { promisedDate: '2026-04-01' })),
    ).toMatch(/approved: Promised arrival can change only through an amendment/);
    expect(await k.refused(k.update('PurchaseContract', 'purchase_contract', id, { status: 'COMPLETED' }))).toBe(
      'The status cannot go from APPROVED to COMPLETED',
    );
    expect((await k.row('purchase_request_line', r.requestLineId)).ordered_qty).toBe('2.0000');
    await k.ok(k.update('PurchaseContract', 'purchase_contract', id, { status: 'CANCELLED' }));
    expect((await k.row('purchase_request_line', r.requestLineId)).ordered_qty).toBe('0.0000');
    expect(await k.row('project_budget_line', r.budgetLineId)).toMatchObject({ committed_amount: '5000.00' });
    const signed = await k.contract(r.projectId, [{ budgetLineId: r.budgetLineId, qty: '1', unitPrice: '10' }]);
    expect(await k.refused(k.update('PurchaseContract', 'purchase_contract', signed, { status: 'TERMINATED' }))).toBe(
      'Give a reason to terminate the contract',
    );
    await k.ok(
      k.update('PurchaseContract', 'purchase_contract', signed, { status: 'TERMINATED', closeReason: 'Supplier left' }),
    );
  });
});

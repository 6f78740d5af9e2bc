import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePurchasingKit } from './purchasing.test-kit.ts';

const k = usePurchasingKit();

/** A signed contract for 10 switches at 100.00 and 2 servers at 500.00 (0% tax). */
async function signed(opts: { sign?: boolean } = {}) {
  const projectId = await k.project();
  const b = await k.budget(projectId, [{ category: 'EQUIPMENT', plannedAmount: '100000.00' }]);
  const budgetLineId = b.lines[0];
  const contractId = await k.contract(
    projectId,
    [
      { budgetLineId, qty: '10', unitPrice: '100.00' },
      { budgetLineId, qty: '2', unitPrice: '500.00', itemName: 'Server' },
    ],
    opts,
  );
  const [switches = 0, servers = 0] = await k.contractLines(contractId);
  return { projectId, contractId, switches, servers };
}

describe('arrivals against a purchase contract (GR1, GR2)', () => {
  it('refuses accepting one unit more than ordered, and accepts exactly the ordered quantity', async () => {
    const c = await signed();
    await k.ok(k.receipt(c.contractId, [{ contractLineId: c.switches, acceptedQty: '4' }]));
    expect(await k.row('purchase_contract', c.contractId)).toMatchObject({
      receipt_status: 'PARTIAL',
      status: 'IN_EXECUTION',
      accepted_amount: '400.00',
    });
    expect(await k.refused(k.receipt(c.contractId, [{ contractLineId: c.switches, acceptedQty: '7' }]))).toBe(
      'Accepted would exceed the ordered quantity of Core switch: 6 remain, this receipt accepts 7',
    );
    await k.ok(
      k.receipt(c.contractId, [
        { contractLineId: c.switches, acceptedQty: '6' },
        { contractLineId: c.servers, deliveredQty: '3', acceptedQty: '2', rejectedQty: '1' },
      ]),
    );
    expect(await k.row('purchase_contract', c.contractId)).toMatchObject({
      receipt_status: 'FULL',
      pct_received: '100.00',
      accepted_amount: '2000.00',
    });
    expect(await k.row('purchase_contract_line', c.servers)).toMatchObject({
      received_qty: '3.0000',
      accepted_qty: '2.0000',
    });
  });

  it('lets only one of two receipts confirmed at the same time take the last units', async () => {
    const c = await signed();
    await k.ok(k.receipt(c.contractId, [{ contractLineId: c.switches, acceptedQty: '6' }]));
    const answers = await Promise.all([
      k.receipt(c.contractId, [{ contractLineId: c.switches, acceptedQty: '4' }]),
      k.receipt(c.contractId, [{ contractLineId: c.switches, acceptedQty: '4' }]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await k.row('purchase_contract_line', c.switches)).accepted_qty).toBe('10.0000');
  });

  it('counts a draft only once it is confirmed, and then locks it', async () => {
    const c = await signed();
    const { key } = await k.ok(k.receipt(c.contractId, [{ contractLineId: c.servers, acceptedQty: '2' }], 'DRAFT'));
    expect((await k.row('purchase_contract_line', c.servers)).accepted_qty).toBe('0.0000');
    await k.ok(k.update('PurchaseArrival', 'goods_receipt', key, { status: 'CONFIRMED' }));
    expect((await k.row('purchase_contract_line', c.servers)).accepted_qty).toBe('2.0000');
    expect(await k.refused(k.update('PurchaseArrival', 'goods_receipt', key, { location: 'Dock 2' }))).toBe(
      'This receipt is CONFIRMED: it cannot change; record a new receipt instead',
    );
    expect(await k.refused(k.post('/api/PurchaseArrival/del', [key]))).toBe('A confirmed receipt cannot be deleted');
  });

  it('checks what was delivered, when, and against which contract', async () => {
    const c = await signed();
    expect(
      await k.refused(
        k.receipt(c.contractId, [
          { contractLineId: c.switches, deliveredQty: '5', acceptedQty: '3', rejectedQty: '1' },
        ]),
      ),
    ).toBe('Delivered (5) must equal accepted (3) plus rejected (1)');
    const future = k.receiptBody(c.contractId, [{ contractLineId: c.switches, acceptedQty: '1' }]);
    expect(
      await k.refused(
        k.add('PurchaseArrival', { ...future.mainData, arrivalDate: '2999-01-01' }, [
          'PurchaseArrivalLine',
          future.lines,
        ]),
      ),
    ).toBe('The arrival date cannot be in the future');
    const other = await signed();
    expect(await k.refused(k.receipt(c.contractId, [{ contractLineId: other.switches, acceptedQty: '1' }]), 400)).toBe(
      "detailData.PurchaseArrivalLine.0.contractLineId: not one of the chosen purchase contract's",
    );
    const unsigned = await signed({ sign: false });
    expect(
      await k.refused(k.receipt(unsigned.contractId, [{ contractLineId: unsigned.switches, acceptedQty: '1' }])),
    ).toMatch(/is APPROVED: a receipt needs it SIGNED or IN_EXECUTION/);
  });

  it('records how late an arrival was against the promised date (GR5)', async () => {
    const c = await signed();
    const late = k.receiptBody(c.contractId, [{ contractLineId: c.switches, acceptedQty: '1' }]);
    const { key } = await k.ok(
      k.add('PurchaseArrival', { ...late.mainData, arrivalDate: '2026-03-15' }, ['PurchaseArrivalLine', late.lines]),
    );
    expect((await k.row('goods_receipt', key)).late_days).toBe(5);
    const [line] = await k.rows(sql`select project_id from goods_receipt_line where receipt_id = ${key}`);
    expect(line?.project_id).toBe(c.projectId);
  });
});

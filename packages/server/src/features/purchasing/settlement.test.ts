import { describe, expect, it } from 'vitest';
import { usePurchasingKit } from './purchasing.test-kit.ts';

const k = usePurchasingKit();

/** A signed contract for 10 × 100.00 (0% tax), of which `accepted` units have arrived. */
async function received(accepted: string) {
  const projectId = await k.project();
  const b = await k.budget(projectId, [{ category: 'EQUIPMENT', plannedAmount: '5000.00' }]);
  const budgetLineId = b.lines[0] ?? 0;
  const contractId = await k.contract(projectId, [{ budgetLineId, qty: '10', unitPrice: '100.00' }]);
  const [line] = await k.contractLines(contractId);
  if (accepted !== '0') await k.ok(k.receipt(contractId, [{ contractLineId: line, acceptedQty: accepted }]));
  return { projectId, contractId, budgetLineId };
}

describe('supplier invoices (PI1–PI3)', () => {
  it('refuses invoicing one cent over the contract amount, and takes exactly the amount (PI1)', async () => {
    const c = await received('10');
    await k.ok(k.invoice(c.contractId, '600.00'));
    expect(await k.refused(k.invoice(c.contractId, '400.01'))).toBe(
      'Invoiced would exceed the contract amount: 400.00 remains',
    );
    await k.ok(k.invoice(c.contractId, '400.00'));
    expect(await k.row('purchase_contract', c.contractId)).toMatchObject({
      billing_status: 'BILLED',
      pct_billed: '100.00',
      invoiced_amount: '1000.00',
    });
  });

  it('refuses invoicing one cent over the accepted value, and takes exactly it (PI2, three-way match)', async () => {
    const c = await received('4');
    expect(await k.refused(k.invoice(c.contractId, '400.01'))).toBe(
      'Supplier invoices would exceed the accepted value (three-way match): 400.00 remains',
    );
    // Tax counts: 353.98 excl. + 13% = 400.00 incl., exactly the accepted value.
    const { key } = await k.ok(k.invoice(c.contractId, '353.98', { taxRate: '13' }));
    expect(await k.row('purchase_invoice', key)).toMatchObject({ tax_amount: '46.02', amount_incl_tax: '400.00' });
    // The budget's actual is the invoice excl. tax; what is ordered but not invoiced stays committed.
    expect(await k.row('project_budget_line', c.budgetLineId)).toMatchObject({
      actual_amount: '353.98',
      committed_amount: '646.02',
      available_amount: '4000.00',
    });
    expect((await k.contractLines(c.contractId)).length).toBe(1);
  });

  it('takes invoices from the contract supplier only, once per invoice number', async () => {
    const c = await received('10');
    expect(await k.refused(k.invoice(c.contractId, '1.00', { supplierId: k.ids.otherSupplier }))).toMatch(
      /^The invoice's supplier is not the contract's: purchase contract CG\d{4}-\d{5} is with /,
    );
    await k.ok(k.invoice(c.contractId, '1.00', { invoiceNo: 'DUP-1' }));
    expect(await k.refused(k.invoice(c.contractId, '1.00', { invoiceNo: 'DUP-1' }))).toBe(
      'Invoice DUP-1 of this supplier is registered already',
    );
  });

  it('stops counting a reversed invoice, and keeps a verified one from changing', async () => {
    const c = await received('10');
    const { key } = await k.ok(k.invoice(c.contractId, '1000.00'));
    await k.ok(k.update('PurchaseInvoice', 'purchase_invoice', key, { status: 'VERIFIED' }));
    expect(await k.refused(k.update('PurchaseInvoice', 'purchase_invoice', key, { amountExclTax: '900.00' }))).toBe(
      'This invoice is VERIFIED: only its status and remark can change',
    );
    await k.ok(k.update('PurchaseInvoice', 'purchase_invoice', key, { status: 'REVERSED' }));
    expect((await k.row('purchase_contract', c.contractId)).invoiced_amount).toBe('0.00');
    await k.ok(k.invoice(c.contractId, '1000.00'));
  });
});

describe('supplier payments (PP1, PP2)', () => {
  it('refuses requesting one cent over the contract amount, counting approved and paid requests (PP1)', async () => {
    const c = await received('10');
    await k.payment(c.contractId, '300.00', true);
    await k.payment(c.contractId, '500.00', true);
    const { key } = await k.ok(
      k.add('PurchasePayment', {
        purchaseContractId: c.contractId,
        requestedAmount: '200.01',
        requestedBy: k.ids.employee,
        requestDate: '2026-03-08',
      }),
    );
    expect(await k.refused(k.submit('PurchasePayment', key))).toBe(
      'Payments would exceed the contract amount: 200.00 remains',
    );
    await k.ok(k.update('PurchasePayment', 'supplier_payment', key, { requestedAmount: '200.00' }));
    await k.ok(k.submit('PurchasePayment', key));
  });

  it('refuses paying one cent over the supplier invoices, pays exactly up to them, and exempts advances (PP2)', async () => {
    const c = await received('10');
    await k.ok(k.invoice(c.contractId, '500.00'));
    const advance = await k.payment(c.contractId, '200.00', true);
    await k.ok(k.pay(advance, '200.00'));
    const regular = await k.payment(c.contractId, '400.00');
    expect(await k.refused(k.pay(regular, '300.01'))).toBe(
      "Paid would exceed the supplier's invoices (invoice before payment): 300.00 remains",
    );
    await k.ok(k.pay(regular, '300.00'));
    expect(await k.row('supplier_payment', regular)).toMatchObject({ status: 'PAID', paid_amount: '300.00' });
    expect(await k.row('purchase_contract', c.contractId)).toMatchObject({ paid_amount: '500.00', pct_paid: '50.00' });
    const more = await k.payment(c.contractId, '100.00', true);
    await k.ok(k.pay(more, '100.00'));
    expect(await k.refused(k.update('PurchasePayment', 'supplier_payment', more, { remark: 'late note' }))).toBe(
      'This payment is PAID: it cannot change',
    );
  });

  it('lets only one of two payments recorded at the same time pay the last invoiced amount', async () => {
    const c = await received('10');
    await k.ok(k.invoice(c.contractId, '500.00'));
    const a = await k.payment(c.contractId, '300.00');
    const b = await k.payment(c.contractId, '300.00');
    const answers = await Promise.all([k.pay(a, '300.00'), k.pay(b, '300.00')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await k.row('purchase_contract', c.contractId)).paid_amount).toBe('300.00');
  });

  it('records a payment only once approved, never above what was asked', async () => {
    const c = await received('10');
    await k.ok(k.invoice(c.contractId, '1000.00'));
    const { key } = await k.ok(
      k.add('PurchasePayment', {
        purchaseContractId: c.contractId,
        requestedAmount: '100.00',
        requestedBy: k.ids.employee,
        requestDate: '2026-03-08',
      }),
    );
    expect(await k.refused(k.pay(key, '100.00'))).toBe('The status cannot go from DRAFT to PAID');
    await k.ok(k.submit('PurchasePayment', key));
    expect(await k.refused(k.pay(key, '100.00'))).toMatch(/in approval/);
    await k.ok(k.approve('PurchasePayment', key));
    expect(await k.refused(k.pay(key, '100.01'))).toBe('The amount paid cannot exceed the amount requested (100.00)');
    expect(await k.refused(k.update('PurchasePayment', 'supplier_payment', key, { requestedAmount: '50.00' }))).toMatch(
      /approved: Requested can change only through an amendment/,
    );
    await k.ok(k.pay(key, '80.00'));
  });
});

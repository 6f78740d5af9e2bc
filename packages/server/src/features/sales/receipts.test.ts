import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { refusal, salesClient } from './sales.test-helper.ts';

const t = useTestApp();
const s = madeInBeforeAll(() => salesClient(t, t.admin));

type Allocations = { invoiceId: number; amount: string }[];
const add = (contractId: number, amount: string, extra: Record<string, unknown> = {}, allocations: Allocations = []) =>
  s.post('/api/ProjectPayment/add', s.receiptBody(contractId, amount, extra, allocations));
const confirmed = (contractId: number, amount: string, allocations: Allocations = []) =>
  add(contractId, amount, { status: 'CONFIRMED' }, allocations);
const receiptRow = (id: number) =>
  s.one<{ status: string; allocated: string; unallocated: string; customerId: number; projectId: number }>(
    sql`select status, allocated_amount::text as allocated, unallocated_amount::text as unallocated,
          customer_id as "customerId", project_id as "projectId" from customer_receipts where id = ${id}`,
  );
/** What the receipts have settled of an invoice. */
const invoiceReceived = async (id: number) =>
  (
    await s.one<{ received: string }>(
      sql`select received_amount::text as received from sales_invoices where id = ${id}`,
    )
  ).received;
const invoiceCode = async (id: number) =>
  (await s.one<{ code: string }>(sql`select code from sales_invoices where id = ${id}`)).code;

describe('a receipt', () => {
  it('takes the project and customer from the contract, and confirms by a status change', async () => {
    const contract = await s.signedContract('1000.00');
    const { key } = s.ok(await add(contract, '100.00'));
    const row = await receiptRow(key);
    const c = await s.one<{ customerId: number; projectId: number }>(
      sql`select customer_id as "customerId", project_id as "projectId" from sales_contracts where id = ${contract}`,
    );
    expect(row).toMatchObject({ status: 'DRAFT', ...c });
    expect((await s.contractRow(contract)).received).toBe('0.00');
    s.ok(await s.setStatus('ProjectPayment', 'customer_receipts', key, 'CONFIRMED'));
    expect((await s.contractRow(contract)).received).toBe('100.00');
    const changed = await s.post('/api/ProjectPayment/update', {
      mainData: { id: key, version: await s.version('customer_receipts', key), amount: '90.00' },
    });
    expect(refusal(changed)).toMatch(/is CONFIRMED: its bank entry cannot change; cancel it and enter a new one$/);
    s.ok(await s.setStatus('ProjectPayment', 'customer_receipts', key, 'CANCELLED'));
    expect((await s.contractRow(contract)).received).toBe('0.00');
    expect(refusal(await s.setStatus('ProjectPayment', 'customer_receipts', key, 'CONFIRMED'))).toBe(
      'The status cannot go from CANCELLED to CONFIRMED',
    );
  });

  it('refuses a zero amount, a date in the future and a bank serial number already recorded', async () => {
    const contract = await s.signedContract('1000.00');
    expect(refusal(await add(contract, '0.00'))).toBe('The receipt amount must be greater than zero');
    expect(refusal(await add(contract, '10.00', { receiptDate: '2999-01-01' }))).toBe(
      'The receipt date 2999-01-01 is in the future',
    );
    s.ok(await add(contract, '10.00', { bankSerialNo: 'BS-777' }));
    expect(refusal(await add(contract, '10.00', { bankSerialNo: 'BS-777' }))).toMatch(
      /^Bank serial number BS-777 is already recorded on receipt HK-/,
    );
  });

  it('C2: refuses a receipt on a contract that is not signed', async () => {
    const { key } = s.ok(await s.post('/api/ProjectContract/add', await s.contractBody('1000.00')));
    expect(refusal(await add(key, '10.00'))).toMatch(
      /is DRAFT: invoices and receipts are allowed only while it is SIGNED/,
    );
  });
});

describe('PR1: confirmed receipts stay within the contract', () => {
  it('refuses one cent over and takes the receipt at the limit', async () => {
    const contract = await s.signedContract('1000.00');
    s.ok(await confirmed(contract, '600.00'));
    expect(refusal(await confirmed(contract, '400.01'))).toBe(
      'Received would exceed the contract amount: 400.00 remains',
    );
    const { key: draft } = s.ok(await add(contract, '400.00'));
    // A draft counts once confirmed, and is held to the limit then too.
    s.ok(await confirmed(contract, '0.01'));
    expect(refusal(await s.setStatus('ProjectPayment', 'customer_receipts', draft, 'CONFIRMED'))).toBe(
      'Received would exceed the contract amount: 399.99 remains',
    );
    s.ok(await s.setStatus('ProjectPayment', 'customer_receipts', draft, 'CANCELLED'));
    expect((await confirmed(contract, '399.99')).statusCode).toBe(200);
    expect((await s.contractRow(contract)).received).toBe('1000.00');
  });

  it('refuses exactly one of two receipts confirmed at once that together exceed the contract', async () => {
    const contract = await s.signedContract('1000.00');
    const answers = await Promise.all([confirmed(contract, '700.00'), confirmed(contract, '400.00')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    // Five at once, three fit.
    const more = await s.signedContract('1000.00');
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => confirmed(more, '300.00')));
    expect(five.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 422, 422]);
    expect((await s.contractRow(more)).received).toBe('900.00');
  });

  it('PR3: takes a receipt above what is invoiced as an advance', async () => {
    const contract = await s.signedContract('1000.00');
    await s.issuedInvoice(contract, '100.00');
    const { key } = s.ok(await confirmed(contract, '500.00'));
    expect(await receiptRow(key)).toMatchObject({ allocated: '0.00', unallocated: '500.00' });
    expect(await s.contractRow(contract)).toMatchObject({ invoiced: '100.00', received: '500.00' });
  });
});

describe('PR2: allocations', () => {
  it("refuses one cent over an invoice's outstanding amount and takes it at the amount", async () => {
    const contract = await s.signedContract('1000.00');
    const invoice = await s.issuedInvoice(contract, '500.00');
    const code = await invoiceCode(invoice);
    s.ok(await confirmed(contract, '200.00', [{ invoiceId: invoice, amount: '200.00' }]));
    expect(refusal(await confirmed(contract, '400.00', [{ invoiceId: invoice, amount: '300.01' }]))).toBe(
      `The allocation to invoice ${code} exceeds what is outstanding on it: 300.00 remains`,
    );
    const { key } = s.ok(await confirmed(contract, '400.00', [{ invoiceId: invoice, amount: '300.00' }]));
    expect(await receiptRow(key)).toMatchObject({ allocated: '300.00', unallocated: '100.00' });
    expect(await invoiceReceived(invoice)).toBe('500.00');
  });

  it('refuses exactly one of two receipts allocating one invoice at once beyond its amount', async () => {
    const contract = await s.signedContract('1000.00');
    const invoice = await s.issuedInvoice(contract, '500.00');
    const answers = await Promise.all([
      confirmed(contract, '300.00', [{ invoiceId: invoice, amount: '300.00' }]),
      confirmed(contract, '300.00', [{ invoiceId: invoice, amount: '300.00' }]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await invoiceReceived(invoice)).toBe('300.00');
  });

  it('refuses allocations adding up to more than the receipt, and takes them at the amount', async () => {
    const contract = await s.signedContract('1000.00');
    const a = await s.issuedInvoice(contract, '300.00');
    const b = await s.issuedInvoice(contract, '300.00');
    const over = [
      { invoiceId: a, amount: '300.00' },
      { invoiceId: b, amount: '200.01' },
    ];
    expect(refusal(await confirmed(contract, '500.00', over))).toBe(
      'The allocations add up to 500.01, more than the receipt amount 500.00',
    );
    const exact = [
      { invoiceId: a, amount: '300.00' },
      { invoiceId: b, amount: '200.00' },
    ];
    expect((await confirmed(contract, '500.00', exact)).statusCode).toBe(200);
  });

  it('allocates later, on a confirmed receipt, and refuses an invoice that is not issued or of another contract', async () => {
    const contract = await s.signedContract('1000.00');
    const { key } = s.ok(await confirmed(contract, '300.00'));
    const invoice = await s.issuedInvoice(contract, '300.00');
    const allocate = async (invoiceId: number, amount = '300.00') =>
      s.post('/api/ProjectPayment/update', {
        mainData: { id: key, version: await s.version('customer_receipts', key) },
        detailData: { ReceiptAllocation: [{ invoiceId, amount }] },
      });
    const elsewhere = await s.issuedInvoice(await s.signedContract('1000.00'), '300.00');
    const stray = await allocate(elsewhere);
    expect([stray.statusCode, body(stray).data]).toEqual([
      400,
      { fieldErrors: { 'detailData.ReceiptAllocation.0.invoiceId': "not one of the chosen contract's" } },
    ]);
    expect(refusal(await allocate(invoice, '0.00'))).toBe('An allocation amount must be greater than zero');
    expect((await allocate(invoice)).statusCode).toBe(200);
    expect(await receiptRow(key)).toMatchObject({ allocated: '300.00', unallocated: '0.00' });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { toCents, toDecimal } from './money.ts';
import { refusal, salesClient } from './sales.test-helper.ts';

const t = useTestApp();
const s = madeInBeforeAll(() => salesClient(t, t.admin));

const add = (contractId: number, excl: string, extra: Record<string, unknown> = {}) =>
  s.post('/api/ContractInvoicing/add', s.invoiceBody(contractId, excl, extra));
/** One cent over what the contract has left (`left`, shown as `remains`) is refused on add; `left` itself is taken. */
const expectAddsUpTo = async (contract: number, left: string, remains: string) => {
  const over = toDecimal(toCents(left) + 1n);
  expect(refusal(await add(contract, over))).toBe(`Invoiced would exceed the contract amount: ${remains} remains`);
  expect((await add(contract, left)).statusCode).toBe(200);
};
const invoiceRow = (id: number) =>
  s.one<{ status: string; tax: string; incl: string; projectId: number; buyer: string; received: string }>(
    sql`select status, tax_amount::text as tax, amount_incl_tax::text as incl, project_id as "projectId",
          buyer_tax_no as buyer, received_amount::text as received from sales_invoices where id = ${id}`,
  );

describe('amounts and the contract', () => {
  it('computes tax = round(excl × rate, 2) and the total, and takes the project and buyer from the contract', async () => {
    const contract = await s.signedContract('10000.00');
    const { key } = s.ok(await add(contract, '0.05', { taxRate: '13' }));
    const row = await invoiceRow(key);
    expect(row).toMatchObject({ status: 'DRAFT', tax: '0.01', incl: '0.06' });
    expect(row.projectId).toBe((await s.contractRow(contract)).projectId);
    expect(row.buyer).toMatch(/^91310000/);
    const { key: whole } = s.ok(await add(contract, '1000.00', { taxRate: '6' }));
    expect(await invoiceRow(whole)).toMatchObject({ tax: '60.00', incl: '1060.00' });
  });

  it('C2: refuses invoicing a contract that is not signed', async () => {
    const { key } = s.ok(await s.post('/api/ProjectContract/add', await s.contractBody('1000.00')));
    await s.approve('ProjectContract', key);
    const code = (await s.one<{ code: string }>(sql`select code from sales_contracts where id = ${key}`)).code;
    expect(refusal(await add(key, '10.00'))).toBe(
      `Contract ${code} is APPROVED: invoices and receipts are allowed only while it is SIGNED or IN_EXECUTION`,
    );
    s.ok(await s.setStatus('ProjectContract', 'sales_contracts', key, 'SIGNED'));
    expect((await add(key, '10.00')).statusCode).toBe(200);
  });

  it('refuses a payment term of another contract', async () => {
    const a = await s.signedContract('1000.00');
    const b = await s.signedContract('1000.00');
    const term = await s.one<{ id: number }>(
      sql`select id from contract_payment_terms where contract_id = ${b} limit 1`,
    );
    const res = await add(a, '10.00', { paymentTermId: term.id });
    expect([res.statusCode, body(res).data]).toEqual([
      400,
      { fieldErrors: { 'mainData.paymentTermId': "not one of the chosen contract's" } },
    ]);
  });
});

describe('I1: invoices stay within the contract', () => {
  it('refuses one cent over on add and takes the invoice at the limit', async () => {
    const contract = await s.signedContract('1000.00');
    await s.issuedInvoice(contract, '600.00');
    await expectAddsUpTo(contract, '400.00', '400.00');
  });

  it('refuses one cent over on update and on submit', async () => {
    const contract = await s.signedContract('1000.00');
    const { key: first } = s.ok(await add(contract, '700.00'));
    // Added while the first was still a draft: within the contract then, one cent over once it is in approval.
    const { key: second } = s.ok(await add(contract, '300.01'));
    s.ok(await s.post('/api/ContractInvoicing/submit', { keys: [first] }));
    expect(refusal(await s.post('/api/ContractInvoicing/submit', { keys: [second] }))).toBe(
      'Invoiced would exceed the contract amount: 300.00 remains',
    );
    const update = (amountExclTax: string) =>
      s
        .version('sales_invoices', second)
        .then((version) =>
          s.post('/api/ContractInvoicing/update', { mainData: { id: second, version, amountExclTax } }),
        );
    expect(refusal(await update('300.02'))).toBe('Invoiced would exceed the contract amount: 300.00 remains');
    expect((await update('300.00')).statusCode).toBe(200);
    expect((await s.post('/api/ContractInvoicing/submit', { keys: [second] })).statusCode).toBe(200);
  });

  it('counts approved supplements into the limit', async () => {
    const contract = await s.signedContract('1000.00');
    const { key: plus } = s.ok(
      await s.post(
        '/api/ProjectContract/add',
        await s.contractBody('250.00', { contractType: 'SUPPLEMENT', parentContractId: contract }, []),
      ),
    );
    await s.approve('ProjectContract', plus);
    await expectAddsUpTo(contract, '1250.00', '1,250.00');
  });

  it('refuses exactly one of two invoices submitted at once that together exceed the contract', async () => {
    const contract = await s.signedContract('1000.00');
    const { key: a } = s.ok(await add(contract, '600.00'));
    const { key: b } = s.ok(await add(contract, '500.00'));
    const answers = await Promise.all([
      s.post('/api/ContractInvoicing/submit', { keys: [a] }),
      s.post('/api/ContractInvoicing/submit', { keys: [b] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((r) => r.statusCode === 422);
    expect(refused && refusal(refused)).toMatch(/^Invoiced would exceed the contract amount: (400|500)\.00 remains$/);
  });
});

describe('issuing, voiding and reversing', () => {
  it('issues with a number and a date, keeps the number unique and immutable, and totals the contract', async () => {
    const contract = await s.signedContract('1000.00');
    const { key } = s.ok(await add(contract, '100.00'));
    await s.approve('ContractInvoicing', key);
    expect((await invoiceRow(key)).status).toBe('APPROVED');
    expect(refusal(await s.setStatus('ContractInvoicing', 'sales_invoices', key, 'ISSUED'))).toBe(
      'Give the invoice number and date to issue the invoice',
    );
    const taken = await s.issuedInvoice(contract, '50.00');
    const takenNo = (await s.one<{ no: string }>(sql`select invoice_no as no from sales_invoices where id = ${taken}`))
      .no;
    expect(
      refusal(
        await s.setStatus('ContractInvoicing', 'sales_invoices', key, 'ISSUED', {
          invoiceNo: takenNo,
          invoiceDate: '2026-02-02',
        }),
      ),
    ).toMatch(new RegExp(`^Invoice number ${takenNo} is already used by invoice KP-`));
    s.ok(
      await s.setStatus('ContractInvoicing', 'sales_invoices', key, 'ISSUED', {
        invoiceNo: '88880001',
        invoiceDate: '2026-02-02',
      }),
    );
    expect(await s.contractRow(contract)).toMatchObject({ invoiced: '150.00', status: 'SIGNED' });
    const renumber = await s.post('/api/ContractInvoicing/update', {
      mainData: { id: key, version: await s.version('sales_invoices', key), invoiceNo: '88880002' },
    });
    expect(refusal(renumber)).toBe('An issued invoice keeps its number; void it and issue a new one');
    const amount = await s.post('/api/ContractInvoicing/update', {
      mainData: { id: key, version: await s.version('sales_invoices', key), amountExclTax: '90.00' },
    });
    expect(refusal(amount)).toBe('This document is approved: Amount excl. tax can change only through an amendment');
    s.ok(await s.setStatus('ContractInvoicing', 'sales_invoices', key, 'VOID'));
    expect((await s.contractRow(contract)).invoiced).toBe('50.00');
  });

  it('I4: refuses voiding an invoice with receipts allocated to it', async () => {
    const contract = await s.signedContract('1000.00');
    const invoice = await s.issuedInvoice(contract, '200.00');
    s.ok(
      await s.post(
        '/api/ProjectPayment/add',
        s.receiptBody(contract, '200.00', { status: 'CONFIRMED' }, [{ invoiceId: invoice, amount: '200.00' }]),
      ),
    );
    expect((await invoiceRow(invoice)).received).toBe('200.00');
    const code = (await s.one<{ code: string }>(sql`select code from sales_invoices where id = ${invoice}`)).code;
    expect(refusal(await s.setStatus('ContractInvoicing', 'sales_invoices', invoice, 'VOID'))).toBe(
      `Invoice ${code} has receipts allocated to it: unallocate them before voiding it`,
    );
    const red = await add(contract, '-200.00', { isRed: true, originalInvoiceId: invoice });
    expect(refusal(red)).toBe(`Invoice ${code} has receipts allocated to it: unallocate them before reversing it`);
  });

  it('I3: a red invoice reverses no more than is left of the original, and marks it REVERSED when whole', async () => {
    const contract = await s.signedContract('1000.00');
    const original = await s.issuedInvoice(contract, '300.00');
    const code = (await s.one<{ code: string }>(sql`select code from sales_invoices where id = ${original}`)).code;
    expect(refusal(await add(contract, '-300.01', { isRed: true, originalInvoiceId: original }))).toBe(
      `The red invoice reverses more than is left of invoice ${code}: 300.00 remains`,
    );
    expect(refusal(await add(contract, '100.00', { isRed: true, originalInvoiceId: original }))).toBe(
      'A red invoice carries negative amounts',
    );
    const first = await s.issuedInvoice(contract, '-100.00', { isRed: true, originalInvoiceId: original });
    expect((await invoiceRow(original)).status).toBe('ISSUED');
    expect(refusal(await add(contract, '-200.01', { isRed: true, originalInvoiceId: original }))).toBe(
      `The red invoice reverses more than is left of invoice ${code}: 200.00 remains`,
    );
    await s.issuedInvoice(contract, '-200.00', { isRed: true, originalInvoiceId: original });
    expect((await invoiceRow(original)).status).toBe('REVERSED');
    expect((await s.contractRow(contract)).invoiced).toBe('0.00');
    // Net of the reversal, the whole contract is open for invoicing again.
    expect((await add(contract, '1000.00')).statusCode).toBe(200);
    s.ok(await s.setStatus('ContractInvoicing', 'sales_invoices', first, 'VOID'));
    expect((await invoiceRow(original)).status).toBe('ISSUED');
  });
});

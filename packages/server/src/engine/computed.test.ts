import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { salesClient } from '../features/sales/sales.test-helper.ts';
import { body } from '../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../test/use-test-app.ts';

/**
 * Computed fields are the server's: whatever the caller sends for them is dropped, and the values stored are
 * the ones the metadata's expressions give (the same function the form runs as the user types).
 */

const t = useTestApp();
const s = madeInBeforeAll(() => salesClient(t, t.admin));

const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.database.db, query);
const keyOf = (res: Awaited<ReturnType<typeof s.post>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { key: number }).key;
};

describe('computed fields on the server', () => {
  it("stores an invoice's tax and total from its amount and rate, not the caller's wrong ones", async () => {
    const contract = await s.signedContract('100000.00');
    const wrong = s.invoiceBody(contract, '1000.00', { taxRate: '13', taxAmount: '1.00', amountInclTax: '5.00' });
    const key = keyOf(await s.post('/api/ContractInvoicing/add', wrong));
    const [row] = await rows(
      sql`select tax_amount::text as tax, amount_incl_tax::text as incl from sales_invoices where id = ${key}`,
    );
    expect(row).toEqual({ tax: '130.00', incl: '1130.00' });

    // An update sending only the rate computes both again from the stored amount.
    const version = await s.version('sales_invoices', key);
    keyOf(
      await s.post('/api/ContractInvoicing/update', {
        mainData: { id: key, version, taxRate: '6', amountInclTax: '1' },
      }),
    );
    const [after] = await rows(
      sql`select tax_amount::text as tax, amount_incl_tax::text as incl from sales_invoices where id = ${key}`,
    );
    expect(after).toEqual({ tax: '60.00', incl: '1060.00' });
  });

  it("gives each payment term its share of the contract, the last one the cents' remainder", async () => {
    const terms = [
      { seq: 1, name: 'Advance', termType: 'ADVANCE', percent: '33.33', amount: '999999.99' },
      { seq: 2, name: 'Arrival', termType: 'PERIODIC', percent: '33.33', amount: '' },
      { seq: 3, name: 'Final', termType: 'PERIODIC', percent: '33.34', amount: '0.01' },
    ];
    const key = keyOf(await s.post('/api/ProjectContract/add', await s.contractBody('100.01', {}, terms)));
    const stored = await rows(
      sql`select amount::text as amount from contract_payment_terms where contract_id = ${key} order by seq`,
    );
    expect(stored.map((r) => r.amount)).toEqual(['33.33', '33.34', '33.34']);
    // The terms add up to the contract (C1), so it can be submitted.
    expect((await s.post('/api/ProjectContract/submit', { keys: [key] })).statusCode).toBe(200);
  });

  it('moves every term when the contract amount changes, though the update sends no line', async () => {
    const key = keyOf(
      await s.post('/api/ProjectContract/add', await s.contractBody('1000.00', {}, s.terms('1000.00', [30, 70]))),
    );
    const version = await s.version('sales_contracts', key);
    keyOf(await s.post('/api/ProjectContract/update', { mainData: { id: key, version, amountInclTax: '2260.00' } }));
    const terms = await rows(
      sql`select amount::text as amount from contract_payment_terms where contract_id = ${key} order by seq`,
    );
    expect(terms.map((r) => r.amount)).toEqual(['678.00', '1582.00']);
    const [contract] = await rows(
      sql`select amount_excl_tax::text as excl, tax_amount::text as tax from sales_contracts where id = ${key}`,
    );
    expect(contract).toEqual({ excl: '2000.00', tax: '260.00' });
    const log = await rows(
      sql`select field, after from data_change_log where entity = 'ContractPaymentTerm' and action = 'update' and after = '1582.00'`,
    );
    expect(log).toEqual([{ field: 'amount', after: '1582.00' }]);
  });
});

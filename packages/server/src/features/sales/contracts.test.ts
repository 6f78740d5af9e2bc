import type { PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { allowSelfApproval, bearer, body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { refusal, salesClient } from './sales.test-helper.ts';

const t = useTestApp({ pm: true });
const s = madeInBeforeAll(() => salesClient(t, t.admin));
beforeAll(async () => {
  // These tests submit and approve as admin; segregation of duties has tests of its own.
  await allowSelfApproval(t.app, t.admin);
});

const projectAmount = async (id: number) =>
  (await s.one<{ amount: string }>(sql`select contract_amount::text as amount from projects where id = ${id}`)).amount;

describe('adding a contract', () => {
  it('fills the customer from the project and splits the amount at the tax rate', async () => {
    const { key } = s.ok(await s.post('/api/ProjectContract/add', await s.contractBody('1130.00')));
    const row = await s.one<{ customer: number; excl: string; tax: string; status: string; project: number }>(
      sql`select c.customer_id as customer, amount_excl_tax::text as excl, tax_amount::text as tax, c.status,
            p.customer_id as project from sales_contracts c join projects p on p.id = c.project_id where c.id = ${key}`,
    );
    expect(row).toEqual({
      customer: row.project,
      excl: '1000.00',
      tax: '130.00',
      status: 'DRAFT',
      project: row.project,
    });
  });

  it("refuses a customer other than the project's", async () => {
    const p = await s.project();
    const other = await s.one<{ id: number }>(sql`select id from customers where id <> ${p.customerId} limit 1`);
    const res = await s.post('/api/ProjectContract/add', await s.contractBody('100.00', { customerId: other.id }));
    expect(refusal(res)).toBe(`The contract's customer must be the customer of project ${p.code}`);
  });

  it('splits incl. into excl. and tax at the rate on the server, whatever split the caller sends', async () => {
    const wrong = await s.contractBody('1130.00', { amountExclTax: '1.00', taxAmount: '999.00' });
    const res = await s.post('/api/ProjectContract/add', wrong);
    expect(res.statusCode).toBe(200);
    const key = (body(res).data as { key: number }).key;
    expect(
      await s.one(
        sql`select amount_excl_tax::text as excl, tax_amount::text as tax from sales_contracts where id = ${key}`,
      ),
    ).toEqual({ excl: '1000.00', tax: '130.00' });
  });

  it('O3: an O&M project takes a SERVICE contract only', async () => {
    const om = await s.project('OM');
    const sales = await s.contractBody('500.00', { projectId: om.id });
    expect(refusal(await s.post('/api/ProjectContract/add', sales))).toBe(
      `Project ${om.code} is an O&M project: its contract must be a SERVICE contract`,
    );
    const service = await s.contractBody('500.00', { projectId: om.id, contractType: 'SERVICE' });
    expect((await s.post('/api/ProjectContract/add', service)).statusCode).toBe(200);
  });

  it('starts as a draft whatever status is sent', async () => {
    const res = await s.post('/api/ProjectContract/add', await s.contractBody('100.00', { status: 'SIGNED' }));
    expect(refusal(res)).toBe('A new contract starts as a draft; it moves on when it is approved');
  });
});

describe('C1: payment terms on submit', () => {
  const submit = async (amount: string, terms: ReturnType<typeof s.terms>) => {
    const { key } = s.ok(await s.post('/api/ProjectContract/add', await s.contractBody(amount, {}, terms)));
    return s.post('/api/ProjectContract/submit', { keys: [key] });
  };

  it('refuses terms that add up to less than 100%', async () => {
    expect(refusal(await submit('1000.00', s.terms('900.00', [30, 30, 30])))).toBe(
      'The payment terms add up to 90.00%, not 100%',
    );
  });

  it("takes each term's amount as its share of the contract, whatever amounts are sent, so they add up", async () => {
    const off = s.terms('1000.00').map((r, i) => (i === 3 ? { ...r, amount: '99.99' } : r));
    expect((await submit('1000.00', off)).statusCode).toBe(200);
    const over = s.terms('1000.00').map((r, i) => (i === 3 ? { ...r, percent: '10.01' } : r));
    expect(refusal(await submit('1000.00', over))).toBe('The payment terms add up to 100.01%, not 100%');
  });

  it('refuses a contract without terms, and two terms with one number', async () => {
    expect(refusal(await submit('1000.00', []))).toBe(
      'Add the payment terms before submitting: they must add up to 100%',
    );
    const twice = s.terms('1000.00').map((r) => ({ ...r, seq: 1 }));
    const res = await s.post('/api/ProjectContract/add', await s.contractBody('1000.00', {}, twice));
    expect(refusal(res)).toBe('Two payment terms have the number 1');
  });
});

describe('approval, signing and the project contract amount', () => {
  it('locks the document in approval and its money once approved (C3)', async () => {
    const { key } = s.ok(await s.post('/api/ProjectContract/add', await s.contractBody('2000.00')));
    s.ok(await s.post('/api/ProjectContract/submit', { keys: [key] }));
    const inApproval = await s.post('/api/ProjectContract/update', {
      mainData: { id: key, version: await s.version('sales_contracts', key), name: 'Renamed' },
    });
    expect(refusal(inApproval)).toBe('This document is in approval: it cannot change until it is approved or rejected');
    s.ok(await s.post('/api/ProjectContract/audit', { keys: [key], status: 1, reason: '' }));
    expect((await s.contractRow(key)).status).toBe('APPROVED');
    const amount = await s.post('/api/ProjectContract/update', {
      mainData: { id: key, version: await s.version('sales_contracts', key), amountInclTax: '2500.00' },
    });
    expect(refusal(amount)).toBe('This document is approved: Amount incl. tax can change only through an amendment');
    const [term] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from contract_payment_terms where contract_id = ${key} order by seq limit 1`,
    );
    const terms = await s.post('/api/ProjectContract/update', {
      mainData: { id: key, version: await s.version('sales_contracts', key) },
      detailData: { ContractPaymentTerm: [{ id: term?.id, version: term?.version, percent: '40' }] },
    });
    expect(refusal(terms)).toBe('This document is approved: its lines can change only through an amendment');
    expect(
      (await s.setStatus('ProjectContract', 'sales_contracts', key, 'SIGNED', { remark: 'Signed' })).statusCode,
    ).toBe(200);
    const skip = await s.setStatus('ProjectContract', 'sales_contracts', key, 'DRAFT');
    expect(refusal(skip)).toBe('The status cannot go from SIGNED to DRAFT');
  });

  it('counts approved contracts and their supplements into the project, and only those', async () => {
    const p = await s.project();
    const before = Number(await projectAmount(p.id));
    const { key } = s.ok(await s.post('/api/ProjectContract/add', await s.contractBody('3000.00')));
    expect(Number(await projectAmount(p.id))).toBe(before);
    await s.approve('ProjectContract', key);
    expect(Number(await projectAmount(p.id))).toBe(before + 3000);

    const supplement = (amount: string) =>
      s.contractBody(amount, { contractType: 'SUPPLEMENT', parentContractId: key }, []);
    const { key: plus } = s.ok(await s.post('/api/ProjectContract/add', await supplement('500.00')));
    await s.approve('ProjectContract', plus);
    expect((await s.contractRow(key)).total).toBe('3500.00');
    expect(Number(await projectAmount(p.id))).toBe(before + 3500);

    const { key: minus } = s.ok(await s.post('/api/ProjectContract/add', await supplement('-200.00')));
    await s.approve('ProjectContract', minus);
    expect((await s.contractRow(key)).total).toBe('3300.00');
    expect(Number(await projectAmount(p.id))).toBe(before + 3300);

    s.ok(await s.setStatus('ProjectContract', 'sales_contracts', minus, 'CANCELLED'));
    expect((await s.contractRow(key)).total).toBe('3500.00');
    expect(Number(await projectAmount(p.id))).toBe(before + 3500);
  });

  it('refuses a supplement without a parent, and one bringing the contract below what is invoiced', async () => {
    const noParent = await s.contractBody('100.00', { contractType: 'SUPPLEMENT' }, []);
    expect(refusal(await s.post('/api/ProjectContract/add', noParent))).toBe(
      'A SUPPLEMENT contract names the contract it amends',
    );
    const key = await s.signedContract('1000.00');
    await s.issuedInvoice(key, '600.00');
    const deep = await s.contractBody('-400.01', { contractType: 'SUPPLEMENT', parentContractId: key }, []);
    const { key: tooDeep } = s.ok(await s.post('/api/ProjectContract/add', deep));
    const code = (await s.one<{ code: string }>(sql`select code from sales_contracts where id = ${key}`)).code;
    expect(refusal(await s.post('/api/ProjectContract/submit', { keys: [tooDeep] }))).toBe(
      `The supplement would bring contract ${code} to 599.99, below the 600.00 already invoiced or received`,
    );
    const exact = await s.contractBody('-400.00', { contractType: 'SUPPLEMENT', parentContractId: key }, []);
    const { key: atFloor } = s.ok(await s.post('/api/ProjectContract/add', exact));
    await s.approve('ProjectContract', atFloor);
    expect((await s.contractRow(key)).total).toBe('600.00');
  });
});

describe('C4 and C5: once money has moved', () => {
  it('refuses cancelling a contract with issued invoices; cancels one without', async () => {
    const used = await s.signedContract('1000.00');
    await s.issuedInvoice(used, '100.00');
    expect(refusal(await s.setStatus('ProjectContract', 'sales_contracts', used, 'CANCELLED'))).toBe(
      'The contract has 1 issued or approved invoice(s) and 0 confirmed receipt(s): it cannot be cancelled',
    );
    const unused = await s.signedContract('1000.00');
    expect((await s.setStatus('ProjectContract', 'sales_contracts', unused, 'CANCELLED')).statusCode).toBe(200);
  });

  it('refuses changing a term an invoice names', async () => {
    const key = await s.signedContract('1000.00');
    const term = await s.one<{ id: number; version: number }>(
      sql`select id, version from contract_payment_terms where contract_id = ${key} order by seq limit 1`,
    );
    await s.issuedInvoice(key, '300.00', { paymentTermId: term.id });
    // The approval lock answers first; with it lifted (a draft again), C5 still holds the term.
    await t.database.db.execute(sql`update sales_contracts set audit_status = 0 where id = ${key}`);
    const res = await s.post('/api/ProjectContract/update', {
      mainData: { id: key, version: await s.version('sales_contracts', key) },
      detailData: { ContractPaymentTerm: [{ id: term.id, version: term.version, percent: '25' }] },
    });
    expect(refusal(res)).toBe('Payment term 1 (Term 1) has invoices or receipts linked to it: it cannot change');
  });
});

describe('pm, on its own projects only', () => {
  const pmContracts = () =>
    queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select c.id, c.code from sales_contracts c where c.deleted_at is null and c.project_id in
            (select m.project_id from project_members m join users u on u.id = m.user_id where u.user_key = 'pm')`,
    );

  it('lists, opens and exports the contracts of its own projects', async () => {
    const mine = await pmContracts();
    const all = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sales_contracts`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all[0]?.n ?? 0);
    const page = body(await s.post('/api/ProjectContract/getPageData', { rows: 500 }, t.pm)).data as PageResult;
    expect(page.rows.map((r) => r.id).sort()).toEqual(mine.map((r) => r.id).sort());

    const other = await s.one<{ id: number }>(
      sql`select id from sales_contracts where id not in (${sql.join(
        mine.map((r) => sql`${r.id}`),
        sql`, `,
      )}) limit 1`,
    );
    const detail = (id: number) =>
      s.post('/api/ProjectContract/getDetailPage', { detail: 'ContractPaymentTerm', value: id }, t.pm);
    expect((await detail(other.id)).statusCode).toBe(404);
    const own = await detail(mine[0]?.id ?? 0);
    expect(own.statusCode).toBe(200);
    expect((body(own).data as PageResult).rows.length).toBeGreaterThan(0);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/ProjectContract/export',
      payload: {},
      headers: bearer(t.pm),
    });
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(exported.rawPayload).buffer);
    const codes: string[] = [];
    wb.worksheets[0]?.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes.sort()).toEqual(mine.map((r) => r.code).sort());
  });

  it("may add and submit on its own project, not on another's, and may not approve", async () => {
    const own = await s.project('DELIVERY', true);
    const { key } = s.ok(
      await s.post('/api/ProjectContract/add', await s.contractBody('800.00', { projectId: own.id }), t.pm),
    );
    expect((await s.post('/api/ProjectContract/submit', { keys: [key] }, t.pm)).statusCode).toBe(200);
    expect((await s.post('/api/ProjectContract/audit', { keys: [key], status: 1, reason: '' }, t.pm)).statusCode).toBe(
      403,
    );
    const foreign = await s.project('DELIVERY', false);
    const res = await s.post(
      '/api/ProjectContract/add',
      await s.contractBody('800.00', { projectId: foreign.id }),
      t.pm,
    );
    // Refused on the field, as a project that does not exist would be.
    expect([res.statusCode, body(res).message]).toEqual([400, 'mainData.projectId: not found']);
  });
});

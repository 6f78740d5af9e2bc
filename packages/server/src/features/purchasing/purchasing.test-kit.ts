import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { allowSelfApproval, bearer, body, createTestApp, type TestApp } from '../../test/helper.ts';
import { madeInBeforeAll } from '../../test/use-test-app.ts';

/**
 * The purchasing chain built through the API, one fresh approved project per scenario, so each test's
 * sums start from nothing: project → budget → request → contract → receipt → invoice → payment.
 */

type Lines = Record<string, unknown>[];

export async function purchasingKit() {
  const t: TestApp = await createTestApp();
  const admin = await t.login('admin', 'Admin@2026');
  const pm = await t.login('pm', 'Pm@2026');
  const first = async (query: SQL) => (await queryRows<{ id: number }>(t.database.db, query))[0]?.id ?? 0;
  const ids = {
    customer: await first(sql`select id from customers order by code limit 1`),
    org: await first(sql`select id from organizations where code = 'PMO'`),
    pmEmployee: await first(sql`select e.id from employees e join users u on u.id = e.user_id where u.user_key = 'pm'`),
    employee: await first(
      sql`select id from employees where status = 'active' and user_id is null order by code limit 1`,
    ),
    supplier: await first(sql`select id from suppliers order by code limit 1`),
    otherSupplier: await first(sql`select id from suppliers order by code offset 1 limit 1`),
  };
  let serial = 0;

  const post = (url: string, payload: unknown, token = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
  const ok = async (res: Promise<LightMyRequestResponse> | LightMyRequestResponse) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return body(r).data as { key: number; count: number };
  };
  const refused = async (res: Promise<LightMyRequestResponse> | LightMyRequestResponse, status = 422) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return body(r).message;
  };
  const row = async (table: string, id: number) =>
    (
      await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select * from ${sql.identifier(table)} where id = ${id}`,
      )
    )[0] ?? {};
  const rows = (query: SQL) => queryRows<Record<string, unknown>>(t.database.db, query);
  const versionOf = async (table: string, id: number) => Number((await row(table, id)).version);

  const add = (entity: string, mainData: Record<string, unknown>, detail?: [string, Lines], token = admin) =>
    post(`/api/${entity}/add`, { mainData, detailData: detail ? { [detail[0]]: detail[1] } : {} }, token);
  const update = async (entity: string, table: string, id: number, mainData: Record<string, unknown>, token = admin) =>
    post(`/api/${entity}/update`, { mainData: { id, version: await versionOf(table, id), ...mainData } }, token);
  const submit = (entity: string, id: number, token = admin) => post(`/api/${entity}/submit`, { keys: [id] }, token);
  const approve = async (entity: string, id: number) => {
    await allowSelfApproval(t.app, admin);
    return post(`/api/${entity}/audit`, { keys: [id], status: 1, reason: '' });
  };
  const submitAndApprove = async (entity: string, id: number) => {
    await ok(submit(entity, id));
    await ok(approve(entity, id));
  };

  /** An approved delivery project managed by pm (so pm sees its documents). */
  async function project(managerId = ids.pmEmployee) {
    serial += 1;
    const { key } = await ok(
      add('ProjectInformation', {
        code: `PT-${serial}`,
        name: `Purchasing test ${serial}`,
        customerId: ids.customer,
        organizationId: ids.org,
        managerId,
        plannedStart: '2026-01-01',
        plannedEnd: '2027-06-30',
      }),
    );
    await submitAndApprove('ProjectInformation', key);
    return key;
  }

  /** An approved current budget; returns its id and its lines' ids in the given order. */
  async function budget(projectId: number, lines: Lines, extra: Record<string, unknown> = {}) {
    const { key } = await ok(add('ProjectBuget', { projectId, ...extra }, ['ProjectBudgetLine', lines]));
    await submitAndApprove('ProjectBuget', key);
    const ids = (await rows(sql`select id from project_budget_line where budget_id = ${key} order by id`)).map((r) =>
      Number(r.id),
    );
    return { id: key, lines: ids };
  }

  const requestBody = (projectId: number, lines: Lines) => ({
    mainData: { projectId, requesterId: ids.pmEmployee, requestDate: '2026-02-01', requiredDate: '2026-03-01' },
    lines: lines.map((l) => ({ itemName: 'Core switch', unit: 'set', ...l })),
  });

  async function request(projectId: number, lines: Lines, approveIt = true) {
    const b = requestBody(projectId, lines);
    const { key } = await ok(add('ProjectPurchase', b.mainData, ['PurchaseRequestLine', b.lines]));
    if (approveIt) await submitAndApprove('ProjectPurchase', key);
    return key;
  }

  const contractBody = (projectId: number, lines: Lines, supplierId = ids.supplier) => ({
    mainData: {
      projectId,
      supplierId,
      buyerId: ids.employee,
      signDate: '2026-02-10',
      promisedDate: '2026-03-10',
    },
    lines: lines.map((l) => ({ itemName: 'Core switch', unit: 'set', taxRate: '0', ...l })),
  });

  /** A contract, approved and (by default) signed; prices incl. tax, 0% tax unless a line says otherwise. */
  async function contract(projectId: number, lines: Lines, opts: { sign?: boolean; supplierId?: number } = {}) {
    const b = contractBody(projectId, lines, opts.supplierId);
    const { key } = await ok(add('PurchaseContract', b.mainData, ['PurchaseContractLine', b.lines]));
    await submitAndApprove('PurchaseContract', key);
    if (opts.sign !== false) await ok(update('PurchaseContract', 'purchase_contract', key, { status: 'SIGNED' }));
    return key;
  }

  const contractLines = async (contractId: number) =>
    (await rows(sql`select id from purchase_contract_line where contract_id = ${contractId} order by id`)).map((r) =>
      Number(r.id),
    );

  const receiptBody = (contractId: number, lines: Lines, status = 'CONFIRMED') => ({
    mainData: { purchaseContractId: contractId, arrivalDate: '2026-03-05', receiverId: ids.employee, status },
    lines: lines.map((l) => ({ rejectedQty: '0', deliveredQty: l.acceptedQty, ...l })),
  });
  const receipt = (contractId: number, lines: Lines, status = 'CONFIRMED', token = admin) => {
    const b = receiptBody(contractId, lines, status);
    return add('PurchaseArrival', b.mainData, ['PurchaseArrivalLine', b.lines], token);
  };

  const invoice = (contractId: number, amountExclTax: string, extra: Record<string, unknown> = {}) => {
    serial += 1;
    return add('PurchaseInvoice', {
      purchaseContractId: contractId,
      invoiceNo: `INV${serial}`,
      invoiceDate: '2026-03-06',
      receivedDate: '2026-03-07',
      amountExclTax,
      taxRate: '0',
      ...extra,
    });
  };

  /** A payment request, submitted and approved (what PP1 counts). */
  async function payment(contractId: number, requestedAmount: string, isAdvance = false) {
    const { key } = await ok(
      add('PurchasePayment', {
        purchaseContractId: contractId,
        requestedAmount,
        isAdvance,
        requestedBy: ids.employee,
        requestDate: '2026-03-08',
      }),
    );
    await submitAndApprove('PurchasePayment', key);
    return key;
  }
  const pay = (paymentId: number, paidAmount: string) =>
    update('PurchasePayment', 'supplier_payment', paymentId, {
      status: 'PAID',
      paidAmount,
      paidDate: '2026-03-09',
    });

  return {
    t,
    admin,
    pm,
    ids,
    post,
    ok,
    refused,
    row,
    rows,
    add,
    update,
    submit,
    approve,
    submitAndApprove,
    project,
    budget,
    requestBody,
    request,
    contractBody,
    contract,
    contractLines,
    receiptBody,
    receipt,
    invoice,
    payment,
    pay,
  };
}

export type PurchasingKit = Awaited<ReturnType<typeof purchasingKit>>;

/** The file's kit: made before its tests, its app closed after them. */
export function usePurchasingKit(): PurchasingKit {
  const kit = madeInBeforeAll(purchasingKit);
  afterAll(() => kit.t.close());
  return kit;
}

import { type SQL, sql } from 'drizzle-orm';
import { actAsTenant, queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/helper.ts';

/**
 * Test data written straight into the first tenant's tables (as the owner, bound to the tenant), so a
 * rule or a figure is tested on exactly the rows it reads, whatever the other parts' forms require.
 */
export type Row = Record<string, string | number | boolean | null>;

export function warningFixtures(t: TestApp) {
  const db = t.database.db;
  let tenantId = 0;
  let seq = 0;
  const run = <T>(query: SQL) =>
    db.transaction(async (tx) => {
      await actAsTenant(tx, tenantId);
      return queryRows<T>(tx, query);
    });
  const insert = async (table: string, row: Row): Promise<number> => {
    const entries = Object.entries({ tenant_id: tenantId, ...row });
    const [created] = await run<{ id: number }>(
      sql`insert into ${sql.identifier(table)} (${sql.join(
        entries.map(([k]) => sql.identifier(k)),
        sql`, `,
      )}) values (${sql.join(
        entries.map(([, v]) => sql`${v}`),
        sql`, `,
      )}) returning id`,
    );
    if (!created) throw new Error(`no ${table} row`);
    return created.id;
  };
  const update = (table: string, id: number, row: Row) =>
    run(
      sql`update ${sql.identifier(table)} set ${sql.join(
        Object.entries(row).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
        sql`, `,
      )} where id = ${id}`,
    );
  const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const code = (prefix: string) => `${prefix}${Date.now() % 100000}-${++seq}`;
  /** The Monday of the week before the clock's (the week W16 asks a report for), or `weeksBack` before it. */
  const mondayOfLastWeek = (weeksBack = 0) => day(-((t.clock.now().getUTCDay() + 6) % 7) - 7 * (1 + weeksBack));
  const ids = { customer: 0, org: 0, pmEmployee: 0, otherEmployee: 0, supplier: 0, pmUser: 0, adminUser: 0 };

  async function init() {
    const [tenant] = await queryRows<{ id: number }>(db, sql`select id from tenants where code = 'default'`);
    tenantId = tenant?.id ?? 0;
    const one = async (q: SQL) => (await run<{ id: number }>(q))[0]?.id ?? 0;
    ids.customer = await one(sql`select id from customers order by code limit 1`);
    ids.supplier = await one(sql`select id from suppliers order by code limit 1`);
    ids.org = await one(sql`select id from organizations where code = 'PMO'`);
    ids.pmUser = await one(sql`select id from users where user_key = 'pm'`);
    ids.adminUser = await one(sql`select id from users where user_key = 'admin'`);
    ids.pmEmployee = await one(sql`select id from employees where user_id = ${ids.pmUser}`);
    ids.otherEmployee = await one(
      sql`select id from employees where status = 'active' and user_id is null order by code limit 1`,
    );
  }

  /**
   * An approved delivery project under way, managed by pm (a member, so in pm's scope). It has submitted
   * its last two weekly reports, on track, unless `reports` is false: W16 and W17 stay quiet on whatever
   * weekday the tests run (from Tuesday a project started a month ago owes them).
   */
  async function project(row: Row = {}, { reports = true } = {}) {
    const managerId = (row.manager_id as number | undefined) ?? ids.pmEmployee;
    const id = await insert('projects', {
      code: code('WT'),
      name: 'Warning test project',
      type: 'DELIVERY',
      customer_id: ids.customer,
      organization_id: ids.org,
      manager_id: managerId,
      planned_start: day(-30),
      planned_end: day(200),
      actual_start: day(-30),
      status: 'IN_PROGRESS',
      stage: 'IMPLEMENTATION',
      progress_pct: 10,
      audit_status: 1,
      ...row,
    });
    await run(
      sql`insert into project_members (tenant_id, project_id, user_id)
          select ${tenantId}, ${id}, user_id from employees where id = ${managerId} and user_id is not null
          on conflict do nothing`,
    );
    if (reports)
      for (const weeksBack of [0, 1])
        await insert('weekly_report', {
          project_id: id,
          week_start: mondayOfLastWeek(weeksBack),
          status_flag: 'ON_TRACK',
          status: 'SUBMITTED',
          author_id: managerId,
        });
    return id;
  }

  const milestone = (projectId: number, row: Row = {}) =>
    insert('project_milestone', {
      project_id: projectId,
      name: 'Equipment on site',
      type: 'DELIVERY',
      baseline_date: day(10),
      planned_date: day(10),
      owner_id: ids.pmEmployee,
      status: 'IN_PROGRESS',
      ...row,
    });

  const salesContract = (projectId: number, row: Row = {}) =>
    insert('sales_contracts', {
      code: code('HT'),
      name: 'Test contract',
      project_id: projectId,
      customer_id: ids.customer,
      contract_type: 'SALES',
      sign_date: day(-60),
      amount_incl_tax: 1130,
      tax_rate: 13,
      amount_excl_tax: 1000,
      tax_amount: 130,
      total_amount: 1130,
      status: 'SIGNED',
      audit_status: 1,
      ...row,
    });

  const term = (contractId: number, row: Row = {}) =>
    insert('contract_payment_terms', {
      contract_id: contractId,
      seq: ++seq,
      name: 'Advance',
      term_type: 'ADVANCE',
      percent: 30,
      amount: 339,
      planned_date: day(5),
      ...row,
    });

  const invoice = (contractId: number, projectId: number, row: Row = {}) =>
    insert('sales_invoices', {
      code: code('KP'),
      contract_id: contractId,
      project_id: projectId,
      invoice_type: 'VAT_SPECIAL',
      invoice_no: code('N'),
      invoice_date: day(-10),
      buyer_name: 'Buyer',
      buyer_tax_no: '91310000MA1K0000X',
      amount_excl_tax: 100,
      tax_rate: 13,
      tax_amount: 13,
      amount_incl_tax: 113,
      credit_days: 0,
      status: 'ISSUED',
      audit_status: 1,
      ...row,
    });

  const receipt = (contractId: number, projectId: number, row: Row = {}) =>
    insert('customer_receipts', {
      code: code('HK'),
      contract_id: contractId,
      project_id: projectId,
      customer_id: ids.customer,
      receipt_date: day(-1),
      amount: 100,
      method: 'BANK_TRANSFER',
      status: 'CONFIRMED',
      ...row,
    });

  /** A budget (current and approved unless told) with one line per category given. */
  async function budget(projectId: number, lines: Row[], row: Row = {}) {
    const budgetId = await insert('project_budget', {
      code: code('YS'),
      project_id: projectId,
      version_no: ++seq,
      status: 'APPROVED',
      is_current: true,
      audit_status: 1,
      total_amount: lines.reduce((s, l) => s + Number(l.planned_amount ?? 0), 0),
      ...row,
    });
    const lineIds: number[] = [];
    for (const l of lines)
      lineIds.push(
        await insert('project_budget_line', {
          budget_id: budgetId,
          project_id: projectId,
          category: 'EQUIPMENT',
          ...l,
        }),
      );
    return { budgetId, lineIds };
  }

  const purchaseContract = (projectId: number, row: Row = {}) =>
    insert('purchase_contract', {
      code: code('CG'),
      project_id: projectId,
      supplier_id: ids.supplier,
      buyer_id: ids.pmEmployee,
      sign_date: day(-30),
      promised_date: day(-3),
      amount_excl_tax: 1000,
      tax_amount: 130,
      amount_incl_tax: 1130,
      status: 'SIGNED',
      audit_status: 1,
      ...row,
    });

  const purchaseLine = (contractId: number, projectId: number, budgetLineId: number, row: Row = {}) =>
    insert('purchase_contract_line', {
      contract_id: contractId,
      project_id: projectId,
      budget_line_id: budgetLineId,
      item_name: 'Core switch',
      unit: 'set',
      qty: 10,
      unit_price: 113,
      amount: 1130,
      amount_excl_tax: 1000,
      ...row,
    });

  const purchaseRequest = (projectId: number, row: Row = {}) =>
    insert('purchase_request', {
      code: code('SQ'),
      project_id: projectId,
      requester_id: ids.pmEmployee,
      request_date: day(-5),
      required_date: day(60),
      status: 'APPROVED',
      audit_status: 1,
      ...row,
    });

  const requestLine = (requestId: number, projectId: number, budgetLineId: number, row: Row = {}) =>
    insert('purchase_request_line', {
      request_id: requestId,
      project_id: projectId,
      budget_line_id: budgetLineId,
      item_name: 'Cable',
      unit: 'm',
      qty: 100,
      ...row,
    });

  /** A finished acceptance test that passed; a failed one names its own dates, result and status. */
  const acceptanceTest = (projectId: number, row: Row = {}) =>
    insert('acceptance_test', {
      code: code('YS'),
      project_id: projectId,
      test_type: 'SYSTEM_TEST',
      planned_date: day(-2),
      actual_end: day(-1),
      result: 'PASS',
      status: 'PASSED',
      ...row,
    });

  const purchaseInvoice = (contractId: number, projectId: number, row: Row = {}) =>
    insert('purchase_invoice', {
      purchase_contract_id: contractId,
      supplier_id: ids.supplier,
      project_id: projectId,
      invoice_no: code('PI'),
      invoice_date: day(-5),
      received_date: day(-5),
      amount_excl_tax: 100,
      tax_amount: 13,
      amount_incl_tax: 113,
      status: 'REGISTERED',
      ...row,
    });

  const supplierPayment = (contractId: number, projectId: number, row: Row = {}) =>
    insert('supplier_payment', {
      code: code('FK'),
      purchase_contract_id: contractId,
      supplier_id: ids.supplier,
      project_id: projectId,
      requested_amount: 500,
      requested_by: ids.pmEmployee,
      request_date: day(-3),
      paid_amount: 500,
      paid_date: day(-2),
      status: 'PAID',
      audit_status: 1,
      ...row,
    });

  return {
    ids,
    init,
    run,
    insert,
    update,
    day,
    code,
    mondayOfLastWeek,
    project,
    milestone,
    salesContract,
    term,
    invoice,
    receipt,
    budget,
    purchaseContract,
    purchaseLine,
    purchaseRequest,
    requestLine,
    acceptanceTest,
    purchaseInvoice,
    supplierPayment,
    tenantId: () => tenantId,
  };
}

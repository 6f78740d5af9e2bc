import type { PortfolioResult, ProjectFigures, SummaryCharts, SummaryOptions } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { useWarningFixtures } from '../../test/warnings.ts';

const t = useTestApp({ pm: true });
const f = useWarningFixtures(t);
let project: number;
beforeAll(async () => {
  project = await build();
});

const { get, post } = t;

/**
 * One project with every kind of document: a contract of 11,300.00 (10,000.00 excl. tax) and an approved
 * supplement of 1,130.00; two issued invoices (2,260.00 overdue by 40 days with 1,000.00 received, and
 * 1,130.00 not yet due) and a red invoice of −260.00 against the first; a confirmed receipt of 1,000.00
 * and a draft one; a purchase contract of 5,650.00 with an invoice of 1,130.00 and 800.00 paid; a budget
 * of 8,000.00; three milestones (reached, overdue, next).
 */
async function build() {
  const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 40 });
  const c = await f.salesContract(p, {
    amount_incl_tax: 11300,
    amount_excl_tax: 10000,
    tax_amount: 1300,
    total_amount: 12430,
  });
  await f.salesContract(p, {
    contract_type: 'SUPPLEMENT',
    parent_contract_id: c,
    status: 'APPROVED',
    amount_incl_tax: 1130,
    amount_excl_tax: 1000,
    tax_amount: 130,
  });
  await f.salesContract(p, { status: 'DRAFT', audit_status: 0, amount_incl_tax: 99999 });
  const overdue = await f.invoice(c, p, {
    invoice_date: f.day(-40),
    amount_excl_tax: 2000,
    tax_amount: 260,
    amount_incl_tax: 2260,
    received_amount: 1000,
  });
  await f.invoice(c, p, {
    invoice_date: f.day(-5),
    credit_days: 30,
    amount_excl_tax: 1000,
    tax_amount: 130,
    amount_incl_tax: 1130,
  });
  await f.invoice(c, p, {
    is_red: true,
    original_invoice_id: overdue,
    invoice_date: f.day(-3),
    amount_excl_tax: -230.09,
    tax_amount: -29.91,
    amount_incl_tax: -260,
  });
  await f.invoice(c, p, { status: 'DRAFT', invoice_no: null, audit_status: 0, amount_incl_tax: 5000 });
  await f.receipt(c, p, { amount: 1000 });
  await f.receipt(c, p, { amount: 777, status: 'DRAFT' });
  const { lineIds } = await f.budget(p, [
    { category: 'EQUIPMENT', planned_amount: 6000, committed_amount: 4000, actual_amount: 1000 },
    { category: 'LABOR', planned_amount: 2000, committed_amount: 0, actual_amount: 2500 },
  ]);
  const pc = await f.purchaseContract(p, { amount_excl_tax: 5000, tax_amount: 650, amount_incl_tax: 5650 });
  await f.purchaseContract(p, { status: 'DRAFT', audit_status: 0, amount_incl_tax: 88888 });
  await f.purchaseLine(pc, p, lineIds[0] ?? 0, { qty: 50, unit_price: 113, amount: 5650, amount_excl_tax: 5000 });
  await f.purchaseInvoice(pc, p, { amount_excl_tax: 1000, tax_amount: 130, amount_incl_tax: 1130 });
  await f.supplierPayment(pc, p, { requested_amount: 800, paid_amount: 800 });
  await f.supplierPayment(pc, p, { requested_amount: 300, paid_amount: null, paid_date: null, status: 'APPROVED' });
  await f.milestone(p, {
    status: 'REACHED',
    baseline_date: f.day(-50),
    planned_date: f.day(-45),
    actual_date: f.day(-44),
  });
  await f.milestone(p, { name: 'Installed', baseline_date: f.day(-20), planned_date: f.day(-10) });
  await f.milestone(p, { name: 'Preliminary acceptance', baseline_date: f.day(20), planned_date: f.day(20) });
  await post('/api/ProjectWarning/evaluate', { projectId: p });
  return p;
}

describe('one project’s figures', () => {
  it('equal the amounts of its documents', async () => {
    const res = await get(`/api/ProjectSummary/project?id=${project}`);
    expect(res.statusCode, res.body).toBe(200);
    const fig = body(res).data as ProjectFigures;
    expect(fig).toMatchObject({
      contractAmount: '12430.00',
      contractExclTax: '11000.00',
      invoicedAmount: '3130.00',
      receivedAmount: '1000.00',
      receivableAmount: '2130.00',
      overdueReceivable: '1000.00',
      uninvoicedAmount: '9300.00',
      committedAmount: '5650.00',
      supplierInvoiced: '1130.00',
      paidAmount: '800.00',
      payableAmount: '330.00',
      budgetPlanned: '8000.00',
      budgetCommitted: '4000.00',
      budgetActual: '3500.00',
      budgetAvailable: '500.00',
      budgetUsagePct: 93.8,
      actualCost: '1000.00',
      netCash: '200.00',
      milestonesTotal: 3,
      milestonesReached: 1,
      milestonesOverdue: 1,
      maxSlipDays: 20,
      nextMilestone: 'Installed',
      nextMilestoneDate: f.day(-10),
    });
    // Revenue recognised = invoiced excl. tax (2,000.00 + 1,000.00 − 230.09); planned margin against the
    // 8,000.00 budget; forecast against the larger of plan and use per line (5,000 + 2,500 → 6,000 + 2,500).
    expect(fig.revenueRecognised).toBe('2769.91');
    expect(fig.grossMargin).toBe('1769.91');
    expect(fig.plannedMargin).toBe('3000.00');
    expect(fig.forecastMargin).toBe('2500.00');
    expect(fig.invoicedPct).toBe(25.2);
    expect(fig.receivedPct).toBe(8);
    // The same sums read straight from the tables.
    const [db] = await f.run<Record<string, string>>(
      sql`select
        (select sum(amount_incl_tax) from sales_contracts where project_id = ${project} and status in ('APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED'))::text as contract,
        (select sum(amount_incl_tax) from sales_invoices where project_id = ${project} and status in ('ISSUED', 'REVERSED'))::text as invoiced,
        (select sum(amount) from customer_receipts where project_id = ${project} and status = 'CONFIRMED')::text as received,
        (select sum(paid_amount) from supplier_payment where project_id = ${project} and status = 'PAID')::text as paid`,
    );
    expect([fig.contractAmount, fig.invoicedAmount, fig.receivedAmount, fig.paidAmount]).toEqual([
      db?.contract,
      db?.invoiced,
      db?.received,
      db?.paid,
    ]);
    expect(fig.warningsCritical + fig.warningsWarning + fig.warningsInfo).toBe(fig.openWarnings);
    expect(fig.openWarnings).toBeGreaterThan(0);
  });

  it('draws its charts from the same documents', async () => {
    const res = await post('/api/ProjectSummary/charts', { projectId: project });
    expect(res.statusCode, res.body).toBe(200);
    const charts = body(res).data as SummaryCharts;
    expect(charts.money).toEqual([
      expect.objectContaining({ contract: '12430.00', invoiced: '3130.00', received: '1000.00', paid: '800.00' }),
    ]);
    expect(charts.budgetByCategory).toEqual([
      { category: 'EQUIPMENT', planned: '6000.00', committed: '4000.00', actual: '1000.00' },
      { category: 'LABOR', planned: '2000.00', committed: '0.00', actual: '2500.00' },
    ]);
    // The overdue invoice: 2,260.00 − 1,000.00 received − 260.00 red = 1,000.00, 40 days late; the other not due.
    expect(charts.ageing).toEqual([
      { bucket: 'notDue', amount: '1130.00' },
      { bucket: 'd0to30', amount: '0.00' },
      { bucket: 'd31to60', amount: '1000.00' },
      { bucket: 'd61to90', amount: '0.00' },
      { bucket: 'd90plus', amount: '0.00' },
    ]);
    expect(charts.milestones).toEqual({ reached: 1, open: 1, overdue: 1 });
    expect(charts.timeline.map((m) => m.overdue)).toEqual([false, true, false]);
  });
});

describe('the portfolio', () => {
  const portfolio = async (payload: unknown, token = t.admin) => {
    const res = await post('/api/ProjectSummary/portfolio', payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as PortfolioResult;
  };

  it('shows pm only its projects, in the table, the KPIs, the charts and one project’s figures', async () => {
    const others = await f.project({ manager_id: f.ids.otherEmployee });
    const mine = await portfolio({ rows: 200 }, t.pm);
    const members = await f.run<{ id: number }>(
      sql`select pm.project_id as id from project_members pm join projects p on p.id = pm.project_id
          where pm.user_id = ${f.ids.pmUser} and p.deleted_at is null`,
    );
    expect(mine.rows.map((r) => r.id).sort()).toEqual(members.map((m) => m.id).sort());
    expect(mine.total).toBe(members.length);
    const all = await portfolio({ rows: 1 });
    const [count] = await f.run<{ n: number }>(sql`select count(*)::int as n from projects where deleted_at is null`);
    expect(all.total).toBe(count?.n);
    expect(Number(all.kpis.contractAmount)).toBeGreaterThanOrEqual(Number(mine.kpis.contractAmount));
    expect((await get(`/api/ProjectSummary/project?id=${others}`, t.pm)).statusCode).toBe(404);
    expect((await post('/api/ProjectSummary/charts', { projectId: others }, t.pm)).statusCode).toBe(404);
    const options = body(await get('/api/ProjectSummary/options', t.pm)).data as SummaryOptions;
    expect(options.managers.map((o) => o.value)).not.toContain(f.ids.otherEmployee);
  });

  it('sums the KPIs over the filtered projects and pages and sorts on the server', async () => {
    const byContract = await portfolio({ rows: 200, sort: 'contractAmount', order: 'desc' });
    const amounts = byContract.rows.map((r) => Number(r.contractAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const second = await portfolio({ rows: 3, page: 2, sort: 'contractAmount', order: 'desc' });
    expect(second.rows.map((r) => r.id)).toEqual(byContract.rows.slice(3, 6).map((r) => r.id));
    const sum = byContract.rows.reduce((s, r) => s + Math.round(Number(r.receivedAmount) * 100), 0);
    expect(Math.round(Number(byContract.kpis.receivedAmount) * 100)).toBe(sum);
    const managed = await portfolio({ rows: 200, filters: { managerId: f.ids.pmEmployee, type: 'DELIVERY' } });
    expect(managed.rows.length).toBeGreaterThan(0);
    expect(managed.rows.every((r) => r.type === 'DELIVERY')).toBe(true);
    expect(managed.rows.map((r) => r.id)).toContain(project);
    const bad = await post('/api/ProjectSummary/portfolio', { sort: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives KPIs equal to the sums of every project’s figures, computed per source in one pass', async () => {
    for (const [token, filters] of [
      [t.admin, {}],
      [t.admin, { type: 'OM' }],
      [t.admin, { type: 'DELIVERY', health: 'GREEN' }],
      [t.pm, {}],
    ] as const) {
      const all = await portfolio({ rows: 200, filters }, token);
      expect(all.total).toBeLessThanOrEqual(200);
      const cents = (field: keyof ProjectFigures) =>
        all.rows.reduce((sum, r) => sum + Math.round(Number(r[field]) * 100), 0);
      const pairs = [
        ['contractAmount', 'contractAmount'],
        ['invoicedAmount', 'invoicedAmount'],
        ['receivedAmount', 'receivedAmount'],
        ['receivableAmount', 'receivableAmount'],
        ['overdueReceivable', 'overdueReceivable'],
        ['committedAmount', 'committedAmount'],
        ['paidAmount', 'paidAmount'],
        ['budgetPlanned', 'budgetPlanned'],
        ['budgetCommitted', 'budgetCommitted'],
        ['budgetActual', 'budgetActual'],
      ] as const;
      for (const [kpi, field] of pairs)
        expect([kpi, Math.round(Number(all.kpis[kpi]) * 100)]).toEqual([kpi, cents(field)]);
      expect(all.kpis.openWarnings).toBe(all.rows.reduce((n, r) => n + r.openWarnings, 0));
      expect(all.kpis.redProjects).toBe(all.rows.filter((r) => r.health === 'RED').length);
      const revenue = cents('revenueRecognised');
      const margin = cents('grossMargin');
      expect(all.kpis.grossMarginPct).toBe(revenue === 0 ? null : Math.round((margin / revenue) * 1000) / 10);
    }
  });

  it('pages through the same order as the whole list, whichever figure it sorts on', async () => {
    for (const sort of ['contractAmount', 'receivableAmount', 'budgetUsagePct', 'forecastMarginPct', 'name'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const whole = await portfolio({ rows: 200, sort, order });
        const page = await portfolio({ rows: 4, page: 2, sort, order });
        expect(page.rows).toEqual(whole.rows.slice(4, 8));
        expect(page.kpis).toEqual(whole.kpis);
      }
    }
  });
});

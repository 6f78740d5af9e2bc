import type { WarningEvaluation } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { useWarningFixtures } from '../../test/warnings.ts';

const t = useTestApp();
const f = useWarningFixtures(t);

const { post } = t;

async function evaluate(projectId: number) {
  const res = await post('/api/ProjectWarning/evaluate', { projectId });
  expect(res.statusCode, res.body).toBe(200);
  const result = body(res).data as WarningEvaluation;
  expect(result.failed).toEqual([]);
  return result;
}

type Warning = { target_type: string; target_id: number; severity: string; status: string; note: string | null };
const warningsOf = (projectId: number, rule: string) =>
  f.run<Warning>(
    sql`select target_type, target_id, severity, status, note from project_warning
        where project_id = ${projectId} and rule_code = ${rule} order by id`,
  );

/** Evaluates, then expects exactly one live warning of the rule on the target, with this severity. */
async function expectFires(projectId: number, rule: string, target: [string, number], severity: string) {
  await evaluate(projectId);
  const live = (await warningsOf(projectId, rule)).filter((w) => w.status !== 'RESOLVED');
  expect(live.map((w) => [w.target_type, w.target_id, w.severity, w.status])).toEqual([
    [target[0], target[1], severity, 'OPEN'],
  ]);
}

/** Evaluates, then expects the rule's warnings on the project all resolved by the evaluator. */
async function expectCleared(projectId: number, rule: string) {
  await evaluate(projectId);
  const all = await warningsOf(projectId, rule);
  expect(all.length).toBeGreaterThan(0);
  expect(all.map((w) => [w.status, w.note])).toEqual(all.map(() => ['RESOLVED', 'auto']));
}

describe('schedule rules', () => {
  it('W01 fires for a milestone due within its reminder days, by days left, and clears when replanned', async () => {
    const p = await f.project();
    const m = await f.milestone(p, { planned_date: f.day(2), baseline_date: f.day(2), reminder_days: 7 });
    await expectFires(p, 'W01', ['MILESTONE', m], 'WARNING');
    await f.update('project_milestone', m, { planned_date: f.day(6), baseline_date: f.day(6) });
    await expectFires(p, 'W01', ['MILESTONE', m], 'INFO');
    await f.update('project_milestone', m, { planned_date: f.day(20), baseline_date: f.day(20) });
    await expectCleared(p, 'W01');
  });

  it('W02 fires for an overdue milestone, CRITICAL when key, and clears once reached', async () => {
    const p = await f.project();
    const m = await f.milestone(p, { planned_date: f.day(-3), baseline_date: f.day(-3) });
    await expectFires(p, 'W02', ['MILESTONE', m], 'WARNING');
    await f.update('project_milestone', m, { is_key: true });
    await expectFires(p, 'W02', ['MILESTONE', m], 'CRITICAL');
    await f.update('project_milestone', m, { status: 'REACHED', actual_date: f.day(-1) });
    await expectCleared(p, 'W02');
  });

  it('W03 fires for a milestone replanned past its baseline and clears when back on it', async () => {
    const p = await f.project();
    const m = await f.milestone(p, { baseline_date: f.day(20), planned_date: f.day(30) });
    await expectFires(p, 'W03', ['MILESTONE', m], 'INFO');
    await f.update('project_milestone', m, { planned_date: f.day(60) });
    await expectFires(p, 'W03', ['MILESTONE', m], 'WARNING');
    await f.update('project_milestone', m, { planned_date: f.day(20) });
    await expectCleared(p, 'W03');
  });

  it('W04 fires for a project past its planned end and clears when the final acceptance passes', async () => {
    const p = await f.project({ planned_start: f.day(-200), planned_end: f.day(-1) });
    await expectFires(p, 'W04', ['PROJECT', p], 'CRITICAL');
    await f.acceptanceTest(p, { test_type: 'FINAL' });
    await expectCleared(p, 'W04');
  });

  it('W05 fires when progress lags elapsed time and clears when progress catches up', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 10 });
    await expectFires(p, 'W05', ['PROJECT', p], 'CRITICAL');
    await f.update('projects', p, { progress_pct: 30 });
    await expectFires(p, 'W05', ['PROJECT', p], 'WARNING');
    await f.update('projects', p, { progress_pct: 45 });
    await expectCleared(p, 'W05');
  });

  it('W20 fires for a failed acceptance test and clears when a later one of its type passes', async () => {
    const p = await f.project();
    const failed = await f.acceptanceTest(p, {
      planned_date: f.day(-10),
      actual_end: f.day(-9),
      result: 'FAIL',
      status: 'FAILED',
    });
    await expectFires(p, 'W20', ['ACCEPTANCE_TEST', failed], 'WARNING');
    await f.acceptanceTest(p);
    await expectCleared(p, 'W20');
  });
});

describe('reporting rules', () => {
  it('W16 fires when the last two weekly reports are missing (grace 0 days) and clears once they are in', async () => {
    const rules = body(
      await t.app.inject({ method: 'GET', url: '/api/ProjectWarning/rules', headers: bearer(t.admin) }),
    ).data as { id: number; code: string; version: number }[];
    const w16 = rules.find((r) => r.code === 'W16');
    const saved = await post('/api/ProjectWarning/saveRule', {
      id: w16?.id,
      version: w16?.version,
      enabled: true,
      params: { graceDays: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const p = await f.project({ planned_start: f.day(-60), actual_start: f.day(-60) }, { reports: false });
    await expectFires(p, 'W16', ['PROJECT', p], 'CRITICAL');
    const report = { project_id: p, status_flag: 'ON_TRACK', status: 'SUBMITTED', author_id: f.ids.pmEmployee };
    await f.insert('weekly_report', { ...report, week_start: f.mondayOfLastWeek(1) });
    await expectFires(p, 'W16', ['PROJECT', p], 'WARNING');
    await f.insert('weekly_report', { ...report, week_start: f.mondayOfLastWeek() });
    await expectCleared(p, 'W16');
  });

  it('W17 fires on the latest submitted report’s flag and clears when it is back on track', async () => {
    const p = await f.project({}, { reports: false });
    const r = await f.insert('weekly_report', {
      project_id: p,
      week_start: f.mondayOfLastWeek(),
      status_flag: 'OFF_TRACK',
      status: 'SUBMITTED',
      author_id: f.ids.pmEmployee,
    });
    await expectFires(p, 'W17', ['PROJECT', p], 'CRITICAL');
    await f.update('weekly_report', r, { status_flag: 'AT_RISK' });
    await expectFires(p, 'W17', ['PROJECT', p], 'WARNING');
    await f.update('weekly_report', r, { status_flag: 'ON_TRACK' });
    await expectCleared(p, 'W17');
  });
});

describe('sales rules', () => {
  it('W09 fires for an overdue invoice by days late and clears once it is received', async () => {
    const p = await f.project();
    const c = await f.salesContract(p);
    const inv = await f.invoice(c, p, { invoice_date: f.day(-10) });
    await expectFires(p, 'W09', ['INVOICE', inv], 'WARNING');
    await f.update('sales_invoices', inv, { invoice_date: f.day(-40) });
    await expectFires(p, 'W09', ['INVOICE', inv], 'CRITICAL');
    await f.update('sales_invoices', inv, { received_amount: 113 });
    await expectCleared(p, 'W09');
  });

  it('W10 fires for a payment term due but not invoiced and clears once invoiced', async () => {
    const p = await f.project();
    const c = await f.salesContract(p);
    const term = await f.term(c, { planned_date: f.day(-1) });
    await expectFires(p, 'W10', ['PAYMENT_TERM', term], 'WARNING');
    await f.update('contract_payment_terms', term, { invoiced_amount: 339 });
    await expectCleared(p, 'W10');
  });

  it('W11 fires for a payment term due within its reminder days and clears once received', async () => {
    const p = await f.project();
    const c = await f.salesContract(p);
    const term = await f.term(c, { planned_date: f.day(3), remind_days: 7 });
    await expectFires(p, 'W11', ['PAYMENT_TERM', term], 'INFO');
    await f.update('contract_payment_terms', term, { received_amount: 339, invoiced_amount: 339 });
    await expectCleared(p, 'W11');
  });

  it('W19 fires for work past 30 days without a signed contract and clears once one is signed', async () => {
    const p = await f.project({ actual_start: f.day(-40) });
    await expectFires(p, 'W19', ['PROJECT', p], 'WARNING');
    await f.salesContract(p);
    await expectCleared(p, 'W19');
  });

  it('W21 fires before the warranty ends with retention to collect and clears once received', async () => {
    const p = await f.project({ status: 'WARRANTY', stage: 'WARRANTY', warranty_end: f.day(10) });
    const c = await f.salesContract(p, { status: 'IN_EXECUTION' });
    const term = await f.term(c, { term_type: 'WARRANTY', name: 'Retention', planned_date: f.day(40), amount: 113 });
    await expectFires(p, 'W21', ['PAYMENT_TERM', term], 'INFO');
    await f.update('contract_payment_terms', term, { received_amount: 113, invoiced_amount: 113 });
    await expectCleared(p, 'W21');
  });
});

describe('cost and purchasing rules', () => {
  it('W06 fires on budget line usage by threshold and on a budget above the contract, and clears', async () => {
    const p = await f.project();
    await f.salesContract(p);
    const { budgetId, lineIds } = await f.budget(p, [{ planned_amount: 100, committed_amount: 85 }]);
    const line = lineIds[0] ?? 0;
    await expectFires(p, 'W06', ['BUDGET_LINE', line], 'INFO');
    await f.update('project_budget_line', line, { committed_amount: 95 });
    await expectFires(p, 'W06', ['BUDGET_LINE', line], 'WARNING');
    await f.update('project_budget_line', line, { committed_amount: 60, actual_amount: 40 });
    await expectFires(p, 'W06', ['BUDGET_LINE', line], 'CRITICAL');
    await f.update('project_budget_line', line, { committed_amount: 10, actual_amount: 0 });
    await expectCleared(p, 'W06');
    await f.update('project_budget', budgetId, { total_amount: 1000.01 });
    await expectFires(p, 'W06', ['BUDGET', budgetId], 'CRITICAL');
    await f.update('project_budget', budgetId, { total_amount: 1000 });
    await expectCleared(p, 'W06');
  });

  it('W07 fires when the forecast margin is below target, CRITICAL below zero, and clears', async () => {
    const p = await f.project();
    await f.salesContract(p);
    const { lineIds } = await f.budget(p, [{ planned_amount: 900 }]);
    const line = lineIds[0] ?? 0;
    await expectFires(p, 'W07', ['PROJECT', p], 'WARNING');
    await f.update('project_budget_line', line, { committed_amount: 1100 });
    await expectFires(p, 'W07', ['PROJECT', p], 'CRITICAL');
    await f.update('project_budget_line', line, { committed_amount: 0, planned_amount: 800 });
    await expectCleared(p, 'W07');
  });

  it('W08 fires for approved purchases without a current budget and clears once a budget is approved', async () => {
    const p = await f.project();
    const { lineIds } = await f.budget(p, [{ planned_amount: 100 }], { status: 'DRAFT', is_current: false });
    await f.requestLine(await f.purchaseRequest(p), p, lineIds[0] ?? 0);
    await expectFires(p, 'W08', ['PROJECT', p], 'WARNING');
    await f.budget(p, [{ planned_amount: 1000 }]);
    await expectCleared(p, 'W08');
  });

  it('W12 fires for a late purchase line, CRITICAL past 7 days, and clears once accepted', async () => {
    const p = await f.project();
    const { lineIds } = await f.budget(p, [{ planned_amount: 5000 }]);
    const pc = await f.purchaseContract(p, { promised_date: f.day(-3) });
    const line = await f.purchaseLine(pc, p, lineIds[0] ?? 0);
    await expectFires(p, 'W12', ['PURCHASE_LINE', line], 'WARNING');
    await f.update('purchase_contract', pc, { promised_date: f.day(-10) });
    await expectFires(p, 'W12', ['PURCHASE_LINE', line], 'CRITICAL');
    await f.update('purchase_contract_line', line, { accepted_qty: 10, received_qty: 10 });
    await expectCleared(p, 'W12');
  });

  it('W13 fires for a request line not ordered within the lead time and clears once ordered', async () => {
    const p = await f.project();
    const { lineIds } = await f.budget(p, [{ planned_amount: 5000 }]);
    const request = await f.purchaseRequest(p, { required_date: f.day(5) });
    const line = await f.requestLine(request, p, lineIds[0] ?? 0, { item_name: 'Rack', unit: 'set', qty: 5 });
    await expectFires(p, 'W13', ['REQUEST_LINE', line], 'WARNING');
    await f.update('purchase_request_line', line, { ordered_qty: 5 });
    await expectCleared(p, 'W13');
  });

  it('W14 fires for payments ahead of invoices, or of the customer on back-to-back, and clears', async () => {
    const p = await f.project();
    const pc = await f.purchaseContract(p);
    await f.supplierPayment(pc, p, { paid_amount: 500, requested_amount: 500 });
    await expectFires(p, 'W14', ['PURCHASE_CONTRACT', pc], 'WARNING');
    await f.purchaseInvoice(pc, p, { amount_excl_tax: 500, tax_amount: 0, amount_incl_tax: 500 });
    await expectCleared(p, 'W14');
    // Back-to-back: 500 of 1130 paid (44%) while the customer paid nothing of its contract.
    await f.update('purchase_contract', pc, { back_to_back: true });
    const sc = await f.salesContract(p);
    await expectFires(p, 'W14', ['PURCHASE_CONTRACT', pc], 'WARNING');
    await f.update('sales_contracts', sc, { received_amount: 565 });
    await expectCleared(p, 'W14');
  });

  it('W15 fires for accepted goods not invoiced after 30 days and clears once invoiced', async () => {
    const p = await f.project();
    const { lineIds } = await f.budget(p, [{ planned_amount: 5000 }]);
    const pc = await f.purchaseContract(p);
    const line = await f.purchaseLine(pc, p, lineIds[0] ?? 0, { accepted_qty: 2, received_qty: 2 });
    const receipt = await f.insert('goods_receipt', {
      code: f.code('DH'),
      purchase_contract_id: pc,
      project_id: p,
      supplier_id: f.ids.supplier,
      arrival_date: f.day(-40),
      receiver_id: f.ids.pmEmployee,
      status: 'CONFIRMED',
    });
    await f.insert('goods_receipt_line', {
      receipt_id: receipt,
      project_id: p,
      contract_line_id: line,
      delivered_qty: 2,
      accepted_qty: 2,
    });
    await expectFires(p, 'W15', ['PURCHASE_CONTRACT', pc], 'INFO');
    await f.purchaseInvoice(pc, p, { amount_excl_tax: 200, tax_amount: 26, amount_incl_tax: 226 });
    await expectCleared(p, 'W15');
  });
});

describe('O&M rules', () => {
  it('W18 fires as the service end nears, CRITICAL once expired, and clears with an approved renewal', async () => {
    const om = { type: 'OM', status: 'ACTIVE', stage: 'WARRANTY', service_start: f.day(-300), service_end: f.day(20) };
    const p = await f.project(om);
    await expectFires(p, 'W18', ['PROJECT', p], 'WARNING');
    await f.update('projects', p, { service_end: f.day(-2), status: 'EXPIRED' });
    await expectFires(p, 'W18', ['PROJECT', p], 'CRITICAL');
    await f.project({ ...om, service_start: f.day(-1), service_end: f.day(364), renewal_of_id: p });
    await expectCleared(p, 'W18');
  });
});

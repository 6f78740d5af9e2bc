import type { Locator, Page } from '@playwright/test';
import { setSelfApproval } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import {
  choose,
  dataRows,
  dialog,
  openSelectList,
  pickReference,
  saveNumbered,
  toast,
  toolbarDialog,
  typeDate,
} from '../grid-helpers.ts';
import { addLine, approve, fillProject, onlyRow, submitForApproval } from '../project-documents.ts';

/**
 * One project through its whole life, every step typed into the screens as a user would: a new
 * customer, the project approved, a contract with two payment terms, a budget, a purchase request,
 * a purchase contract, the goods' arrival, the supplier's invoice and its payment, our invoice to the
 * customer and the money received, the final acceptance, a weekly report. Then /ProjectSummary,
 * filtered to the new customer, must show exactly the amounts entered.
 */

/**
 * Opens a grid screen and waits for its own heading: right after a hash change the previous screen's
 * grid is still on the page for a moment, and its Add button would be the one clicked.
 */
async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(page.getByTestId('grid-total')).toBeVisible();
}

/** Opens a grid screen and its Add dialog (`title`: what the dialog adds). */
async function startAdding(page: Page, path: string, heading: string, title: string) {
  await openScreen(page, path, heading);
  return toolbarDialog(page, 'Add', `Add ${title}`);
}

/** Types into a reference select and expects exactly these choices. */
async function expectChoices(page: Page, select: Locator, typed: string, labels: string[]) {
  await select.click();
  await select.pressSequentially(typed, { delay: 20 });
  await expect(openSelectList(page).locator('.ant-select-item-option')).toHaveText(labels);
}

async function save(page: Page, dialogBox: Locator) {
  // A previous save's toast may still be up: wait for it, so this one is told apart.
  await expect(toast(page, 'Saved')).toHaveCount(0);
  await dialogBox.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved')).toBeVisible();
  await expect(dialogBox).toBeHidden();
}

/** Submits the row of `code` and approves it through the Audit dialog, as the toolbar offers. */
async function submitAndApprove(page: Page, code: string) {
  const row = await onlyRow(page, code);
  await submitForApproval(page, row);
  await approve(page, row, 'Checked');
}

/** Opens the row of `code` in its edit dialog. */
async function edit(page: Page, code: string, title: string) {
  await (await onlyRow(page, code)).dblclick();
  const box = dialog(page, `Edit ${title}`);
  await expect(box).toBeVisible();
  return box;
}

/**
 * Records in the edit dialog what became of the document of `code` (signed, paid, issued...): its status, and
 * what `details` types beside it.
 */
async function recordStatus(
  page: Page,
  code: string,
  title: string,
  status: string,
  details: (box: Locator) => Promise<void> = async () => {},
) {
  const box = await edit(page, code, title);
  await choose(page, box.getByLabel('Status', { exact: true }), status);
  await details(box);
  await save(page, box);
  await expect(dataRows(page).first()).toContainText(status);
}

/** The Monday of the current week (a weekly report covers a week that has started). */
function thisMonday() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

test.describe('a project from its approval to its acceptance', () => {
  test.use({ signedInAs: 'admin' });

  test('every document typed in the screens, and the summary adds up to what was entered', async ({ page }) => {
    test.setTimeout(420_000);
    const s = stamp();
    const customer = `Lifecycle Port Authority ${s}`;
    // Document numbers are the server's, read back after each save.
    const project = { code: '', name: `Lifecycle terminal network ${s}` };
    let contract = '';
    const purchase = { request: '', contract: '' };
    const supplierInvoice = `FP-L${s}`;
    let payment = '';
    let invoice = '';
    const test_ = `YS-L${s}`;
    // One user submits and approves every document here.
    await setSelfApproval(page, true, ['ProjectInformation', 'ProjectContract', 'PurchaseContract', 'PurchasePayment']);

    await test.step('a new customer', async () => {
      const box = await startAdding(page, '/Customer', 'Customers', 'customer');
      await box.getByLabel('Code', { exact: true }).fill(`C-L${s}`);
      await box.getByLabel('Name', { exact: true }).fill(customer);
      // A VAT special invoice is issued to the customer's name and tax number.
      await box.getByLabel('Tax number', { exact: true }).fill(`91310000MA1L${s}`.slice(0, 18));
      await save(page, box);
    });

    await test.step('the project, drafted, submitted and approved', async () => {
      const box = await startAdding(page, '/ProjectInformation', 'Project information', 'project');
      await expect(box.getByLabel('Project number', { exact: true })).toHaveAttribute(
        'placeholder',
        '(assigned on save)',
      );
      await fillProject(page, box, { name: project.name, customer, start: '2026-06-01', end: '2027-03-31' });
      // Progress follows the milestones' weights, so reaching the last one makes it 100%.
      await choose(page, box.getByLabel('Progress method', { exact: true }), 'Milestone weights');
      project.code = await saveNumbered(page, box, 'ProjectInformation');
      await submitAndApprove(page, project.code);
      await expect(dataRows(page).first()).toContainText('In progress');
    });

    await test.step('the customer contract with two payment terms, approved and signed', async () => {
      const box = await startAdding(page, '/ProjectContract', 'Project contracts', 'project contract');
      await box.getByLabel('Name', { exact: true }).fill(`Terminal network supply and installation ${s}`);
      await pickReference(page, box.getByLabel('Project', { exact: true }), project.name);
      await pickReference(page, box.getByLabel('Customer', { exact: true }), customer);
      await typeDate(box.getByLabel('Signed', { exact: true }), '2026-06-10');
      await box.getByLabel('Amount incl. tax', { exact: true }).fill('113000');
      const terms = [
        ['Advance', 'Advance', '30', '33900.00'],
        ['Final acceptance', 'Final acceptance', '70', '79100.00'],
      ];
      for (const [i, [name, type, percent, amount]] of terms.entries()) {
        const at = await addLine(page, box, 'ProjectContract', 'ContractPaymentTerm', i);
        await at('seq').fill(String(i + 1));
        await at('name').fill(name ?? '');
        await choose(page, at('termType'), type ?? '');
        await at('percent').fill(percent ?? '');
        // The term's amount is its share of the contract, computed as the percent is typed.
        await expect(at('amount')).toHaveValue(amount ?? '');
      }
      contract = await saveNumbered(page, box, 'ProjectContract');
      await submitAndApprove(page, contract);
      await recordStatus(page, contract, 'project contract', 'Signed');
    });

    await test.step('the budget: equipment (stop when exceeded) and services, approved', async () => {
      const box = await startAdding(page, '/ProjectBuget', 'Budget', 'budget');
      await pickReference(page, box.getByLabel('Project', { exact: true }), project.name);
      const lines = [
        ['Equipment', 'Switches and cabling', '60000', 'Stop'],
        ['Subcontracting', 'Installation crew', '20000', 'Warn'],
      ];
      for (const [i, [category, item, planned, control]] of lines.entries()) {
        const at = await addLine(page, box, 'ProjectBuget', 'ProjectBudgetLine', i);
        await choose(page, at('category'), category ?? '');
        await at('itemName').fill(item ?? '');
        await at('plannedAmount').fill(planned ?? '');
        await choose(page, at('controlAction'), control ?? '');
      }
      await save(page, box);
      await submitAndApprove(page, project.code);
    });

    await test.step('the purchase request against the equipment line, approved', async () => {
      const box = await startAdding(page, '/ProjectPurchase', 'Purchase requests', 'purchase request');
      await pickReference(page, box.getByLabel('Project', { exact: true }), project.name);
      await pickReference(page, box.getByLabel('Requester', { exact: true }), 'Ada', 'Ada Wang');
      await typeDate(box.getByLabel('Request date', { exact: true }), '2026-06-15');
      await typeDate(box.getByLabel('Needed on site', { exact: true }), '2026-07-15');
      const at = await addLine(page, box, 'ProjectPurchase', 'PurchaseRequestLine');
      await pickReference(page, at('budgetLineId'), 'Switches and cabling');
      await at('itemName').fill('Core switch');
      await at('unit').fill('set');
      await at('qty').fill('2');
      await at('estUnitPrice').fill('20000');
      purchase.request = await saveNumbered(page, box, 'ProjectPurchase');
      await submitAndApprove(page, purchase.request);
    });

    await test.step('the purchase contract for the requested switches, approved and signed', async () => {
      const box = await startAdding(page, '/PurchaseContract', 'Purchase contracts', 'purchase contract');
      await pickReference(page, box.getByLabel('Project', { exact: true }), project.name);
      await pickReference(page, box.getByLabel('Supplier', { exact: true }), 'a', '');
      await pickReference(page, box.getByLabel('Buyer', { exact: true }), 'Ada', 'Ada Wang');
      await typeDate(box.getByLabel('Signed on', { exact: true }), '2026-06-20');
      await typeDate(box.getByLabel('Promised arrival', { exact: true }), '2026-07-20');
      const at = await addLine(page, box, 'PurchaseContract', 'PurchaseContractLine');
      await pickReference(page, at('requestLineId'), purchase.request);
      await pickReference(page, at('budgetLineId'), 'Switches and cabling');
      await at('itemName').fill('Core switch');
      await at('unit').fill('set');
      await at('qty').fill('2');
      await at('unitPrice').fill('22600');
      // The line's amount and the contract's total follow as the quantity and price are typed.
      await expect(at('amount')).toHaveValue('45200.00');
      await expect(box.getByLabel('Contract amount', { exact: true })).toHaveValue('45200.00');
      purchase.contract = await saveNumbered(page, box, 'PurchaseContract');
      await submitAndApprove(page, purchase.contract);
      await recordStatus(page, purchase.contract, 'purchase contract', 'Signed');
    });

    await test.step('the switches arrive and are accepted', async () => {
      const box = await startAdding(page, '/PurchaseArrival', 'Arrivals', 'arrival');
      await pickReference(page, box.getByLabel('Purchase contract', { exact: true }), purchase.contract);
      await typeDate(box.getByLabel('Arrived on', { exact: true }), '2026-07-18');
      await pickReference(page, box.getByLabel('Received by', { exact: true }), 'Ada', 'Ada Wang');
      await choose(page, box.getByLabel('Status', { exact: true }), 'Confirmed');
      const at = await addLine(page, box, 'PurchaseArrival', 'PurchaseArrivalLine');
      await pickReference(page, at('contractLineId'), purchase.contract);
      await at('deliveredQty').fill('2');
      await at('acceptedQty').fill('2');
      await save(page, box);
    });

    await test.step("the supplier's invoice for the accepted switches", async () => {
      const box = await startAdding(page, '/PurchaseInvoice', 'Supplier invoices', 'supplier invoice');
      await box.getByLabel('Invoice number', { exact: true }).fill(supplierInvoice);
      await pickReference(page, box.getByLabel('Purchase contract', { exact: true }), purchase.contract);
      await typeDate(box.getByLabel('Invoice date', { exact: true }), '2026-07-20');
      await typeDate(box.getByLabel('Received on', { exact: true }), '2026-07-21');
      await box.getByLabel('Amount excl. tax', { exact: true }).fill('40000');
      await save(page, box);
    });

    await test.step('the supplier paid: requested, approved, then paid', async () => {
      const box = await startAdding(page, '/PurchasePayment', 'Supplier payments', 'supplier payment');
      await pickReference(page, box.getByLabel('Purchase contract', { exact: true }), purchase.contract);
      await box.getByLabel('Requested', { exact: true }).fill('45200');
      await pickReference(page, box.getByLabel('Requested by', { exact: true }), 'Ada', 'Ada Wang');
      await typeDate(box.getByLabel('Request date', { exact: true }), '2026-07-25');
      payment = await saveNumbered(page, box, 'PurchasePayment');
      await submitAndApprove(page, payment);
      await recordStatus(page, payment, 'supplier payment', 'Paid', async (paying) => {
        await paying.getByLabel('Paid', { exact: true }).fill('45200');
        await typeDate(paying.getByLabel('Paid on', { exact: true }), '2026-07-28');
      });
    });

    await test.step('our invoice to the customer: requested, approved, issued', async () => {
      const box = await startAdding(page, '/ContractInvoicing', 'Contract invoicing', 'contract invoice');
      await pickReference(page, box.getByLabel('Contract', { exact: true }), contract);
      await box.getByLabel('Amount excl. tax', { exact: true }).fill('100000');
      await expect(box.getByLabel('Amount incl. tax', { exact: true })).toHaveValue('113000.00');
      invoice = await saveNumbered(page, box, 'ContractInvoicing');
      await submitAndApprove(page, invoice);
      await recordStatus(page, invoice, 'contract invoice', 'Issued', async (issuing) => {
        await issuing.getByLabel('Invoice number', { exact: true }).fill(`0${s}`);
        await typeDate(issuing.getByLabel('Invoice date', { exact: true }), '2026-08-01');
      });
    });

    await test.step('the customer pays part of it, allocated to the invoice', async () => {
      const box = await startAdding(page, '/ProjectPayment', 'Project receipts', 'project receipt');
      await pickReference(page, box.getByLabel('Contract', { exact: true }), contract);
      await typeDate(box.getByLabel('Received on', { exact: true }), '2026-08-20');
      await box.getByLabel('Amount', { exact: true }).fill('79100');
      await choose(page, box.getByLabel('Status', { exact: true }), 'Confirmed');
      const at = await addLine(page, box, 'ProjectPayment', 'ReceiptAllocation');
      await pickReference(page, at('invoiceId'), invoice);
      await at('amount').fill('79100');
      // The pickers offer only the chosen contract's terms and invoices (the demo has dozens of each).
      await expectChoices(page, box.getByLabel('Payment term', { exact: true }), 'a', ['Advance', 'Final acceptance']);
      await openSelectList(page).getByTitle('Final acceptance', { exact: true }).click();
      await expectChoices(page, at('invoiceId'), 'KP', [invoice]);
      await page.keyboard.press('Escape');
      await save(page, box);
    });

    await test.step('the final acceptance passes and reaches its milestone', async () => {
      const box = await startAdding(page, '/ProjectMilestone', 'Milestones', 'milestone');
      await pickReference(page, box.getByLabel('Project', { exact: true }), project.name);
      await box.getByLabel('Milestone', { exact: true }).fill(`Final acceptance ${s}`);
      await choose(page, box.getByLabel('Type', { exact: true }), 'Acceptance');
      await pickReference(page, box.getByLabel('Owner', { exact: true }), 'Ada', 'Ada Wang');
      await typeDate(box.getByLabel('Planned', { exact: true }), '2026-10-30');
      await box.getByLabel('Weight %', { exact: true }).fill('100');
      await save(page, box);

      const add = await startAdding(page, '/ProjectTest', 'Tests and acceptance', 'acceptance test');
      await add.getByLabel('Number', { exact: true }).fill(test_);
      await pickReference(page, add.getByLabel('Project', { exact: true }), project.name);
      await pickReference(page, add.getByLabel('Milestone', { exact: true }), `Final acceptance ${s}`);
      await choose(page, add.getByLabel('Type', { exact: true }), 'Final acceptance');
      await typeDate(add.getByLabel('Planned', { exact: true }), '2026-10-30');
      await choose(page, add.getByLabel('Status', { exact: true }), 'In progress');
      await save(page, add);
      const result = await edit(page, test_, 'acceptance test');
      await typeDate(result.getByLabel('Started', { exact: true }), '2026-10-28');
      await typeDate(result.getByLabel('Ended', { exact: true }), '2026-10-30');
      await choose(page, result.getByLabel('Result', { exact: true }), 'Pass');
      await result.getByLabel('Customer signer', { exact: true }).fill('Li Ming');
      await save(page, result);
      await expect(dataRows(page).first()).toContainText('Passed');

      await openScreen(page, '/ProjectInformation', 'Project information');
      await expect(await onlyRow(page, project.code)).toContainText('Accepted');
    });

    await test.step('the weekly report, submitted', async () => {
      const box = await startAdding(page, '/ProjectWeeklyReport', 'Weekly reports', 'weekly report');
      await pickReference(page, box.getByLabel('Project', { exact: true }), project.name);
      await typeDate(box.getByLabel('Week of (Monday)', { exact: true }), thisMonday());
      await choose(page, box.getByLabel('Project status', { exact: true }), 'Done');
      await choose(page, box.getByLabel('Report status', { exact: true }), 'Submitted');
      await box.getByLabel('Done this week', { exact: true }).fill('Final acceptance signed by the customer.');
      await box.getByLabel('Plan for next week', { exact: true }).fill('Hand over to the warranty team.');
      await save(page, box);
    });

    await test.step('the summary, filtered to the new customer, shows exactly what was entered', async () => {
      await page.goto('/#/ProjectSummary');
      const table = page.getByTestId('portfolio-table');
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await pickReference(page, page.getByRole('combobox', { name: 'Customer', exact: true }), customer);
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      const row = table.locator('tbody tr.ant-table-row').first();
      await expect(row).toContainText(project.code);

      const kpi = (title: string) =>
        page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });
      const kpis: [string, string][] = [
        ['Contract', '113,000.00'],
        ['Invoiced', '113,000.00'],
        ['Received', '79,100.00'],
        ['Receivable', '33,900.00'],
        ['Committed', '45,200.00'],
        ['Paid', '45,200.00'],
      ];
      for (const [title, value] of kpis) await expect(kpi(title), title).toContainText(value);

      await row.click();
      const drawer = page.getByRole('dialog').filter({ hasText: `${project.code} ${project.name}` });
      await expect(drawer).toBeVisible();
      const figure = (label: string) =>
        drawer
          .locator('.ant-descriptions-item-label')
          .getByText(label, { exact: true })
          .locator('xpath=ancestor-or-self::th[1]/following-sibling::td[1]');
      const figures: [string, string][] = [
        ['Contract', '113,000.00'],
        ['Contract excl. tax', '100,000.00'],
        ['Invoiced', '113,000.00'],
        ['Received', '79,100.00'],
        ['Receivable', '33,900.00'],
        ['Committed', '45,200.00'],
        ['Supplier invoiced', '45,200.00'],
        ['Paid', '45,200.00'],
        ['Budget', '80,000.00'],
        ['Received %', '70%'],
        ['Actual cost', '40,000.00'],
        // Revenue is what was invoiced excl. tax (100,000.00) less the cost; planned: contract less budget.
        ['Gross margin', '60,000.00 (60%)'],
        ['Planned margin', '20,000.00 (20%)'],
        ['Progress', '100%'],
        ['Milestones reached', '1 / 1'],
        ['Last weekly report', `${thisMonday()} Done`],
      ];
      for (const [label, value] of figures) await expect(figure(label), label).toHaveText(value);
      await shoot(page, 'project-life-summary-en.png');
    });
  });
});

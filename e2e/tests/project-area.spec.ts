import { api, apiStatus, setSelfApproval } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { dataRows, dialog, openGrid, saveNumbered, toast, toolbarButton, toolbarDialog } from '../grid-helpers.ts';
import { approve, fillProject, onlyRow, submitForApproval } from '../project-documents.ts';

/** The project area's list screens, each an engine grid. */
const GRID_SCREENS = [
  '/Customer',
  '/Supplier',
  '/ProjectInformation',
  '/YWProjectInformation',
  '/ProjectContract',
  '/ContractInvoicing',
  '/ProjectPayment',
  '/ProjectBuget',
  '/ProjectPurchase',
  '/PurchaseContract',
  '/PurchaseArrival',
  '/PurchaseInvoice',
  '/PurchasePayment',
  '/ProjectMilestone',
  '/ProjectTest',
  '/ProjectWeeklyReport',
];

type Page_ = { rows: Record<string, unknown>[]; total: number };

test.describe('the project area as admin', () => {
  test.use({ signedInAs: 'admin' });

  test('every list screen opens with the demo rows', async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of GRID_SCREENS) {
      await openGrid(page, path);
      await expect(dataRows(page).first(), path).toBeVisible();
    }
    await page.goto('/#/ProjectWarning');
    await expect(page.getByTestId('warnings-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.goto('/#/MineInformation');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await page.goto('/#/ProjectSummary');
    await expect(page.getByTestId('portfolio-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible();
    await shoot(page, 'project-summary-en.png');
  });

  test('a new project is drafted in the dialog, submitted, approved, and then in progress', async ({ page }) => {
    // One user submits and approves here.
    await setSelfApproval(page, true, ['ProjectInformation']);
    await openGrid(page, '/ProjectInformation');
    const add = await toolbarDialog(page, 'Add', 'Add project');
    await fillProject(page, add, {
      name: `Harbour depot network ${stamp()}`,
      customer: 'Harbour',
      customerName: 'Harbour City Metro Corp.',
      start: '2027-01-04',
      end: '2027-06-30',
    });
    const code = await saveNumbered(page, add, 'ProjectInformation');
    await expect(toast(page, 'Saved')).toBeVisible();

    const row = await onlyRow(page, code);
    await expect(row).toContainText('Draft');
    await submitForApproval(page, row);
    await approve(page, row, 'Scope agreed with the customer');
    await expect(row).toContainText('In progress');

    // The dialog shows the history, and the plan is locked.
    await row.dblclick();
    const edit = dialog(page, 'Edit project');
    await expect(edit.getByTestId('approval-history')).toContainText('Scope agreed with the customer');
    await expect(edit.getByTestId('approval-history')).toContainText('Submitted');
    await shoot(page, 'project-approved-en.png');
  });
});

test.describe('the project area as the project manager', () => {
  test.use({ signedInAs: 'pm' });

  test('pm sees only its own projects, in the list and the summary, and cannot approve', async ({ page }) => {
    const mine = await api<Page_>(page, '/api/ProjectInformation/getPageData', { page: 1, rows: 100 });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(16);
    await openGrid(page, '/ProjectInformation');
    await expect(page.getByTestId('grid-total')).toContainText(`${mine.total} record`);
    await expect(toolbarButton(page, 'Delete')).toHaveCount(0);
    await toolbarButton(page, 'More').hover();
    await expect(page.getByRole('menuitem', { name: /Submit for approval$/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Audit$/ })).toHaveCount(0);

    const refused = await apiStatus(page, '/api/ProjectInformation/audit', {
      keys: [Number(mine.rows[0]?.id)],
      status: 1,
    });
    expect(refused).toBe(403);

    const om = await api<Page_>(page, '/api/YWProjectInformation/getPageData', { page: 1, rows: 100 });
    const contracts = await api<Page_>(page, '/api/ProjectContract/getPageData', { page: 1, rows: 100 });
    const ownIds = new Set([...mine.rows, ...om.rows].map((r) => r.id));
    expect(contracts.total).toBeGreaterThan(0);
    expect(contracts.rows.every((c) => ownIds.has(c.projectId))).toBe(true);

    await page.goto('/#/ProjectSummary');
    const table = page.getByTestId('portfolio-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // The portfolio holds pm's delivery and O&M projects, and nothing else.
    const summary = await api<{ total: number }>(page, '/api/ProjectSummary/portfolio', { page: 1, rows: 100 });
    expect(summary.total).toBe(mine.total + om.total);
    await shoot(page, 'project-summary-pm-en.png');
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, shoot, test, tokenOf } from '../fixtures.ts';
import { columnTexts, dataRows, openGrid, toolbarButton } from '../grid-helpers.ts';
import {
  AdminView,
  exportedRows,
  hoveredCategories,
  isProjectList,
  offeredChoices,
  type Picker,
  type Row,
  sorted,
  toolbarAction,
  totalText,
} from '../project-scope.ts';

/**
 * The project area for the demo project manager (data scope "projects I am a member of"), checked screen by
 * screen against what admin sees: admin's rows, filtered to pm's projects, are what pm's screens must show.
 */

type Screen = {
  path: string;
  /** The dialog field showing the row's project, or the document it hangs off (its project is not in the form). */
  dialogField: string;
  /** How pm asks the server for one record directly: the master with its lines, its approval steps, or a save. */
  read: 'getDetailPage' | 'approvalHistory' | 'update';
  pickers: Picker[];
};

const project: Picker = { label: 'Project', field: 'projectId', q: 'e', of: 'projects' };
const salesContract: Picker = { label: 'Contract', field: 'contractId', q: 'HT', of: 'ProjectContract' };
const paymentTerm: Picker = { label: 'Payment term', field: 'paymentTermId', q: 'Advance', of: 'paymentTerms' };
const purchaseContract: Picker = {
  label: 'Purchase contract',
  field: 'purchaseContractId',
  q: 'CG',
  of: 'PurchaseContract',
};

const SCREENS: Screen[] = [
  { path: '/ProjectInformation', dialogField: 'Project number', read: 'getDetailPage', pickers: [] },
  {
    path: '/YWProjectInformation',
    dialogField: 'Project number',
    read: 'getDetailPage',
    pickers: [{ label: 'Maintained project', field: 'sourceProjectId', q: 'e', of: 'projects' }],
  },
  { path: '/ProjectContract', dialogField: 'Project', read: 'getDetailPage', pickers: [project] },
  {
    path: '/ContractInvoicing',
    dialogField: 'Contract',
    read: 'approvalHistory',
    pickers: [salesContract, paymentTerm],
  },
  { path: '/ProjectPayment', dialogField: 'Contract', read: 'getDetailPage', pickers: [salesContract, paymentTerm] },
  { path: '/ProjectBuget', dialogField: 'Project', read: 'getDetailPage', pickers: [project] },
  { path: '/ProjectPurchase', dialogField: 'Project', read: 'getDetailPage', pickers: [project] },
  { path: '/PurchaseContract', dialogField: 'Project', read: 'getDetailPage', pickers: [project] },
  { path: '/PurchaseArrival', dialogField: 'Purchase contract', read: 'getDetailPage', pickers: [purchaseContract] },
  { path: '/PurchaseInvoice', dialogField: 'Purchase contract', read: 'update', pickers: [purchaseContract] },
  { path: '/PurchasePayment', dialogField: 'Purchase contract', read: 'approvalHistory', pickers: [purchaseContract] },
  { path: '/ProjectMilestone', dialogField: 'Project', read: 'update', pickers: [project] },
  { path: '/ProjectTest', dialogField: 'Project', read: 'getDetailPage', pickers: [project] },
  { path: '/ProjectWeeklyReport', dialogField: 'Project', read: 'getDetailPage', pickers: [project] },
];

let admin: AdminView;
let adminRequest: APIRequestContext;

/** pm's request for one foreign record, and the same request for one of its own (when it only reads). */
async function readOne(page: Page, entity: string, how: Screen['read'], row: Row) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  if (how === 'approvalHistory') return page.request.get(`/api/${entity}/approvalHistory?key=${row.id}`, { headers });
  const data =
    how === 'getDetailPage'
      ? { page: 1, rows: 10, value: row.id }
      : { mainData: { id: row.id, version: row.version }, detailData: {}, delKeys: {} };
  return page.request.post(`/api/${entity}/${how}`, { headers, data });
}

test.describe('the project area as the project manager', () => {
  test.use({ signedInAs: 'pm' });

  test.beforeAll(async ({ playwright }) => {
    adminRequest = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    admin = await AdminView.open(adminRequest);
  });
  test.afterAll(async () => {
    await adminRequest?.dispose();
  });

  for (const screen of SCREENS) {
    const entity = screen.path.slice(1);
    test(`${screen.path}: the list, a dialog, the server, the export and the pickers hold pm's projects only`, async ({
      page,
    }, testInfo) => {
      const all = await admin.all(entity);
      const pmIds = admin.pmIds;
      const mine = all.filter((r) => pmIds.has(admin.projectOf(entity, r)));
      const foreign = all.find((r) => !pmIds.has(admin.projectOf(entity, r)));
      if (!foreign) throw new Error(`${entity}: admin sees no row outside pm's projects`);
      expect(mine.length).toBeGreaterThan(0);
      // The project lists show the project number; the documents show their project's name.
      const column = isProjectList(entity) ? 'Project number' : 'Project';
      const expected = sorted(mine.map((r) => String(isProjectList(entity) ? r.code : r.projectIdLabel)));

      await openGrid(page, screen.path);
      await expect(page.getByTestId('grid-total')).toHaveText(totalText(mine.length));
      expect(sorted(await columnTexts(page, column))).toEqual(expected);

      // The dialog of a row shows that row's project (or the contract it hangs off).
      const shownInRow = (await columnTexts(page, screen.dialogField))[0] ?? '';
      await dataRows(page).first().dblclick();
      const edit = page.getByRole('dialog', { name: /^Edit / });
      if (isProjectList(entity)) await expect(edit.getByLabel('Project number')).toHaveValue(shownInRow);
      else
        await expect(
          edit.locator('.ant-form-item').filter({ has: page.getByText(screen.dialogField, { exact: true }) }),
        ).toContainText(shownInRow);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toBeHidden();

      // Asked directly, the server knows no record of another project; one of pm's own it reads.
      const refused = await readOne(page, entity, screen.read, foreign);
      expect(refused.status(), await refused.text()).toBe(404);
      expect(((await refused.json()) as { code: string }).code).toBe('not_found');
      if (screen.read !== 'update')
        expect((await readOne(page, entity, screen.read, mine[0] as Row)).status()).toBe(200);

      const exported = await exportedRows(page, testInfo.outputPath(`${entity}.xlsx`), (p) =>
        toolbarAction(p, 'Export'),
      );
      expect(exported).toHaveLength(mine.length);
      expect(sorted(exported.map((r) => r[column] ?? ''))).toEqual(expected);

      if (screen.pickers.length) {
        await toolbarButton(page, 'Add').click();
        const add = page.getByRole('dialog', { name: /^Add / });
        for (const picker of screen.pickers)
          await admin.expectPmChoices(await offeredChoices(page, add, `/api/${entity}/lookup`, picker), entity, picker);
        await add.getByRole('button', { name: 'Cancel' }).click();
        await expect(add).toBeHidden();
      }
    });
  }

  test('customers and suppliers stay open to pm (no project scope on master data), to read and export only', async ({
    page,
  }, testInfo) => {
    for (const entity of ['Customer', 'Supplier']) {
      const all = await admin.all(entity);
      await openGrid(page, `/${entity}`);
      await expect(page.getByTestId('grid-total')).toHaveText(totalText(all.length));
      expect(sorted(await columnTexts(page, 'Code'))).toEqual(sorted(all.map((r) => String(r.code))));
      // Search and Export only: nothing to add, change or delete, and the server agrees.
      await expect(toolbarButton(page, 'Add')).toHaveCount(0);
      await expect(toolbarButton(page, 'Delete')).toHaveCount(0);
      const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
      const row = all[0] as Row;
      const update = await page.request.post(`/api/${entity}/update`, {
        headers,
        data: { mainData: { id: row.id, version: row.version, name: 'Renamed by pm' }, detailData: {}, delKeys: {} },
      });
      expect(update.status()).toBe(403);
      const add = await page.request.post(`/api/${entity}/add`, {
        headers,
        data: { mainData: { code: 'PM-NEW', name: 'Added by pm' }, detailData: {}, delKeys: {} },
      });
      expect(add.status()).toBe(403);
      const exported = await exportedRows(page, testInfo.outputPath(`${entity}.xlsx`), (p) =>
        toolbarAction(p, 'Export'),
      );
      expect(sorted(exported.map((r) => r.Code ?? ''))).toEqual(sorted(all.map((r) => String(r.code))));
    }
  });

  test("/ProjectWarning lists, exports and filters by pm's projects only", async ({ page }, testInfo) => {
    const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/ProjectWarning/list');
    await page.goto('/#/ProjectWarning');
    const request = (await listed).postDataJSON() as Record<string, unknown>;
    const table = page.getByTestId('warnings-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // The same list (open warnings, by default) as admin sees it.
    const all = (await admin.call<{ rows: Row[] }>('/api/ProjectWarning/list', { ...request, page: 1, rows: 500 }))
      .rows;
    const pmIds = admin.pmIds;
    const mine = all.filter((w) => pmIds.has(Number(w.projectId)));
    const foreign = all.find((w) => !pmIds.has(Number(w.projectId)));
    if (!foreign) throw new Error("admin sees no warning outside pm's projects");
    expect(mine.length).toBeGreaterThan(0);
    const expected = sorted(mine.map((w) => String(w.projectIdLabel)));

    await expect(page.locator('.ant-pagination-total-text')).toHaveText(totalText(mine.length));
    const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
    const projectCol = headers.indexOf('Project');
    expect(projectCol).toBeGreaterThanOrEqual(0);
    const shown = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), projectCol);
    // The table shows the first page; admin's list is in the same order (the same request).
    const firstPage = mine.slice(0, Number(request.rows)).map((w) => String(w.projectIdLabel));
    expect(sorted(shown)).toEqual(sorted(firstPage));

    // Acknowledging another project's warning: the server knows no such warning.
    const ack = await page.request.post('/api/ProjectWarning/acknowledge', {
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
      data: { keys: [foreign.id], note: '' },
    });
    expect(ack.status()).toBe(404);

    const exported = await exportedRows(page, testInfo.outputPath('warnings.xlsx'), (p) => toolbarAction(p, 'Export'));
    expect(sorted(exported.map((r) => r.Project ?? ''))).toEqual(expected);

    const projectFilter = { label: 'Project', field: 'projectId', q: 'e', of: 'projects' } as const;
    const picked = await offeredChoices(page, page.getByRole('main'), '/api/ProjectWarning/lookup', projectFilter);
    await admin.expectPmChoices(picked, 'ProjectWarning', projectFilter);
  });

  test('My work lists pm’s projects, and milestones, submissions and warnings of those only', async ({ page }) => {
    const codes = new Set(admin.pmProjects.map((p) => String(p.code)));
    await page.goto('/#/MineInformation');
    const panel = page.getByRole('tabpanel');
    const firstCells = async (column: number) => {
      await expect(panel.locator('.ant-spin-spinning')).toHaveCount(0);
      return panel
        .locator('tbody tr.ant-table-row')
        .evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), column);
    };
    await expect(panel.locator('tbody tr.ant-table-row').first()).toBeVisible();
    expect(sorted(await firstCells(0))).toEqual(sorted([...codes]));

    const tabs: [name: string, column: number][] = [
      ['My milestones', 0],
      ['My submissions', 2],
      ['My warnings', 1],
    ];
    for (const [name, column] of tabs) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tabpanel').locator('tbody tr.ant-table-row').first()).toBeVisible();
      const projects = (await firstCells(column)).map((text) => text.split(' ')[0] ?? '');
      expect(projects.length, name).toBeGreaterThan(0);
      expect(
        projects.filter((c) => !codes.has(c)),
        name,
      ).toEqual([]);
    }
  });

  test("/ProjectSummary: the portfolio, the charts and a project's figures cover pm's projects only", async ({
    page,
  }) => {
    const charted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ProjectSummary/charts');
    await page.goto('/#/ProjectSummary');
    const charts = ((await (await charted).json()) as { data: SummaryChartsAnswer }).data;
    const codes = sorted(admin.pmProjects.map((p) => String(p.code)));

    const table = page.getByTestId('portfolio-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const listed = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => (tr.children[0] as HTMLElement).innerText.trim()));
    expect(sorted(listed)).toEqual(codes);

    // The money chart: the largest ten of pm's projects (it has fewer), and not one of anybody else's.
    expect(charts.money).toHaveLength(Math.min(10, codes.length));
    expect(charts.money.filter((m) => !codes.includes(m.code))).toEqual([]);
    expect(charts.health.reduce((n, h) => n + h.count, 0)).toBe(codes.length);
    // Milestones reached, open and overdue add up to the milestones of pm's projects, as admin counts them.
    const pmIds = admin.pmIds;
    const milestones = (await admin.all('ProjectMilestone')).filter((m) => pmIds.has(Number(m.projectId)));
    const { reached, open, overdue } = charts.milestones;
    expect(reached + open + overdue).toBe(milestones.length);
    const everyone = await admin.call<SummaryChartsAnswer>('/api/ProjectSummary/charts', { filters: {} });
    expect(everyone.money.length).toBeGreaterThan(charts.money.length);

    // What the page draws: hovering across the money chart names each project of the answer, and only those.
    const chart = page.getByRole('img', { name: 'Contract, invoiced, received (largest ten)' });
    await expect(chart.locator('canvas')).toBeVisible();
    expect(sorted(await hoveredCategories(page, chart))).toEqual(sorted(charts.money.map((m) => m.code)));

    // A project's figures (the drawer): pm's own answer, another's is unknown.
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const all = [...(await admin.all('ProjectInformation')), ...(await admin.all('YWProjectInformation'))];
    const foreign = all.find((p) => !pmIds.has(p.id));
    const own = admin.pmProjects[0];
    expect((await page.request.get(`/api/ProjectSummary/project?id=${foreign?.id}`, { headers })).status()).toBe(404);
    expect((await page.request.get(`/api/ProjectSummary/project?id=${own?.id}`, { headers })).status()).toBe(200);
    await shoot(page, 'project-summary-pm-charts-en.png');
  });

  test('in Chinese, the contracts screen shows pm’s count and its projects', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    const pmIds = admin.pmIds;
    const mine = (await admin.all('ProjectContract')).filter((c) => pmIds.has(Number(c.projectId)));
    await page.goto('/#/ProjectContract');
    await expect(page.getByTestId('grid-total')).toHaveText(`共 ${mine.length} 条`);
    expect(sorted(await columnTexts(page, '项目'))).toEqual(sorted(mine.map((c) => String(c.projectIdLabel))));
    await shoot(page, 'project-contract-pm-zh.png');
  });
});

type SummaryChartsAnswer = {
  money: { code: string }[];
  health: { count: number }[];
  milestones: { reached: number; open: number; overdue: number };
};

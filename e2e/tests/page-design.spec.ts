import type { Locator } from '@playwright/test';
import { api, apiStatus } from '../api-helpers.ts';
import { shown, sumOf } from '../bi-helpers.ts';
import { expect, type Page, shoot, signedInContext, stamp, test } from '../fixtures.ts';
import { choose, openSelectList, pickOption } from '../grid-helpers.ts';
import { AdminView, type Row, totalText } from '../project-scope.ts';

/**
 * The page designer's story: an admin composes a page of a projects grid, a contracts grid following the
 * project selected there, a BI chart of the contracts and a rich text, shares it with the project managers and
 * publishes it; pm opens it from its menu and sees only its own projects in every block, and no Delete where
 * its role has none — held up against admin's rows, filtered to pm's projects.
 */

const TITLES = {
  projects: { en: 'My projects', zh: '我的项目' },
  contracts: { en: 'Contracts of the project', zh: '项目合同' },
  chart: { en: 'Signed amount', zh: '签约金额' },
};
const NOTE = 'Pick a project to see its contracts.';

/** A block of the page as its viewer sees it, found by its title. */
const blockOf = (page: Page, title: string) =>
  page
    .getByTestId('page-renderer')
    .locator('[data-testid^="block-"]')
    .filter({ has: page.locator('.ant-card-head-title').getByText(title, { exact: true }) });

/** The keys of a block's grid rows (data-row-key), once it has loaded. */
async function rowKeys(block: Locator): Promise<number[]> {
  await expect(block.locator('.ant-spin-spinning')).toHaveCount(0);
  const keys = await block.locator('tbody tr[data-row-key]').evaluateAll((rows) => rows.map((r) => r.dataset.rowKey));
  return keys.map(Number).sort((a, b) => a - b);
}

const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** A block toolbar's button by its text (its name may start with the icon's: "delete Delete"). */
const blockButton = (block: Locator, text: string) =>
  block.getByRole('button', { name: new RegExp(`^(?:[a-z-]+ )?${text}$`) });

/** Opens a searching select, types `typed` and picks the option whose title ends with `ending`. */
async function pickEnding(page: Page, select: Locator, typed: string, ending: string) {
  await select.click();
  await select.fill(typed);
  const list = openSelectList(page);
  await expect(list).not.toHaveClass(/-(enter|appear)/);
  // Found by its ending at the click: an entity's label may change while the list is open (the menu's name
  // first, the entity's own once the server's list of entities has come), its value does not.
  const option = list.locator(`.ant-select-item-option[title$="${ending}"]`);
  await expect(option).toHaveCount(1);
  await option.click();
  await expect(list).toHaveCount(0);
}

/** Adds a block from the palette: by its kind's button, then its add dialog when it has one. */
async function addBlock(page: Page, kind: string, choose?: (dialog: Locator) => Promise<void>) {
  await page
    .getByRole('navigation', { name: 'Blocks' })
    .getByRole('button', { name: new RegExp(`^(?:[a-z-]+ )?${kind}$`) })
    .click();
  if (!choose) return;
  const dialog = page.getByRole('dialog', { name: `Add a ${kind} block` });
  await choose(dialog);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
}

/** The selected block's title in both languages. */
async function titleBlock(page: Page, title: { en: string; zh: string }) {
  const settings = page.getByRole('region', { name: 'Settings of the block' });
  await settings.getByLabel('Title (English)').fill(title.en);
  await settings.getByLabel('Title (Chinese)').fill(title.zh);
}

test.describe('/pageDesign and /page', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin composes a page (projects grid, contracts following the selected project, chart, rich text) and shares it with pm, who sees only its projects in every block and no Delete, in English and Chinese', async ({
    page,
    browser,
    playwright,
    cleanUp,
  }) => {
    test.setTimeout(90_000);
    const suffix = stamp();
    const names = { dataset: `Page contracts ${suffix}`, chart: `Signed amount ${suffix}`, page: `projects-${suffix}` };
    const title = { en: `Project desk ${suffix}`, zh: `项目台 ${suffix}` };

    // Admin's rows and pm's projects: the independent source pm's page is held up against.
    const adminRequest = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const admin = await AdminView.open(adminRequest);
    const projects = await admin.all('ProjectInformation');
    const contracts = await admin.all('ProjectContract');
    await adminRequest.dispose();
    // pmProjects holds the rows of both project lists, as the same objects `all` gave.
    const mine = projects.filter((p) => admin.pmProjects.includes(p));
    // The contracts of all pm's projects, O&M ones too (both lists are kinds of one project table): the chart's.
    const myContracts = contracts.filter((c) => admin.pmIds.has(Number(c.projectId)));
    expect(mine.length, 'pm has projects').toBeGreaterThan(1);
    expect(mine.length, 'other projects exist').toBeLessThan(projects.length);
    expect(sumOf(myContracts)).toBeLessThan(sumOf(contracts));
    // The project of pm's with the most contracts: the one selected.
    const contractsOf = (id: number) => contracts.filter((c) => Number(c.projectId) === id);
    const [picked] = [...mine].sort((a, b) => contractsOf(b.id).length - contractsOf(a.id).length);
    if (!picked || contractsOf(picked.id).length === 0) throw new Error('none of pm’s projects has a contract');
    // Each list fits a block's first page (10 rows): every row is on screen to compare.
    expect(mine.length).toBeLessThanOrEqual(10);
    expect(contractsOf(picked.id).length).toBeLessThanOrEqual(10);

    // The chart through the API: a KPI of the contracts' signed amount over a dataset of the project contracts.
    const dataset = await api<{ id: number }>(page, '/api/bi/dataset/save', {
      name: names.dataset,
      description: '',
      definition: { kind: 'entity', entity: 'ProjectContract', joins: [], calculated: [], filters: [] },
    });
    cleanUp((p) => api(p, '/api/bi/dataset/del', { id: dataset.id }));
    const chart = await api<{ id: number }>(page, '/api/bi/chart/save', {
      name: names.chart,
      description: '',
      definition: { datasetId: dataset.id, type: 'kpi', measures: [{ field: 'amountInclTax', agg: 'sum' }] },
    });
    cleanUp((p) => api(p, '/api/bi/chart/del', { id: chart.id }));

    // The story: a new page, and its blocks from the palette.
    await page.goto('/#/pageDesign');
    await page
      .getByRole('main')
      .getByRole('button', { name: /New page$/ })
      .click();
    const newPage = page.getByRole('dialog', { name: 'New page' });
    await newPage.getByLabel('Name', { exact: true }).fill(names.page);
    await newPage.getByLabel('Title (English)').fill(title.en);
    await newPage.getByLabel('Title (Chinese)').fill(title.zh);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pages/create');
    await newPage.getByRole('button', { name: 'Create' }).click();
    const pageId = ((await (await created).json()) as { data: { id: number } }).data.id;
    cleanUp((p) => api(p, '/api/pages/delete', { id: pageId }));
    await expect(page.getByText(`Page: ${title.en}`)).toBeVisible();

    await addBlock(page, 'Grid', (d) =>
      pickEnding(page, d.getByLabel('Entity'), 'ProjectInformation', '(ProjectInformation)'),
    );
    await titleBlock(page, TITLES.projects);
    await addBlock(page, 'Grid', (d) =>
      pickEnding(page, d.getByLabel('Entity'), 'ProjectContract', '(ProjectContract)'),
    );
    await titleBlock(page, TITLES.contracts);
    const settings = page.getByRole('region', { name: 'Settings of the block' });
    await choose(page, settings.getByLabel('Follows the row selected in'), TITLES.projects.en);
    await pickEnding(page, settings.getByLabel('Through the field'), 'projectId', '(projectId)');
    await addBlock(page, 'Chart', (d) => pickEnding(page, d.getByLabel('Chart'), names.chart, names.chart));
    await titleBlock(page, TITLES.chart);
    await addBlock(page, 'Rich text');
    const text = settings.getByRole('textbox', { name: 'Text' });
    await text.click();
    await page.keyboard.type(NOTE);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await shoot(page, 'page-design-designer-en.png');

    await page.getByRole('button', { name: /Settings$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    const roles = drawer.getByLabel('Shared with roles');
    await roles.click();
    await pickOption(page, 'Project manager');
    await roles.press('Escape');
    await choose(page, drawer.getByLabel('Menu folder (from the next publish)'), 'Top level');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: /Publish$/ }).click();
    const publish = page.getByRole('dialog', { name: 'Publish the page' });
    await publish.getByLabel('What changed (for the versions list)').fill('First version');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published: v1')).toBeVisible();

    // Admin's own view of the page offers Delete on the projects (its role holds it), and adds up every contract.
    await page.goto(`/#/page/${pageId}`);
    await expect(blockButton(blockOf(page, TITLES.projects.en), 'Delete')).toBeVisible();
    await expect(blockOf(page, TITLES.chart.en).getByText(shown(sumOf(contracts)), { exact: true })).toBeVisible();

    // pm opens it from its menu.
    const pm = await signedInContext(browser, 'pm');
    try {
      const view = pm.page;
      await view.setViewportSize({ width: 1366, height: 1300 });
      await view.getByTestId('menu').getByRole('menuitem', { name: title.en }).click();
      const projectsBlock = blockOf(view, TITLES.projects.en);
      const contractsBlock = blockOf(view, TITLES.contracts.en);

      // The projects: exactly pm's, with no Delete (its role has none on the projects).
      await expect(projectsBlock.getByText(totalText(mine.length))).toBeVisible();
      expect(await rowKeys(projectsBlock)).toEqual(ids(mine));
      await expect(blockButton(projectsBlock, 'Edit')).toBeVisible();
      await expect(blockButton(projectsBlock, 'Delete')).toHaveCount(0);
      await expect(blockButton(projectsBlock, 'More')).toHaveCount(0);

      // The chart: pm's contracts' signed amount; the rich text as written.
      await expect(blockOf(view, TITLES.chart.en).getByText(shown(sumOf(myContracts)), { exact: true })).toBeVisible();
      await expect(view.getByTestId('page-renderer').getByText(NOTE)).toBeVisible();

      // The contracts wait for a project, then show exactly that project's.
      await expect(contractsBlock.getByText(`Select a row in ${TITLES.projects.en}`)).toBeVisible();
      await projectsBlock.locator(`tbody tr[data-row-key="${picked.id}"] td`).nth(2).click();
      const theirs = contractsOf(picked.id);
      await expect(contractsBlock.getByText(totalText(theirs.length))).toBeVisible();
      expect(await rowKeys(contractsBlock)).toEqual(ids(theirs));
      await shoot(view, 'page-design-pm-en.png');

      await view.getByText('简体中文').click();
      await expect(blockOf(view, TITLES.projects.zh)).toBeVisible();
      await expect(
        blockOf(view, TITLES.chart.zh).getByText(shown(sumOf(myContracts), 'zh-CN'), { exact: true }),
      ).toBeVisible();
      expect(await rowKeys(blockOf(view, TITLES.contracts.zh))).toEqual(ids(theirs));
      await shoot(view, 'page-design-pm-zh.png');

      // What a block would call to delete one of pm's projects, the server refuses.
      expect(await apiStatus(view, '/api/ProjectInformation/del', [picked.id])).toBe(403);
    } finally {
      await pm.context.close();
    }
  });
});

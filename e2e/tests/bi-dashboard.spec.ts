import type { Page } from '@playwright/test';
import {
  axisReadings,
  type BiKind,
  byCategory,
  clickBar,
  deleteBi,
  savedId,
  searchAndPick,
  shown,
  sumOf,
  sumsBy,
  tileOf,
} from '../bi-helpers.ts';
import { expect, shoot, signedInContext, stamp, test } from '../fixtures.ts';
import { drag } from '../forms-helpers.ts';
import { choose, openSelectList, pickOption, toolbarButton } from '../grid-helpers.ts';
import { AdminView, type Row, sorted } from '../project-scope.ts';

/**
 * The BI designer's story: an admin builds a dataset over the project contracts, four charts on it and a
 * dashboard with a date range and cross-filtering, and shares it with the project managers; pm opens it and
 * sees its own projects' figures — held up against admin's contract rows, filtered to pm's projects.
 */

type NewChart = {
  name: string;
  type: 'Line' | 'Bar' | 'KPI' | 'Pie';
  /** The palette's fields clicked, each to its usual well (numbers to Measures, the rest to Dimensions). */
  clicks: string[];
  /** A field dragged onto Dimensions instead of clicked. */
  dragged?: string;
  /** What the preview shows of a KPI (the designer's own figure); the other types draw a picture. */
  figure?: string;
};

const AMOUNT = 'Amount incl. tax';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const month = (r: Row) => String(r.signDate).slice(0, 7);
/** The months from the first to the last of `months` (YYYY-MM, in order), none left out. */
const monthsBetween = (months: string[]): string[] => {
  const out: string[] = [];
  const [first, last] = [months[0], months.at(-1)];
  if (!first || !last) return out;
  const [year, start] = first.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const at = `${year + Math.floor((start - 1 + i) / 12)}-${String(((start - 1 + i) % 12) + 1).padStart(2, '0')}`;
    out.push(at);
    if (at >= last) return out;
  }
};

/** Builds and saves a chart in the builder, from the Charts tab; gives its id. */
async function buildChart(page: Page, dataset: string, chart: NewChart): Promise<number> {
  await toolbarButton(page, 'New chart').click();
  await page.getByLabel('Name', { exact: true }).fill(chart.name);
  await searchAndPick(page, page.getByLabel('Dataset', { exact: true }), dataset, dataset);
  await page.getByRole('radiogroup', { name: 'Chart type' }).getByText(chart.type, { exact: true }).click();
  const palette = page.getByRole('navigation', { name: 'Fields of the dataset' });
  if (chart.dragged) {
    // Found first, so it sits near the top of the palette, not by the window's edge (which scrolls the page).
    await palette.getByRole('searchbox', { name: 'Find a field' }).fill(chart.dragged);
    const dimensions = page.getByRole('region', { name: 'Dimensions' });
    await drag(page, palette.getByRole('button', { name: `Add ${chart.dragged} to Dimensions` }), dimensions);
    await expect(dimensions).toContainText(chart.dragged);
    await palette.getByRole('searchbox', { name: 'Find a field' }).clear();
  }
  for (const field of chart.clicks)
    await palette.getByRole('button', { name: new RegExp(`^Add ${escaped(field)} to (Measures|Dimensions)$`) }).click();
  // The preview is drawn from the server's answer to the unsaved definition.
  const preview = page.getByRole('region', { name: 'Preview' });
  if (chart.figure) await expect(preview.getByText(chart.figure, { exact: true })).toBeVisible();
  else await expect(preview.getByRole('img', { name: chart.name })).toBeVisible();
  const id = await savedId(page, 'chart', () => page.getByRole('button', { name: 'Save' }).click());
  await page.getByRole('button', { name: 'Back to the lists' }).click();
  await expect(page.getByTestId('bi-chart-list')).toContainText(chart.name);
  return id;
}

test.describe('/BIDesign and /dashboards', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin builds a contracts dashboard (monthly line, by-customer bar, KPI, pie; date range, cross-filter) and shares it with pm, who sees only its projects’ figures, in English and Chinese', async ({
    page,
    browser,
    playwright,
    cleanUp,
  }) => {
    test.setTimeout(120_000);
    const suffix = stamp();
    const made: Record<BiKind, number[]> = { dataset: [], chart: [], dashboard: [] };
    cleanUp((p) => deleteBi(p, made));

    // Admin's contract rows, and pm's projects: the independent source pm's dashboard is held up against.
    const adminRequest = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const admin = await AdminView.open(adminRequest);
    const contracts = await admin.all('ProjectContract');
    await adminRequest.dispose();
    const pmIds = admin.pmIds;
    const mine = contracts.filter((c) => pmIds.has(Number(c.projectId)));
    const byCustomer = sumsBy(mine, (c) => String(c.customerIdLabel));
    expect(mine.length, 'pm has contracts').toBeGreaterThan(2);
    expect(byCustomer.size, 'pm has two customers or more, to click one').toBeGreaterThan(1);
    expect(
      new Set(contracts.map((c) => c.customerIdLabel)).size,
      'other projects have other customers',
    ).toBeGreaterThan(byCustomer.size);
    expect(sumOf(mine)).toBeLessThan(sumOf(contracts));

    const names = {
      dataset: `Contracts ${suffix}`,
      line: `Signed amount by month ${suffix}`,
      bar: `Signed amount by customer ${suffix}`,
      kpi: `Signed amount ${suffix}`,
      pie: `Contracts by type ${suffix}`,
      dashboard: `Sales contracts ${suffix}`,
    };

    // The dataset: the project contracts, read through each viewer's own scope.
    await page.goto('/#/BIDesign');
    await toolbarButton(page, 'New dataset').click();
    await page.getByLabel('Name', { exact: true }).fill(names.dataset);
    await searchAndPick(
      page,
      page.getByLabel('Entity to read'),
      'Project contracts',
      'Project contracts (ProjectContract)',
    );
    await expect(page.getByText(/^Fields for charts \(\d+\)$/)).toBeVisible();
    made.dataset.push(await savedId(page, 'dataset', () => page.getByRole('button', { name: 'Save' }).click()));
    await page.getByRole('button', { name: 'Back to the lists' }).click();

    // Four charts on it: the first's date dragged onto Dimensions, the rest clicked into their wells.
    await page.getByRole('tab', { name: 'Charts' }).click();
    for (const chart of [
      { name: names.line, type: 'Line', dragged: 'Signed', clicks: [AMOUNT] },
      { name: names.bar, type: 'Bar', clicks: ['Customer', AMOUNT] },
      // Admin's KPI adds up every contract.
      { name: names.kpi, type: 'KPI', clicks: [AMOUNT], figure: shown(sumOf(contracts)) },
      { name: names.pie, type: 'Pie', clicks: ['Type', AMOUNT] },
    ] satisfies NewChart[])
      made.chart.push(await buildChart(page, names.dataset, chart));

    // The dashboard: the four charts, a date range over each one's signing date, shared with the project managers.
    await page.getByRole('tab', { name: 'Dashboards' }).click();
    await toolbarButton(page, 'New dashboard').click();
    await page.getByLabel('Name', { exact: true }).fill(names.dashboard);
    const roles = page.getByLabel('Shared with roles');
    await roles.click();
    await pickOption(page, 'Project manager');
    await roles.press('Escape');
    await expect(page.getByRole('switch', { name: 'Click a chart to filter the others' })).toBeChecked();
    for (const chart of [names.kpi, names.bar, names.line, names.pie])
      await searchAndPick(page, page.getByLabel('Add a chart'), chart, chart);
    await page.getByRole('tab', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Add a filter' }).click();
    await page.getByLabel('Label (English)').fill('Signed between');
    await page.getByLabel('Label (Chinese)').fill('签订日期');
    for (const chart of [names.kpi, names.bar, names.line, names.pie])
      await choose(page, page.getByLabel(`${chart}: Filters, in each chart, the field`), 'Signed');
    await expect(openSelectList(page)).toHaveCount(0);
    made.dashboard.push(await savedId(page, 'dashboard', () => page.getByRole('button', { name: 'Save' }).click()));
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('bi-dashboard-list')).toContainText(names.dashboard);

    // pm opens it from its menu: every figure is its own projects'.
    const pm = await signedInContext(browser, 'pm');
    try {
      const view = pm.page;
      // Tall enough for the dashboard's two rows of charts in one screenshot.
      await view.setViewportSize({ width: 1366, height: 1080 });
      await view.getByTestId('menu').getByRole('menuitem', { name: 'Dashboards' }).click();
      await view.getByRole('link', { name: names.dashboard }).click();
      const kpi = tileOf(view, names.kpi);
      await expect(kpi.getByText(shown(sumOf(mine)), { exact: true })).toBeVisible();

      const bar = tileOf(view, names.bar).getByRole('img', { name: names.bar });
      const bars = await axisReadings(view, bar);
      const barTexts = byCategory(bars);
      expect(sorted([...barTexts.keys()])).toEqual(sorted([...byCustomer.keys()]));
      for (const [customer, amount] of byCustomer) expect(barTexts.get(customer)).toContain(shown(amount));

      const line = tileOf(view, names.line).getByRole('img', { name: names.line });
      const lineTexts = byCategory(await axisReadings(view, line));
      // Every month from pm's first signing to its last: those without a contract of pm's are points at 0.
      const byMonth = sumsBy(mine, month);
      const months = monthsBetween(sorted([...byMonth.keys()]));
      expect([...lineTexts.keys()]).toEqual(months);
      for (const m of months) expect(lineTexts.get(m)).toContain(shown(byMonth.get(m) ?? 0));

      // A click on one customer's bar (the tallest, the surest to hit) filters the others: the KPI is that
      // customer's, within pm's projects.
      const [customer, amount] = [...byCustomer].sort((a, b) => b[1] - a[1])[0] as [string, number];
      await clickBar(view, bar, bars, customer);
      await expect(view.getByText(`Customer: ${customer}`, { exact: true })).toBeVisible();
      await expect(kpi.getByText(shown(amount), { exact: true })).toBeVisible();
      await shoot(view, 'bi-dashboard-pm-en.png');
      await view.getByRole('button', { name: `Remove the filter Customer: ${customer}` }).click();
      await expect(kpi.getByText(shown(sumOf(mine)), { exact: true })).toBeVisible();

      // A date range: the KPI adds up the contracts signed within it (both ends included).
      const days = sorted(mine.map((c) => String(c.signDate)));
      const [from, to] = [days[1] ?? '', days[days.length - 2] ?? ''];
      const within = mine.filter((c) => String(c.signDate) >= from && String(c.signDate) <= to);
      expect(within.length).toBeGreaterThan(0);
      expect(within.length).toBeLessThan(mine.length);
      const range = view.getByTestId('dashboard').locator('.ant-picker-range');
      await range.locator('input').first().click();
      await range.locator('input').first().fill(from);
      await range.locator('input').first().press('Enter');
      await range.locator('input').last().fill(to);
      await range.locator('input').last().press('Enter');
      await expect(kpi.getByText(shown(sumOf(within)), { exact: true })).toBeVisible();

      await view.getByText('简体中文').click();
      await expect(view.getByText('签订日期', { exact: true })).toBeVisible();
      await expect(kpi.getByText(shown(sumOf(within), 'zh-CN'), { exact: true })).toBeVisible();
      await shoot(view, 'bi-dashboard-pm-zh.png');
    } finally {
      await pm.context.close();
    }
  });
});

import type { Locator } from '@playwright/test';
import { api } from './api-helpers.ts';
import { expect, type Page } from './fixtures.ts';
import { openSelectList, pickOption } from './grid-helpers.ts';
import type { Row } from './project-scope.ts';

/** The BI designer's and the dashboards' screens as the browser story drives them, and the sums to hold them to. */

export type BiKind = 'dataset' | 'chart' | 'dashboard';

/**
 * Runs `action` (a click on Save) and gives the id the server answered for the saved dataset, chart or
 * dashboard; the row is deleted through the API after the test (dashboards first: they show the charts,
 * which read the dataset).
 */
export async function savedId(page: Page, kind: BiKind, action: () => Promise<void>): Promise<number> {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/bi/${kind}/save` && r.request().method() === 'POST',
  );
  await action();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Deletes what a test saved in /BIDesign, the dashboards before the charts before the datasets. */
export async function deleteBi(page: Page, made: Record<BiKind, number[]>) {
  for (const kind of ['dashboard', 'chart', 'dataset'] as const)
    for (const id of made[kind]) await api(page, `/api/bi/${kind}/del`, { id });
}

/** Opens a select that searches its options, types `typed` and picks the option titled `title`. */
export async function searchAndPick(page: Page, select: Locator, typed: string, title: string) {
  await select.click();
  await select.fill(typed);
  await expect(openSelectList(page).getByTitle(title, { exact: true })).toBeVisible();
  await pickOption(page, title);
}

/** A dashboard tile, found by its chart's name. */
export const tileOf = (page: Page, name: string) =>
  page
    .getByTestId('dashboard')
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText(name, { exact: true }) });

/** What an axis chart's tooltip says where the pointer is: its category (first line) and the whole text. */
export type AxisReading = { x: number; category: string; text: string };

/**
 * Sweeps the pointer across a chart with an axis tooltip (bars, lines) and reads the tooltip at each step:
 * what the reader sees of each category, and where on the screen it is.
 */
export async function axisReadings(page: Page, chart: Locator): Promise<AxisReading[]> {
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not on screen');
  const readings: AxisReading[] = [];
  for (let x = box.x + 4; x < box.x + box.width; x += 16) {
    await page.mouse.move(x, box.y + box.height * 0.5);
    // ECharts' tooltip is the chart box's child without a canvas; hidden, it is out of display or see-through.
    const text = await chart.evaluate((el) => {
      const tip = [...el.children].find(
        (c): c is HTMLElement => c instanceof HTMLElement && !c.querySelector('canvas'),
      );
      if (!tip) return '';
      const style = getComputedStyle(tip);
      return style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0' ? '' : tip.innerText;
    });
    const category = text.trim().split('\n')[0]?.trim() ?? '';
    if (category) readings.push({ x, category, text: text.trim() });
  }
  await page.mouse.move(0, 0);
  return readings;
}

/** Each category once, with the tooltip's text there. */
export const byCategory = (readings: AxisReading[]) => new Map(readings.map((r) => [r.category, r.text]));

/** Clicks the bar of `category`: in the middle of where the sweep saw it, just above the x axis. */
export async function clickBar(page: Page, chart: Locator, readings: AxisReading[], category: string) {
  const xs = readings.filter((r) => r.category === category).map((r) => r.x);
  const box = await chart.boundingBox();
  if (xs.length === 0 || !box) throw new Error(`no bar for ${category}`);
  const x = (Math.min(...xs) + Math.max(...xs)) / 2;
  await page.mouse.click(x, box.y + box.height - 40);
}

/** A money amount in cents, from the API's decimal text. */
const cents = (amount: unknown) => Math.round(Number(amount) * 100);

/** The rows' amounts added up, in whole units as the charts show them (no decimals). */
export const sumOf = (rows: Row[], field = 'amountInclTax') => rows.reduce((s, r) => s + cents(r[field]), 0) / 100;

/** The rows grouped by a key, each group's amount added up. */
export function sumsBy(rows: Row[], key: (r: Row) => string): Map<string, number> {
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return new Map([...groups].map(([k, rs]) => [k, sumOf(rs)]));
}

/** A number as the charts write it by default (thousands, no decimals) in the reader's language. */
export const shown = (n: number, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(n);

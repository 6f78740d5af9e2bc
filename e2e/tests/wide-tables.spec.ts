import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import { expect, type Page, screenshotDir, shoot, test } from '../fixtures.ts';
import { grid, openGrid, settled } from '../grid-helpers.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', screenshotDir);

// "Stays where it was" allows a few pixels: antd measures the fixed columns' widths again as it scrolls.

/** Where an element is on screen now (it must be rendered). */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'the element is on screen').not.toBeNull();
  return b as NonNullable<typeof b>;
}

/** A header cell of a table, by its text. */
const header = (table: Locator, text: string) =>
  table
    .locator('thead th')
    .filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) })
    .first();

/** Turns the mouse wheel sideways over the table, as a trackpad or shift+wheel does. */
async function scrollSideways(page: Page, table: Locator, dx: number) {
  const b = await box(table.locator('tbody').first());
  await page.mouse.move(b.x + Math.min(b.width / 2, 300), b.y + 20);
  await page.mouse.wheel(dx, 0);
}

test.describe('wide tables at a narrow window', () => {
  test.use({ signedInAs: 'admin', viewport: { width: 900, height: 640 } });

  test('a wide grid keeps its key columns and checkboxes in view while it scrolls; the header stays on top', async ({
    page,
  }) => {
    await openGrid(page, '/ProjectInformation');
    const table = grid(page);
    await settled(page);
    const code = header(table, 'Project number');
    const name = header(table, 'Name');
    const last = header(table, 'Approval');
    const before = { code: await box(code), name: await box(name) };
    // The last column starts out of the window: the list is wider than its card.
    expect((await box(last)).x).toBeGreaterThan(900);

    await scrollSideways(page, table, 3000);
    // The far columns came into view, the key columns stayed where they were.
    await expect.poll(async () => (await box(last)).x).toBeLessThan(880);
    expect(Math.abs((await box(code)).x - before.code.x)).toBeLessThan(12);
    expect(Math.abs((await box(name)).x - before.name.x)).toBeLessThan(12);
    const firstRow = table.locator('tbody tr[data-row-key]').first();
    await expect(firstRow.getByRole('checkbox')).toBeInViewport();
    await expect(firstRow.locator('td').filter({ hasText: /^XM/ }).first()).toBeInViewport();
    await shoot(page, 'wide-tables-grid-en.png');

    // Down the page: the header row sticks to the top of the window. (antd's sticky sideways scrollbar is drawn
    // only where the browser's scrollbars take room; headless Chromium's overlay ones take none.)
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(code).toBeInViewport();
    expect((await box(code)).y).toBeLessThan(60);
    // As the window is now (the shared helper would scroll back to the top first).
    await page.screenshot({ path: path.join(shots, 'wide-tables-grid-scrolled-en.png'), animations: 'disabled' });
  });

  test('Users keeps the user name and the actions in view on both sides', async ({ page }) => {
    await openUsers(page);
    const table = page.getByRole('main').locator('.ant-table');
    const userName = header(table, 'User name');
    const actions = header(table, 'Actions');
    await expect(userName).toBeInViewport();
    await expect(actions).toBeInViewport();
    const before = await box(userName);
    await scrollSideways(page, table, 3000);
    await expect.poll(async () => (await box(header(table, 'Status'))).x).toBeLessThan(900);
    expect(Math.abs((await box(userName)).x - before.x)).toBeLessThan(12);
    await expect(actions).toBeInViewport();
    await expect(table.getByRole('button', { name: 'Edit' }).first()).toBeInViewport();
  });

  test('the permission matrix scrolls sideways inside its card, the menu names staying', async ({ page }) => {
    await page.goto('/#/permission');
    await page.getByRole('tree').getByText('Project manager').click();
    const card = page.locator('.ant-card').filter({ has: page.locator('.ant-table') });
    const table = card.locator('.ant-table');
    const menu = header(table, 'Menu');
    const upload = header(table, 'Upload');
    await expect(menu).toBeVisible();
    const cardBox = await box(card);
    // Cut off at the card's edge before, reachable by scrolling inside the card after.
    expect((await box(upload)).x).toBeGreaterThan(cardBox.x + cardBox.width);
    const before = await box(menu);
    await scrollSideways(page, table, 3000);
    await expect
      .poll(async () => (await box(upload)).x + (await box(upload)).width)
      .toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(Math.abs((await box(menu)).x - before.x)).toBeLessThan(12);
    expect((await box(card)).width).toBeCloseTo(cardBox.width, 0);
    await shoot(page, 'wide-tables-permission-en.png');
  });

  test('简体中文: the same grid scrolls under its fixed key columns', async ({ page }) => {
    await openGrid(page, '/ProjectInformation');
    await page.getByText('简体中文').click();
    const table = grid(page);
    const code = header(table, '项目编号');
    await expect(code).toBeVisible();
    await settled(page);
    const before = await box(code);
    await scrollSideways(page, table, 3000);
    await expect.poll(async () => (await box(header(table, '审批'))).x).toBeLessThan(880);
    expect(Math.abs((await box(code)).x - before.x)).toBeLessThan(12);
    await shoot(page, 'wide-tables-grid-zh.png');
    await page.goto('/#/permission');
    await page.getByRole('tree').getByText('项目经理').click();
    await expect(page.locator('.ant-table thead th').filter({ hasText: '菜单' })).toBeVisible();
    await shoot(page, 'wide-tables-permission-zh.png');
  });
});

async function openUsers(page: Page) {
  await page.goto('/#/User');
  await expect(page.getByRole('main').locator('.ant-table tbody tr[data-row-key]').first()).toBeVisible();
}

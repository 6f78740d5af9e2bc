import { employees } from '../api-helpers.ts';
import { countRequests, expect, openFromMenu, shoot, test, tokenOf } from '../fixtures.ts';
import {
  columnTexts,
  dataRows,
  grid,
  openGrid,
  openSelectList,
  quickSearch,
  settled,
  toolbarButton,
  toolbarDialog,
} from '../grid-helpers.ts';

const seededCodes = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `E${String(from + i)}`);

/** The Summary row's cell under a column (the first cell sits under the selection column). */
async function summaryOf(page: import('@playwright/test').Page, header: string) {
  const headers = (await grid(page).locator('thead th').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index).toBeGreaterThan(0);
  return (await page.getByTestId('grid-summary').locator('td').nth(index).innerText()).trim();
}

const mean = (values: string[]) => values.reduce((s, v) => s + Number(v), 0) / values.length;

test.describe('the Employee list (/Employee)', () => {
  test.use({ signedInAs: 'admin' });

  test('Projects > Employees opens the list: a page of 30 rows of 50 records, sorting by Code and paging', async ({
    page,
  }) => {
    await openFromMenu(page, 'Projects', 'Employees');
    await expect(page).toHaveURL(/#\/Employee$/);
    await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
    await expect(page.getByTestId('grid-total')).toHaveText('50 records');
    await expect(dataRows(page)).toHaveCount(30);
    expect(await columnTexts(page, 'Code')).toEqual(seededCodes(1001, 1030));
    await expect(page.getByTestId('grid-summary').locator('td').first()).toHaveText('Summary');
    await shoot(page, 'employee-list-en.png');

    // Code is sorted ascending; a click on its header turns it round.
    await grid(page)
      .locator('thead th')
      .filter({ hasText: /^Code$/ })
      .click();
    await settled(page);
    await expect(dataRows(page).first()).toContainText('E1050');
    const descending = await columnTexts(page, 'Code');
    expect(descending).toEqual(seededCodes(1021, 1050).reverse());

    // Page 2 of the descending order: the 20 codes not on page 1.
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await settled(page);
    await expect(dataRows(page)).toHaveCount(20);
    const second = await columnTexts(page, 'Code');
    expect(second).toEqual(seededCodes(1001, 1020).reverse());
    expect(second.filter((c) => descending.includes(c))).toEqual([]);
    await expect(page.getByTestId('grid-total')).toHaveText('50 records');
  });

  test('quick search "E104" + Enter shows exactly E1040-E1049', async ({ page }) => {
    await openGrid(page, '/Employee');
    await expect(page.getByTestId('grid-quick-search').getByRole('searchbox')).toHaveAttribute('placeholder', 'Code');
    await quickSearch(page, 'E104');
    await expect(page.getByTestId('grid-total')).toHaveText('10 records');
    expect(await columnTexts(page, 'Code')).toEqual(seededCodes(1040, 1049));
  });

  test('advanced search by status and by a hire date range, the average rate in the Summary row, Reset', async ({
    page,
  }) => {
    await openGrid(page, '/Employee');
    await page.getByTestId('grid-advanced-toggle').click();
    const panel = page.getByTestId('grid-search-panel');
    await expect(panel).toBeVisible();

    // Status: Left only.
    await panel.getByLabel('Status').click();
    await openSelectList(page).getByTitle('Left', { exact: true }).click();
    await toolbarButton(page, 'Search').click();
    await settled(page);
    const left = await employees(page, [{ name: 'status', value: ['left'], displayType: 'in' }]);
    expect(left.total).toBeGreaterThan(0);
    expect(left.total).toBeLessThan(50);
    await expect(page.getByTestId('grid-total')).toHaveText(`${left.total} records`);
    const statuses = await columnTexts(page, 'Status');
    expect(statuses).toHaveLength(left.total);
    expect(new Set(statuses)).toEqual(new Set(['Left']));
    // The average hourly rate of the Left rows, computed from the API's rows for the same filter.
    const expectedLeft = mean(left.rows.map((r) => String(r.hourlyRate)));
    expect(Number(await summaryOf(page, 'Hourly cost rate'))).toBeCloseTo(expectedLeft, 2);

    await panel.getByRole('button', { name: 'Reset' }).click();
    await settled(page);
    await expect(page.getByTestId('grid-total')).toHaveText('50 records');

    // Hire date From/To typed into the range picker.
    const from = '2018-01-01';
    const to = '2019-12-31';
    await panel.getByPlaceholder('From').fill(from);
    await panel.getByPlaceholder('From').press('Enter');
    await panel.getByPlaceholder('To').fill(to);
    await panel.getByPlaceholder('To').press('Enter');
    await expect(panel.getByPlaceholder('From')).toHaveValue(from);
    await expect(panel.getByPlaceholder('To')).toHaveValue(to);
    await toolbarButton(page, 'Search').click();
    await settled(page);
    const ranged = await employees(page, [
      { name: 'hireDate', value: from, displayType: 'ge' },
      { name: 'hireDate', value: to, displayType: 'le' },
    ]);
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(50);
    await expect(page.getByTestId('grid-total')).toHaveText(`${ranged.total} records`);
    const hired = await columnTexts(page, 'Hire date');
    expect(hired).toHaveLength(ranged.total);
    for (const d of hired) expect(d >= from && d <= to, `${d} within ${from}..${to}`).toBe(true);
    const expectedRanged = mean(ranged.rows.map((r) => String(r.hourlyRate)));
    expect(Number(await summaryOf(page, 'Hourly cost rate'))).toBeCloseTo(expectedRanged, 2);

    await panel.getByRole('button', { name: 'Reset' }).click();
    await settled(page);
    await expect(page.getByTestId('grid-total')).toHaveText('50 records');
    await expect(panel.getByPlaceholder('From')).toHaveValue('');
    const all = await employees(page);
    expect(Number(await summaryOf(page, 'Hourly cost rate'))).toBeCloseTo(
      mean(all.rows.map((r) => String(r.hourlyRate))),
      2,
    );
  });

  test('the column chooser hides Mail, and it stays hidden after a reload', async ({ page }) => {
    await openGrid(page, '/Employee');
    const headers = grid(page).locator('thead th');
    await expect(headers.filter({ hasText: /^Mail$/ })).toHaveCount(1);
    await page.getByTestId('grid-column-chooser').click();
    const chooser = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await expect(chooser.getByText('Columns')).toBeVisible();
    await chooser.getByRole('checkbox', { name: 'Mail' }).uncheck();
    await expect(headers.filter({ hasText: /^Mail$/ })).toHaveCount(0);
    await expect(headers.filter({ hasText: /^Phone$/ })).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('grid-total')).toHaveText('50 records');
    await expect(headers.filter({ hasText: /^Code$/ })).toHaveCount(1);
    await expect(headers.filter({ hasText: /^Mail$/ })).toHaveCount(0);
    await page.getByTestId('grid-column-chooser').click();
    await expect(chooser.getByRole('checkbox', { name: 'Mail' })).not.toBeChecked();
    await chooser.getByRole('checkbox', { name: 'Mail' }).check();
    await expect(headers.filter({ hasText: /^Mail$/ })).toHaveCount(1);
  });

  test('the range picker shows two adjacent months and its year panel steps by ten', async ({ page }) => {
    await openGrid(page, '/Employee');
    await page.getByTestId('grid-advanced-toggle').click();
    await page.getByTestId('grid-search-panel').getByPlaceholder('From').click();
    const picker = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    const months = picker.getByRole('button', { name: 'Choose a month' });
    const years = picker.getByRole('button', { name: 'Choose a year' });
    await expect(months).toHaveCount(2);
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const index = async (i: number) =>
      Number(await years.nth(i).innerText()) * 12 + names.indexOf((await months.nth(i).innerText()).trim());
    const first = await index(0);
    expect(first).toBeGreaterThan(0);
    expect(await index(1)).toBe(first + 1);

    await years.first().click();
    const decade = picker.getByRole('button', { name: 'Choose a decade' });
    await expect(decade).toHaveText(/^\d{4}-\d{4}$/);
    const [start, end] = (await decade.innerText()).split('-').map(Number) as [number, number];
    expect(start % 10).toBe(0);
    expect(end - start).toBe(9);
    await picker.getByRole('button', { name: 'Next year' }).click();
    await expect(decade).toHaveText(`${start + 10}-${end + 10}`);
  });

  test('the add dialog: a typed invalid date is refused, and the organisation select lists its first page on opening, then asks once per changed text', async ({
    page,
  }) => {
    await openGrid(page, '/Employee');
    const add = await toolbarDialog(page, 'Add', 'Add employee');
    await expect(add).toBeVisible();

    // 2024-02-30 does not exist: the picker does not take it.
    const hire = add.getByLabel('Hire date');
    // The pointer stays where Add was clicked; a calendar opening under it would preview the hovered day.
    await page.mouse.move(0, 0);
    await hire.fill('2024-02-30');
    await hire.press('Tab');
    await expect(hire).toHaveValue('');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.locator('#Employee-edit_hireDate_help')).toHaveText('This field is required');

    const lookups = countRequests(page, '/api/Employee/lookup');
    const org = add.getByLabel('Organisation');
    await org.click();
    await expect(openSelectList(page)).toBeVisible();
    // The lookups sent in all once `title` is listed and the search pause (250 ms) is well past.
    const lookupsOnceListed = async (title: string) => {
      await expect(openSelectList(page).getByTitle(title)).toBeVisible();
      await page.waitForTimeout(600);
      return lookups.count;
    };
    // Opening lists the first page at once: one lookup, before anything is typed.
    expect(await lookupsOnceListed('Engineering'), 'one lookup for the first page').toBe(1);
    await org.pressSequentially('Eng', { delay: 30 });
    expect(await lookupsOnceListed('Engineering'), 'one lookup for "Eng"').toBe(2);
    await org.fill('');
    await page.waitForTimeout(600);
    expect(lookups.count, 'none for the emptied text (the first page again)').toBe(2);
    await org.pressSequentially('Fin', { delay: 30 });
    expect(await lookupsOnceListed('Finance'), 'one more for "Fin"').toBe(3);
    await openSelectList(page).getByTitle('Finance').click();
    await expect(add.getByTitle('Finance')).toBeVisible();
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
  });

  test('简体中文: Chinese column headers, toolbar and dictionary labels', async ({ page }) => {
    await openGrid(page, '/Employee');
    await page.getByText('简体中文').click();
    const headers = grid(page).locator('thead th');
    await expect(headers.filter({ hasText: /^工号$/ })).toHaveCount(1);
    await expect(headers.filter({ hasText: /^姓名$/ })).toHaveCount(1);
    await expect(headers.filter({ hasText: /^性别$/ })).toHaveCount(1);
    await expect(toolbarButton(page, '新建')).toBeVisible();
    await expect(toolbarButton(page, '查询')).toBeVisible();
    await expect(page.getByRole('heading', { name: '员工' })).toBeVisible();
    await expect(page.getByTestId('grid-total')).toHaveText('共 50 条');
    await expect.poll(async () => new Set(await columnTexts(page, '性别'))).toEqual(new Set(['男', '女']));
    await expect(page.getByTestId('grid-summary').locator('td').first()).toHaveText('合计');
    await page.mouse.move(700, 780);
    await shoot(page, 'employee-list-zh.png');
  });
});

test.describe('pm on /Employee (Search and Export only)', () => {
  test.use({ signedInAs: 'pm' });

  test('sees only Search and Export, no Dictionaries menu, and the server refuses add and import with 403', async ({
    page,
  }) => {
    await openGrid(page, '/Employee');
    await expect(toolbarButton(page, 'Search')).toBeVisible();
    await expect(toolbarButton(page, 'Export')).toBeVisible();
    for (const name of ['Add', 'Edit', 'Delete', 'Import', 'More'])
      await expect(toolbarButton(page, name)).toHaveCount(0);
    await expect(page.getByTestId('grid-total')).toHaveText('50 records');
    // Double-click edits only with the Update grant.
    await dataRows(page).first().dblclick();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const menu = page.getByTestId('menu');
    await menu.getByText('System', { exact: true }).click();
    await expect(menu.getByRole('menuitem', { name: 'Dictionary items' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Dictionaries' })).toHaveCount(0);
    await expect(menu.getByText('Button catalogue')).toHaveCount(0);

    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const add = await page.request.post('/api/Employee/add', {
      headers,
      data: {
        mainData: { code: 'PM-NOPE', name: 'Not allowed', gender: 'male', hireDate: '2024-01-02', status: 'active' },
        detailData: {},
        delKeys: {},
      },
    });
    expect(add.status()).toBe(403);
    const imported = await page.request.post('/api/Employee/import?mode=all', {
      headers,
      multipart: {
        file: { name: 'e.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004') },
      },
    });
    expect(imported.status()).toBe(403);
    // What pm may do still works with the same token.
    const read = await page.request.post('/api/Employee/getPageData', {
      headers,
      data: { page: 1, rows: 1, wheres: [] },
    });
    expect(read.status()).toBe(200);
    expect((await employees(page, [{ name: 'code', value: 'PM-NOPE', displayType: 'eq' }])).total).toBe(0);
  });
});

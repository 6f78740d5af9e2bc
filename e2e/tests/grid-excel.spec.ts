import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { EMPLOYEE_TEMPLATE_HEADERS } from '../../packages/server/src/test/demo.ts';
import { deleteEmployeesLike, employees } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { columnTexts, dialog, grid, moreAction, openGrid, quickSearch, settled, toast } from '../grid-helpers.ts';
import { chooseWorkbook, workbookOf } from '../workbooks.ts';

/** The texts of a sheet row, first column first. */
function rowTexts(ws: ExcelJS.Worksheet, n: number): string[] {
  const row = ws.getRow(n);
  const out: string[] = [];
  for (let c = 1; c <= row.cellCount; c++) out.push(row.getCell(c).text);
  return out;
}

/** The labels the grid shows as column headers (the selection column left out). */
async function gridHeaders(page: Page) {
  return (await grid(page).locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

const importDialog = (page: Page) => dialog(page, 'Import from Excel');

async function chooseInImport(page: Page, name: string, wb: ExcelJS.Workbook) {
  await chooseWorkbook(importDialog(page), name, wb);
  await expect(importDialog(page).getByText(name)).toBeVisible();
}

test.describe('Excel on /Employee: export, import, error workbook, template', () => {
  test.use({ signedInAs: 'admin' });

  test('a filtered export downloads the rows with label headers; the edited workbook imports back', async ({
    page,
    cleanUp,
  }, testInfo) => {
    const prefix = `RT${stamp()}`;
    cleanUp(async (page) => {
      await page.unrouteAll();
      await deleteEmployeesLike(page, prefix);
    });
    await openGrid(page, '/Employee');
    // E102x: employees without a user account (the demo links E1001 and E1002 to its accounts, a unique field).
    await quickSearch(page, 'E102');
    const expected = await employees(page, [{ name: 'code', value: 'E102', displayType: 'like' }]);
    expect(expected.total).toBe(10);
    await expect(page.getByTestId('grid-total')).toHaveText(`${expected.total} records`);
    const headers = await gridHeaders(page);

    // The export is slowed a little on its way to the real server, so its progress can be seen.
    await page.route('**/api/Employee/export', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await moreAction(page, 'Export');
    await expect(toast(page, 'Exporting…')).toBeVisible();
    const wb = await workbookOf(await downloading, testInfo.outputPath('export.xlsx'));
    await expect(toast(page, 'Export finished')).toBeVisible();
    await page.unrouteAll();

    const ws = wb.worksheets[0];
    if (!ws) throw new Error('the export has no sheet');
    const header = rowTexts(ws, 1);
    // What the list shows, then the hidden row version a re-import that updates compares.
    expect(header).toEqual([...headers, 'Row version']);
    expect(ws.getColumn(header.length).hidden).toBe(true);
    expect(header).toEqual(expect.arrayContaining(['Code', 'Name', 'Gender', 'Hire date', 'Hourly cost rate']));
    expect(ws.actualRowCount - 1).toBe(expected.total);
    const codeCol = header.indexOf('Code') + 1;
    const nameCol = header.indexOf('Name') + 1;
    const codes = Array.from({ length: expected.total }, (_, i) => ws.getRow(i + 2).getCell(codeCol).text);
    expect(codes).toEqual(expected.rows.map((r) => r.code));

    // Edit the workbook: new codes everywhere, one new name.
    const newCodes = codes.map((c) => `${prefix}-${c}`);
    newCodes.forEach((c, i) => {
      ws.getRow(i + 2).getCell(codeCol).value = c;
    });
    ws.getRow(3).getCell(nameCol).value = 'Renamed Roundtrip';

    await moreAction(page, 'Import');
    const dlg = importDialog(page);
    await expect(dlg).toBeVisible();
    await chooseInImport(page, 'roundtrip.xlsx', wb);
    await expect(dlg.getByRole('button', { name: 'Import all' })).toBeDisabled();
    await dlg.getByRole('button', { name: 'Check' }).click();
    await expect(dlg.getByTestId('import-summary')).toHaveText(
      `${expected.total} rows: ${expected.total} valid, 0 invalid`,
    );
    await expect(dlg.getByTestId('import-errors')).toHaveCount(0);
    // A check writes nothing.
    expect((await employees(page, [{ name: 'code', value: prefix, displayType: 'like' }])).total).toBe(0);
    await dlg.getByRole('button', { name: 'Import all' }).click();
    await expect(toast(page, `Imported ${expected.total} row(s)`)).toBeVisible();
    await dlg.getByRole('button', { name: 'Close' }).click();
    await expect(dlg).toBeHidden();

    await quickSearch(page, prefix);
    await expect(page.getByTestId('grid-total')).toHaveText(`${expected.total} records`);
    expect(await columnTexts(page, 'Code')).toEqual(newCodes);
    expect(await columnTexts(page, 'Name')).toContain('Renamed Roundtrip');
    const imported = await employees(page, [{ name: 'code', value: prefix, displayType: 'like' }]);
    const original = expected.rows.find((r) => r.code === 'E1021');
    const copy = imported.rows.find((r) => r.code === `${prefix}-E1021`);
    expect(copy).toMatchObject({
      name: 'Renamed Roundtrip',
      gender: original?.gender,
      hireDate: original?.hireDate,
      status: original?.status,
      skills: original?.skills,
      hourlyRate: original?.hourlyRate,
      organizationId: original?.organizationId,
    });
  });

  test('the import dialog: the template has the writable fields; a bad workbook lists its errors and downloads them', async ({
    page,
    cleanUp,
  }, testInfo) => {
    const prefix = `BAD${stamp()}`;
    cleanUp((page) => deleteEmployeesLike(page, prefix));
    await openGrid(page, '/Employee');
    await moreAction(page, 'Import');
    const dlg = importDialog(page);
    await expect(dlg).toBeVisible();

    const template = page.waitForEvent('download');
    await dlg.getByRole('button', { name: /Download template/ }).click();
    const twb = await workbookOf(await template, testInfo.outputPath('template.xlsx'));
    const sheet = twb.worksheets[0];
    if (!sheet) throw new Error('the template has no sheet');
    expect(rowTexts(sheet, 1)).toEqual(EMPLOYEE_TEMPLATE_HEADERS);
    expect(sheet.actualRowCount).toBe(1);

    // Two rows, each with one fault.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Employees');
    ws.addRow(['Code', 'Name', 'Gender', 'Hire date', 'Status']);
    ws.addRow([`${prefix}-1`, 'Bad Date', 'Male', '2024-02-30', 'Active']);
    ws.addRow([`${prefix}-2`, 'Bad Gender', 'Robot', '2024-01-10', 'Active']);
    await chooseInImport(page, 'bad.xlsx', wb);
    await dlg.getByRole('button', { name: 'Check' }).click();
    await expect(dlg.getByTestId('import-summary')).toHaveText('2 rows: 0 valid, 2 invalid');
    const errors = dlg.getByTestId('import-errors');
    await expect(errors.getByRole('columnheader')).toHaveText(['Row', 'Field', 'Message']);
    const lines = errors.locator('tbody tr[data-row-key]');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).getByRole('cell')).toHaveText(['2', 'Hire date', /date/]);
    await expect(lines.nth(1).getByRole('cell')).toHaveText(['3', 'Gender', '"Robot" is not a value of this list']);
    await expect(dlg.getByRole('button', { name: 'Import all' })).toBeDisabled();
    await expect(dlg.getByRole('button', { name: 'Import valid rows' })).toBeDisabled();
    await shoot(page, 'import-check.png');

    const errorFile = page.waitForEvent('download');
    await dlg.getByRole('button', { name: /Download error workbook/ }).click();
    const ewb = await workbookOf(await errorFile, testInfo.outputPath('errors.xlsx'));
    const es = ewb.worksheets[0];
    if (!es) throw new Error('the error workbook has no sheet');
    const header = rowTexts(es, 1);
    expect(header).toEqual(['Code', 'Name', 'Gender', 'Hire date', 'Status', 'Errors']);
    const last = header.length;
    expect(es.getRow(2).getCell(1).text).toBe(`${prefix}-1`);
    expect(es.getRow(2).getCell(last).text).toMatch(/^Hire date: .*date/);
    expect(es.getRow(3).getCell(last).text).toBe('Gender: "Robot" is not a value of this list');
    await expect(dlg.getByRole('button', { name: 'Import all' })).toBeDisabled();
    await settled(page);
    expect((await employees(page, [{ name: 'code', value: prefix, displayType: 'like' }])).total).toBe(0);
  });
});

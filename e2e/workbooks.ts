import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, openDropdown } from './fixtures.ts';
import { moreAction } from './grid-helpers.ts';

/** Excel workbooks as the grid's export, template and import hand them over. */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves a downloaded workbook under `file` and opens it with exceljs. */
export async function workbookOf(download: Download, file: string) {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

/**
 * Exports the grid through More > Export (`words`: the menu's texts in the screen's language) and opens the
 * workbook: its first sheet and the header row's texts.
 */
export async function exportThroughMore(page: Page, file: string, words = { more: 'More', export: 'Export' }) {
  const downloading = page.waitForEvent('download');
  await moreAction(page, words.export, words.more);
  await (await downloading).saveAs(file);
  // The More menu closes before it is opened again (hovered while still fading out, it closes under the click).
  await page.mouse.move(0, 0);
  await expect(openDropdown(page)).toHaveCount(0);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the export has no sheet');
  const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  return { wb, ws, header };
}

/** Chooses a workbook in the import dialog's file input. */
export async function chooseWorkbook(importDialog: Locator, name: string, wb: ExcelJS.Workbook) {
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await importDialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer });
}

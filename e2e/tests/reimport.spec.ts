import type { Page } from '@playwright/test';
import { api, deleteEmployeesLike, employeeBody, employees } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { columnTexts, dialog, moreAction, quickSearch, toast } from '../grid-helpers.ts';
import { chooseWorkbook, exportThroughMore } from '../workbooks.ts';

/** The words of the screen in each language. */
const words = {
  en: {
    more: 'More',
    export: 'Export',
    import: 'Import',
    dialog: 'Import from Excel',
    upsert: 'Add new and update existing',
    check: 'Check',
    importAll: 'Import all',
    close: 'Close',
    name: 'Name',
    rate: 'Hourly cost rate',
    code: 'Code',
    summary: '5 rows: 5 valid, 0 invalid',
    plan: 'To update: 3, unchanged: 2, to add: 0, conflicts: 0',
    done: '3 updated, 2 unchanged, 0 added',
    total: '5 records',
  },
  zh: {
    more: '更多',
    export: '导出',
    import: '导入',
    dialog: '从 Excel 导入',
    upsert: '新增并更新已有记录',
    // Ant Design spaces out a two-character label: "校 验".
    check: '校 验',
    importAll: '全部导入',
    close: '关闭',
    name: '姓名',
    rate: '小时成本',
    code: '工号',
    summary: '共 5 行：有效 5 行，无效 0 行',
    plan: '待更新 3 行，未变 2 行，待新增 0 行，冲突 0 行',
    done: '已更新 3 行，未变 2 行，已新增 0 行',
    total: '共 5 条',
  },
} as const;

/**
 * Five employees of the test's own (through the API), exported through the toolbar, three cells edited
 * in the workbook, imported back with "add new and update existing": the grid shows the three changes.
 */
async function roundTrip(page: Page, lang: keyof typeof words, prefix: string) {
  const w = words[lang];
  const codes = [1, 2, 3, 4, 5].map((i) => `${prefix}-${i}`);
  for (const code of codes) await api(page, '/api/Employee/add', employeeBody(code, { hourlyRate: '50.00' }));
  const before = await employees(page, [{ name: 'code', value: prefix, displayType: 'like' }]);

  await page.goto('/#/Employee');
  // The first page of a fresh browser waits for the app to load: on a busy machine that is more than 10 s.
  await expect(page.getByTestId('grid-total')).toBeVisible({ timeout: 30_000 });
  await quickSearch(page, prefix);
  await expect(page.getByTestId('grid-total')).toHaveText(w.total);
  const { wb, ws, header } = await exportThroughMore(page, test.info().outputPath(`export-${lang}.xlsx`), w);
  const cell = (code: string, column: string) => {
    const line = [...Array(ws.actualRowCount).keys()]
      .map((i) => i + 1)
      .find((n) => ws.getRow(n).getCell(header.indexOf(w.code) + 1).text === code);
    if (line === undefined) throw new Error(`${code} is not in the export`);
    return ws.getRow(line).getCell(header.indexOf(column) + 1);
  };
  cell(codes[0] ?? '', w.name).value = `Edited ${lang} one`;
  cell(codes[2] ?? '', w.name).value = `Edited ${lang} three`;
  cell(codes[4] ?? '', w.rate).value = 77.25;

  await moreAction(page, w.import, w.more);
  const dlg = dialog(page, w.dialog);
  await dlg.getByRole('radio', { name: w.upsert }).check();
  await chooseWorkbook(dlg, 'edited.xlsx', wb);
  await dlg.getByRole('button', { name: w.check }).click();
  await expect(dlg.getByTestId('import-summary')).toContainText(w.summary);
  await expect(dlg.getByTestId('import-outcome')).toHaveText(w.plan);
  await shoot(page, `reimport-check-${lang}.png`);

  await dlg.getByRole('button', { name: w.importAll }).click();
  await expect(toast(page, w.done)).toBeVisible();
  await expect(dlg.getByTestId('import-outcome')).toHaveText(w.done);
  await shoot(page, `reimport-result-${lang}.png`);
  await dlg.getByRole('button', { name: w.close }).click();

  // The grid, refreshed by the import, shows the three edits; the API says exactly those rows moved.
  await expect.poll(() => columnTexts(page, w.name)).toContain(`Edited ${lang} three`);
  expect(await columnTexts(page, w.name)).toContain(`Edited ${lang} one`);
  expect(await columnTexts(page, w.rate)).toContain('77.25');
  const after = await employees(page, [{ name: 'code', value: prefix, displayType: 'like' }]);
  const moved = after.rows.filter((r) => before.rows.find((b) => b.id === r.id)?.version !== r.version);
  expect(moved.map((r) => r.code).sort()).toEqual([codes[0], codes[2], codes[4]]);
}

test.describe('re-import an edited export on /Employee', () => {
  test.use({ signedInAs: 'admin' });

  test('in English: export, three cells edited in Excel, "add new and update existing" updates those three rows', async ({
    page,
    cleanUp,
  }) => {
    const prefix = `RI${stamp()}`;
    cleanUp((page) => deleteEmployeesLike(page, prefix));
    await roundTrip(page, 'en', prefix);
  });

  test('in Chinese: the same round trip, the dialog and its result in Chinese', async ({ page, cleanUp }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    const prefix = `RZ${stamp()}`;
    cleanUp((page) => deleteEmployeesLike(page, prefix));
    await roundTrip(page, 'zh', prefix);
  });
});

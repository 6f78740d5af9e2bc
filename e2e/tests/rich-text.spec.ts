import type { Locator } from '@playwright/test';
import { api } from '../api-helpers.ts';
import { axeFindings, formatFindings } from '../axe.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { choose, columnTexts, dataRows, dialog, toast, toolbarDialog } from '../grid-helpers.ts';
import { png } from '../png.ts';
import { richTextTable } from '../table-design-helpers.ts';

/** A picture drawn in the test: stripes, its width read back from the <img> once shown. */
const PICTURE = png(120, 48, (x) => (Math.floor(x / 20) % 2 ? [250, 180, 30] : [20, 120, 90]));

/** The picture an <img> really shows (0 until it has loaded). */
const naturalWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

/** The toolbar button of the rich-text field by its name (its tooltip). */
const tool = (field: Locator, name: string) => field.getByRole('toolbar').getByRole('button', { name, exact: true });

test.describe('rich-text fields', () => {
  test.use({ signedInAs: 'admin' });

  test('a memo written with a heading, bold text, a list, a picture and a table is stored as HTML and shown again, in English and Chinese', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const entity = `Memo${stamp()}`;
    await richTextTable(page, entity, { en: 'Memos', zh: '备忘录' });
    await page.goto(`/#/${entity}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Memos');

    const add = await toolbarDialog(page, 'Add', 'Add Memos');
    await add.getByLabel('Name', { exact: true }).fill('Site visit');
    // The editor's chunk comes with the first rich-text field shown.
    const body = add.getByRole('textbox', { name: 'Body' });
    const field = add.locator('.rich-text');
    await body.click();
    await page.keyboard.type('Site survey');
    await choose(page, field.getByLabel('Text style'), 'Heading 2');
    await body.press('End');
    await body.press('Enter');
    await page.keyboard.type('Bring ');
    await tool(field, 'Bold').click();
    await page.keyboard.type('boots');
    await tool(field, 'Bold').click();
    await page.keyboard.type(' and gloves.');
    await body.press('Enter');
    await tool(field, 'Bulleted list').click();
    await page.keyboard.type('Helmet');
    await body.press('Enter');
    await page.keyboard.type('Vest');
    await body.press('Enter');
    await body.press('Enter');

    // The picture goes up through the table's own upload route and comes back as a blob: for display.
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/${entity}/upload`));
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PICTURE });
    expect((await uploaded).status()).toBe(200);
    const picture = body.getByRole('img', { name: 'map.png' });
    await expect(picture).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => naturalWidth(picture)).toBe(120);

    await tool(field, 'Insert table').click();
    await page.keyboard.type('Tool');
    await body.press('Tab');
    await page.keyboard.type('Count');
    await expect(body.locator('table tr')).toHaveCount(3);
    await expect(body.locator('th')).toHaveCount(3);
    await tool(field, 'Add row below').hover();
    await expect(page.getByRole('tooltip', { name: 'Add row below' })).toBeVisible();
    await shoot(page, 'rich-text-edit-en.png');
    expect(formatFindings('the rich-text editor', await axeFindings(page, '.ant-modal'))).toBe('');
    // Saved straight after typing: leaving the editor hands the form what the debounce still held.
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(add).toBeHidden();

    // The server stored the formatting, the picture by its file path (never a blob: address).
    const { rows } = await api<{ rows: { body: string }[] }>(page, `/api/${entity}/getPageData`, { page: 1, rows: 10 });
    const html = rows[0]?.body ?? '';
    for (const part of ['<h2>Site survey</h2>', '<strong>boots</strong>', '<ul>', '<li>', '<table', 'Count'])
      expect(html, part).toContain(part);
    expect(html).toMatch(/<img src="\/api\/file\/[0-9a-f-]{36}" alt="map.png"/);
    expect(html).not.toContain('blob:');

    // The list shows the words only.
    await expect(dataRows(page)).toHaveCount(1);
    const [cell] = await columnTexts(page, 'Body');
    expect(cell).toContain('Site survey Bring boots and gloves. Helmet Vest Tool Count');
    expect(cell).not.toContain('<');
    await shoot(page, 'rich-text-list-en.png');

    // Opened again, the document is drawn as it was written, the picture shown.
    await dataRows(page).getByRole('cell', { name: 'Site visit', exact: true }).dblclick();
    const edit = dialog(page, 'Edit Memos');
    const again = edit.getByRole('textbox', { name: 'Body' });
    await expect(again.locator('h2')).toHaveText('Site survey');
    await expect(again.locator('strong')).toHaveText('boots');
    await expect(again.locator('ul > li')).toHaveCount(2);
    await expect(again.locator('th').first()).toHaveText('Tool');
    const shown = again.getByRole('img', { name: 'map.png' });
    await expect(shown).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => naturalWidth(shown)).toBe(120);
    // Opening a record is not an edit: nothing to undo.
    await expect(tool(edit, 'Undo')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // In Chinese: the toolbar speaks it, the content is the same.
    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('备忘录');
    await dataRows(page).getByRole('cell', { name: 'Site visit', exact: true }).dblclick();
    const zh = dialog(page, '编辑备忘录');
    const zhBody = zh.getByRole('textbox', { name: '正文' });
    await expect(tool(zh, '加粗')).toBeVisible();
    await expect(tool(zh, '插入表格')).toBeVisible();
    await expect(zh.getByLabel('文本样式')).toBeVisible();
    await zhBody.locator('h2').click();
    await expect(zh.locator('.rich-text-toolbar .ant-select')).toContainText('标题 2');
    await expect.poll(() => naturalWidth(zhBody.getByRole('img', { name: 'map.png' }))).toBe(120);
    await tool(zh, '插入图片').hover();
    await expect(page.getByRole('tooltip', { name: '插入图片' })).toBeVisible();
    await shoot(page, 'rich-text-edit-zh.png');
  });

  test('a rich-text field of a detail line is written in a dialog over the line, and saved with the document', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const master = `Inspection${stamp()}`;
    const detail = `Finding${stamp()}`;
    const name = { id: 'f1', name: 'name', type: 'string', required: true, edit: { row: 1, col: 1 } };
    for (const design of [
      {
        name: master,
        table: master.toLowerCase(),
        label: { en: 'Inspections', zh: '巡检' },
        fields: [{ ...name, label: { en: 'Name', zh: '名称' } }],
      },
      {
        name: detail,
        table: detail.toLowerCase(),
        label: { en: 'Findings', zh: '发现' },
        master: { entity: master, field: 'inspectionId' },
        fields: [
          {
            id: 'd1',
            name: 'inspectionId',
            type: 'reference',
            label: { en: 'Inspection', zh: '巡检' },
            required: true,
            reference: { table: master.toLowerCase(), labelColumn: 'name' },
            edit: { row: 1, col: 1 },
          },
          { id: 'd2', name: 'note', type: 'richText', label: { en: 'Note', zh: '说明' }, edit: { row: 1, col: 2 } },
        ],
      },
    ]) {
      const { id } = await api<{ id: number }>(page, '/api/tableDesign/add', { design });
      await api(page, '/api/tableDesign/apply', { id });
    }
    await page.goto(`/#/${master}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inspections');

    const add = await toolbarDialog(page, 'Add', 'Add Inspections');
    await add.getByLabel('Name', { exact: true }).fill('Pump room');
    const lines = add.getByTestId(`detail-${detail}`);
    await lines.getByRole('button', { name: /Add row/ }).click();
    // The cell holds the words and a button; the editor opens in a dialog of its own.
    await lines.getByRole('button', { name: 'Edit Note' }).click();
    const note = dialog(page, 'Note');
    const body = note.getByRole('textbox', { name: 'Note' });
    await body.click();
    await page.keyboard.type('Valve ');
    await tool(note, 'Bold').click();
    await page.keyboard.type('leaks');
    await shoot(page, 'rich-text-detail-line-en.png');
    await note.getByRole('button', { name: 'OK' }).click();
    await expect(note).toBeHidden();
    await expect(lines.getByText('Valve leaks')).toBeVisible();
    await shoot(page, 'rich-text-detail-cell-en.png');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();

    const { rows } = await api<{ rows: { id: number }[] }>(page, `/api/${master}/getPageData`, { page: 1, rows: 10 });
    const saved = await api<{ rows: { note: string }[] }>(page, `/api/${master}/getDetailPage`, {
      page: 1,
      rows: 10,
      value: rows[0]?.id,
    });
    expect(saved.rows.map((r) => r.note)).toEqual(['<p>Valve <strong>leaks</strong></p>']);
  });
});

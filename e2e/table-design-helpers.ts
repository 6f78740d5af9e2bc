import type { Locator, Page } from '@playwright/test';
import { api } from './api-helpers.ts';
import { expect } from './fixtures.ts';
import { choose, dialog, toast } from './grid-helpers.ts';

/** The table designer's screen, as its browser stories drive it. */

/** The designer's list, and one design's row in it by its entity name. */
export const designRow = (page: Page, name: string) =>
  page.getByTestId('table-design-list').locator('tbody tr[data-row-key]').filter({ hasText: name });

export async function openDesigner(page: Page) {
  await page.goto('/#/tableDesign');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Table designer');
  await expect(page.getByTestId('table-design-list').locator('.ant-spin-spinning')).toHaveCount(0);
}

export type TypedField = {
  name: string;
  en: string;
  zh: string;
  type?: string;
  length?: string;
  target?: string;
  dict?: string;
};

/**
 * Types row `n` of the editor's field list, input by input, as a person would; a row the list has not yet
 * is added with "Add field" first.
 */
export async function typeField(page: Page, editor: Locator, n: number, f: TypedField, flags: string[] = []) {
  const input = (what: string) => editor.getByLabel(`${what} of field ${n}`, { exact: true });
  if ((await input('Name').count()) === 0) await editor.getByRole('button', { name: 'Add field' }).click();
  await input('Name').fill(f.name);
  await input('Label (English)').fill(f.en);
  await input('Label (Chinese)').fill(f.zh);
  if (f.type) await choose(page, input('Type'), f.type);
  if (f.length) await input('Length').fill(f.length);
  if (f.target) await input('Target table').fill(f.target);
  if (f.dict) await input('Dictionary code').fill(f.dict);
  for (const flag of flags) await input(flag).check();
}

/** Opens a design's preview from its row and waits for it to show what applying does. */
export async function openPreview(page: Page, name: string, label: string) {
  await designRow(page, name)
    .getByRole('button', { name: /Preview & apply/ })
    .click();
  const preview = dialog(page, `Preview and apply: ${label}`);
  await expect(preview.getByTestId('design-preview')).toBeVisible();
  return preview;
}

/** Rolls back the last change applied to a design from its preview, confirmed, and waits for the toast. */
export async function rollBack(page: Page, preview: Locator, label: string) {
  await preview.getByRole('button', { name: 'Roll back' }).click();
  await page
    .getByRole('dialog', { name: new RegExp(`Roll back the last change applied to ${label}`) })
    .getByRole('button', { name: 'Roll back' })
    .click();
  await expect(toast(page, /^Migration \d+ rolled back$/)).toBeVisible();
}

/**
 * A designed table with a required name and a rich-text body across the dialog's width (the toolbar needs it),
 * made and applied through the API; `bodyDefault` becomes the body's default for new records.
 */
export async function richTextTable(
  page: Page,
  entity: string,
  label: { en: string; zh: string },
  bodyDefault?: string,
) {
  const { id } = await api<{ id: number }>(page, '/api/tableDesign/add', {
    design: {
      name: entity,
      table: entity.toLowerCase(),
      label,
      fields: [
        {
          id: 'f1',
          name: 'name',
          type: 'string',
          label: { en: 'Name', zh: '名称' },
          required: true,
          edit: { row: 1, col: 1 },
        },
        {
          id: 'f2',
          name: 'body',
          type: 'richText',
          label: { en: 'Body', zh: '正文' },
          edit: { row: 2, col: 1, span: 24 },
          ...(bodyDefault === undefined ? {} : { default: bodyDefault }),
        },
      ],
    },
  });
  await api(page, '/api/tableDesign/apply', { id });
}

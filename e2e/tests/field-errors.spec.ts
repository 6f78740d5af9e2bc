import type { Page } from '@playwright/test';
import { api } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { openGrid, toast, toolbarButton } from '../grid-helpers.ts';

// What the server refuses, the form shows on the field it names: a code already taken (a 400 the form cannot
// know beforehand) on the Code field, a duplicated item value on that detail line's cell; the notice only
// counts them.

const cell = (page: Page, i: number, field: string) =>
  page.locator(`#Dictionary-edit_detailData_DictionaryList_${i}_${field}`);
const cellHelp = (page: Page, i: number, field: string) =>
  page.locator(`#Dictionary-edit_detailData_DictionaryList_${i}_${field}_help`);

type Dict = { id: number; code: string };

async function deleteDictionaries(page: Page, code: string) {
  const { rows } = await api<{ rows: Dict[] }>(page, '/api/Dictionary/getPageData', {
    page: 1,
    rows: 50,
    wheres: [{ name: 'code', value: code, displayType: 'eq' }],
  });
  if (rows.length)
    await api(
      page,
      '/api/Dictionary/del',
      rows.map((r) => r.id),
    );
}

/** The add dialog filled with `code` and two items of the same value. */
async function fillDictionary(page: Page, code: string, zh: boolean) {
  const add = page.getByRole('dialog');
  await add.locator('#Dictionary-edit_code').fill(code);
  await add.locator('#Dictionary-edit_name').fill('Duplicates');
  const detail = add.getByTestId('detail-DictionaryList');
  for (const _ of [0, 1]) await detail.getByRole('button', { name: zh ? /添加行/ : /Add row/ }).click();
  for (const i of [0, 1]) {
    await cell(page, i, 'value').fill('same');
    await cell(page, i, 'label').fill(`Same ${i}`);
  }
  return add;
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test.describe(`server field errors on the field (${lang})`, () => {
    test.use({ signedInAs: 'admin' });

    test(`a taken code marks Code, a duplicated item marks its cell; the notice counts them (${lang})`, async ({
      page,
    }) => {
      const zh = lang === 'zh-CN';
      if (zh) await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
      const code = `dup_${stamp().toLowerCase()}`;
      await page.goto('/#/home');
      // An existing dictionary's code: valid by every rule the form knows, refused by the server only.
      const { rows } = await api<{ rows: Dict[] }>(page, '/api/Dictionary/getPageData', { page: 1, rows: 1 });
      const taken = rows[0]?.code ?? '';
      expect(taken).not.toBe('');
      try {
        await openGrid(page, '/Dictionary');
        await toolbarButton(page, zh ? '新建' : 'Add').click();
        const add = await fillDictionary(page, taken, zh);
        const save = add.getByRole('button', { name: zh ? /保\s*存/ : 'Save' });
        await save.click();
        await expect(add.locator('#Dictionary-edit_code_help')).toHaveText('already exists');
        await expect(toast(page, zh ? '有 1 个字段需要修改' : '1 field needs attention')).toBeVisible();
        await expect(add.locator('#Dictionary-edit_code')).toBeInViewport();
        await expect(add).toBeVisible();

        // With a free code the master goes in, and the second line's value is the duplicate.
        await add.locator('#Dictionary-edit_code').fill(code);
        await save.click();
        await expect(cellHelp(page, 1, 'value')).not.toHaveText('');
        await expect(cellHelp(page, 0, 'value')).toHaveCount(0);
        await expect(toast(page, zh ? '有 1 个字段需要修改' : '1 field needs attention')).toBeVisible();
        await expect(cell(page, 1, 'value')).toBeInViewport();
        await expect(add).toBeVisible();
        await shoot(page, `field-errors-${lang}.png`);
      } finally {
        await deleteDictionaries(page, code);
      }
    });
  });
}

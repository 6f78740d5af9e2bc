import type { Locator, Page } from '@playwright/test';
import { api, deleteEmployeesLike, type EmployeeRow, employeeBody, employees } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import {
  choose,
  columnTexts,
  dataRows,
  dialog,
  grid,
  openGrid,
  openSelectList,
  pickOption,
  quickSearch,
  settled,
  toast,
  toolbarButton,
  toolbarDialog,
  typeDate,
} from '../grid-helpers.ts';

/** Picks an option of a (static) select by its label. */

/** Types a date into a picker and confirms it with Enter. */

/** The grid cell holding exactly this text. */
const rowCell = (page: Page, text: string) => dataRows(page).getByRole('cell', { name: text, exact: true });

/** The message under a field of the Employee edit form. */
const helpOf = (form: Locator, field: string) => form.locator(`#Employee-edit_${field}_help`);

async function employeeByCode(page: Page, code: string): Promise<EmployeeRow | undefined> {
  const { rows } = await employees(page, [{ name: 'code', value: code, displayType: 'eq' }]);
  return rows[0];
}

test.describe('adding, editing and deleting on /Employee', () => {
  test.use({ signedInAs: 'admin' });

  test('add through the dialog, edit by double-click, delete with the confirmation', async ({ page, cleanUp }) => {
    const code = `T-${stamp()}`;
    cleanUp((page) => deleteEmployeesLike(page, code));
    await openGrid(page, '/Employee');
    const add = await toolbarDialog(page, 'Add', 'Add employee');
    await expect(add).toBeVisible();
    await add.getByLabel('Code').fill(code);
    await add.getByLabel('Name').fill('Tess Tester');
    await choose(page, add.getByLabel('Gender'), 'Female');
    await typeDate(add.getByLabel('Hire date'), '2023-04-05');
    await choose(page, add.getByLabel('Status'), 'Active');
    const org = add.getByLabel('Organisation');
    await org.click();
    await org.pressSequentially('Engin', { delay: 30 });
    await openSelectList(page).getByTitle('Engineering', { exact: true }).click();
    await add.getByLabel('Skills').click();
    await pickOption(page, 'Networking');
    await expect(add.getByTitle('Networking')).toBeVisible();
    await pickOption(page, 'Security');
    await expect(add.getByTitle('Security')).toBeVisible();
    await expect(add.getByTitle('Networking')).toBeVisible();
    await add.getByLabel('Hourly cost rate').fill('88.50');
    await add.getByLabel('Title').fill('Tester');
    await expect(openSelectList(page)).toHaveCount(0);
    await expect(add.getByTitle('Engineering')).toBeVisible();
    await shoot(page, 'employee-edit-en.png');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(add).toBeHidden();

    await quickSearch(page, code);
    await expect(page.getByTestId('grid-total')).toHaveText('1 record');
    const cells = async (header: string) => (await columnTexts(page, header))[0];
    expect(await cells('Code')).toBe(code);
    expect(await cells('Name')).toBe('Tess Tester');
    expect(await cells('Gender')).toBe('Female');
    expect(await cells('Organisation')).toBe('Engineering');
    expect(await cells('Hire date')).toBe('2023-04-05');
    expect(await cells('Status')).toBe('Active');
    expect(await cells('Skills')).toBe('Networking, Security');
    expect(await cells('Hourly cost rate')).toBe('88.50');
    const saved = await employeeByCode(page, code);
    expect(saved).toMatchObject({ hourlyRate: '88.50', skills: ['network', 'security'], gender: 'female' });

    // Edit: a double-click on the row.
    await rowCell(page, code).dblclick();
    const edit = dialog(page, 'Edit employee');
    await expect(edit.getByLabel('Code')).toHaveValue(code);
    await expect(edit.getByLabel('Title')).toHaveValue('Tester');
    await edit.getByLabel('Title').fill('Lead tester');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toHaveCount(1);
    await expect(edit).toBeHidden();
    await expect.poll(() => cells('Title')).toBe('Lead tester');

    // Delete: select, confirm.
    await dataRows(page).first().getByRole('checkbox').check();
    await toolbarButton(page, 'Delete').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete 1 selected record(s)?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Deleted 1 record(s)')).toBeVisible();
    await settled(page);
    await expect(dataRows(page)).toHaveCount(0);
    await expect(grid(page).locator('.ant-empty-description')).toHaveText('No data');
    expect(await employeeByCode(page, code)).toBeUndefined();
  });

  test('the dialog shows field messages, the server duplicate and the 422 of a leave date before the hire date; Escape closes it', async ({
    page,
    cleanUp,
  }) => {
    const code = `V-${stamp()}`;
    cleanUp((page) => deleteEmployeesLike(page, code));
    await openGrid(page, '/Employee');
    const add = await toolbarDialog(page, 'Add', 'Add employee');
    const form = add.getByTestId('grid-edit-form');
    await expect(add).toBeVisible();

    // Required, on blur.
    await add.getByLabel('Name').click();
    await add.getByLabel('Name').blur();
    await expect(helpOf(form, 'name')).toHaveText('This field is required');
    // A bad phone, on blur.
    await add.getByLabel('Phone').fill('12345');
    await add.getByLabel('Phone').blur();
    await expect(helpOf(form, 'phone')).toHaveText('not a valid phone');
    // A code with two faults shows only the first one.
    await add.getByLabel('Code').fill('bad code!');
    await add.getByLabel('Code').blur();
    await expect(helpOf(form, 'code')).toHaveText(/^[^;]+$/);
    await expect(helpOf(form, 'code').locator('.ant-form-item-explain-error')).toHaveCount(1);
    // Save validates everything: every empty required field says so.
    await add.getByLabel('Code').fill('');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(helpOf(form, 'code')).toHaveText('This field is required');
    await expect(helpOf(form, 'gender')).toHaveText('This field is required');
    await expect(helpOf(form, 'hireDate')).toHaveText('This field is required');
    await expect(helpOf(form, 'phone')).toHaveText('not a valid phone');
    await expect(add).toBeVisible();

    // A code that exists: the server's answer under Code, the dialog and the input stay.
    await add.getByLabel('Code').fill('E1001');
    await add.getByLabel('Name').fill('Dup Licate');
    await choose(page, add.getByLabel('Gender'), 'Male');
    await typeDate(add.getByLabel('Hire date'), '2023-05-01');
    await add.getByLabel('Phone').fill('13912345678');
    await add.getByLabel('Phone').blur();
    await expect(helpOf(form, 'phone')).toHaveCount(0);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(helpOf(form, 'code')).toHaveText('already exists');
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Code')).toHaveValue('E1001');
    await expect(add.getByLabel('Name')).toHaveValue('Dup Licate');

    // A leave date before the hire date: the server's 422, on the leave date; the notice counts it.
    await add.getByLabel('Code').fill(code);
    await typeDate(add.getByLabel('Leave date'), '2023-04-01');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(helpOf(form, 'leaveDate')).toHaveText('The leave date cannot be before the hire date');
    await expect(toast(page, '1 field needs attention')).toBeVisible();
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Leave date')).toHaveValue('2023-04-01');
    await expect(add.getByLabel('Code')).toHaveValue(code);

    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    expect(await employeeByCode(page, code)).toBeUndefined();
    expect((await employees(page)).total).toBe(50);
  });

  test('a stale edit gets the 409 and keeps the input; Save is busy while saving; Escape closes the edit dialog', async ({
    page,
    cleanUp,
  }) => {
    const code = `S-${stamp()}`;
    await page.goto('/#/home');
    await api(page, '/api/Employee/add', employeeBody(code, { title: 'Original' }));
    cleanUp(async (page) => {
      await page.unrouteAll();
      await deleteEmployeesLike(page, code);
    });
    await openGrid(page, '/Employee');
    await quickSearch(page, code);
    await expect(dataRows(page)).toHaveCount(1);

    // Escape closes the edit dialog.
    await rowCell(page, code).dblclick();
    const edit = dialog(page, 'Edit employee');
    await expect(edit.getByLabel('Title')).toHaveValue('Original');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // Someone else saves the row while the dialog is open.
    await rowCell(page, code).dblclick();
    await expect(edit.getByLabel('Title')).toHaveValue('Original');
    await edit.getByLabel('Title').fill('Mine');
    const current = await employeeByCode(page, code);
    if (!current) throw new Error(`${code} is missing`);
    const { createdAt, updatedAt, createdByName, updatedByName, organizationIdLabel, userIdLabel, ...mainData } =
      current;
    await api(page, '/api/Employee/update', {
      mainData: { ...mainData, title: 'Theirs' },
      detailData: {},
      delKeys: {},
    });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'This record was changed by someone else; reload it and try again')).toBeVisible();
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Title')).toHaveValue('Mine');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Reloaded, the edit goes through; the slowed save shows Save busy.
    await toolbarButton(page, 'Search').click();
    await expect.poll(async () => (await columnTexts(page, 'Title'))[0]).toBe('Theirs');
    await rowCell(page, code).dblclick();
    await expect(edit.getByLabel('Title')).toHaveValue('Theirs');
    await edit.getByLabel('Title').fill('Slow but mine');
    let delayed = 0;
    await page.route('**/api/Employee/update', async (route) => {
      delayed++;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const save = edit.getByRole('button', { name: 'Save' });
    await save.click();
    await expect(save).toHaveClass(/ant-btn-loading/);
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(edit).toBeHidden();
    expect(delayed).toBe(1);
    await expect.poll(async () => (await columnTexts(page, 'Title'))[0]).toBe('Slow but mine');
  });
});

test.describe('dictionaries: master and detail on /Dictionary, items on /DictionaryList', () => {
  test.use({ signedInAs: 'admin' });

  const cell = (page: Page, i: number, field: string) =>
    page.locator(`#Dictionary-edit_detailData_DictionaryList_${i}_${field}`);

  test('add "priority" with two items, edit them (change, delete, add), reopen, and list them on /DictionaryList', async ({
    page,
    cleanUp,
  }) => {
    const code = `priority_${stamp().toLowerCase()}`;
    cleanUp(async (page) => {
      const { rows } = await employees(page, [{ name: 'code', value: code, displayType: 'eq' }], 'Dictionary');
      if (rows.length)
        await api(
          page,
          '/api/Dictionary/del',
          rows.map((r) => r.id),
        );
    });
    await openGrid(page, '/Dictionary');
    const add = await toolbarDialog(page, 'Add', 'Add dictionary');
    await add.getByLabel('Code').fill(code);
    await add.getByLabel('Name', { exact: true }).fill('Priority');
    const detail = add.getByTestId('detail-DictionaryList');
    await detail.getByRole('button', { name: /Add row/ }).click();
    await detail.getByRole('button', { name: /Add row/ }).click();
    await cell(page, 0, 'value').fill('high');
    await cell(page, 0, 'label').fill('High');
    await cell(page, 0, 'labelZh').fill('高');
    await cell(page, 0, 'sort').fill('1');
    await cell(page, 1, 'value').fill('low');
    await cell(page, 1, 'label').fill('Low');
    await cell(page, 1, 'sort').fill('2');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(add).toBeHidden();

    await quickSearch(page, code);
    await expect(dataRows(page)).toHaveCount(1);
    await rowCell(page, code).dblclick();
    const edit = dialog(page, 'Edit dictionary');
    await expect(cell(page, 1, 'value')).toHaveValue('low');
    await expect(cell(page, 0, 'value')).toHaveValue('high');
    await cell(page, 0, 'label').fill('Very high');
    await edit
      .getByTestId('detail-DictionaryList')
      .locator('tbody tr[data-row-key]')
      .nth(1)
      .getByRole('button', { name: 'Delete row' })
      .click();
    await expect(cell(page, 1, 'value')).toHaveCount(0);
    await edit
      .getByTestId('detail-DictionaryList')
      .getByRole('button', { name: /Add row/ })
      .click();
    await cell(page, 1, 'value').fill('medium');
    await cell(page, 1, 'label').fill('Medium');
    await cell(page, 1, 'sort').fill('3');
    // The first save's toast may still be up: wait for it, so this one is told apart.
    await expect(toast(page, 'Saved')).toHaveCount(0);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(edit).toBeHidden();

    await rowCell(page, code).dblclick();
    await expect(edit.getByLabel('Code')).toHaveValue(code);
    await expect(edit.getByTestId('detail-DictionaryList').locator('tbody tr[data-row-key]')).toHaveCount(2);
    await expect(cell(page, 0, 'value')).toHaveValue('high');
    await expect(cell(page, 0, 'label')).toHaveValue('Very high');
    await expect(cell(page, 0, 'labelZh')).toHaveValue('高');
    await expect(cell(page, 1, 'value')).toHaveValue('medium');
    await expect(cell(page, 1, 'label')).toHaveValue('Medium');
    await shoot(page, 'dictionary-edit.png');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The flat item list, filtered by the new dictionary.
    await openGrid(page, '/DictionaryList');
    await page.getByTestId('grid-advanced-toggle').click();
    const panel = page.getByTestId('grid-search-panel');
    const dict = panel.getByLabel('Dictionary');
    await dict.click();
    await dict.pressSequentially(code, { delay: 20 });
    await openSelectList(page).getByTitle(code, { exact: true }).click();
    await toolbarButton(page, 'Search').click();
    await settled(page);
    await expect(page.getByTestId('grid-total')).toHaveText('2 records');
    expect(await columnTexts(page, 'Value')).toEqual(['high', 'medium']);
    expect(await columnTexts(page, 'Label')).toEqual(['Very high', 'Medium']);
    expect(new Set(await columnTexts(page, 'Dictionary'))).toEqual(new Set([code]));

    // The quick search types into Value, the first search field that takes text, within the filter above.
    await expect(page.getByTestId('grid-quick-search').getByRole('searchbox')).toHaveAttribute('placeholder', 'Value');
    await quickSearch(page, 'medium');
    await expect(page.getByTestId('grid-total')).toHaveText('1 record');
    expect(await columnTexts(page, 'Label')).toEqual(['Medium']);
  });
});

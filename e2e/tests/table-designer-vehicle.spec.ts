import type { Page } from '@playwright/test';
import { api, apiGet } from '../api-helpers.ts';
import { expect, shoot, signedInContext, stamp, test } from '../fixtures.ts';
import {
  choose,
  columnTexts,
  dataRows,
  dialog,
  moreAction,
  pickOption,
  pickReference,
  toast,
  toolbarButton,
  toolbarDialog,
  typeDate,
} from '../grid-helpers.ts';
import { designRow, openDesigner, openPreview, rollBack, typeField } from '../table-design-helpers.ts';
import { chooseWorkbook, exportThroughMore } from '../workbooks.ts';

/** Opens a design's preview from its row, applies it and waits for the list to say so. */
async function previewAndApply(page: Page, name: string, label: string, expectSteps: string) {
  const preview = await openPreview(page, name, label);
  await expect(preview.getByTestId('design-steps')).toContainText(expectSteps);
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, /^Applied as migration \d+$/).first()).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(designRow(page, name)).toContainText('Applied');
}

test.describe('/tableDesign: a table with its detail table', () => {
  test.use({ signedInAs: 'admin' });

  test('admin designs Vehicle with ten kinds of field and a Booking detail, uses it with lines, round-trips it through Excel, changes it with a risk shown, rolls back; pm sees it only once granted', async ({
    page,
    browser,
  }) => {
    // Two designs drawn by hand, a screen used, a workbook edited and a second sign-in, on a 2-core machine.
    test.setTimeout(240_000);
    const s = stamp();
    const vehicle = `Vehicle${s}`;
    const booking = `Booking${s}`;
    await openDesigner(page);

    // Vehicle: ten fields of different types, a unique code, a reference to Employee, a dictionary select.
    let editor = await toolbarDialog(page, 'New table', 'New table design');
    await editor.getByLabel('Entity name').fill(vehicle);
    await editor.getByLabel('Label (English)', { exact: true }).fill('Vehicles');
    await editor.getByLabel('Label (Chinese)', { exact: true }).fill('车辆');
    await typeField(page, editor, 1, { name: 'code', en: 'Code', zh: '编号', length: '20' }, [
      'Required',
      'Unique',
      'Searchable',
    ]);
    await typeField(page, editor, 2, { name: 'model', en: 'Model', zh: '型号' }, ['Searchable']);
    await typeField(page, editor, 3, { name: 'seats', en: 'Seats', zh: '座位数', type: 'Integer' }, ['Sortable']);
    // A number's range, under the row's further settings.
    await editor.getByRole('button', { name: 'More settings of field 3' }).click();
    await editor.getByLabel('Minimum of field 3', { exact: true }).fill('1');
    await editor.getByLabel('Maximum of field 3', { exact: true }).fill('60');
    await typeField(page, editor, 4, { name: 'cost', en: 'Cost', zh: '购置价', type: 'Money' });
    await typeField(page, editor, 5, { name: 'bought', en: 'Bought on', zh: '购置日期', type: 'Date' });
    await typeField(page, editor, 6, { name: 'electric', en: 'Electric', zh: '电动', type: 'Yes / no' });
    await typeField(page, editor, 7, {
      name: 'driver',
      en: 'Driver',
      zh: '司机',
      type: 'Reference',
      target: 'employees',
    });
    await typeField(page, editor, 8, {
      name: 'status',
      en: 'Status',
      zh: '状态',
      type: 'Dictionary',
      dict: 'employeeStatus',
    });
    await typeField(page, editor, 9, { name: 'fleetMail', en: 'Fleet email', zh: '车队邮箱', type: 'Email' });
    await typeField(page, editor, 10, { name: 'notes', en: 'Notes', zh: '备注', type: 'Multi-line text' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(designRow(page, vehicle)).toContainText('Draft');
    await previewAndApply(page, vehicle, 'Vehicles', 'Create the table');

    // Booking: a detail of Vehicle; choosing the master adds the link to it.
    editor = await toolbarDialog(page, 'New table', 'New table design');
    await editor.getByLabel('Entity name').fill(booking);
    await editor.getByLabel('Label (English)', { exact: true }).fill('Bookings');
    await editor.getByLabel('Label (Chinese)', { exact: true }).fill('预约');
    await choose(page, editor.getByLabel('Detail of'), `Vehicles (${vehicle})`);
    const link = `vehicle${s}Id`;
    await expect(editor.getByLabel('Name of field 1', { exact: true })).toHaveValue(link);
    await expect(editor.getByLabel('Required of field 1', { exact: true })).toBeChecked();
    await expect(editor).toContainText(`linked by the field ${link}`);
    await typeField(page, editor, 2, { name: 'day', en: 'Day', zh: '日期', type: 'Date' }, ['Required', 'Sortable']);
    await typeField(page, editor, 3, { name: 'purpose', en: 'Purpose', zh: '用途' });
    // A vehicle is booked once a day: an index over the link and the day, unique.
    await editor.getByRole('button', { name: 'Add index' }).click();
    await editor.getByLabel('Fields of index 1', { exact: true }).click();
    await pickOption(page, link);
    await pickOption(page, 'day');
    await page.keyboard.press('Escape');
    await editor.getByLabel('Unique of index 1', { exact: true }).check();
    await shoot(page, 'table-designer-detail-editor-en.png');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await previewAndApply(page, booking, 'Bookings', 'Create the table');
    // The history shows the index made with the table.
    await designRow(page, booking)
      .getByRole('button', { name: /History/ })
      .click();
    const history = dialog(page, 'History: Bookings');
    await expect(history.getByTestId('design-migration').first()).toContainText('CREATE UNIQUE INDEX');
    await history.getByRole('button', { name: 'Close' }).first().click();
    await expect(history).toBeHidden();

    // Opened from the menu: Vehicles has an entry, Bookings none (its lines are edited in the vehicle).
    const menu = page.getByTestId('menu');
    await expect(menu.getByRole('menuitem', { name: 'Bookings' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(new RegExp(`#/${vehicle}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicles');

    const add = await toolbarDialog(page, 'Add', 'Add Vehicles');
    await add.getByLabel('Code', { exact: true }).fill('VH-001');
    await add.getByLabel('Model', { exact: true }).fill('Transit');
    await add.getByLabel('Seats', { exact: true }).fill('99');
    await add.getByLabel('Cost', { exact: true }).fill('31999.90');
    await add.getByLabel('Fleet email', { exact: true }).fill('not an address');
    await pickReference(page, add.getByLabel('Driver', { exact: true }), 'E10');
    await choose(page, add.getByLabel('Status', { exact: true }), 'Active');
    const lines = add.getByTestId(`detail-${booking}`);
    const cell = (i: number, field: string) => page.locator(`#${vehicle}-edit_detailData_${booking}_${i}_${field}`);
    await lines.getByRole('button', { name: /Add row/ }).click();
    await lines.getByRole('button', { name: /Add row/ }).click();
    await typeDate(cell(0, 'day'), '2026-12-01');
    await cell(0, 'purpose').fill('Site survey');
    await typeDate(cell(1, 'day'), '2026-12-03');
    await cell(1, 'purpose').fill('Cable delivery');
    await lines.getByRole('button', { name: /Add row/ }).click();
    await typeDate(cell(2, 'day'), '2026-12-01');
    await cell(2, 'purpose').fill('Booked twice');
    await add.getByRole('button', { name: 'Save' }).click();
    // The email is checked as one, in the browser as on the server.
    await expect(add.getByText('not a valid mail')).toBeVisible();
    await expect(add.getByText('at most 60')).toBeVisible();
    await add.getByLabel('Seats', { exact: true }).fill('3');
    await add.getByLabel('Fleet email', { exact: true }).fill('fleet@example.com');
    await add.getByRole('button', { name: 'Save' }).click();
    // The server refuses the second booking of the same day, under that line's day.
    await expect(add.getByTestId(`detail-${booking}`).getByText('already exists')).toBeVisible();
    await shoot(page, 'table-designer-vehicle-add-en.png');
    await lines.locator('tbody tr[data-row-key]').nth(2).getByRole('button', { name: 'Delete row' }).click();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(dataRows(page)).toHaveCount(1);
    expect(await columnTexts(page, 'Cost')).toEqual(['31,999.90']);
    const [saved] = (
      await api<{ rows: { id: number }[] }>(page, `/api/${vehicle}/getPageData`, { page: 1, rows: 10, wheres: [] })
    ).rows;
    const { rows: bookings } = await api<{ rows: { purpose: string }[] }>(page, `/api/${vehicle}/getDetailPage`, {
      value: saved?.id,
      sort: 'day',
      order: 'asc',
    });
    expect(bookings.map((b) => b.purpose)).toEqual(['Site survey', 'Cable delivery']);

    // Export, a cell edited in the workbook, imported back: the grid shows the edit.
    const { wb, ws, header } = await exportThroughMore(page, test.info().outputPath('vehicles.xlsx'));
    expect(header).toEqual(expect.arrayContaining(['Code', 'Model', 'Cost', 'Driver', 'Status', 'Fleet email']));
    expect(ws.getRow(2).getCell(header.indexOf('Code') + 1).text).toBe('VH-001');
    ws.getRow(2).getCell(header.indexOf('Model') + 1).value = 'Transit Custom';
    await moreAction(page, 'Import');
    const dlg = dialog(page, 'Import from Excel');
    await dlg.getByRole('radio', { name: 'Add new and update existing' }).check();
    await chooseWorkbook(dlg, 'vehicles.xlsx', wb);
    await dlg.getByRole('button', { name: 'Check' }).click();
    await expect(dlg.getByTestId('import-outcome')).toHaveText('To update: 1, unchanged: 0, to add: 0, conflicts: 0');
    await dlg.getByRole('button', { name: 'Import all' }).click();
    await expect(dlg.getByTestId('import-outcome')).toHaveText('1 updated, 0 unchanged, 0 added');
    await dlg.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => columnTexts(page, 'Model')).toEqual(['Transit Custom']);

    // A field more, applied; then a type change the rows can't take: the risk is shown and blocks it.
    await openDesigner(page);
    await designRow(page, vehicle).getByRole('button', { name: /Edit/ }).click();
    editor = dialog(page, `Edit table design ${vehicle}`);
    await typeField(page, editor, 11, { name: 'plate', en: 'Plate', zh: '车牌', length: '12' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await previewAndApply(page, vehicle, 'Vehicles', 'Add the field plate');

    await designRow(page, vehicle).getByRole('button', { name: /Edit/ }).click();
    editor = dialog(page, `Edit table design ${vehicle}`);
    await choose(page, editor.getByLabel('Type of field 2', { exact: true }), 'Integer');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await designRow(page, vehicle)
      .getByRole('button', { name: /Preview & apply/ })
      .click();
    const preview = dialog(page, 'Preview and apply: Vehicles');
    await expect(preview.getByTestId('design-steps')).toContainText('Change the type of model');
    await expect(preview.getByTestId('design-risks').getByRole('listitem')).toContainText(
      "1 row of model can't become integer: Transit Custom",
    );
    await expect(preview.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await shoot(page, 'table-designer-vehicle-risk-en.png');

    // Rolled back: the plate goes (its migration undone), the draft is the design before it, the row stays.
    await rollBack(page, preview, 'Vehicles');
    await expect(designRow(page, vehicle)).toContainText('Applied');
    const { rows } = await api<{ rows: Record<string, unknown>[] }>(page, `/api/${vehicle}/getPageData`, {
      page: 1,
      rows: 10,
      wheres: [],
    });
    expect(rows.map((r) => [r.code, r.model, 'plate' in r])).toEqual([['VH-001', 'Transit Custom', false]]);

    // pm: not in the menu, and the url is refused, until a role of pm's is granted the screen.
    const pm = await signedInContext(browser, 'pm');
    try {
      await pm.page.goto(`/#/${vehicle}`);
      await expect(pm.page).toHaveURL(/#\/401$/);
      const roles = await apiGet<{ id: number; code: string }[]>(page, '/api/permission/getRoles');
      const pmRole = roles.find((r) => r.code === 'pm');
      if (!pmRole) throw new Error('no pm role');
      const matrix = await apiGet<{
        menus: { id: number; url: string; opened: boolean; granted: number[] }[];
        buttons: { id: number; code: string }[];
      }>(page, `/api/permission/getMatrix?roleId=${pmRole.id}`);
      const screen = matrix.menus.find((m) => m.url === `/${vehicle}`);
      const search = matrix.buttons.find((b) => b.code === 'Search');
      if (!screen || !search) throw new Error('the screen or its Search button is not in the matrix');
      await api(page, '/api/permission/save', {
        roleId: pmRole.id,
        menus: [
          ...matrix.menus.filter((m) => m.opened).map((m) => ({ menuId: m.id, buttonIds: m.granted })),
          { menuId: screen.id, buttonIds: [search.id] },
        ],
      });
      // The menu is read once per tab (kept in the tab's session storage): a new tab shows the grant.
      const tab = await pm.context.newPage();
      await tab.goto('/#/home');
      await tab.getByTestId('menu').getByRole('menuitem', { name: 'Vehicles' }).click();
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Vehicles');
      await expect(dataRows(tab)).toHaveCount(1);
      // Search only: no Add for pm.
      await expect(toolbarButton(tab, 'Add')).toHaveCount(0);
    } finally {
      await pm.context.close();
    }

    // 简体中文: the screen with its lines, and the detail table's design.
    await page.getByText('简体中文').click();
    await page.goto(`/#/${vehicle}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('车辆');
    await dataRows(page).first().dblclick();
    const edit = page.getByRole('dialog', { name: /车辆/ });
    await expect(cell(0, 'purpose')).toHaveValue('Site survey');
    await expect(edit).toContainText('预约');
    await shoot(page, 'table-designer-vehicle-edit-zh.png');
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await page.goto('/#/tableDesign');
    await designRow(page, booking).getByRole('button', { name: /编辑/ }).click();
    const bookingEditor = page.getByRole('dialog', { name: `编辑表设计 ${booking}` });
    await expect(bookingEditor).toContainText(`通过字段 ${link} 关联`);
    await shoot(page, 'table-designer-detail-editor-zh.png');
  });
});

import { api, apiGet } from '../api-helpers.ts';
import { axeFindings, formatFindings } from '../axe.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { choose, dataRows, dialog, grid, toast, toolbarButton, toolbarDialog } from '../grid-helpers.ts';
import { designRow, openDesigner, openPreview, rollBack, typeField } from '../table-design-helpers.ts';

test.describe('/tableDesign', () => {
  test.use({ signedInAs: 'admin' });

  test('admin draws Gadget, applies it, adds a row on its screen, changes it, applies, rolls back, reads the history', async ({
    page,
  }) => {
    await openDesigner(page);
    const editor = await toolbarDialog(page, 'New table', 'New table design');
    await editor.getByLabel('Entity name').fill('Gadget');
    // The table follows the name until one is typed.
    await expect(editor.getByLabel('Table name')).toHaveValue('gadgets');
    await editor.getByLabel('Label (English)', { exact: true }).fill('Gadgets');
    await editor.getByLabel('Label (Chinese)', { exact: true }).fill('小工具');
    // One record's name in one language only is refused; in both, the dialogs say "Add Gadget".
    await editor.getByLabel('One record (English)', { exact: true }).fill('Gadget');
    await editor.getByLabel('Label (Chinese)', { exact: true }).click();
    await expect(editor).toContainText('Give it in both languages, or in neither');
    await editor.getByLabel('One record (Chinese)', { exact: true }).fill('小工具');
    await expect(editor).not.toContainText('Give it in both languages, or in neither');
    await typeField(page, editor, 1, { name: 'code', en: 'Code', zh: '编号', length: '20' }, [
      'Required',
      'Unique',
      'Searchable',
    ]);
    await editor.getByRole('button', { name: 'Add field' }).click();
    // "order" passes the name's pattern and is refused by the server: a reserved word of SQL.
    await typeField(page, editor, 2, { name: 'order', en: 'Name', zh: '名称' }, ['Required', 'Searchable']);
    await editor.getByRole('button', { name: 'Add field' }).click();
    await typeField(page, editor, 3, {
      name: 'owner',
      en: 'Owner',
      zh: '负责人',
      type: 'Reference',
      target: 'employees',
    });
    await editor.getByRole('button', { name: 'Add field' }).click();
    await typeField(page, editor, 4, { name: 'price', en: 'Price', zh: '价格', type: 'Decimal' });
    // Price before Owner: the row moves with what was typed in it.
    await editor.getByRole('button', { name: 'Move up of field 4' }).click();
    await expect(editor.getByLabel('Name of field 3', { exact: true })).toHaveValue('price');
    // Dragged by its handle onto another row, a row takes that row's place; and back.
    const fieldRow = (n: number) =>
      editor
        .getByTestId('design-fields')
        .locator('tbody tr.ant-table-row')
        .nth(n - 1);
    await editor.getByTestId('drag-field-1').dragTo(fieldRow(2));
    await expect(editor.getByLabel('Name of field 2', { exact: true })).toHaveValue('code');
    await expect(editor.getByLabel('Name of field 1', { exact: true })).toHaveValue('order');
    await editor.getByTestId('drag-field-2').dragTo(fieldRow(1));
    await expect(editor.getByLabel('Name of field 1', { exact: true })).toHaveValue('code');
    // Code's further settings: found by equality in the search form, a help text under its input; Price takes
    // a whole row of the form.
    await editor.getByRole('button', { name: 'More settings of field 1' }).click();
    await choose(page, editor.getByLabel('Search as of field 1', { exact: true }), 'Equals');
    await editor.getByLabel('Help (English) of field 1', { exact: true }).fill('As printed on the label');
    await editor.getByLabel('Help (Chinese) of field 1', { exact: true }).fill('与标签上一致');
    await editor.getByRole('button', { name: 'More settings of field 3' }).click();
    await editor.getByLabel('Whole row of field 3', { exact: true }).check();
    // The screen as typed: the list's columns in order, the add dialog's inputs with the help text.
    await editor.getByRole('button', { name: 'Preview of the screen' }).click();
    const shown = editor.getByTestId('screen-preview');
    await expect(shown.getByTestId('preview-list').locator('th')).toHaveText(['Code', 'Name', 'Price', 'Owner']);
    await expect(shown.getByTestId('preview-form')).toContainText('As printed on the label');
    // Its checks may be tried: Code is required.
    const previewCode = shown.getByTestId('preview-form').getByLabel('Code', { exact: true });
    await previewCode.fill('G');
    await previewCode.fill('');
    await previewCode.blur();
    await expect(shown.getByTestId('preview-form')).toContainText('This field is required');
    await shoot(page, 'table-designer-editor-en.png');
    expect(formatFindings('the design editor', await axeFindings(page, '.ant-modal-wrap'))).toBe('');

    await editor.getByRole('button', { name: 'Save' }).click();
    const row2 = editor.getByTestId('design-fields').locator('tbody tr.ant-table-row').nth(1);
    await expect(row2).toContainText('a reserved word of SQL');
    await editor.getByLabel('Name of field 2', { exact: true }).fill('name');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(designRow(page, 'Gadget')).toContainText('Draft');

    let preview = await openPreview(page, 'Gadget', 'Gadgets');
    await expect(preview.getByTestId('design-steps')).toContainText('Create the table gadgets');
    await expect(preview.getByTestId('design-sql')).toContainText('CREATE TABLE "gadgets"');
    // The SQL is highlighted: its keywords and its quoted names told apart.
    await expect(preview.getByTestId('design-sql').locator('.sql-keyword').first()).toHaveText('CREATE');
    await expect(preview.getByTestId('design-sql').locator('.sql-identifier').first()).toHaveText('"gadgets"');
    await expect(preview).toContainText('None: no row is at risk.');
    await shoot(page, 'table-designer-preview-en.png');
    expect(formatFindings('the preview', await axeFindings(page, '.ant-modal-wrap'))).toBe('');
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, /^Applied as migration \d+$/)).toBeVisible();
    await expect(preview).toBeHidden();
    await expect(designRow(page, 'Gadget')).toContainText('Applied');

    // The screen's entry is in the navigation at once; the generic screen draws it.
    const entry = page.getByTestId('menu').getByRole('menuitem', { name: 'Gadgets' });
    await expect(entry).toBeVisible();
    await shoot(page, 'table-designer-list-en.png');
    await entry.click();
    await expect(page).toHaveURL(/#\/Gadget$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gadgets');
    // A new table: no rows, so no total either.
    await expect(grid(page).locator('.ant-empty-description')).toHaveText('No data');
    const add = await toolbarDialog(page, 'Add', 'Add Gadget');
    await expect(add).toContainText('As printed on the label');
    await add.getByLabel('Code', { exact: true }).fill('G-001');
    await add.getByLabel('Name', { exact: true }).fill('Sprocket');
    await add.getByLabel('Price', { exact: true }).fill('12.50');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText('Sprocket');

    // A field more: the draft differs from the table until it is applied.
    await openDesigner(page);
    await designRow(page, 'Gadget').getByRole('button', { name: /Edit/ }).click();
    const edit = dialog(page, 'Edit table design Gadget');
    await expect(edit.getByLabel('Name of field 4', { exact: true })).toHaveValue('owner');
    await expect(edit.getByLabel('Entity name')).toBeDisabled();
    await edit.getByRole('button', { name: 'Add field' }).click();
    await typeField(page, edit, 5, { name: 'color', en: 'Colour', zh: '颜色' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(designRow(page, 'Gadget')).toContainText('Changed since apply');

    preview = await openPreview(page, 'Gadget', 'Gadgets');
    await expect(preview.getByTestId('design-steps')).toContainText('Add the field color');
    await expect(preview.getByTestId('design-sql')).toContainText('ADD COLUMN "color"');
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect(preview).toBeHidden();
    await expect(designRow(page, 'Gadget')).toContainText('Applied');

    preview = await openPreview(page, 'Gadget', 'Gadgets');
    await expect(preview).toContainText('Nothing to apply');
    await expect(preview.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await rollBack(page, preview, 'Gadgets');
    await expect(preview).toBeHidden();
    // The table is as before the second apply: the row is there, the field is gone.
    const meta = await apiGet<{ fields: { name: string }[] }>(page, '/api/Gadget/getMeta');
    expect(meta.fields.map((f) => f.name)).toEqual(['id', 'code', 'name', 'price', 'owner']);
    const { rows } = await api<{ rows: Record<string, unknown>[] }>(page, '/api/Gadget/getPageData', {
      page: 1,
      rows: 10,
    });
    expect(rows.map((r) => [r.code, r.name, r.price])).toEqual([['G-001', 'Sprocket', '12.50']]);

    await designRow(page, 'Gadget')
      .getByRole('button', { name: /History/ })
      .click();
    const history = dialog(page, 'History: Gadgets');
    const migrations = history.getByTestId('design-migration');
    await expect(migrations).toHaveCount(2);
    await expect(migrations.nth(0)).toContainText('Rolled back');
    await expect(migrations.nth(0)).toContainText('ADD COLUMN "color"');
    await expect(migrations.nth(1)).toContainText('Applied');
    await expect(migrations.nth(1)).toContainText('CREATE TABLE "gadgets"');
    await shoot(page, 'table-designer-history-en.png');
    expect(formatFindings('the history', await axeFindings(page, '.ant-drawer'))).toBe('');
    await page.keyboard.press('Escape');

    // The built-in tables beside the designs, read-only: a table's fields, and what made it.
    await page.getByRole('tab', { name: 'Built-in tables' }).click();
    const employees = page.getByTestId('built-in-tables').locator('tbody tr[data-row-key="Employee"]');
    await expect(employees).toContainText('employees');
    await expect(employees).toContainText('Migrations');
    await expect(page.getByTestId('built-in-tables').locator('tr[data-row-key="PurchaseContractLine"]')).toContainText(
      'PurchaseContract',
    );
    await employees.getByRole('button', { name: /View fields/ }).click();
    const fields = page.getByTestId('built-in-fields');
    await expect(fields.locator('tr[data-row-key="code"]')).toContainText('Required');
    await expect(fields.locator('tr[data-row-key="organizationId"]')).toContainText('Reference → organizations');
    await expect(page.getByRole('dialog', { name: 'Employees (employees): built in, read-only' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: /Edit|Save/ })).toHaveCount(0);
    await shoot(page, 'table-designer-built-in-en.png');
    expect(formatFindings('the built-in tables', await axeFindings(page, '.ant-drawer'))).toBe('');
  });

  test('简体中文: the designer and its status tags in Chinese', async ({ page }) => {
    const s = stamp();
    const design = (name: string, extra: object[] = []) => ({
      name,
      table: name.toLowerCase(),
      label: { en: name, zh: `${name}（中）` },
      fields: [{ id: 'f1', name: 'code', type: 'string', label: { en: 'Code', zh: '编号' } }, ...extra],
    });
    // A draft, and one applied and then changed.
    await api(page, '/api/tableDesign/add', { design: design(`Draft${s}`) });
    const { id } = await api<{ id: number }>(page, '/api/tableDesign/add', { design: design(`Kit${s}`) });
    await api(page, '/api/tableDesign/apply', { id });

    await page.goto('/#/tableDesign');
    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('表设计器');
    await expect(designRow(page, `Draft${s}`)).toContainText('草稿');
    await expect(designRow(page, `Kit${s}`)).toContainText('已应用');

    // A row without a code, then a draft that adds a field and makes the code required: the row blocks it.
    await api(page, `/api/Kit${s}/add`, { mainData: {}, detailData: {}, delKeys: {} });
    const { version } = await apiGet<{ version: number }>(page, `/api/tableDesign/get?id=${id}`);
    const note = { id: 'f2', name: 'note', type: 'text', label: { en: 'Note', zh: '备注' } };
    const changed = design(`Kit${s}`, [note]);
    changed.fields[0] = { ...changed.fields[0], required: true } as (typeof changed.fields)[number];
    await api(page, '/api/tableDesign/save', { id, version, design: changed });
    await toolbarButton(page, '刷新').click();
    await expect(designRow(page, `Kit${s}`)).toContainText('有未应用的修改');
    await shoot(page, 'table-designer-list-zh.png');

    await designRow(page, `Kit${s}`)
      .getByRole('button', { name: /预览并应用/ })
      .click();
    const preview = page.getByRole('dialog', { name: /预览并应用/ });
    await expect(preview.getByTestId('design-steps')).toContainText('添加字段 note');
    await expect(preview.getByTestId('design-steps')).toContainText('将 code 设为必填');
    const risk = preview.getByTestId('design-risks').getByRole('listitem');
    await expect(risk).toHaveText('code 有 1 行为空，无法设为必填 阻止应用');
    await expect(risk.locator('.ant-typography-danger')).toBeVisible();
    await expect(preview.getByRole('button', { name: /应\s*用/ })).toBeDisabled();
    await expect(preview).toContainText('将执行的 SQL');
    await shoot(page, 'table-designer-preview-zh.png');
    await preview.getByRole('button', { name: '关 闭' }).click();

    await designRow(page, `Kit${s}`).getByRole('button', { name: /编辑/ }).click();
    const editor = page.getByRole('dialog', { name: `编辑表设计 Kit${s}` });
    await expect(editor.getByLabel('第 2 个字段的名称', { exact: true })).toHaveValue('note');
    await expect(editor).toContainText('已应用：实体名和表名不能再改');
    await shoot(page, 'table-designer-editor-zh.png');
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();

    // A design never applied may be deleted; one applied keeps its history and offers no Delete.
    await expect(designRow(page, `Kit${s}`).getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
    await designRow(page, `Draft${s}`)
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(`删除表设计 Draft${s}（中）（Draft${s}）？`);
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await expect(toast(page, `已删除表设计 Draft${s}`)).toBeVisible();
    await expect(designRow(page, `Draft${s}`)).toHaveCount(0);

    await page.getByRole('tab', { name: '内置表' }).click();
    const employees = page.getByTestId('built-in-tables').locator('tbody tr[data-row-key="Employee"]');
    await expect(employees).toContainText('迁移脚本');
    await employees.getByRole('button', { name: /查看字段/ }).click();
    await expect(page.getByTestId('built-in-fields').locator('tr[data-row-key="code"]')).toContainText('必填');
    await expect(page.getByRole('dialog', { name: /（employees）：内置，只读$/ })).toBeVisible();
    await shoot(page, 'table-designer-built-in-zh.png');
  });
});

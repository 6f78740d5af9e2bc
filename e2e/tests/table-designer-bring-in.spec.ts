import { axeFindings, formatFindings } from '../axe.ts';
import { expect, shoot, test } from '../fixtures.ts';
import { choose, dataRows, dialog, grid, toast, toolbarDialog } from '../grid-helpers.ts';
import { designRow, openDesigner, openPreview } from '../table-design-helpers.ts';

/**
 * An admin brings in a table another application made in the database (global-setup writes legacy_assets
 * before the server starts): read into a design, applied, its rows copied into a screen of their own.
 */
test.describe('/tableDesign: bringing a table in', () => {
  test.use({ signedInAs: 'admin' });

  test('admin brings legacy_assets in: the design from its columns, the rows copied on apply, a screen at once', async ({
    page,
  }) => {
    await openDesigner(page);
    // First in Chinese: the dialog that lists the tables.
    await page.getByText('简体中文').click();
    let bring = await toolbarDialog(page, '导入已有表', '导入已有表');
    await expect(bring).toContainText('原表保持不变');
    await choose(page, bring.getByLabel('表'), 'legacy_assets（约 3 行，6 列）');
    await shoot(page, 'table-designer-bring-in-zh.png');
    await bring.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByText('English').click();

    bring = await toolbarDialog(page, 'Bring a table in', 'Bring a table in');
    await choose(page, bring.getByLabel('Table'), 'legacy_assets (about 3 rows, 6 columns)');
    expect(formatFindings('the bring-in dialog', await axeFindings(page, '.ant-modal-wrap'))).toBe('');
    await bring.getByRole('button', { name: 'Bring in' }).click();

    const editor = dialog(page, 'New table design');
    await expect(editor.getByTestId('brought-in')).toContainText('Brought in from the table legacy_assets');
    await expect(editor.getByTestId('brought-in')).toContainText('Left behind (no field for their type): spot');
    await expect(editor.getByLabel('Entity name')).toHaveValue('LegacyAsset');
    await expect(editor.getByLabel('Table name')).toHaveValue('legacy_assets_data');
    await expect(editor.getByLabel('Name of field 1', { exact: true })).toHaveValue('assetTag');
    await expect(editor.getByLabel('Name of field 4', { exact: true })).toHaveValue('price');
    await editor.getByLabel('Label (Chinese)', { exact: true }).fill('旧资产');
    await shoot(page, 'table-designer-bring-in-en.png');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(designRow(page, 'LegacyAsset')).toContainText('Draft');

    const preview = await openPreview(page, 'LegacyAsset', 'Legacy assets');
    await expect(preview.getByTestId('design-steps')).toContainText(
      'Copy the rows of legacy_assets into legacy_assets_data',
    );
    await expect(preview.getByTestId('design-risks')).toContainText(
      '3 rows of legacy_assets will be copied in for your company',
    );
    await expect(preview.getByTestId('design-sql')).toContainText('INSERT INTO "legacy_assets_data"');
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, /^Applied as migration \d+$/)).toBeVisible();

    // The screen is in the menu at once, with the rows copied, ids kept.
    await page.getByTestId('menu').getByRole('menuitem', { name: 'Legacy assets' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legacy assets');
    await expect(dataRows(page)).toHaveCount(3);
    await expect(grid(page)).toContainText('Drill');
    await expect(grid(page)).toContainText('Ladder');
    await expect(grid(page)).toContainText('120.50');
    await shoot(page, 'table-designer-brought-in-screen-en.png');
  });
});

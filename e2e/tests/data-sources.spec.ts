import { api, expectNoScreen } from '../api-helpers.ts';
import { expect, openFromMenu, shoot, stamp, test } from '../fixtures.ts';
import { dialog, toast, toolbarButton, toolbarDialog } from '../grid-helpers.ts';

const row = (page: import('@playwright/test').Page, name: string) =>
  page.getByTestId('data-source-table').locator('tbody tr').filter({ hasText: name });

test.describe('/DataSourceMan', () => {
  test.use({ signedInAs: 'admin' });

  test('admin adds a PostgreSQL source, tests it, sees the password is never shown, then deletes it', async ({
    page,
  }) => {
    const name = `Warehouse ${stamp()}`;
    await openFromMenu(page, 'System', 'Data sources');
    const add = await toolbarDialog(page, 'Add', 'Add data source');
    await add.getByLabel('Name', { exact: true }).fill(name);
    await add.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await add.getByLabel('Database name').fill('postgres');
    await add.getByLabel('User', { exact: true }).fill('postgres');
    await add.getByLabel('Password', { exact: true }).fill('not-needed-on-trust');
    await add.getByRole('button', { name: 'OK' }).click();
    // A loopback address is refused on its field.
    await expect(add).toContainText(
      'a loopback, private or link-local address: not allowed by the server configuration',
    );

    await add.getByLabel('Host', { exact: true }).fill('localhost');
    await add.getByRole('button', { name: 'Test connection' }).click();
    const result = add.getByTestId('data-source-test-result');
    await expect(result).toContainText('Connected, but the account can change data');
    await expect(result).toContainText('the account is a superuser');
    await shoot(page, 'data-sources-test-en.png');
    await add.getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();

    await row(page, name).dblclick();
    const edit = dialog(page, 'Edit data source');
    await expect(edit.getByLabel('Host', { exact: true })).toHaveValue('localhost');
    await expect(edit.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(edit).toContainText('Leave empty to keep the stored password');
    await edit.getByRole('button', { name: 'Test connection' }).click();
    await expect(edit.getByTestId('data-source-test-result')).toContainText('Connected');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    const listed = await api<{ rows: Record<string, unknown>[] }>(page, '/api/DataSourceMan/getPageData', { q: name });
    expect(JSON.stringify(listed)).not.toContain('not-needed-on-trust');
    await expect(row(page, name)).toContainText('Can write');

    await row(page, name).getByRole('radio').check();
    await toolbarButton(page, 'Delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
  });

  test('简体中文: the data-source dialog in Chinese', async ({ page }) => {
    await page.goto('/#/DataSourceMan');
    await page.getByText('简体中文').click();
    await expect(await toolbarDialog(page, '新建', '新建数据源')).toContainText('测试连接');
    await shoot(page, 'data-sources-add-zh.png');
  });
});

test.describe('pm and /DataSourceMan', () => {
  test.use({ signedInAs: 'pm' });

  test('pm has no Data sources menu and the server refuses it with 403', async ({ page }) => {
    await expectNoScreen(page, 'Data sources', 'DataSourceMan');
  });
});

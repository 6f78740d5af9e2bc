import type { Page } from '@playwright/test';
import { api } from '../api-helpers.ts';
import { expect, shoot, stamp, submitLogin, test, tokenOf } from '../fixtures.ts';
import { toast, toolbarDialog } from '../grid-helpers.ts';

/** Fills the Add dialog of /Dictionary with a SQL source and saves it; the dialog stays open on a refusal. */
async function addSqlDictionary(page: Page, code: string, sqlText: string) {
  await page.goto('/#/Dictionary');
  await expect(page.getByTestId('grid-table')).toBeVisible();
  const add = await toolbarDialog(page, 'Add', 'Add dictionary');
  await add.getByLabel('Code').fill(code);
  await add.getByLabel('Name', { exact: true }).fill(`SQL ${code}`);
  await add.getByLabel('SQL source').fill(sqlText);
  await add.getByRole('button', { name: 'Save' }).click();
  return add;
}

test.describe('SQL dictionaries on the embedded database', () => {
  test.describe('the platform administrator', () => {
    test.use({ signedInAs: 'admin' });

    test('is told why a query is refused, and saves one that reads people through user_directory', async ({ page }) => {
      const code = `people_${stamp().toLowerCase()}`;
      const add = await addSqlDictionary(page, code, 'select id as value, user_name as label from users');
      // The reason stays under the SQL field until the SQL changes.
      const sqlError = (text: string) => add.locator('.ant-form-item-explain-error').filter({ hasText: text });
      await expect(sqlError('permission denied for table users')).toBeVisible();

      await add.getByLabel('SQL source').fill('select 1 as value, pg_sleep(20)::text as label');
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(sqlError('on the embedded database it may not call volatile functions (pg_sleep)')).toBeVisible();
      await expect(sqlError('permission denied')).toHaveCount(0);
      await shoot(page, 'sql-dictionary-refused-en.png');

      await add
        .getByLabel('SQL source')
        .fill('select id as value, user_true_name as label from user_directory where enabled order by 2');
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Saved')).toBeVisible();
      await expect(add).toBeHidden();

      // What a screen using the dictionary receives: the platform tenant's people, by their names.
      const [dict] = await api<{ items: { label: string }[] }[]>(page, '/api/Dictionary/getVueDictionary', [code]);
      expect(dict?.items.map((i) => i.label)).toEqual(expect.arrayContaining(['Administrator', 'Paula Meyer']));

      await page.getByText('简体中文').click();
      await page.goto('/#/Dictionary');
      const zh = await toolbarDialog(page, '新建', '新建数据字典');
      await zh.getByLabel('字典编号').fill(`${code}z`);
      await zh.getByLabel('字典名称').fill('SQL');
      await zh.getByLabel('SQL数据源').fill('select 1 as value, pg_sleep(20)::text as label');
      await zh.getByRole('button', { name: /^保\s?存$/ }).click();
      await expect(zh.locator('.ant-form-item-explain-error').filter({ hasText: 'pg_sleep' })).toBeVisible();
      await shoot(page, 'sql-dictionary-refused-zh.png');
    });
  });

  test.describe("a company's administrator", () => {
    test.use({ signedInAs: null });

    test('may not write SQL on the embedded database and is told to use a PostgreSQL server', async ({ page }) => {
      test.setTimeout(120_000);
      // The company, its administrator and its password set up through the API, as the platform admin.
      const tenant = `sql-${stamp().toLowerCase()}`;
      const boss = `${tenant}-boss`;
      await page.goto('/#/login');
      await submitLogin(page, 'admin', 'Admin@2026');
      await expect(page).toHaveURL(/#\/home/);
      const listed = await page.request.get('/api/TenantMan/packageMenus', {
        headers: { Authorization: `Bearer ${await tokenOf(page)}` },
      });
      const menus = ((await listed.json()) as { data: { id: number; url: string; parentId: number | null }[] }).data;
      const wanted = menus.filter((m) => ['/Dictionary', '/DictionaryList'].includes(m.url));
      const menuIds = [...new Set(wanted.flatMap((m) => (m.parentId ? [m.id, m.parentId] : [m.id])))];
      await api(page, '/api/TenantMan/add', {
        code: tenant,
        name: 'Nordic Signalling',
        menuIds,
        admin: { userName: boss, userTrueName: 'Nora Boss', password: 'Nordic@2026x' },
      });
      const login = await page.request.post('/api/user/login', { data: { userName: boss, password: 'Nordic@2026x' } });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const changed = await page.request.post('/api/user/modifyPwd', {
        headers: { Authorization: `Bearer ${token}` },
        data: { oldPwd: 'Nordic@2026x', newPwd: 'Nordic@2026y' },
      });
      expect(changed.status()).toBe(200);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());

      await page.goto('/#/login');
      await submitLogin(page, boss, 'Nordic@2026y');
      await expect(page).toHaveURL(/#\/home/);
      const add = await addSqlDictionary(page, 'regions', "select 'n' as value, 'North' as label");
      await expect(
        add
          .locator('.ant-form-item-explain-error')
          .filter({ hasText: /only the platform administrator may use SQL.*a PostgreSQL server \(DATABASE_URL\)/ }),
      ).toBeVisible();
      await shoot(page, 'sql-dictionary-company-en.png');
    });
  });
});

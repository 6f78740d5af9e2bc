import { api } from '../api-helpers.ts';
import { expect, shoot, stamp, test, tokenOf } from '../fixtures.ts';
import { columnTexts, dialog, openGrid } from '../grid-helpers.ts';

test.describe('names in both languages', () => {
  test.use({ signedInAs: 'admin' });

  test('after switching to 简体中文 the sidebar, a role, an organisation and a dictionary item show their Chinese names; a role’s Chinese name is edited on its screen', async ({
    page,
  }) => {
    // A role with an English name only, made through the API: its Chinese name is given in the UI below.
    const code = `tr${stamp().toLowerCase()}`;
    await page.goto('/#/home');
    const tree = await page.request.get('/api/Role/getRoleTree', {
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    });
    const roles = ((await tree.json()) as { data: { id: number; code: string }[] }).data;
    const parentId = roles.find((r) => r.code === 'admin')?.id ?? null;
    await api(page, '/api/Role/addRole', { parentId, code, name: 'Translator', roleTypeId: null });

    const menu = page.getByTestId('menu');
    await expect(menu).toContainText('Personal center');
    await page.goto('/#/Role');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
    await expect(row).toContainText('Translator');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit role');
    await expect(edit.getByLabel('Role', { exact: true })).toHaveValue('Translator');
    await edit.getByLabel('Chinese name').fill('翻译');
    await shoot(page, 'names-role-form-en.png');
    await edit.getByRole('button', { name: 'OK' }).click();
    await expect(edit).toHaveCount(0);
    await expect(row).toContainText('Translator');
    await expect(page.getByRole('row').filter({ hasText: 'Project manager' }).first()).toBeVisible();

    await page.getByText('简体中文').click();
    await expect(menu).toContainText('个人中心');
    await expect(page.getByTestId('breadcrumb')).toContainText('角色');
    await expect(row).toContainText('翻译');
    await expect(page.getByRole('row').filter({ hasText: '项目经理' }).first()).toBeVisible();
    await shoot(page, 'names-roles-zh.png');

    // The organisation tree, and the same organisation as an employee's department in a grid.
    await page.goto('/#/Organization');
    await expect(page.getByRole('tree')).toContainText('项目管理办公室');
    await expect(page.getByRole('tree')).not.toContainText('Project management office');
    await shoot(page, 'names-organizations-zh.png');

    await openGrid(page, '/Employee');
    const departments = await columnTexts(page, '组织');
    expect(departments).toContain('项目管理办公室');
    // A dictionary item: the employee's status in Chinese.
    expect(await columnTexts(page, '状态')).toContain('在职');
    await shoot(page, 'names-employees-zh.png');

    await page.getByText('English', { exact: true }).click();
    await expect(menu).toContainText('Personal center');
    expect(await columnTexts(page, 'Organisation')).toContain('Project management office');
    expect(await columnTexts(page, 'Status')).toContain('Active');
    await shoot(page, 'names-employees-en.png');
  });
});

import type { Browser } from '@playwright/test';
import { bearer, employees } from '../api-helpers.ts';
import { expect, openFromMenu, type Page, shoot, signIn, test } from '../fixtures.ts';
import { columnTexts, openGrid, openSelectList } from '../grid-helpers.ts';

async function getData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: await bearer(page) });
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function idOf<T extends { id: number }>(items: T[], match: (item: T) => boolean) {
  const found = items.find(match);
  expect(found).toBeDefined();
  return found?.id ?? 0;
}

/** Picks an option of the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await openSelectList(page).getByText(option, { exact: true }).click();
}

async function newSignedIn(browser: Browser, who: 'admin' | 'pm') {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

test.describe('data permissions (/dataPermission)', () => {
  test("admin narrows pm's Employee scope to its own organisation; pm then sees only PMO; explain names why", async ({
    page,
    browser,
  }) => {
    // Two sign-ins and three screens on a shared 2-core machine.
    test.setTimeout(180_000);
    await signIn(page, 'admin');
    const roles = await getData<{ id: number; code: string }[]>(page, '/api/dataPermission/roles');
    const pmRole = await idOf(roles, (r) => r.code === 'pm');
    const orgs = await getData<{ id: number; name: string }[]>(page, '/api/dataPermission/organizations');
    const pmo = await idOf(orgs, (o) => o.name === 'Project management office');
    const eng = await idOf(orgs, (o) => o.name === 'Engineering');
    try {
      // System > Data permissions, as a user gets there.
      await openFromMenu(page, 'System', 'Data permissions');
      await expect(page).toHaveURL(/#\/dataPermission$/);
      await expect(page.getByRole('heading', { name: 'Data permissions' })).toBeVisible();

      await choose(page, 'Role', 'Project manager (pm)');
      const employeeRow = page.getByRole('row').filter({ hasText: 'Employees' });
      await expect(employeeRow).toContainText('Role default (All rows)');
      await page.getByRole('button', { name: 'Edit Employees' }).click();
      const dialog = page.getByRole('dialog', { name: 'Employees — scope of Project manager' });
      await expect(dialog.getByRole('radio', { name: 'Projects I am a member of' })).toBeDisabled();
      await dialog.getByRole('radio', { name: 'Own organisation' }).check();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: 'Scope saved' })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(employeeRow).toContainText('Own organisation');
      await shoot(page, 'data-permission-en.png');

      // The rule editor of a custom filter, with the entity's fields and the variables.
      await page.getByRole('button', { name: 'Edit Employees' }).click();
      await dialog.getByRole('radio', { name: 'Custom filter' }).check();
      await choose(page, 'Field', 'Organisation');
      await choose(page, 'Compare with', "Current user's organisation");
      await dialog.getByRole('button', { name: 'Add condition' }).click();
      await page.getByTestId('condition-1').getByLabel('Field', { exact: true }).click();
      await openSelectList(page).getByText('Hire date', { exact: true }).click();
      await expect(page.getByTestId('condition-1').getByLabel('Compare with')).toBeVisible();
      await shoot(page, 'data-permission-rule-en.png');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(employeeRow).toContainText('Own organisation');

      // pm: no menu entry, the API answers 403, and the Employee list holds PMO's rows only.
      const pm = await newSignedIn(browser, 'pm');
      try {
        await expect(pm.page.getByTestId('menu').getByText('Data permissions')).toHaveCount(0);
        const denied = await pm.page.request.get('/api/dataPermission/roles', { headers: await bearer(pm.page) });
        expect(denied.status()).toBe(403);
        const pmoCodes = (await employees(page, [{ name: 'organizationId', value: pmo, displayType: 'eq' }])).rows
          .map((r) => r.code)
          .sort();
        expect(pmoCodes.length).toBeGreaterThan(5);
        await openGrid(pm.page, '/Employee');
        await expect(pm.page.getByTestId('grid-total')).toHaveText(`${pmoCodes.length} records`);
        expect((await columnTexts(pm.page, 'Code')).sort()).toEqual(pmoCodes);
        expect(new Set(await columnTexts(pm.page, 'Organisation'))).toEqual(new Set(['Project management office']));
      } finally {
        await pm.context.close();
      }

      // Explain, in Chinese: one Engineering row is hidden from pm, and no role of pm's matches it.
      const hidden = (await employees(page, [{ name: 'organizationId', value: eng, displayType: 'eq' }])).rows[0];
      expect(hidden).toBeDefined();
      await page.getByText('简体中文').click();
      await page.getByRole('tab', { name: '行可见性说明' }).click();
      await choose(page, '用户', 'Paula Meyer (pm)');
      await choose(page, '实体', '员工');
      await page.getByLabel('行主键(ID)').fill(String(hidden?.id));
      await page.getByRole('button', { name: '说明' }).click();
      const result = page.getByTestId('explain-result');
      await expect(result).toContainText('Paula Meyer 看不到此行');
      await expect(result).toContainText(String(hidden?.code));
      const pmLine = result.getByRole('row').filter({ hasText: '项目经理' });
      await expect(pmLine).toContainText('本组织');
      await expect(pmLine).toContainText('不匹配');
      await expect(
        result.getByRole('row').filter({ has: page.getByRole('cell', { name: '员工', exact: true }) }),
      ).toContainText('未授权此页面');
      await shoot(page, 'data-permission-explain-zh.png');
    } finally {
      const res = await page.request.post('/api/dataPermission/save', {
        headers: await bearer(page),
        data: { roleId: pmRole, entity: 'Employee', rule: null },
      });
      expect(res.status()).toBe(200);
    }
  });
});

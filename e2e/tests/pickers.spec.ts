import type { Locator, Page } from '@playwright/test';
import { api } from '../api-helpers.ts';
import { expect, shoot, test } from '../fixtures.ts';
import { openGrid, openSelectList, toolbarButton } from '../grid-helpers.ts';

// A picker lists its first page as soon as it opens, finds a project by its number or by its name, shows
// "code — name", and choosing a project in a contract fills the contract's customer. A new project's status
// offers only where a project starts: never Closed.

type ProjectRow = { id: number; code: string; name: string; customerId: number; customerIdLabel: string };

async function someProject(page: Page): Promise<ProjectRow> {
  const { rows } = await api<{ rows: ProjectRow[] }>(page, '/api/ProjectInformation/getPageData', {
    page: 1,
    rows: 1,
    sort: 'code',
    order: 'asc',
  });
  const row = rows[0];
  if (!row) throw new Error('the demo has no project');
  return row;
}

/** The whole select (antd's wrapper) around an input. */
const selectOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "ant-select ")][1]');
const options = (page: Page) => openSelectList(page).locator('.ant-select-item-option');

for (const lang of ['en-US', 'zh-CN'] as const) {
  test.describe(`pickers (${lang})`, () => {
    test.use({ signedInAs: 'admin' });

    test(`a project picker lists on open, finds by number and by name, and fills the customer (${lang})`, async ({
      page,
    }) => {
      const zh = lang === 'zh-CN';
      if (zh) await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
      await page.goto('/#/home');
      const project = await someProject(page);
      const label = `${project.code} — ${project.name}`;
      expect(project.code).toMatch(/^XM/);

      await openGrid(page, '/ProjectContract');
      await toolbarButton(page, zh ? '新建' : 'Add').click();
      const add = page.getByRole('dialog');
      const picker = add.locator('#ProjectContract-edit_projectId');
      const customer = add.locator('#ProjectContract-edit_customerId');

      // Opening lists the first page at once, each choice "code — name".
      await picker.click();
      await expect(options(page).first()).toBeVisible();
      expect(await options(page).count()).toBeGreaterThan(1);
      await expect(options(page).first()).toHaveText(/^[A-Z]+[\w-]* — \S/);

      // By its number.
      await picker.pressSequentially(project.code, { delay: 20 });
      await expect(options(page).filter({ hasText: label })).toHaveCount(1);
      await expect(options(page)).toHaveCount(1);
      await options(page).filter({ hasText: label }).click();
      await expect(selectOf(picker)).toContainText(label);
      // The contract's customer follows from the project.
      await expect(selectOf(customer)).toContainText(project.customerIdLabel);

      // By its name: the list narrows to the projects whose number or name holds it.
      await picker.click();
      await picker.pressSequentially(project.name, { delay: 20 });
      await expect
        .poll(async () => (await options(page).allInnerTexts()).every((text) => text.includes(project.name)))
        .toBe(true);
      await expect(options(page).filter({ hasText: label })).toHaveCount(1);
      await shoot(page, `pickers-${lang}.png`);
    });
  });
}

test.describe('status choices follow the lifecycle', () => {
  test.use({ signedInAs: 'admin' });

  test("a new project's status offers where a project starts, never Closed", async ({ page }) => {
    await page.goto('/#/home');
    const [dict] = await api<{ items: { value: string; label: string }[] }[]>(
      page,
      '/api/Dictionary/getVueDictionary',
      ['projectStatus'],
    );
    const labelOf = (value: string) => dict?.items.find((i) => i.value === value)?.label ?? value;
    await openGrid(page, '/ProjectInformation');
    await toolbarButton(page, 'Add').click();
    const status = page.getByRole('dialog').locator('#ProjectInformation-edit_status');
    await status.click();
    await expect(options(page)).toHaveText([labelOf('DRAFT')]);
    expect(await options(page).allInnerTexts()).not.toContain(labelOf('CLOSED'));
  });
});

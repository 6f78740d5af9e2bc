import { expect, shoot, test, tokenOf } from '../fixtures.ts';

type Warning = { id: number; title: string; message: string };

const HAN = /[\u4e00-\u9fff]/;

test.describe('warnings in the reader’s language', () => {
  test.use({ signedInAs: 'admin' });

  test('a zh-CN reader sees the warning titles and details of /ProjectWarning in Chinese, and English again after switching back', async ({
    page,
  }) => {
    await page.goto('/#/home');
    await page.getByText('简体中文').click();
    await expect(page.getByTestId('breadcrumb')).toHaveText('我的位置/首页');

    await page.goto('/#/ProjectWarning');
    const table = page.getByTestId('warnings-table');
    const first = table.locator('tbody tr.ant-table-row').first();
    await expect(first).toBeVisible();
    const id = Number(await first.getAttribute('data-row-key'));

    // What the server words for this row in each language, read the way another API client would.
    const worded = async (lang: string) => {
      const res = await page.request.post('/api/ProjectWarning/list', {
        headers: { Authorization: `Bearer ${await tokenOf(page)}`, 'Accept-Language': lang },
        data: { page: 1, rows: 500, wheres: [] },
      });
      expect(res.status()).toBe(200);
      const rows = ((await res.json()) as { data: { rows: Warning[] } }).data.rows;
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error(`warning ${id} is not listed`);
      return row;
    };
    const zh = await worded('zh-CN');
    const en = await worded('en-US');
    expect(zh.title).toMatch(HAN);
    expect(en.title).not.toMatch(HAN);

    await expect(first).toContainText(zh.title);
    await first.getByRole('button', { name: /展开行|expand row/i }).click();
    await expect(table.getByText(zh.message, { exact: true })).toBeVisible();
    await shoot(page, 'project-warnings-zh.png');

    await page.getByText('English', { exact: true }).click();
    await expect(table.locator(`tr[data-row-key="${id}"]`)).toContainText(en.title);
  });
});

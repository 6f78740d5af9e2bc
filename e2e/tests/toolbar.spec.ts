import { expect, openDropdown, type Page, signIn, test, tokenOf } from '../fixtures.ts';

/** The names of the buttons in the page's content area (the toolbar is the only place with buttons). */
async function contentButtons(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /Refresh/ })).toBeVisible();
  return (await main.getByRole('button').allInnerTexts()).map((t) => t.trim());
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('the action toolbar on /UserInfo', () => {
  test('admin gets four inline buttons and the rest under More', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/#/UserInfo');
    expect(await contentButtons(page)).toEqual(['Refresh', 'Save', 'Upload avatar', 'Remove avatar', 'More']);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /Change password/ })).toHaveCount(0);
    await main.getByRole('button', { name: /More/ }).hover();
    await expect(openDropdown(page).getByRole('menuitem')).toHaveText([/Change password/, /Sign out/]);
    await openDropdown(page)
      .getByRole('menuitem', { name: /Change password/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
  });

  test('pm (Search and Update only) gets Refresh, Save, Change password, Sign out and no More', async ({ page }) => {
    await signIn(page, 'pm');
    await page.goto('/#/UserInfo');
    expect(await contentButtons(page)).toEqual(['Refresh', 'Save', 'Change password', 'Sign out']);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /More/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Upload avatar/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Remove avatar/ })).toHaveCount(0);
  });

  test('the server refuses pm the avatar upload and removal with 403', async ({ page, request }) => {
    await signIn(page, 'pm');
    const token = await tokenOf(page);
    expect(token).not.toBe('');
    const headers = { Authorization: `Bearer ${token}` };
    const upload = await request.post('/api/user/uploadAvatar', {
      headers,
      multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(403);
    expect((await upload.json()) as unknown).toMatchObject({ code: 'forbidden' });
    const remove = await request.post('/api/user/removeAvatar', { headers });
    expect(remove.status()).toBe(403);
    // The same token is fine for what pm may do.
    const me = await request.get('/api/user/getCurrentUserInfo', { headers });
    expect(me.status()).toBe(200);
  });
});

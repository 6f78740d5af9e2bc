import { expect, shoot, test } from '../fixtures.ts';

/**
 * The guard knows which screens the caller's menu grants: a screen without a grant is the /401
 * screen (with a way home), not an empty screen with refusals; an unknown path is the not-found
 * screen; a menu url with the /Manager marker opens its screen when typed or bookmarked.
 */
test.describe('no grant → /401', () => {
  test.use({ signedInAs: 'pm' });

  test('pm opening #/User lands on /401 without any refused call, and goes home from there', async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403) refused.push(res.url());
    });
    await page.goto('/#/home');
    await expect(page.getByTestId('menu')).toBeVisible();
    await page.goto('/#/User');
    await expect(page).toHaveURL(/#\/401$/);
    await expect(page.getByText('You have no permission to view this page')).toBeVisible();
    await expect(page.locator('.ant-message-error, .ant-notification-notice-error')).toHaveCount(0);
    expect(refused).toEqual([]);
    await shoot(page, 'unauthorized-en.png');

    await page.getByRole('button', { name: 'Back home' }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Paula Meyer' })).toBeVisible();

    // The same in Chinese, for a screen typed in another case.
    await page.getByText('简体中文').click();
    await page.goto('/#/sysmenu');
    await expect(page).toHaveURL(/#\/401$/);
    await expect(page.getByRole('button', { name: /^返回首页$|^返\s?回\s?首\s?页$/ })).toBeVisible();
    await shoot(page, 'unauthorized-zh.png');
  });

  test('an unknown path stays on the not-found screen', async ({ page }) => {
    await page.goto('/#/NoSuchThing');
    await expect(page.getByText('The page you visited does not exist')).toBeVisible();
    await expect(page).toHaveURL(/#\/NoSuchThing$/);
  });

  test('#/UserInfo/Manager (the menu url, typed or bookmarked) opens the personal center, highlighted in the menu', async ({
    page,
  }) => {
    await page.goto('/#/UserInfo/Manager');
    await expect(page).toHaveURL(/#\/UserInfo$/);
    await expect(page.getByRole('heading', { name: 'Personal center' })).toBeVisible();
    await expect(
      page.getByTestId('menu').locator('.ant-menu-item-selected').filter({ hasText: 'Personal center' }),
    ).toBeVisible();
  });
});

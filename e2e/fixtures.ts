import { test as base, expect, type Page } from '@playwright/test';

export const accounts = {
  admin: { userName: 'admin', password: 'Admin@2026' },
  pm: { userName: 'pm', password: 'Pm@2026' },
} as const;

/** baseURL comes from the global setup, which starts the server on a free port. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; it needs none.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export type { Page };
export { expect };

export const screenshotDir = 'screenshots';

/** Signs in through the login screen, as a user would. */
export async function signIn(page: Page, who: keyof typeof accounts) {
  await page.goto('/#/login');
  await page.getByLabel(/user name/i).fill(accounts[who].userName);
  await page.getByLabel(/^password/i).fill(accounts[who].password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/#\/home/);
}

/** Fills and submits the login form already on screen (keeps the page, so a remembered path survives). */
export async function submitLogin(page: Page, userName: string, password: string) {
  await page.getByLabel(/user name/i).fill(userName);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** The `token` cookie of the page's context ('' when there is none). */
export async function tokenOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'token')?.value ?? '';
}

/** Counts the requests whose path (case-insensitive) ends with `path`, from now on. */
export function countRequests(page: Page, path: string): { readonly count: number } {
  const counter = { count: 0 };
  const wanted = path.toLowerCase();
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.toLowerCase() === wanted) counter.count++;
  });
  return counter;
}

/** The open antd dropdown (hover menus such as More and the user menu), not the navigation menu. */
export function openDropdown(page: Page) {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
}

/**
 * Opens a folder of the navigation, unless it is open already: the sidebar opens the current screen's folder
 * by itself, and a click on an open folder closes it (at once, with the reduced motion the tests run with).
 */
export async function openMenuFolder(page: Page, name: string) {
  const title = page
    .getByTestId('menu')
    .locator('.ant-menu-submenu-title')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();
  const folder = title.locator('xpath=..');
  await expect(title).toBeVisible();
  if (!(await folder.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await title.click();
  await expect(folder).toHaveClass(/ant-menu-submenu-open/);
}

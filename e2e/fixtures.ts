import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export const accounts = {
  admin: { userName: 'admin', password: 'Admin@2026' },
  pm: { userName: 'pm', password: 'Pm@2026' },
} as const;

type Who = keyof typeof accounts;
type State = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A step that removes what a test made. */
export type CleanUpStep = (page: Page) => Promise<unknown>;

/** How long a worker reuses one sign-in: well before the server's refresh hint (20 of a token's 30 minutes). */
const SIGN_IN_KEPT_MS = 15 * 60_000;

/**
 * The suite's test. baseURL comes from the global setup, which starts the server on a free port.
 * `signedInAs`: each test still gets a fresh context, but it starts with the cookies and local storage of a
 * sign-in made once per worker through the login screen (signing in takes seconds on this machine; the login
 * screen itself is covered by auth.spec.ts). Unset, a test starts signed out. `cleanUp`: how to remove what
 * the test made, said once where it is made.
 */
export const test = base.extend<
  { signedInAs: Who | null; cleanUp: (step: CleanUpStep) => void },
  { states: Map<Who, { state: State; at: number }> }
>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; it needs none.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  signedInAs: [null, { option: true }],
  // Run after the test, pass or fail, last registered first, while its page is still open: a test's own rows
  // never stay behind for the next test to count.
  cleanUp: async ({ page }, use) => {
    const steps: CleanUpStep[] = [];
    await use((step) => {
      steps.unshift(step);
    });
    for (const step of steps) await step(page);
  },
  states: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; it needs none.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInAs, states, browser, storageState }, use) => {
    if (!signedInAs) return use(storageState);
    let held = states.get(signedInAs);
    // Past two thirds of a token's 30 minutes the server asks the client to refresh; a test that does rotates
    // the session's token, and the one kept here stops working 30 s later. A sign-in younger than that is kept.
    if (!held || Date.now() - held.at > SIGN_IN_KEPT_MS) {
      held = { state: await signInOnce(browser, signedInAs), at: Date.now() };
      states.set(signedInAs, held);
    }
    await use(held.state);
  },
});
export type { Page };
export { expect };

async function signInOnce(browser: Browser, who: Who): Promise<State> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page, who);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A suffix no other test (or earlier test of this run) has used: base 36 time plus a random digit pair. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();

export const screenshotDir = 'screenshots';
const shotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), screenshotDir);
mkdirSync(shotDir, { recursive: true });

/** Saves a screenshot once the navigation bar and the toasts are gone. */
export async function shoot(page: Page, name: string) {
  await expect(page.getByTestId('nav-loading')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  // The screen behind a dialog as it first shows (reaching a field may have scrolled the window).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotDir, name), animations: 'disabled' });
}

/** Signs in through the login screen, as a user would. */
export async function signIn(page: Page, who: keyof typeof accounts) {
  await page.goto('/#/login');
  await page.getByLabel(/user name/i).fill(accounts[who].userName);
  await page.getByLabel(/^password/i).fill(accounts[who].password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/#\/home/);
}

/** A second user beside the test's own, in a context of their own (close it when done). */
export async function signedInContext(browser: Browser, who: Who) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
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

/** Reaches a screen as a user does: from the home page, through its folder of the navigation. */
export async function openFromMenu(page: Page, folder: string, item: string) {
  await page.goto('/#/home');
  // The app's first load fetches the menu and the grants: slow on a busy machine, and a click would wait for it.
  await expect(page.getByTestId('menu')).toBeVisible({ timeout: 30_000 });
  await openMenuFolder(page, folder);
  await page.getByTestId('menu').getByRole('menuitem', { name: item }).click();
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

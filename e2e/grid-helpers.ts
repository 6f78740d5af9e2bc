import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator } from '@playwright/test';
import {
  type accounts,
  test as base,
  expect,
  openDropdown,
  type Page,
  screenshotDir,
  signIn,
  tokenOf,
} from './fixtures.ts';

type Who = keyof typeof accounts;
type State = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

/**
 * The fixtures' test, plus `signedInAs`: each test still gets a fresh context, but it starts with the
 * cookies and local storage of a sign-in made once per worker through the login screen (signing in
 * takes seconds on this machine; the login screen itself is covered by auth.spec.ts).
 */
export const test = base.extend<{ signedInAs: Who | null }, { states: Map<Who, State> }>({
  signedInAs: [null, { option: true }],
  states: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; it needs none.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInAs, states, browser, storageState }, use) => {
    if (!signedInAs) return use(storageState);
    let state = states.get(signedInAs);
    if (!state) {
      state = await signInOnce(browser, signedInAs);
      states.set(signedInAs, state);
    }
    await use(state);
  },
});
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

/** The toast with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/** Opens a grid screen and waits for its first page of rows. */
export async function openGrid(page: Page, path: string) {
  // From another grid screen only the hash changes: the old grid stays up until the route switches, and a
  // click in between would land on it. Waited out before the new grid is looked for.
  const here = new URL(page.url()).hash === `#${path}`;
  const stale = here ? [] : await page.getByTestId('grid-total').elementHandles();
  await page.goto(`/#${path}`);
  await Promise.all(stale.map((old) => old.waitForElementState('hidden')));
  await expect(page.getByTestId('grid-total')).toBeVisible();
}

export const grid = (page: Page) => page.getByTestId('grid-table');

/** The data rows of the grid (not the header, the measure row or the summary row). */
export const dataRows = (page: Page) => grid(page).locator('tbody tr[data-row-key]');

/** The texts of one column of the grid's data rows, found by its header. */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await grid(page).locator('thead th').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} among ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  const rows = dataRows(page);
  const n = await rows.count();
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await rows.nth(i).locator('td').nth(index).innerText()).trim());
  return out;
}

/** Waits until the grid has finished loading (antd shows a spinner over the table while fetching). */
export async function settled(page: Page) {
  await expect(grid(page).locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The grid's quick search: type, Enter, wait. */
export async function quickSearch(page: Page, text: string) {
  const box = page.getByTestId('grid-quick-search').getByRole('searchbox');
  await box.fill(text);
  await box.press('Enter');
  await settled(page);
}

/** A button of the content area by its text; its accessible name may start with the icon's name ("plus Add"). */
export const toolbarButton = (page: Page, text: string) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(`^(?:[a-z-]+ )?${text}$`) });

/** A toolbar action under More (`more`: the button's text in the screen's language). */
export async function moreAction(page: Page, name: string, more = 'More') {
  // Opened from the keyboard, as a user without a mouse would: a hover can land on whatever floats over the
  // button (the sticky header's sort tooltip did), and the menu would not open.
  await page.mouse.move(0, 0);
  const button = toolbarButton(page, more);
  await button.focus();
  await button.press('Enter');
  await openDropdown(page)
    .getByRole('menuitem', { name: new RegExp(`${name}$`) })
    .click();
}

/** Clicks the toolbar's Add and gives its dialog (`what`: what it adds, as the dialog's title says). */
export async function addDialog(page: Page, what: string) {
  await toolbarButton(page, 'Add').click();
  return dialog(page, `Add ${what}`);
}

const bearer = async (page: Page) => ({ Authorization: `Bearer ${await tokenOf(page)}` });

/** Calls the engine API with the page's token (the real server; nothing is mocked). */
export async function api<T = unknown>(page: Page, url: string, data?: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: await bearer(page), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** A GET of the engine API with the page's token. */
export async function apiGet<T = unknown>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: await bearer(page) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The status of a POST to the engine API with the page's token, for the calls a user must be refused. */
export async function apiStatus(page: Page, url: string, data: unknown = {}) {
  return (await page.request.post(url, { headers: await bearer(page), data })).status();
}

/** A user without the grant neither finds the screen in the navigation nor gets its rows from the server. */
export async function expectNoScreen(page: Page, menuItem: string, entity: string) {
  await page.goto('/#/home');
  await expect(page.getByRole('menuitem', { name: menuItem })).toHaveCount(0);
  expect(await apiStatus(page, `/api/${entity}/getPageData`)).toBe(403);
}

export type EmployeeRow = Record<string, unknown> & { id: number; code: string; version: number };

/** Employees matching the wheres, at most 500, through getPageData. */
export async function employees(page: Page, wheres: unknown[] = [], entity = 'Employee') {
  return api<{ rows: EmployeeRow[]; total: number; summary: Record<string, string | null> | null }>(
    page,
    `/api/${entity}/getPageData`,
    { page: 1, rows: 500, wheres, exactTotal: true },
  );
}

/** Deletes (soft) the employees whose code contains `part`; for a test's own rows only. */
export async function deleteEmployeesLike(page: Page, part: string) {
  const { rows } = await employees(page, [{ name: 'code', value: part, displayType: 'like' }]);
  const keys = rows.filter((r) => !/^E10\d\d$/.test(r.code)).map((r) => r.id);
  if (keys.length) await api(page, '/api/Employee/del', keys);
}

/** A minimal valid employee for the API. */
export const employeeBody = (code: string, extra: Record<string, unknown> = {}) => ({
  mainData: { code, name: `Test ${code}`, gender: 'female', hireDate: '2022-03-01', status: 'active', ...extra },
  detailData: {},
  delKeys: {},
});

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

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

/** The select's dropdown, once open (antd renders it in a portal); one still closing does not count. */
export const openSelectList = (page: Page): Locator =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');

/**
 * Clicks an option of the open dropdown once it has finished sliding in, as a person would: a click
 * while antd's enter motion runs can land on a list that is being laid out again.
 */
export async function pickOption(page: Page, title: string) {
  const list = openSelectList(page);
  await expect(list).toHaveCount(1);
  await expect(list).not.toHaveClass(/-(enter|appear)/);
  await list.getByTitle(title, { exact: true }).click();
}

/** Opens a select of fixed choices (a dictionary) and picks the option with this label. */
export async function choose(page: Page, select: Locator, label: string) {
  await select.click();
  await pickOption(page, label);
  // The choice shows in the select: a lost click fails here, not several steps later.
  await expect(select.locator('xpath=ancestor::div[contains(@class, "ant-select ")][1]')).toContainText(label);
}

/** Types into a reference select and picks the first option whose label contains `label`. */
export async function pickReference(page: Page, select: Locator, typed: string, label = typed) {
  // A remote picker lists its first page on opening, then searches the typed text once typing pauses: the
  // option is clicked once that search has answered, not while the list is being replaced under the pointer.
  // A picker over a list it already holds sends nothing; it is given a second to show that it is not remote.
  await select.click();
  await select.pressSequentially(typed, { delay: 20 });
  // Listening after the last key is in time: the search goes out only once typing has paused (250 ms).
  await page
    .waitForRequest((r) => /\/lookup\?/i.test(r.url()) && new URL(r.url()).searchParams.get('q') === typed, {
      timeout: 1000,
    })
    .then((request) => request.response())
    .catch(() => undefined);
  const list = openSelectList(page);
  await expect(list).toHaveCount(1);
  await list.locator('.ant-select-item-option').filter({ hasText: label }).first().click();
}

/** Types a date into a date picker and confirms it. */
export async function typeDate(input: Locator, date: string) {
  // Out of the way of the calendar: a day under the pointer would be previewed in the input.
  await input.page().mouse.move(0, 0);
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

/**
 * Saves an add dialog and gives the number the server assigned the new document (its code field is
 * read-only in the form: "(assigned on save)").
 */
export async function saveNumbered(page: Page, dialogBox: Locator, entity: string): Promise<string> {
  const added = page.waitForResponse((r) => r.url().endsWith(`/api/${entity}/add`) && r.request().method() === 'POST');
  await dialogBox.getByRole('button', { name: 'Save' }).click();
  const res = await added;
  expect(res.status(), await res.text()).toBe(200);
  const key = ((await res.json()) as { data: { key: number } }).data.key;
  await expect(dialogBox).toBeHidden();
  const { rows } = await api<{ rows: { code: string }[] }>(page, `/api/${entity}/getPageData`, {
    page: 1,
    rows: 1,
    wheres: [{ name: 'id', value: key, displayType: 'eq' }],
  });
  return rows[0]?.code ?? '';
}

/**
 * Segregation of duties is on by default for projects, contracts, purchase contracts and payments: a story
 * in which one user submits and approves turns it off for the tenant first (or `on` turns it back on).
 */
export async function setSelfApproval(page: Page, allowed: boolean, entities: string[]) {
  await api(page, '/api/siteConfig/save', {
    separateApprover: Object.fromEntries(entities.map((e) => [e, !allowed])),
  });
}

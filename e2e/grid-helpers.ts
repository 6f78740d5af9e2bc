import type { Locator } from '@playwright/test';
import { api } from './api-helpers.ts';
import { expect, openDropdown, type Page } from './fixtures.ts';

/** A grid screen and its dialogs, as the browser stories drive them. */

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

/** Clicks a button of the toolbar and gives the dialog it opens, found by its title. */
export async function toolbarDialog(page: Page, button: string, title: string) {
  await toolbarButton(page, button).click();
  return dialog(page, title);
}

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

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

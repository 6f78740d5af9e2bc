import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { dataRows, dialog, moreAction, pickReference, quickSearch, toast, typeDate } from './grid-helpers.ts';

/** The project area's documents as their browser stories drive them: the project dialog, a row's approval. */

export type ProjectDraft = {
  name: string;
  /** What is typed into the customer picker, and the customer's name when it is not that text. */
  customer: string;
  customerName?: string;
  start: string;
  end: string;
};

/** Fills the Add project dialog: what every project needs, run by Ada Wang of the project office. */
export async function fillProject(page: Page, box: Locator, draft: ProjectDraft) {
  await box.getByLabel('Name', { exact: true }).fill(draft.name);
  await pickReference(page, box.getByLabel('Customer', { exact: true }), draft.customer, draft.customerName);
  await pickReference(page, box.getByLabel('Department', { exact: true }), 'Project', 'Project management office');
  await pickReference(page, box.getByLabel('Project manager', { exact: true }), 'Ada', 'Ada Wang');
  await typeDate(box.getByLabel('Planned start', { exact: true }), draft.start);
  await typeDate(box.getByLabel('Planned end', { exact: true }), draft.end);
}

/** The one row of `code` in the open grid, found with the quick search. */
export async function onlyRow(page: Page, code: string) {
  await quickSearch(page, code);
  await expect(dataRows(page)).toHaveCount(1);
  return dataRows(page).first();
}

/** Submits the row for approval from the toolbar, as a user does. */
export async function submitForApproval(page: Page, row: Locator) {
  await row.getByRole('checkbox').check();
  await moreAction(page, 'Submit for approval');
  await expect(toast(page, 'Submitted for approval')).toBeVisible();
  await expect(row).toContainText('In approval');
}

/** Opens the Audit dialog on the row. */
export async function openAudit(page: Page, row: Locator) {
  await row.getByRole('checkbox').check();
  await moreAction(page, 'Audit');
  return dialog(page, 'Audit');
}

/** Approves the row in the Audit dialog, with the reason given. */
export async function approve(page: Page, row: Locator, reason: string) {
  const audit = await openAudit(page, row);
  await audit.getByLabel('Reason', { exact: true }).fill(reason);
  await audit.getByRole('button', { name: 'OK' }).click();
  await expect(audit).toBeHidden();
  await expect(row).toContainText('Approved');
}

/** A cell of line `i` of a document's detail table in its dialog (`entity`'s form, `detail`'s lines). */
export const detailCell = (page: Page, entity: string, detail: string, i: number, field: string) =>
  page.locator(`#${entity}-edit_detailData_${detail}_${i}_${field}`);

/** Adds line `i` to a detail table of the dialog and gives its cells by field (`label`: the button's text). */
export async function addLine(page: Page, box: Locator, entity: string, detail: string, i = 0, label = 'Add row') {
  await box
    .getByTestId(`detail-${detail}`)
    .getByRole('button', { name: new RegExp(label) })
    .click();
  return (field: string) => detailCell(page, entity, detail, i, field);
}

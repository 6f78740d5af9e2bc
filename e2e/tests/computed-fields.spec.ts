import type { Page } from '@playwright/test';
import { setSelfApproval } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { choose, openGrid, saveNumbered, toolbarButton, toolbarDialog } from '../grid-helpers.ts';
import { addLine, detailCell, fillProject, onlyRow, openAudit, submitForApproval } from '../project-documents.ts';

/**
 * What the server fills, seen in the dialogs: document numbers "(assigned on save)", amounts computed as
 * the user types (a contract's tax split and its payment terms' shares), and segregation of duties (the
 * one who submitted a project is not offered Approve).
 */

/** A cell of a payment term line in the contract dialog. */
const termCell = (page: Page, i: number, field: string) =>
  detailCell(page, 'ProjectContract', 'ContractPaymentTerm', i, field);

test.describe('computed fields and numbers', () => {
  test.use({ signedInAs: 'admin' });

  test('a new project is numbered on save, and its submitter is not offered Approve', async ({ page }) => {
    await setSelfApproval(page, false, ['ProjectInformation']);
    const name = `Numbered depot ${stamp()}`;
    await openGrid(page, '/ProjectInformation');
    const add = await toolbarDialog(page, 'Add', 'Add project');
    const code = add.getByLabel('Project number', { exact: true });
    await expect(code).toBeDisabled();
    await expect(code).toHaveAttribute('placeholder', '(assigned on save)');
    await fillProject(page, add, {
      name,
      customer: 'Harbour',
      customerName: 'Harbour City Metro Corp.',
      start: '2027-01-04',
      end: '2027-06-30',
    });
    await shoot(page, 'computed-project-number-en.png');
    const number = await saveNumbered(page, add, 'ProjectInformation');
    expect(number).toMatch(new RegExp(`^XM${new Date().getFullYear()}-\\d{4}$`));

    const row = await onlyRow(page, number);
    await expect(row).toContainText(name);
    await submitForApproval(page, row);
    const audit = await openAudit(page, row);
    await expect(audit.getByText('You submitted this document: someone else must approve it')).toBeVisible();
    await expect(audit.getByRole('radio', { name: 'Approve' })).toHaveCount(0);
    await expect(audit.getByRole('radio', { name: 'Reject' })).toBeChecked();
    await shoot(page, 'computed-no-self-approval-en.png');
  });

  test('a contract splits its tax and shares its amount among the payment terms as they are typed', async ({
    page,
  }) => {
    await openGrid(page, '/ProjectContract');
    const add = await toolbarDialog(page, 'Add', 'Add project contract');
    await expect(add.getByLabel('Contract number', { exact: true })).toHaveAttribute(
      'placeholder',
      '(assigned on save)',
    );
    await add.getByLabel('Amount incl. tax', { exact: true }).fill('113000');
    await expect(add.getByLabel('Amount excl. tax', { exact: true })).toHaveValue('100000.00');
    await expect(add.getByLabel('Tax', { exact: true })).toHaveValue('13000.00');
    await add.getByLabel('Tax rate %', { exact: true }).fill('6');
    await expect(add.getByLabel('Amount excl. tax', { exact: true })).toHaveValue('106603.77');
    await expect(add.getByLabel('Tax', { exact: true })).toHaveValue('6396.23');

    for (const [i, percent] of ['33.33', '33.33', '33.34'].entries()) {
      const term = await addLine(page, add, 'ProjectContract', 'ContractPaymentTerm', i);
      await term('seq').fill(String(i + 1));
      await term('name').fill(`Term ${i + 1}`);
      await choose(page, term('termType'), 'Advance');
      await term('percent').fill(percent);
    }
    // Each term its share; the last takes the remainder, so the three add up to the contract.
    await expect(termCell(page, 0, 'amount')).toHaveValue('37662.90');
    await expect(termCell(page, 1, 'amount')).toHaveValue('37662.90');
    await expect(termCell(page, 2, 'amount')).toHaveValue('37674.20');
    await expect(termCell(page, 2, 'amount')).toBeDisabled();
    // A new amount moves every share.
    await add.getByLabel('Amount incl. tax', { exact: true }).fill('100.01');
    await expect(termCell(page, 0, 'amount')).toHaveValue('33.33');
    await expect(termCell(page, 1, 'amount')).toHaveValue('33.34');
    await expect(termCell(page, 2, 'amount')).toHaveValue('33.34');
    await shoot(page, 'computed-contract-terms-en.png');
  });

  test('the same in Chinese', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    await openGrid(page, '/ProjectContract');
    await toolbarButton(page, '新建').click();
    const add = page.getByRole('dialog', { name: /项目合同/ });
    await expect(add.getByLabel('合同编号', { exact: true })).toHaveAttribute('placeholder', '（保存时分配）');
    await add.getByLabel('含税金额', { exact: true }).fill('226000');
    await expect(add.getByLabel('不含税金额', { exact: true })).toHaveValue('200000.00');
    await expect(add.getByLabel('税额', { exact: true })).toHaveValue('26000.00');
    const term = await addLine(page, add, 'ProjectContract', 'ContractPaymentTerm', 0, '添加行');
    await term('seq').fill('1');
    await term('percent').fill('30');
    await expect(term('amount')).toHaveValue('67800.00');
    await shoot(page, 'computed-contract-terms-zh.png');
  });
});

import { siteVisitDesign } from '@trestle/shared/testing/site-visit-form';
import { expect, shoot, signedInContext, stamp, test } from '../fixtures.ts';
import { publishedForm, roleId } from '../forms-helpers.ts';
import { choose, typeDate } from '../grid-helpers.ts';
import { workbookOf } from '../workbooks.ts';

test.describe('a published form', () => {
  test.use({ signedInAs: 'admin' });

  test('a pm fills the site visit request, the hazard rule and the total acting as he types; the admin reads and exports the answer', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const title = `Site visit request ${stamp()}`;
    const form = await publishedForm(
      page,
      { ...siteVisitDesign, title: { en: title, zh: `现场勘察申请 ${title.slice(-8)}` } },
      { fillRoles: [await roleId(page, 'pm')] },
    );

    const pm = await signedInContext(browser, 'pm');
    try {
      const p = pm.page;
      await p.goto('/#/forms');
      await expect(p.getByRole('heading', { level: 1 })).toHaveText('Forms');
      await p
        .getByRole('row', { name: new RegExp(title) })
        .getByRole('link', { name: 'Fill in' })
        .click();
      await expect(p.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(p.getByTestId('breadcrumb')).toContainText('Forms');

      await p.getByLabel('Site name').fill('North substation');
      await typeDate(p.getByLabel('Visit date'), '2026-12-03');
      await p.getByLabel('Visitors').fill('3');
      await choose(p, p.getByLabel('Priority'), 'High');

      // The rule: "Hazard details" is not there until "Hazards present" is on, and then it must be filled.
      const details = p.getByLabel('Hazard details');
      await expect(details).toHaveCount(0);
      await p.getByRole('switch', { name: 'Hazards present' }).click();
      await expect(details).toBeVisible();

      // The total follows the costs and the attendees' fees, read-only.
      await p.getByLabel('Travel cost').fill('120.50');
      await p.getByLabel('Equipment cost').fill('80');
      const lines = p.getByTestId('lines-Attendees');
      await lines.getByRole('button', { name: 'Add line' }).click();
      await lines.getByLabel('Person, line 1').fill('Wang Wei');
      await lines.getByLabel('Fee, line 1').fill('10.25');
      const total = p.getByLabel('Total cost');
      await expect(total).toHaveValue(/210\.75/);
      await expect(total).toBeDisabled();

      await p.getByRole('button', { name: 'Submit' }).click();
      await expect(p.locator('.ant-form-item-explain-error')).toHaveText(['This field is required']);
      await shoot(p, 'form-fill-rule-required.png');
      await details.fill('Live 10 kV busbar in the yard');
      await p.getByRole('button', { name: 'Submit' }).click();
      await expect(p.getByText('Thank you — your answer was recorded')).toBeVisible();
    } finally {
      await pm.context.close();
    }

    // The admin reads the answer: the list, its detail as it was asked, and the workbook.
    await page.goto(`/#/formAnswers?id=${form.id}`);
    const row = page.getByRole('row', { name: /North substation/ });
    await expect(row).toContainText('210.75');
    await shoot(page, 'form-answers-en.png');
    await row.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByLabel('Hazard details')).toHaveValue('Live 10 kV busbar in the yard');
    await expect(drawer.getByLabel('Person, line 1')).toHaveValue('Wang Wei');
    await shoot(page, 'form-answer-detail-en.png');
    await page.keyboard.press('Escape');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const wb = await workbookOf(await downloading, testInfo.outputPath('answers.xlsx'));
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['Site name', 'Hazard details', 'Total cost']));
    const values = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    expect(values).toEqual(expect.arrayContaining(['North substation', 'Live 10 kV busbar in the yard']));

    // The same answers in Chinese.
    await page.getByText('简体中文').click();
    await expect(page.getByRole('columnheader', { name: '现场名称' })).toBeVisible();
    await shoot(page, 'form-answers-zh.png');
  });
});

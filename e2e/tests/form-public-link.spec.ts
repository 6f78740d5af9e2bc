import { siteVisitDesign } from '@trestle/shared/testing/site-visit-form';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { publishedForm } from '../forms-helpers.ts';
import { dialog, toast, typeDate } from '../grid-helpers.ts';

test.describe('a form’s public link', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin opens a public link for one answer; a visitor who is not signed in fills the form through it, and the next finds it full', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = `Site visit request ${stamp()}`;
    const form = await publishedForm(page, {
      ...siteVisitDesign,
      title: { en: title, zh: `现场勘察申请 ${title.slice(-8)}` },
    });

    // The link is turned on in the form's access settings: one answer at most.
    await page.goto(`/#/formDesign?id=${form.id}`);
    await page.getByRole('button', { name: 'Access' }).click();
    const access = dialog(page, `Access to “${title}”`);
    await access.getByRole('switch', { name: 'Public link' }).click();
    await access.getByLabel('Most answers through the link').fill('1');
    await access.getByRole('button', { name: 'Save access' }).click();
    await expect(toast(page, 'Access saved')).toBeVisible();
    const address = await access.getByRole('textbox', { name: 'Public address', exact: true }).inputValue();
    expect(address).toMatch(/#\/formSubmit\?link=[A-Za-z0-9_-]{20,}$/);

    // A visitor with the address and no account: no sign-in, no menu, the form alone.
    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      const v = await visitor.newPage();
      await v.goto(address);
      await expect(v.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(v.getByTestId('menu')).toHaveCount(0);
      await v.getByLabel('Site name').fill('East pumping station');
      await typeDate(v.getByLabel('Visit date'), '2026-12-10');
      await v.getByRole('switch', { name: 'Hazards present' }).click();
      await v.getByLabel('Hazard details').fill('Open pit near the gate');
      await shoot(v, 'form-public-link-en.png');
      await v.getByRole('button', { name: 'Submit' }).click();
      await expect(v.getByText('Thank you — your answer was recorded')).toBeVisible();

      // The link took its one answer: the next visit is told so, in the visitor's language.
      await v.reload();
      await expect(v.getByText('This form takes no more answers')).toBeVisible();
      await v.getByText('简体中文').click();
      await expect(v.getByText('此表单已不再接收答卷')).toBeVisible();
      await shoot(v, 'form-public-link-full-zh.png');
    } finally {
      await visitor.close();
    }

    // The answer is the form's, marked as come through the link.
    await page.goto(`/#/formAnswers?id=${form.id}`);
    const row = page.getByTestId('form-answers').locator('tbody tr[data-row-key]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Public link');
    await expect(row).toContainText('East pumping station');
  });
});

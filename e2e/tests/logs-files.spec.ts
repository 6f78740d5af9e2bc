import { expect, type Page, shoot as shootScreen, signIn, submitLogin, test, tokenOf } from '../fixtures.ts';
import { png } from '../png.ts';

/** The pointer out of the way first: a row under it would show hovered in the picture. */
async function shoot(page: Page, name: string) {
  await page.mouse.move(5, 5);
  await shootScreen(page, `${name}.png`);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
/** Opens a screen through the navigation, expanding the folders on the way. */
async function openFromMenu(page: Page, names: string[]) {
  const nav = page.getByTestId('menu');
  for (const name of names.slice(0, -1)) {
    const title = nav.locator('.ant-menu-submenu-title').filter({ hasText: new RegExp(`^${name}$`) });
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  }
  await nav.getByRole('menuitem', { name: names.at(-1) }).click();
}

const gridRows = (page: Page) => page.getByTestId('grid-table').locator('tbody tr.ant-table-row');

/** A one-page PDF with a line of text (PDFium rebuilds the missing cross-reference table). */
function textPdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 30 60 Td (${text}) Tj ET`;
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
      `4 0 obj<</Length ${content.length}>>stream\n${content}\nendstream endobj\n` +
      '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** A checked gradient, big enough to see in the preview screenshot. */
const PNG = png(240, 150, (x, y) => {
  const light = (Math.floor(x / 30) + Math.floor(y / 30)) % 2 === 0 ? 40 : 0;
  return [40 + light + Math.floor((x * 150) / 240), 90 + Math.floor((y * 120) / 150), 200 - light];
});
const PDF = textPdf('Trestle e2e manual');

/** Uploads through the engine's upload call, as the grid's file fields do. */
async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const res = await page.request.post('/api/Employee/upload', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(res.status()).toBe(200);
  const [stored] = (await res.json()).data as { key: string; url: string }[];
  if (!stored) throw new Error('no upload');
  return stored;
}

test.describe('logs as admin', () => {
  test('a wrong password shows up in the sign-in log (and in Chinese)', async ({ page }) => {
    await page.goto('/#/login');
    await submitLogin(page, 'admin', 'Wrong@2026-e2e');
    await expect(page.getByText('Incorrect user name or password')).toBeVisible();
    await signIn(page, 'admin');
    await openFromMenu(page, ['System', 'Logs', 'Sign-in log']);
    await expect(page).toHaveURL(/#\/Log\/SignIn$/);
    await page.getByTestId('grid-quick-search').getByRole('searchbox').fill('admin');
    await page.getByTestId('grid-quick-search').getByRole('searchbox').press('Enter');
    // The outcome reads as words, not as the stored code (failure, success).
    const failure = gridRows(page).filter({ hasText: 'Failed' });
    await expect(failure).toHaveCount(1);
    await expect(failure).toContainText('admin');
    await expect(gridRows(page).filter({ hasText: 'Signed in' }).first()).toBeVisible();

    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { name: '登录日志' })).toBeVisible();
    await expect(gridRows(page).filter({ hasText: '登录失败' })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: '登录账号' })).toBeVisible();
    await shoot(page, 'log-signin-zh');
  });

  test('the request log lists API calls without query strings, searches and exports', async ({ page }) => {
    await signIn(page, 'admin');
    await page.request.get('/api/Button/Get?token=never-logged', {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    await page.goto('/#/Log/Request');
    await expect(page.getByRole('heading', { name: 'Request log' })).toBeVisible();
    await page.getByTestId('grid-advanced-toggle').click();
    await page.getByRole('textbox', { name: 'Path' }).fill('/api/Button/Get');
    await page.getByTestId('grid-quick-search').getByRole('searchbox').press('Enter');
    await expect(gridRows(page).first()).toContainText('/api/Button/Get');
    await expect(page.getByTestId('grid-table')).not.toContainText('never-logged');
    await expect(gridRows(page).first()).toContainText('admin');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(toast(page, /Export/)).toHaveCount(0, { timeout: 15_000 });

    await page.getByRole('textbox', { name: 'Path' }).fill('');
    await page.getByTestId('grid-quick-search').getByRole('searchbox').press('Enter');
    await expect(gridRows(page).first()).toBeVisible();
    await shoot(page, 'log-requests-en');
  });

  test('the data-change log shows an edit made through the grid engine', async ({ page }) => {
    await signIn(page, 'admin');
    const token = await tokenOf(page);
    const list = await page.request.post('/api/Employee/getPageData', {
      headers: { authorization: `Bearer ${token}` },
      data: { page: 1, rows: 1, sort: 'code', order: 'asc', wheres: [] },
    });
    const [emp] = (await list.json()).data.rows as { id: number; version: number }[];
    const saved = await page.request.post('/api/Employee/update', {
      headers: { authorization: `Bearer ${token}` },
      data: { mainData: { id: emp?.id, version: emp?.version, title: 'E2E title' } },
    });
    expect(saved.status()).toBe(200);
    await page.goto('/#/Log/DataChange');
    const row = gridRows(page).filter({ hasText: 'E2E title' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Employee');
    await expect(row).toContainText('Changed');
    await expect(row).toContainText('title');
  });
});

test.describe('files as admin', () => {
  test('previews an uploaded image and a PDF, downloads, and deletes', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
    });
    await signIn(page, 'admin');
    const png = await upload(page, 'e2e-photo.png', 'image/png', PNG);
    const pdf = await upload(page, 'e2e-manual.pdf', 'application/pdf', PDF);
    await openFromMenu(page, ['System', 'Files']);
    await expect(page).toHaveURL(/#\/File$/);
    const table = page.getByTestId('file-table');
    const pngRow = table.locator('tr').filter({ hasText: 'e2e-photo.png' });
    const pdfRow = table.locator('tr').filter({ hasText: 'e2e-manual.pdf' });
    await expect(pngRow).toContainText('image/png');
    await expect(pngRow).toContainText('admin');

    await pngRow.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('file-preview');
    const img = preview.locator('img');
    await expect(img).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(240);
    await shoot(page, 'file-preview-en');
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);

    await pdfRow.getByRole('button', { name: 'Preview' }).click();
    const frame = page.getByTestId('file-preview').locator('iframe');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // The frame really navigated to the PDF (a refused frame would stay about:blank or show an error page).
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('blob:'))).toBe(true);
    await page.keyboard.press('Escape');

    const download = page.waitForEvent('download');
    await pngRow.getByRole('button', { name: 'Download' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('e2e-photo.png');

    await pdfRow.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'File deleted')).toBeVisible();
    await expect(pdfRow).toHaveCount(0);
    const gone = await page.request.get(pdf.url, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
    expect(gone.status()).toBe(404);
    expect(png.url).toMatch(/^\/api\/file\//);
    expect(violations).toEqual([]);
  });
});

test.describe('as pm', () => {
  test('sees no Logs or Files menu, and their APIs answer 403', async ({ page }) => {
    await signIn(page, 'pm');
    const nav = page.getByTestId('menu');
    await expect(nav).toBeVisible();
    await expect(nav.getByText('Logs')).toHaveCount(0);
    await expect(nav.getByText('Files')).toHaveCount(0);
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    for (const url of [
      '/api/RequestLog/getPageData',
      '/api/SignInLog/getPageData',
      '/api/DataChangeLog/export',
      '/api/File/getPageData',
    ]) {
      expect((await page.request.post(url, { headers, data: {} })).status(), url).toBe(403);
    }
    // Typed anyway, the screen is the no-permission one, not the registry.
    await page.goto('/#/File');
    await expect(page).toHaveURL(/#\/401$/);
    await expect(page.getByTestId('file-search')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});

import type { Locator, Page, Request } from '@playwright/test';
import { api, deleteEmployeesLike, type EmployeeRow, employeeBody, employees } from '../api-helpers.ts';
import { expect, shoot, stamp, test, tokenOf } from '../fixtures.ts';
import { dataRows, dialog, grid, quickSearch, settled, toast } from '../grid-helpers.ts';
import { png } from '../png.ts';

/** Coloured tiles: big enough to see in a screenshot, its size readable back from the <img>. */
const PHOTO = png(96, 64, (x, y) => ((Math.floor(x / 16) + Math.floor(y / 16)) % 2 ? [230, 120, 40] : [40, 110, 200]));
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every request the page sends with a token, by URL: the token must only ever go to this app's /api. */
function tokenRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req: Request) => {
    if (req.headers().authorization) seen.push(req.url());
  });
  return seen;
}

/** The picture an <img> really shows (0 until it has loaded). */
const naturalWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

/**
 * The picture in the first row's cell under `header`, once shown. The list is wider than the window and
 * a thumbnail is fetched only once its cell is on screen, so the cell is scrolled into view (again, if a
 * refresh of the list put it back out of view meanwhile).
 */
async function thumbnailUnder(page: Page, header: string, key: string): Promise<Locator> {
  const headers = (await grid(page).locator('thead th').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, headers.join('|')).toBeGreaterThanOrEqual(0);
  const cell = dataRows(page).first().locator('td').nth(index);
  const thumb = cell.getByRole('img', { name: key });
  await expect(async () => {
    await cell.scrollIntoViewIfNeeded();
    await expect(thumb).toHaveAttribute('src', /^blob:/, { timeout: 2_000 });
  }).toPass();
  await expect.poll(() => naturalWidth(thumb)).toBe(96);
  return thumb;
}

async function employeeByCode(page: Page, code: string): Promise<EmployeeRow> {
  const { rows } = await employees(page, [{ name: 'code', value: code, displayType: 'eq' }]);
  const [row] = rows;
  if (!row) throw new Error(`no employee ${code}`);
  return row;
}

async function uploadPhoto(page: Page): Promise<string> {
  const res = await page.request.post('/api/Employee/upload', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    multipart: { file: { name: 'badge.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(res.status()).toBe(200);
  const [stored] = (await res.json()).data as { key: string }[];
  if (!stored) throw new Error('no upload');
  return stored.key;
}

test.describe('photos of image fields and the avatar', () => {
  test.use({ signedInAs: 'admin' });

  test('an employee photo uploaded in the edit dialog is saved as a file key and shown in the list; an outside URL is refused', async ({
    page,
    cleanUp,
  }) => {
    const code = `IMG-${stamp()}`;
    const sent = tokenRequests(page);
    cleanUp((page) => deleteEmployeesLike(page, code));
    await api(page, '/api/Employee/add', employeeBody(code, { name: 'Photo Person' }));
    await page.goto('/#/Employee');
    await quickSearch(page, code);
    await expect(page.getByTestId('grid-total')).toHaveText('1 record');
    await dataRows(page).getByRole('cell', { name: code, exact: true }).dblclick();
    const edit = dialog(page, 'Edit employee');
    const field = edit.getByTestId('file-field-photo');
    await expect(field.getByText('Upload image')).toBeVisible();
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: PHOTO });
    const preview = field.locator('img');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => naturalWidth(preview)).toBe(96);
    await shoot(page, 'image-fields-edit-en.png');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(edit).toBeHidden();

    // The record holds the key of the upload, and the list shows the picture from it.
    const saved = await employeeByCode(page, code);
    expect(saved.photo).toMatch(KEY);
    await settled(page);
    await thumbnailUnder(page, 'Photo', String(saved.photo));
    await shoot(page, 'image-fields-list-en.png');

    // A crafted record pointing at another site can't be saved through the API, on add or on update.
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    for (const [url, mainData] of [
      ['/api/Employee/update', { id: saved.id, version: saved.version, photo: 'https://evil.example/pixel.png' }],
      ['/api/Employee/add', employeeBody(`${code}-X`, { photo: 'https://evil.example/pixel.png' }).mainData],
    ] as const) {
      const res = await page.request.post(url, { headers, data: { mainData, detailData: {}, delKeys: {} } });
      expect(res.status()).toBe(400);
      expect(await res.json()).toMatchObject({
        status: false,
        data: { fieldErrors: { 'mainData.photo': 'not an uploaded file' } },
      });
    }
    expect((await employeeByCode(page, code)).photo).toBe(saved.photo);

    // Whatever the page fetched with the token went to this app's own /api.
    const origin = new URL(page.url()).origin;
    expect(sent.length).toBeGreaterThan(0);
    for (const url of sent) expect(url.startsWith(`${origin}/api/`), url).toBe(true);
    expect(sent).toContain(`${origin}/api/file/${String(saved.photo)}`);
  });

  test('in Chinese, the list and the edit dialog show the photo saved through the API', async ({ page, cleanUp }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    const code = `IMGZ-${stamp()}`;
    cleanUp((page) => deleteEmployeesLike(page, code));
    await page.goto('/#/home');
    const key = await uploadPhoto(page);
    await api(page, '/api/Employee/add', employeeBody(code, { name: '照片测试', photo: key }));
    await page.goto('/#/Employee');
    await quickSearch(page, code);
    await expect(page.getByTestId('grid-total')).toHaveText('共 1 条');
    await thumbnailUnder(page, '照片', key);
    await shoot(page, 'image-fields-list-zh.png');
    await dataRows(page).getByRole('cell', { name: code, exact: true }).dblclick();
    const edit = dialog(page, '编辑员工');
    const field = edit.getByTestId('file-field-photo');
    await expect(field.getByText('上传图片')).toBeVisible();
    await expect.poll(() => naturalWidth(field.locator('img'))).toBe(96);
    await shoot(page, 'image-fields-edit-zh.png');
  });

  test('the avatar uploaded in the personal center shows, in English and in Chinese', async ({ page, cleanUp }) => {
    await page.goto('/#/UserInfo');
    const main = page.getByRole('main');
    const avatar = main.getByRole('img', { name: 'admin' });
    cleanUp(async (page) => {
      // Leave admin as it was.
      await api(page, '/api/user/removeAvatar');
    });
    await page.getByLabel('Avatar file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(toast(page, 'Avatar uploaded')).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => naturalWidth(avatar)).toBe(96);
    const me = await page.request.get('/api/user/getCurrentUserInfo', {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(((await me.json()).data as { img: string }).img).toMatch(KEY);
    await shoot(page, 'image-fields-avatar-en.png');

    await page.getByText('简体中文').click();
    await expect(main.getByRole('button', { name: /上传头像/ })).toBeVisible();
    await expect.poll(() => naturalWidth(avatar)).toBe(96);
    await shoot(page, 'image-fields-avatar-zh.png');
  });
});

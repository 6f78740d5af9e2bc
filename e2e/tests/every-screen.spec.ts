import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import * as shared from '@trestle/shared';
import ExcelJS from 'exceljs';
import { expect, shoot, test, tokenOf } from '../fixtures.ts';

type Lang = 'en' | 'zh';
type Meta = shared.EntityMeta;
type MenuItem = shared.MenuItem;

const ISO = /\d{4}-\d\d-\d\dT\d\d:/;
/** A raw constant name (DRAFT_PENDING, IN_APPROVAL) that reached the reader. */
const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;

/** Every entity the product defines, as the shared package exports them (built-in screens draw from these). */
const metas: Meta[] = Object.values(shared).filter(
  (v): v is Meta => typeof v === 'object' && v !== null && 'fields' in v && 'table' in v && 'key' in v,
);

/** code → label (only codes whose label differs), per dictionary code, in the reader's language. */
type Dictionaries = Map<string, Map<string, string>>;

/**
 * What each column header may show: the codes of the dict and option fields labelled so (checked against
 * their own codes), and the headers of free-text fields (a name, a code, a user name: any text may show).
 */
function columnRules(lang: Lang, dictionaries: Dictionaries) {
  const codesByHeader = new Map<string, Map<string, string>>();
  const freeText = new Set<string>();
  for (const m of metas) {
    for (const f of m.fields) {
      const header = f.label[lang];
      if (f.type !== 'dict' && f.type !== 'dictMulti' && !f.options) {
        freeText.add(header);
        continue;
      }
      const codes = codesByHeader.get(header) ?? new Map<string, string>();
      for (const o of f.options ?? []) if (o.label[lang] !== o.value) codes.set(o.value, o.label[lang]);
      for (const [code, label] of dictionaries.get(f.dictionary ?? '') ?? []) codes.set(code, label);
      codesByHeader.set(header, codes);
    }
  }
  for (const header of codesByHeader.keys()) freeText.delete(header);
  // Anywhere else (hand-built columns), a constant-looking code of any dictionary the screens loaded.
  const constants = new Map<string, string>();
  for (const codes of [...dictionaries.values(), ...codesByHeader.values()]) {
    for (const [code, label] of codes) if (/^[A-Z][A-Z0-9_]+$/.test(code)) constants.set(code, label);
  }
  return { codesByHeader, freeText, constants };
}

/** The first page of rows on screen: table cells (and tree nodes), each with its column's header. */
async function visibleCells(page: Page) {
  return page.evaluate(() => {
    const out: { header: string; text: string }[] = [];
    for (const table of document.querySelectorAll('.ant-table')) {
      const headers = [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
      for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
        [...row.querySelectorAll(':scope > td')].forEach((td, i) => {
          out.push({ header: headers[i] ?? '', text: (td.textContent ?? '').trim() });
        });
      }
    }
    for (const node of document.querySelectorAll('.ant-tree-title')) {
      out.push({ header: '', text: (node.textContent ?? '').trim() });
    }
    return out;
  });
}

/** Waits until no API call of the page is in flight for a moment and no spinner turns. */
async function quiet(page: Page, inFlight: () => number) {
  const often = { timeout: 15_000, intervals: [50] };
  await expect.poll(inFlight, often).toBe(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('nav-loading')).toHaveCount(0);
  // A list asks for its dictionaries and reference labels once its rows arrive: let those land too.
  await page.waitForTimeout(100);
  await expect.poll(inFlight, often).toBe(0);
}

type State = BrowserContextOptions['storageState'];

async function contextFor(browser: Browser, storageState: State, lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState,
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    // A reader far from UTC, so an instant shown in UTC (or as ISO) would be caught.
    timezoneId: lang === 'zh' ? 'Asia/Shanghai' : 'America/New_York',
  });
  await context.addInitScript((code) => localStorage.setItem('lang', code), lang === 'zh' ? 'zh-CN' : 'en-US');
  return context;
}

/** Every leaf menu with a url, as the client routes it (the url without the /Manager marker). */
function leafRoutes(menu: MenuItem[]): { name: string; route: string }[] {
  const parents = new Set(menu.map((m) => m.parentId));
  return menu
    .filter((m) => m.url && !parents.has(m.id))
    .map((m) => ({ name: m.name, route: m.url.replace(/\/Manager$/i, '') }));
}

async function scan(browser: Browser, storageState: State, lang: Lang) {
  const context = await contextFor(browser, storageState, lang);
  const page = await context.newPage();
  let inFlight = 0;
  const dictionaries: Dictionaries = new Map();
  page.on('request', (r) => {
    if (r.url().includes('/api/')) inFlight++;
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfailed', (r) => r.url().includes('/api/') && done());
  page.on('requestfinished', (r) => r.url().includes('/api/') && done());
  // The dictionaries each screen loads, in the reader's language: their codes must show as labels.
  page.on('response', async (res) => {
    const url = new URL(res.url());
    const kind = /\/api\/Dictionary\/(getVueDictionary|searchItems)$/i.exec(url.pathname)?.[1];
    if (!kind) return;
    const data = ((await res.json().catch(() => null)) as { data?: unknown } | null)?.data;
    type Item = { value: unknown; label: string };
    const lists =
      kind === 'searchItems'
        ? [{ code: url.searchParams.get('code') ?? '', items: (data ?? []) as Item[] }]
        : ((data ?? []) as { code: string; items: Item[] }[]);
    for (const list of lists) {
      const known = dictionaries.get(list.code) ?? new Map<string, string>();
      for (const item of list.items) if (String(item.value) !== item.label) known.set(String(item.value), item.label);
      dictionaries.set(list.code, known);
    }
  });

  await page.goto('/#/home');
  await expect(page.getByTestId('breadcrumb')).toBeVisible();
  const token = await tokenOf(page);
  const res = await page.request.get('/api/menu/getTreeMenu', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang === 'zh' ? 'zh-CN' : 'en-US' },
  });
  const routes = leafRoutes(((await res.json()) as { data: MenuItem[] }).data);
  expect(routes.length).toBeGreaterThan(30);

  const problems: string[] = [];
  let rowsSeen = 0;
  for (const { name, route } of routes) {
    const t0 = Date.now();
    await page.goto(`/#${route}`);
    await quiet(page, () => inFlight);
    if (process.env.SCAN_TIMES) console.log(`${lang} ${route} ${Date.now() - t0} ms`);
    // The last response lands before React draws what it brought: read the screen again until it holds, as
    // a web-first assertion would (a code still showing after a few seconds is a problem).
    let found: { cells: number; problems: string[] } = { cells: 0, problems: [] };
    const settled = Date.now() + 5_000;
    do {
      found = problemsOn(await visibleCells(page), `${lang} ${route} (${name})`, columnRules(lang, dictionaries));
      if (found.problems.length === 0) break;
      await page.waitForTimeout(100);
    } while (Date.now() < settled);
    rowsSeen += found.cells;
    problems.push(...found.problems);
  }
  return { context, page, problems, rowsSeen, screens: routes.length };
}

function problemsOn(
  cells: { header: string; text: string }[],
  screen: string,
  { codesByHeader, freeText, constants }: ReturnType<typeof columnRules>,
) {
  const problems: string[] = [];
  for (const { header, text } of cells) {
    const where = `${screen} [${header}]`;
    if (ISO.test(text)) problems.push(`${where}: ISO time "${text.slice(0, 60)}"`);
    if (freeText.has(header)) continue;
    if (UPPER_SNAKE.test(text)) problems.push(`${where}: constant "${text.slice(0, 60)}"`);
    const label = codesByHeader.get(header)?.get(text) ?? constants.get(text);
    if (label !== undefined) problems.push(`${where}: code "${text}" instead of "${label}"`);
  }
  return { cells: cells.length, problems };
}

test.describe('every menu screen shows labels and local times, in both languages', () => {
  test.use({ signedInAs: 'admin' });
  // 41 screens, each waited for until its calls and spinners settle: about 1 s a screen on a quiet machine.
  test.setTimeout(300_000);

  for (const lang of ['en', 'zh'] as const) {
    test(`${lang}: no ISO timestamp and no raw code in the first page of rows of any screen`, async ({
      browser,
      storageState,
    }) => {
      const started = Date.now();
      const { context, page, problems, rowsSeen, screens } = await scan(browser, storageState, lang);
      test.info().annotations.push({ type: 'scan', description: `${screens} screens in ${Date.now() - started} ms` });
      expect(problems, `${problems.length} problems on ${screens} screens`).toEqual([]);
      // The scan looked at something: the demo's lists are not empty.
      expect(rowsSeen).toBeGreaterThan(200);

      // What a reader of this language sees on the sign-in log: outcomes as words, times as local times.
      await page.goto('/#/Log/SignIn');
      await expect(page.getByTestId('grid-total')).toBeVisible();
      const first = page.getByTestId('grid-table').locator('tbody tr[data-row-key]').first();
      await expect(first).toContainText(lang === 'zh' ? '登录成功' : 'Signed in');
      await expect(first).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      await shoot(page, `every-screen-signin-log-${lang}.png`);
      await page.goto('/#/ProjectWeeklyReport');
      await expect(page.getByTestId('grid-total')).toBeVisible();
      await shoot(page, `every-screen-weekly-reports-${lang}.png`);
      await page.goto('/#/ProjectWarning');
      await expect(page.getByTestId('warnings-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      await shoot(page, `every-screen-warnings-${lang}.png`);
      await context.close();
    });
  }

  test('an exported list carries labels, not codes, and local times as real dates', async ({ page }) => {
    await page.goto('/#/home');
    const token = await tokenOf(page);
    const exportOf = async (entity: string, lang: string) => {
      const res = await page.request.post(`/api/${entity}/export`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang, 'X-Time-Zone': 'Asia/Shanghai' },
        data: { page: 1, rows: 20, wheres: [] },
      });
      expect(res.status()).toBe(200);
      const wb = new ExcelJS.Workbook();
      const bytes = await res.body();
      await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      const header = (ws.getRow(1).values as unknown[]).map(String);
      const column = (label: string) => {
        const i = header.indexOf(label);
        expect(i, `${label} among ${header.join('|')}`).toBeGreaterThan(0);
        const out: unknown[] = [];
        for (let r = 2; r <= ws.rowCount; r++) out.push(ws.getRow(r).getCell(i).value);
        return out;
      };
      return column;
    };

    const projects = await exportOf('ProjectInformation', 'zh-CN');
    const statuses = projects('状态');
    expect(statuses.length).toBeGreaterThan(0);
    for (const s of statuses) expect(String(s)).toMatch(/[\u4e00-\u9fff]/);

    // The sign-in log: the outcome as its label, the time a real date at the reader's wall-clock time.
    const api = await page.request.post('/api/SignInLog/getPageData', {
      headers: { Authorization: `Bearer ${token}` },
      data: { page: 1, rows: 1, wheres: [] },
    });
    const latest = ((await api.json()) as { data: { rows: { at: string; outcome: string }[] } }).data.rows[0];
    if (!latest) throw new Error('the sign-in log is empty');
    const log = await exportOf('SignInLog', 'en-US');
    const [outcome] = log('Outcome');
    const [at] = log('Time');
    expect(outcome).toBe({ success: 'Signed in', failure: 'Failed', locked: 'Locked out' }[latest.outcome]);
    expect(at).toBeInstanceOf(Date);
    const shanghai = shared.formatDateTime(latest.at, 'Asia/Shanghai');
    expect((at as Date).toISOString().replace('T', ' ').slice(0, 19)).toBe(shanghai);
  });
});

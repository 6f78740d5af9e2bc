import { xssCorpus } from '@trestle/shared/testing/xss-corpus';
import { api } from '../api-helpers.ts';
import { expect, type Page, stamp, test } from '../fixtures.ts';
import { publishedForm } from '../forms-helpers.ts';
import { dataRows, dialog, openGrid, settled, toolbarDialog } from '../grid-helpers.ts';
import { richTextTable } from '../table-design-helpers.ts';

/**
 * Stored XSS: every payload of the corpus goes in through the write paths a browser can reach (add, update,
 * a design's default) and is then shown the ways rich text is shown (the list's excerpt, the editor of the
 * edit and add dialogs). A payload that ran would call window.__xss(id); the test counts those calls and any
 * alert, confirm or prompt, and fails on one. (The page's CSP is a further layer, set aside below.)
 */

const nameOf = (i: number) => `${String(i).padStart(3, '0')} ${xssCorpus[i]?.id}`;
/** The page size of a designed table's grid. */
const PAGE = 30;

/** What ran, by payload id: the page's and its frames' calls to __xss, and every dialog a script opened. */
async function watchForScripts(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.exposeFunction('__xssRan', (id: string) => ran.push(String(id)));
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: (id: string) => void; __xssRan: (id: string) => void };
    w.__xss = (id) => w.__xssRan(id);
  });
  page.on('dialog', (d) => {
    ran.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return ran;
}

/**
 * What could run in stored HTML, read by the browser's parser (inert: nothing loads or runs): an element or an
 * attribute that could run a script. Text may say anything: it is only text.
 */
async function runnableIn(page: Page, values: { name: string; html: string }[]): Promise<string[]> {
  return page.evaluate((rows) => {
    const bad: string[] = [];
    for (const { name, html } of rows) {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      for (const el of doc.querySelectorAll('*')) {
        if (/^(script|svg|math|iframe|object|embed|style|base|meta|form|template|link)$/i.test(el.localName))
          bad.push(`${name}: <${el.localName}>`);
        for (const { name: attr, value } of el.attributes) {
          if (/^on/i.test(attr)) bad.push(`${name}: ${attr}`);
          if (/^(href|src|action|formaction|xlink:href)$/i.test(attr) && /^\s*(javascript|vbscript|data):/i.test(value))
            bad.push(`${name}: ${attr}=${value}`);
        }
      }
    }
    return bad;
  }, values);
}

/** A script put into the page by hand runs and is seen: the watch works. */
async function controlRuns(page: Page, ran: string[]) {
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.setAttribute('onerror', "window.__xss('control')");
    img.src = '/no-such-picture.png';
    document.body.append(img);
  });
  await expect.poll(() => ran.includes('control')).toBe(true);
  ran.splice(0, ran.length);
}

test.describe('stored rich text', () => {
  // The page's Content-Security-Policy would stop an inline handler by itself: set aside here, so what is
  // shown is guarded by the sanitiser and the editor's schema alone, and a payload they let through runs.
  test.use({ signedInAs: 'admin', bypassCSP: true });

  test('no payload of the XSS corpus runs, stored by add, update or a default and shown in the list and the editor', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    expect(xssCorpus.length).toBeGreaterThanOrEqual(50);
    const ran = await watchForScripts(page);
    const entity = `Xss${stamp()}`;
    // A design's default is a write path too: it opens every new record's form.
    const bodyDefault = xssCorpus
      .slice(0, 12)
      .map((p) => p.html)
      .join('');
    await richTextTable(page, entity, { en: 'Hostile notes', zh: '恶意笔记' }, bodyDefault);

    // Half the corpus added as it is, the other half added harmless and then updated to the payload.
    const half = Math.ceil(xssCorpus.length / 2);
    for (const [i, p] of xssCorpus.entries())
      await api(page, `/api/${entity}/add`, {
        mainData: { name: nameOf(i), body: i < half ? p.html : '<p>draft</p>' },
      });
    const { rows } = await api<{ rows: { id: number; version: number; name: string }[] }>(
      page,
      `/api/${entity}/getPageData`,
      { page: 1, rows: 500 },
    );
    expect(rows).toHaveLength(xssCorpus.length);
    for (const [i, p] of xssCorpus.entries()) {
      if (i < half) continue;
      const row = rows.find((r) => r.name === nameOf(i));
      await api(page, `/api/${entity}/update`, {
        mainData: { id: row?.id, version: row?.version, name: nameOf(i), body: p.html },
      });
    }

    // The watch sees a script that does run: an event handler put into this page by hand.
    await openGrid(page, `/${entity}`);
    await controlRuns(page, ran);

    // What was stored is the sanitised form: read by the browser's parser (inert, nothing loads or runs), no
    // element or attribute that could run, whichever way it came in. Text may say anything: it is only text.
    const stored = await api<{ rows: { name: string; body: string }[] }>(page, `/api/${entity}/getPageData`, {
      page: 1,
      rows: 500,
    });
    const findings = await runnableIn(
      page,
      stored.rows.map((r) => ({ name: r.name, html: r.body })),
    );
    expect(findings).toEqual([]);

    // Every stored value in the list (its text) and in the edit dialog's editor (its document).
    for (let p = 1; (p - 1) * PAGE < xssCorpus.length; p++) {
      if (p > 1) {
        await page.locator('.ant-pagination').getByTitle(String(p), { exact: true }).click();
        await settled(page);
      }
      const shown = dataRows(page);
      const count = Math.min(PAGE, xssCorpus.length - (p - 1) * PAGE);
      await expect(shown).toHaveCount(count);
      for (let i = 0; i < count; i++) {
        await shown.nth(i).dblclick();
        const edit = dialog(page, 'Edit Hostile notes');
        await expect(edit.getByRole('textbox', { name: 'Body' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(edit).toBeHidden();
      }
    }
    // A new record's form opens with the design's default.
    const add = await toolbarDialog(page, 'Add', 'Add Hostile notes');
    await expect(add.getByRole('textbox', { name: 'Body' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();

    // An image that failed to load, a handler that would fire late: given a moment, still nothing ran.
    await page.waitForTimeout(500);
    expect(ran).toEqual([]);
  });

  test('no payload of the XSS corpus runs, stored as answers to a form (signed in and through its public link) and shown in the answers and their view', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const ran = await watchForScripts(page);
    // Ten rich-text questions an answer: the corpus fits in a dozen answers, each shown whole in its view.
    const PER = 10;
    const questions = Array.from({ length: PER }, (_, i) => ({
      name: `body${i}`,
      type: 'richText' as const,
      label: { en: `Body ${i}`, zh: `正文 ${i}` },
    }));
    const title = `Hostile answers ${stamp()}`;
    const form = await publishedForm(
      page,
      {
        title: { en: title, zh: title },
        fields: [{ name: 'name', type: 'string', label: { en: 'Name', zh: '名称' } }, ...questions],
        items: [
          { kind: 'field', id: 'n', name: 'name' },
          ...questions.map((q) => ({ kind: 'field' as const, id: q.name, name: q.name, span: 24 })),
        ],
      },
      { publicLink: { enabled: true, expiresAt: null, maxCount: null, captcha: false } },
    );
    const answers = Math.ceil(xssCorpus.length / PER);
    for (let a = 0; a < answers; a++) {
      const mainData: Record<string, string> = { name: `answer ${a}` };
      for (let i = 0; i < PER; i++) mainData[`body${i}`] = xssCorpus[a * PER + i]?.html ?? '';
      // Every other answer comes through the public link, as an anonymous visitor's would.
      if (a % 2) {
        const res = await page.request.post('/api/public/form/submit', {
          data: { link: form.publicToken, version: 1, mainData, detailData: {} },
        });
        expect(res.status(), await res.text()).toBe(200);
      } else await api(page, '/api/form/submit', { id: form.id, version: 1, mainData, detailData: {} });
    }

    await page.goto(`/#/formAnswers?id=${form.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} — Answers`);
    await controlRuns(page, ran);

    const { rows } = await api<{ rows: { id: number; mainData: Record<string, string> }[] }>(
      page,
      '/api/form/submissions',
      { id: form.id, page: 1, rows: 50 },
    );
    expect(rows).toHaveLength(answers);
    const values = rows.flatMap((r) =>
      Object.entries(r.mainData).map(([k, html]) => ({ name: `${r.mainData.name} ${k}`, html: String(html ?? '') })),
    );
    expect(await runnableIn(page, values)).toEqual([]);

    // Each answer's view draws its rich text; the list shows its text.
    const shown = page.getByTestId('form-answers').locator('tbody tr[data-row-key]');
    await expect(shown).toHaveCount(Math.min(answers, 20));
    for (let i = 0; i < Math.min(answers, 20); i++) {
      await shown.nth(i).click();
      const view = page.getByRole('dialog');
      await expect(view.getByLabel('Name')).toHaveValue(/^answer \d+$/);
      // Each body is drawn (an emptied one has no height, so it is looked for, not at).
      for (let b = 0; b < PER; b++) await expect(view.getByLabel(`Body ${b}`, { exact: true })).toBeAttached();
      await page.keyboard.press('Escape');
      await expect(view).toBeHidden();
    }
    await page.waitForTimeout(500);
    expect(ran).toEqual([]);
  });
});

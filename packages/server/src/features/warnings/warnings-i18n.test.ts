import { type WarningTemplate, warningTexts } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { useWarningFixtures } from '../../test/warnings.ts';
import { RULES } from './rules.ts';

const t = useTestApp({ pm: true });
const f = useWarningFixtures(t);

type Warning = { ruleCode: string; title: string; message: string; args: Record<string, unknown> };

const inject = (method: 'GET' | 'POST', url: string, lang: string, payload?: object, token = t.admin) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

/** The project's warnings of one rule as /ProjectWarning lists them (which re-checks the project first). */
async function listed(projectId: number, rule: string, lang: string, url = '/api/ProjectWarning/list') {
  const res = await inject('POST', url, lang, {
    wheres: [
      { name: 'projectId', value: projectId, displayType: 'eq' },
      { name: 'ruleCode', value: [rule], displayType: 'in' },
      { name: 'status', value: ['OPEN'], displayType: 'in' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { rows: Warning[] }).rows;
}

const projectCode = async (id: number) =>
  (await f.run<{ code: string }>(sql`select code from projects where id = ${id}`))[0]?.code ?? '';

describe('warnings read in the caller’s language', () => {
  it('an overdue key milestone reads in English for en-US and in Chinese for zh-CN, with its values', async () => {
    const p = await f.project();
    const code = await projectCode(p);
    await f.milestone(p, { name: '设备到货', planned_date: f.day(-3), baseline_date: f.day(-3), is_key: true });
    const due = f.day(-3);

    const [en] = await listed(p, 'W02', 'en-US');
    expect(en?.title).toBe(`${code}: milestone "设备到货" is 3 days overdue`);
    expect(en?.message).toBe(`Key milestone "设备到货" was planned for ${due} and is not reached.`);

    const [zh] = await listed(p, 'W02', 'zh-CN,zh;q=0.9');
    expect(zh?.title).toBe(`${code} 里程碑「设备到货」已逾期 3 天`);
    expect(zh?.message).toBe(`关键里程碑「设备到货」计划于 ${due} 完成，至今未达成。`);
    // What is stored has no words: the same values serve both languages.
    expect(zh?.args).toEqual({ project: code, milestone: '设备到货', days: 3, date: due, key: true });
  });

  it('money is grouped with two decimals and dates are YYYY-MM-DD in both languages', async () => {
    const p = await f.project();
    const code = await projectCode(p);
    const c = await f.salesContract(p);
    await f.invoice(c, p, {
      invoice_no: 'FP-0042',
      invoice_date: f.day(-10),
      amount_excl_tax: 1_092_537.61,
      tax_amount: 142_029.89,
      amount_incl_tax: 1_234_567.5,
    });
    const due = f.day(-10);

    const [en] = await listed(p, 'W09', 'en-US');
    expect(en?.title).toBe(`${code}: invoice FP-0042 is 10 days overdue`);
    expect(en?.message).toBe(`1,234,567.50 of invoice FP-0042 was due on ${due} and is not received.`);

    const [zh] = await listed(p, 'W09', 'zh-CN');
    expect(zh?.title).toBe(`${code} 发票 FP-0042 逾期 10 天未回款`);
    expect(zh?.message).toBe(`发票 FP-0042 应于 ${due} 回款，尚有 1,234,567.50 未收。`);
  });

  it('a schedule lag reads in points, the way a Chinese PM tool says it', async () => {
    const p = await f.project({ planned_start: f.day(-100), planned_end: f.day(100), progress_pct: 30 });
    const code = await projectCode(p);
    const [en] = await listed(p, 'W05', 'en-US');
    expect(en?.title).toBe(`${code} is 20 points behind schedule`);
    expect(en?.message).toBe('50% of the planned time has passed but progress is 30%.');
    const [zh] = await listed(p, 'W05', 'zh-CN');
    expect(zh?.title).toBe(`${code} 进度落后计划 20 个百分点`);
    expect(zh?.message).toBe('计划工期已过去 50%，实际进度仅 30%。');
  });

  it('the engine’s page, the Excel export and My work word warnings the same way', async () => {
    const p = await f.project();
    const code = await projectCode(p);
    await f.milestone(p, { name: 'Cabling done', planned_date: f.day(-5), baseline_date: f.day(-5) });
    await listed(p, 'W02', 'zh-CN');
    const title = `${code} 里程碑「Cabling done」已逾期 5 天`;

    const [page] = await listed(p, 'W02', 'zh-CN', '/api/ProjectWarning/getPageData');
    expect(page?.title).toBe(title);

    const res = await inject('POST', '/api/ProjectWarning/export', 'zh-CN', {
      wheres: [
        { name: 'projectId', value: p, displayType: 'eq' },
        { name: 'ruleCode', value: ['W02'], displayType: 'in' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const column = rows[0]?.indexOf('标题') ?? -1;
    expect(column).toBeGreaterThanOrEqual(0);
    expect(rows.slice(1).map((r) => r[column])).toEqual([title]);

    // The project is pm's, so the warning is assigned to pm.
    const mine = await inject('GET', '/api/MineInformation/warnings', 'zh-CN', undefined, t.pm);
    expect(mine.statusCode, mine.body).toBe(200);
    const titles = (body(mine).data as { projectId: number; title: string }[])
      .filter((w) => w.projectId === p)
      .map((w) => w.title);
    expect(titles).toEqual([title]);
  });
});

/** The placeholders of a template (every case), as `name` or `name:format`. */
const placeholders = (template: WarningTemplate) => {
  const texts = typeof template === 'string' ? [template] : Object.values(template.cases);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+(?::\w+)?)\}/g)].map((m) => m[1])))].sort();
};
const casesOf = (template: WarningTemplate) =>
  typeof template === 'string' ? null : { arg: template.arg, cases: Object.keys(template.cases).sort() };

describe('every rule has its texts in both languages', () => {
  it('English and Chinese name exactly the rules the engine runs', () => {
    const codes = RULES.map((r) => r.code).sort();
    expect(codes).toHaveLength(21);
    expect(Object.keys(warningTexts.en).sort()).toEqual(codes);
    expect(Object.keys(warningTexts.zh).sort()).toEqual(codes);
  });

  it.each(RULES.map((r) => r.code))('%s words the same values, with the same cases, in both languages', (code) => {
    const en = warningTexts.en[code];
    const zh = warningTexts.zh[code];
    if (!en || !zh) throw new Error(`${code} has no texts`);
    for (const part of ['title', 'message'] as const) {
      expect(placeholders(zh[part]), `${code} ${part}`).toEqual(placeholders(en[part]));
      expect(casesOf(zh[part]), `${code} ${part}`).toEqual(casesOf(en[part]));
    }
    // Chinese texts are Chinese: a rule's words are not left in English.
    const zhWords = [zh.title, zh.message].flatMap((x) => (typeof x === 'string' ? [x] : Object.values(x.cases)));
    for (const text of zhWords.filter((x) => x !== '{help}')) expect(text).toMatch(/[\u4e00-\u9fff]/);
  });
});

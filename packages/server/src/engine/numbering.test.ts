import { type PageResult, projectMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { newProjectBody, type ProjectRefs, projectRefs } from '../test/demo.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

/** Document numbers issued by the server (metadata autoNumber, site settings per tenant). */

const t = useTestApp();
let ref: ProjectRefs;

beforeAll(async () => {
  ref = await projectRefs(t.database.db);
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(t.admin), ...headers } });

const project = (name: string, extra: Record<string, unknown> = {}) => newProjectBody(ref, { name, ...extra });

const codeOf = async (key: number) =>
  (await queryRows<{ code: string }>(t.database.db, sql`select code from projects where id = ${key}`))[0]?.code ?? '';

const year = () => t.clock.now().getUTCFullYear();

/** The highest number of this year's XM codes already stored (the demo's). */
const highest = async () => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select coalesce(max(substr(code, 8)::int), 0) as n from projects where code ~ ${`^XM${year()}-[0-9]{4}$`}`,
  );
  return row?.n ?? 0;
};

describe('document numbers', () => {
  it('numbers projects XM{yyyy}-{seq:4} unless the tenant says otherwise', () => {
    const code = projectMeta.fields.find((f) => f.name === 'code');
    expect(code?.autoNumber?.pattern).toBe('XM{yyyy}-{seq:4}');
  });

  it('20 concurrent adds get 20 distinct, consecutive numbers, after the highest one already stored', async () => {
    const before = await highest();
    expect(before).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/ProjectInformation/add', project(`Concurrent ${i}`))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const codes = await Promise.all(answers.map((a) => codeOf((body(a).data as { key: number }).key)));
    const expected = Array.from({ length: 20 }, (_, i) => `XM${year()}-${String(before + 1 + i).padStart(4, '0')}`);
    expect([...codes].sort()).toEqual(expected);
  });

  it('keeps a number the caller gives, and never issues it again', async () => {
    const next = (await highest()) + 1;
    const own = `XM${year()}-${String(next + 5).padStart(4, '0')}`;
    const given = await post('/api/ProjectInformation/add', project('Numbered by hand', { code: own }));
    expect(given.statusCode).toBe(200);
    expect(await codeOf((body(given).data as { key: number }).key)).toBe(own);
    const after = await post('/api/ProjectInformation/add', project('Numbered by the server'));
    expect(await codeOf((body(after).data as { key: number }).key)).toBe(
      `XM${year()}-${String(next + 6).padStart(4, '0')}`,
    );
  });

  it("follows the tenant's own pattern from site settings, and refuses a pattern without a counter", async () => {
    const bad = await post('/api/siteConfig/save', { codePatterns: { ProjectInformation: 'P{yyyy}' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(body(bad).data)).toContain('codePatterns.ProjectInformation');
    const saved = await post('/api/siteConfig/save', { codePatterns: { ProjectInformation: 'PR{yy}{mm}-{seq:3}' } });
    expect(saved.statusCode).toBe(200);
    const first = await post('/api/ProjectInformation/add', project('Own pattern 1'));
    const second = await post('/api/ProjectInformation/add', project('Own pattern 2'));
    const now = t.clock.now();
    const period = `PR${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await codeOf((body(first).data as { key: number }).key)).toBe(`${period}-001`);
    expect(await codeOf((body(second).data as { key: number }).key)).toBe(`${period}-002`);
    // The other kind of project keeps its own pattern.
    const om = await post(
      '/api/YWProjectInformation/add',
      project('O&M numbered', {
        serviceStart: '2027-01-01',
        serviceEnd: '2027-12-31',
        serviceScope: 'Network upkeep',
        billingCycle: 'QUARTERLY',
      }),
    );
    expect(om.statusCode, om.body).toBe(200);
    expect(await codeOf((body(om).data as { key: number }).key)).toMatch(
      new RegExp(`^YW${now.getUTCFullYear()}-\\d{4}$`),
    );
    await post('/api/siteConfig/save', { codePatterns: {} });
  });

  it('the list shows the numbered row like any other', async () => {
    const res = await post('/api/ProjectInformation/getPageData', {
      page: 1,
      rows: 5,
      wheres: [{ name: 'name', value: 'Concurrent 7', displayType: 'eq' }],
    });
    const rows = (body(res).data as PageResult).rows;
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.code)).toMatch(new RegExp(`^XM${year()}-\\d{4}$`));
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });

type Dict = { code: string; remote: boolean; items: { value: string; label: string }[] };
const load = async (codes: string[], token = t.pm, lang = 'en-US') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Dictionary/getVueDictionary',
    payload: codes,
    headers: { ...bearer(token), 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as Dict[];
};
const addDictionary = (mainData: object, detailData: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Dictionary/add',
    payload: { mainData: { enabled: true, ...mainData }, detailData },
    headers: bearer(t.admin),
  });

describe('getVueDictionary', () => {
  it('loads every dictionary of a screen in one call, in the caller’s language', async () => {
    const [gender, status, unknown] = await load(['gender', 'employeeStatus', 'nope']);
    expect(gender).toEqual({
      code: 'gender',
      remote: false,
      items: [
        { value: 'male', label: 'Male' },
        { value: 'female', label: 'Female' },
      ],
    });
    expect(status?.items.map((i) => i.value)).toEqual(['active', 'left']);
    expect(unknown).toEqual({ code: 'nope', remote: false, items: [] });
    expect((await load(['gender'], t.pm, 'zh-CN'))[0]?.items.map((i) => i.label)).toEqual(['男', '女']);
  });

  it('needs a sign-in and valid codes', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/Dictionary/getVueDictionary', payload: ['gender'] })).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Dictionary/getVueDictionary',
      payload: ["x'; --"],
      headers: bearer(t.pm),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows an edited item at once (the cache is dropped on write)', async () => {
    await load(['gender']);
    const [item] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from dictionary_items where value = 'male'`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DictionaryList/update',
      payload: { mainData: { id: item?.id, version: item?.version, label: 'Man' } },
      headers: bearer(t.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await load(['gender']))[0]?.items[0]?.label).toBe('Man');
  });

  it('sends a dictionary of more than 500 items as remote, searchable by text and by values', async () => {
    const items = Array.from({ length: 600 }, (_, i) => ({ value: `c${i}`, label: `City ${i}`, enabled: true }));
    expect((await addDictionary({ code: 'city', name: 'Cities' }, { DictionaryList: items })).statusCode).toBe(200);
    expect((await load(['city']))[0]).toEqual({ code: 'city', remote: true, items: [] });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/Dictionary/searchItems?code=city&q=City 59',
      headers: bearer(t.pm),
    });
    expect((body(search).data as { value: string }[]).map((i) => i.value)).toEqual([
      'c59',
      ...Array.from({ length: 10 }, (_, i) => `c${590 + i}`),
    ]);
    const byValues = await t.app.inject({
      method: 'GET',
      url: '/api/Dictionary/searchItems?code=city&values=c1,c2',
      headers: bearer(t.pm),
    });
    expect(body(byValues).data).toEqual([
      { value: 'c1', label: 'City 1' },
      { value: 'c2', label: 'City 2' },
    ]);
  });
});

describe('SQL-sourced dictionaries', () => {
  it('run the admin’s SELECT with the caller as a parameter, people through user_directory', async () => {
    const res = await addDictionary({
      code: 'me',
      name: 'Me',
      sqlText: 'select id as value, user_name as label from user_directory where id = :userId',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await load(['me'], t.pm))[0]?.items).toEqual([{ value: expect.any(String), label: 'pm' }]);
    expect((await load(['me'], t.admin))[0]?.items[0]?.label).toBe('admin');
  });

  it('refuse at save anything that is not one read-only SELECT, with the reason', async () => {
    const cases = [
      'delete from employees',
      'select 1 as value, 2 as label; delete from employees',
      'with d as (delete from employees returning 1) select 1 as value, 1 as label',
      'select nothing from nowhere',
      'select 1 as value, 1 as label from employees for update',
    ];
    for (const sqlText of cases) {
      const res = await addDictionary({ code: `bad${cases.indexOf(sqlText)}`, name: 'Bad', sqlText });
      expect(res.statusCode, sqlText).toBe(400);
      expect(body(res).message).toMatch(/^The dictionary's SQL failed: /);
    }
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from employees`);
    expect(n?.n).toBe(50);
  });

  it('stop a slow query: at the 2 s timeout on a server, before it starts on PGlite (which cannot interrupt one)', async () => {
    const res = await addDictionary({
      code: 'slow',
      name: 'Slow',
      sqlText: 'select 1 as value, pg_sleep(3)::text as label',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((body(res).data as { fieldErrors: object }).fieldErrors)).toEqual(['mainData.sqlText']);
    expect(body(res).message).toMatch(
      t.database.kind === 'postgres' ? /statement timeout/i : /may not call volatile functions \(pg_sleep\)/,
    );
  });
});

import type { ButtonRow, MenuItem, MenuRow, OrganizationRow, Role, UserOptions } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { bearer, body } from './test/helper.ts';
import { useTestApp } from './test/use-test-app.ts';

const t = useTestApp();

type Lang = 'en-US' | 'zh-CN';
const headers = (lang: Lang) => ({ ...bearer(t.admin), 'accept-language': lang });
const post = async (url: string, payload: unknown, lang: Lang = 'en-US') => {
  const res = await t.app.inject({ method: 'POST', url, headers: headers(lang), payload: payload as object });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const get = async (url: string, lang: Lang = 'en-US') => {
  const res = await t.app.inject({ method: 'GET', url, headers: headers(lang) });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const suffix = () => Math.random().toString(36).slice(2, 8);

describe('names in both languages: stored as given, read in the request’s language', () => {
  it('a role keeps its English and Chinese names; the tree and the user form name it in the reader’s language', async () => {
    const roles = (await get('/api/Role/getRoleTree')) as Role[];
    const top = roles.find((r) => r.code === 'admin');
    const code = `R${suffix()}`;
    const { id } = (await post('/api/Role/addRole', {
      parentId: top?.id ?? null,
      code,
      name: 'Site auditor',
      nameZh: '现场审核员',
      roleTypeId: null,
    })) as { id: number };

    const en = ((await get('/api/Role/getRoleTree', 'en-US')) as Role[]).find((r) => r.id === id);
    const zh = ((await get('/api/Role/getRoleTree', 'zh-CN')) as Role[]).find((r) => r.id === id);
    expect(en).toMatchObject({ name: 'Site auditor', nameEn: 'Site auditor', nameZh: '现场审核员' });
    expect(zh).toMatchObject({ name: '现场审核员', nameEn: 'Site auditor', nameZh: '现场审核员' });
    const options = (await get('/api/User/getUserOptions', 'zh-CN')) as UserOptions;
    expect(options.roles.find((r) => r.id === id)?.name).toBe('现场审核员');

    // Cleared, the Chinese reader falls back to the English name.
    await post('/api/Role/updateRole', {
      id,
      parentId: top?.id ?? null,
      code,
      name: 'Site auditor',
      nameZh: '  ',
      roleTypeId: null,
    });
    const cleared = ((await get('/api/Role/getRoleTree', 'zh-CN')) as Role[]).find((r) => r.id === id);
    expect(cleared).toMatchObject({ name: 'Site auditor', nameZh: null });
  });

  it('an organisation keeps both names; its tree and an employee’s department read in the reader’s language', async () => {
    const tree = (await get('/api/Organization/getTree')) as OrganizationRow[];
    const hq = tree.find((o) => o.code === 'HQ');
    const { id } = (await post('/api/Organization/add', {
      parentId: hq?.id ?? null,
      code: `O-${suffix()}`,
      name: 'Field service',
      nameZh: '现场服务部',
      type: 'team',
      managerId: null,
      sort: 50,
    })) as { id: number };
    const en = ((await get('/api/Organization/getTree', 'en-US')) as OrganizationRow[]).find((o) => o.id === id);
    const zh = ((await get('/api/Organization/getTree', 'zh-CN')) as OrganizationRow[]).find((o) => o.id === id);
    expect(en).toMatchObject({ name: 'Field service', nameEn: 'Field service', nameZh: '现场服务部' });
    expect(zh).toMatchObject({ name: '现场服务部', nameEn: 'Field service', nameZh: '现场服务部' });

    // A grid's reference label and its picker follow the same rule (the seeded PMO has both names).
    const page = async (lang: Lang) =>
      (
        (await post(
          '/api/Employee/getPageData',
          {
            page: 1,
            rows: 50,
            wheres: [{ name: 'organizationId', value: tree.find((o) => o.code === 'PMO')?.id, displayType: 'eq' }],
          },
          lang,
        )) as { rows: { organizationIdLabel: string }[] }
      ).rows[0]?.organizationIdLabel;
    expect(await page('en-US')).toBe('Project management office');
    expect(await page('zh-CN')).toBe('项目管理办公室');
    const picked = (await get(
      `/api/Employee/lookup?field=organizationId&q=${encodeURIComponent('现场')}`,
      'zh-CN',
    )) as { label: string }[];
    expect(picked.map((o) => o.label)).toContain('现场服务部');
  });

  it('a menu and a button keep both names; the sidebar and the button catalogue answer in the reader’s language', async () => {
    const menus = (await get('/api/menu/getAll')) as MenuRow[];
    const system = menus.find((m) => m.code === 'System');
    const code = `M${suffix()}`;
    await post('/api/menu/add', {
      parentId: system?.id ?? null,
      code,
      name: 'Night shift',
      nameZh: '夜班',
      url: '/NightShift',
      icon: '',
      enable: 1,
      sort: 900,
      buttonIds: [],
    });
    const stored = ((await get('/api/menu/getAll')) as MenuRow[]).find((m) => m.code === code);
    expect(stored).toMatchObject({ name: 'Night shift', nameZh: '夜班' });
    const named = async (lang: Lang) =>
      ((await get('/api/menu/getTreeMenu', lang)) as MenuItem[]).find((m) => m.id === stored?.id)?.name;
    expect([await named('en-US'), await named('zh-CN')]).toEqual(['Night shift', '夜班']);

    const button = {
      code: `B${suffix()}`,
      name: 'Archive',
      nameZh: '归档',
      functionName: 'archive',
      icon: '',
      type: 'default',
      sort: 30,
    };
    const { id } = (await post('/api/Button/add', button)) as { id: number };
    expect(((await get('/api/Button/getAll')) as ButtonRow[]).find((b) => b.id === id)).toMatchObject(button);
    const catalogue = async (lang: Lang) =>
      ((await get('/api/Button/Get', lang)) as { id: number; name: string }[]).find((b) => b.id === id)?.name;
    expect([await catalogue('en-US'), await catalogue('zh-CN')]).toEqual(['Archive', '归档']);
  });

  it('a dictionary item keeps both labels; the dictionaries answer in the reader’s language', async () => {
    const dicts = (await post('/api/Dictionary/getPageData', {
      page: 1,
      rows: 10,
      wheres: [{ name: 'code', value: 'skill', displayType: 'eq' }],
    })) as { rows: { id: number }[] };
    const dictionaryId = dicts.rows[0]?.id;
    const value = `v${suffix()}`;
    await post('/api/DictionaryList/add', {
      mainData: { dictionaryId, value, label: 'Welding', labelZh: '焊接', sort: 99, enabled: true },
      detailData: {},
      delKeys: {},
    });
    const items = async (lang: Lang) =>
      (
        (await post('/api/Dictionary/getVueDictionary', ['skill'], lang)) as {
          items: { value: string; label: string }[];
        }[]
      )[0]?.items.find((i) => i.value === value)?.label;
    expect([await items('en-US'), await items('zh-CN')]).toEqual(['Welding', '焊接']);
  });
});

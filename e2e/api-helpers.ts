import { expect, type Page, tokenOf } from './fixtures.ts';

/** Set-up and checks through the engine API with the page's token: the real server, nothing mocked. */

/** The page's token as the API wants it. */
export const bearer = async (page: Page) => ({ Authorization: `Bearer ${await tokenOf(page)}` });

/** A POST to the engine API with the page's token; it must answer 200. */
export async function api<T = unknown>(page: Page, url: string, data?: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: await bearer(page), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** A GET of the engine API with the page's token. */
export async function apiGet<T = unknown>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: await bearer(page) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The status of a POST to the engine API with the page's token, for the calls a user must be refused. */
export async function apiStatus(page: Page, url: string, data: unknown = {}) {
  return (await page.request.post(url, { headers: await bearer(page), data })).status();
}

/** A user without the grant neither finds the screen in the navigation nor gets its rows from the server. */
export async function expectNoScreen(page: Page, menuItem: string, entity: string) {
  await page.goto('/#/home');
  await expect(page.getByRole('menuitem', { name: menuItem })).toHaveCount(0);
  expect(await apiStatus(page, `/api/${entity}/getPageData`)).toBe(403);
}

export type EmployeeRow = Record<string, unknown> & { id: number; code: string; version: number };

/** Employees matching the wheres, at most 500, through getPageData. */
export async function employees(page: Page, wheres: unknown[] = [], entity = 'Employee') {
  return api<{ rows: EmployeeRow[]; total: number; summary: Record<string, string | null> | null }>(
    page,
    `/api/${entity}/getPageData`,
    { page: 1, rows: 500, wheres, exactTotal: true },
  );
}

/** Deletes (soft) the employees whose code contains `part`; for a test's own rows only. */
export async function deleteEmployeesLike(page: Page, part: string) {
  const { rows } = await employees(page, [{ name: 'code', value: part, displayType: 'like' }]);
  const keys = rows.filter((r) => !/^E10\d\d$/.test(r.code)).map((r) => r.id);
  if (keys.length) await api(page, '/api/Employee/del', keys);
}

/** A minimal valid employee for the API. */
export const employeeBody = (code: string, extra: Record<string, unknown> = {}) => ({
  mainData: { code, name: `Test ${code}`, gender: 'female', hireDate: '2022-03-01', status: 'active', ...extra },
  detailData: {},
  delKeys: {},
});

/**
 * Segregation of duties is on by default for projects, contracts, purchase contracts and payments: a story
 * in which one user submits and approves turns it off for the tenant first (or `on` turns it back on).
 */
export async function setSelfApproval(page: Page, allowed: boolean, entities: string[]) {
  await api(page, '/api/siteConfig/save', {
    separateApprover: Object.fromEntries(entities.map((e) => [e, !allowed])),
  });
}

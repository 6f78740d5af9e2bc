import { employeeMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { engineRoutes } from '../../engine/engine.routes.ts';
import { sketchedEntity } from '../../test/entities.ts';
import { bearer, body, createTestApp, type TestApp } from '../../test/helper.ts';

/**
 * No built-in entity references employees yet, so a probe entity with an employee picker is mounted
 * beside the app: its lookup must offer exactly the employees the caller's Employee scope shows.
 */
const probeMeta = sketchedEntity(
  'ScopeProbe',
  // Only its lookup is called, which reads the referenced table: its own table is never queried.
  'scope_probes',
  { en: 'Probe', zh: '探针' },
  [
    {
      name: 'employeeId',
      type: 'reference',
      reference: { table: 'employees', labelColumn: 'code' },
      label: { en: 'Employee', zh: '员工' },
    },
  ],
  { singular: { en: 'probe', zh: '探针' } },
);

let t: TestApp;
let admin: string;
let pm: string;
beforeAll(async () => {
  const deps = {
    // Read at request time: the database exists once createTestApp has returned.
    get db() {
      return t.database.db;
    },
    now: () => new Date(),
    definitions: [{ meta: probeMeta }, { meta: employeeMeta, detailOnly: true }],
  };
  t = await createTestApp({}, { beforeReady: (app) => void app.register(engineRoutes(deps)) });
  await t.database.db.execute(
    sql`insert into menus (code, name, name_zh, url) values ('ScopeProbe', 'Probe', '探针', '')`,
  );
  await t.database.db.execute(
    sql`insert into menu_buttons (menu_id, button_id) select m.id, b.id from menus m, buttons b where m.code = 'ScopeProbe' and b.code = 'Search'`,
  );
  await t.database.db.execute(
    sql`insert into role_menus (role_id, menu_id) select r.id, m.id from roles r, menus m where r.code = 'pm' and m.code = 'ScopeProbe'`,
  );
  await t.database.db.execute(
    sql`insert into role_grants (role_id, menu_id, button_id) select r.id, m.id, b.id from roles r, menus m, buttons b
        where r.code = 'pm' and m.code = 'ScopeProbe' and b.code = 'Search'`,
  );
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
});
afterAll(() => t.close());

const codesWhere = async (where: ReturnType<typeof sql>) =>
  (
    await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from employees where ${where} and deleted_at is null order by code`,
    )
  ).map((r) => r.code);

const lookup = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ScopeProbe/lookup?field=employeeId${query}`,
    headers: bearer(pm),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { label: string }[]).map((r) => r.label).sort();
};

describe('reference lookups follow the referenced entity scope', () => {
  it('offers only the employees of pm organisation once the rule is set, by text and by ids', async () => {
    expect((await lookup('&q=E10')).length).toBe(50);
    const [role] = await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = 'pm'`);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/dataPermission/save',
      headers: bearer(admin),
      payload: { roleId: role?.id, entity: 'Employee', rule: { scope: 'organization' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pmo = sql`organization_id = (select id from organizations where code = 'PMO')`;
    const expected = await codesWhere(pmo);
    expect(expected.length).toBeGreaterThan(5);
    expect(await lookup('&q=E10')).toEqual(expected);
    // Labels for ids outside the scope are not revealed either.
    const [outside] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from employees where organization_id = (select id from organizations where code = 'ENG') limit 1`,
    );
    const [inside] = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from employees where ${pmo} limit 1`,
    );
    expect(await lookup(`&ids=${outside?.id},${inside?.id}`)).toEqual([inside?.code]);
  });
});

import { dictionaryMeta, type EntityScope, type ExplainResult, type PageResult, type ScopeRule } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { scopeWhere } from '../../engine/scope.ts';
import { dataScopeOf, scopeExpr } from '../../http/access.ts';
import { exportedSheet } from '../../test/excel.ts';
import { bearer, body, createTestApp, type TestApp } from '../../test/helper.ts';
import { postFiles } from '../../test/multipart.ts';

let t: TestApp;
let admin: string;
let pm: string;
const ids = { pmUser: 0, pmRole: 0, staffRole: 0, PMO: 0, ENG: 0, FIN: 0, HQ: 0, SUB: 0 };

const one = async <T>(q: ReturnType<typeof sql>) => {
  const [row] = await queryRows<T>(t.database.db, q);
  if (!row) throw new Error('no row');
  return row;
};
const idsOf = async (q: ReturnType<typeof sql>) =>
  (await queryRows<{ id: number }>(t.database.db, q)).map((r) => r.id).sort((a, b) => a - b);
const sorted = (rows: { id?: unknown }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

/** Lets a role use these buttons of a menu (grants are data; the test adds them the way the role screen will). */
async function grant(roleId: number, menu: string, buttons: string[]) {
  await t.database.db.execute(
    sql`insert into role_menus (role_id, menu_id) select ${roleId}, id from menus where code = ${menu} on conflict do nothing`,
  );
  for (const b of buttons)
    await t.database.db.execute(
      sql`insert into role_grants (role_id, menu_id, button_id) select ${roleId}, m.id, b.id from menus m, buttons b
          where m.code = ${menu} and b.code = ${b} on conflict do nothing`,
    );
}
const grantPm = (menu: string, buttons: string[]) => grant(ids.pmRole, menu, buttons);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  ids.pmUser = (await one<{ id: number }>(sql`select id from users where user_name = 'pm'`)).id;
  ids.pmRole = (await one<{ id: number }>(sql`select id from roles where code = 'pm'`)).id;
  ids.staffRole = (await one<{ id: number }>(sql`select id from roles where code = 'staff'`)).id;
  for (const code of ['PMO', 'ENG', 'FIN', 'HQ'] as const)
    ids[code] = (await one<{ id: number }>(sql`select id from organizations where code = ${code}`)).id;
  // A team below PMO, holding two of PMO's employees: "organisation and below" reaches it, "own organisation" does not.
  ids.SUB = (
    await one<{ id: number }>(
      sql`insert into organizations (tenant_id, parent_id, code, name) select tenant_id, id, 'PMO-A', 'PMO team A' from organizations where code = 'PMO' returning id`,
    )
  ).id;
  await t.database.db.execute(sql`update employees set organization_id = ${ids.SUB} where code in ('E1001', 'E1005')`);
  await grantPm('Employee', ['Update', 'Delete', 'Import']);
  await grantPm('Dictionary', ['Search']);
  // Staff opens the Employee and Dictionary screens too, so its rules there join pm's (a union).
  await grant(ids.staffRole, 'Employee', ['Search']);
  await grant(ids.staffRole, 'Dictionary', ['Search']);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const save = (roleId: number, entity: string, rule: unknown, token = admin) =>
  call('POST', '/api/dataPermission/save', { roleId, entity, rule }, token);

async function setRule(roleId: number, entity: string, rule: Partial<ScopeRule> | null) {
  const res = await save(roleId, entity, rule);
  expect(res.statusCode, res.body).toBe(200);
}

// Staff (pm's second role) defaults to 'all', which would win the union: narrow it to no rows at all.
const nothing = (entity: string) => ({
  scope: 'custom' as const,
  filter: {
    match: 'all' as const,
    conditions: [{ field: entity === 'DictionaryList' ? 'value' : 'code', op: 'eq' as const, value: '~none~' }],
  },
});
const pmOnly = async (entity: string, rule: Partial<ScopeRule>) => {
  await setRule(ids.staffRole, entity, nothing(entity));
  await setRule(ids.pmRole, entity, rule);
};

afterEach(async () => {
  await t.database.db.execute(sql`delete from role_data_scopes`);
});

const listIds = async (token = pm) => {
  const res = await call('POST', '/api/Employee/getPageData', { rows: 500 }, token);
  expect(res.statusCode, res.body).toBe(200);
  return sorted((body(res).data as PageResult).rows);
};

const live = sql`deleted_at is null`;

describe('each scope kind on the Employee list', () => {
  it('own organisation: only PMO rows, not the team below it', async () => {
    await pmOnly('Employee', { scope: 'organization' });
    const expected = await idsOf(sql`select id from employees where organization_id = ${ids.PMO} and ${live}`);
    expect(expected.length).toBeGreaterThan(5);
    expect(await listIds()).toEqual(expected);
  });

  it('organisation and below: PMO and its team', async () => {
    await pmOnly('Employee', { scope: 'organizationTree' });
    const expected = await idsOf(
      sql`select id from employees where organization_id in (${ids.PMO}, ${ids.SUB}) and ${live}`,
    );
    expect(await listIds()).toEqual(expected);
    expect(expected).toContain((await one<{ id: number }>(sql`select id from employees where code = 'E1001'`)).id);
  });

  it('chosen organisations: exactly the ones listed', async () => {
    await pmOnly('Employee', { scope: 'organizations', organizationIds: [ids.ENG, ids.FIN] });
    const expected = await idsOf(
      sql`select id from employees where organization_id in (${ids.ENG}, ${ids.FIN}) and ${live}`,
    );
    expect(await listIds()).toEqual(expected);
  });

  it('own: the rows pm created, nothing else', async () => {
    await pmOnly('Employee', { scope: 'own' });
    expect(await listIds()).toEqual([]);
    await t.database.db.execute(sql`update employees set created_by = ${ids.pmUser} where code in ('E1010', 'E1020')`);
    expect(await listIds()).toEqual(await idsOf(sql`select id from employees where code in ('E1010', 'E1020')`));
    await t.database.db.execute(sql`update employees set created_by = null where code in ('E1010', 'E1020')`);
  });

  it('all: every row, and no rule at all keeps the role default (all)', async () => {
    const every = await idsOf(sql`select id from employees where ${live}`);
    expect(await listIds()).toEqual(every);
    await pmOnly('Employee', { scope: 'all' });
    expect(await listIds()).toEqual(every);
  });

  it('roles combine as a union: own organisation OR accountants', async () => {
    await setRule(ids.pmRole, 'Employee', { scope: 'organization' });
    await setRule(ids.staffRole, 'Employee', {
      scope: 'custom',
      filter: { match: 'all', conditions: [{ field: 'title', op: 'eq', value: 'Accountant' }] },
    });
    const expected = await idsOf(
      sql`select id from employees where (organization_id = ${ids.PMO} or title = 'Accountant') and ${live}`,
    );
    const pmoOnly = await idsOf(sql`select id from employees where organization_id = ${ids.PMO} and ${live}`);
    expect(expected.length).toBeGreaterThan(pmoOnly.length);
    expect(await listIds()).toEqual(expected);
  });

  it('a role that does not open the screen adds no rows there, whatever its scope', async () => {
    // Staff holds no DictionaryList grant: its default 'all' must not widen pm's rule.
    await setRule(ids.pmRole, 'DictionaryList', {
      scope: 'custom',
      filter: { match: 'all', conditions: [{ field: 'value', op: 'eq', value: 'female' }] },
    });
    const res = await call('POST', '/api/DictionaryList/getPageData', { rows: 500 }, pm);
    expect(res.statusCode, res.body).toBe(200);
    expect((body(res).data as PageResult).rows.map((r) => r.value)).toEqual(['female']);
  });

  it('a role with "all" wins the union', async () => {
    await setRule(ids.pmRole, 'Employee', { scope: 'organization' });
    await setRule(ids.staffRole, 'Employee', { scope: 'all' });
    expect(await listIds()).toEqual(await idsOf(sql`select id from employees where ${live}`));
  });
});

describe('custom filters and their variables', () => {
  it('current user: the employee record linked to pm', async () => {
    // The demo links pm's account to one employee record (pm manages projects as that employee).
    await pmOnly('Employee', {
      scope: 'custom',
      filter: { match: 'all', conditions: [{ field: 'userId', op: 'eq', variable: 'currentUser' }] },
    });
    const linked = await idsOf(sql`select id from employees where user_id = ${ids.pmUser}`);
    expect(linked).toHaveLength(1);
    expect(await listIds()).toEqual(linked);
  });

  it("current user's organisation, combined with a literal (match all)", async () => {
    await pmOnly('Employee', {
      scope: 'custom',
      filter: {
        match: 'all',
        conditions: [
          { field: 'organizationId', op: 'eq', variable: 'currentOrganization' },
          { field: 'gender', op: 'eq', value: 'male' },
        ],
      },
    });
    const expected = await idsOf(
      sql`select id from employees where organization_id = ${ids.PMO} and gender = 'male' and ${live}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await listIds()).toEqual(expected);
  });

  it('today: only employees hired after today (match any with an in-list)', async () => {
    await t.database.db.execute(
      sql`insert into employees (tenant_id, code, name, gender, hire_date, status) select tenant_id, 'F-1', 'Future Hire', 'male', current_date + 30, 'active' from organizations where code = 'PMO'`,
    );
    await pmOnly('Employee', {
      scope: 'custom',
      filter: {
        match: 'any',
        conditions: [
          { field: 'hireDate', op: 'gt', variable: 'today' },
          { field: 'code', op: 'in', value: ['E1002', 'E1003'] },
        ],
      },
    });
    expect(await listIds()).toEqual(await idsOf(sql`select id from employees where code in ('F-1', 'E1002', 'E1003')`));
    await t.database.db.execute(sql`delete from employees where code = 'F-1'`);
  });
});

describe('every engine path honours the scope', () => {
  const outside = async () =>
    one<{ id: number; version: number; name: string }>(
      sql`select id, version, name from employees where organization_id = ${ids.ENG} and ${live} order by id limit 1`,
    );
  const inside = async () =>
    one<{ id: number; version: number }>(
      sql`select id, version from employees where organization_id = ${ids.PMO} and ${live} order by id limit 1`,
    );

  it('export: the .xlsx holds exactly the rows in scope', async () => {
    await pmOnly('Employee', { scope: 'organization' });
    const res = await call('POST', '/api/Employee/export', {}, pm);
    expect(res.statusCode).toBe(200);
    const ws = await exportedSheet(res);
    const codes: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    const expected = await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from employees where organization_id = ${ids.PMO} and ${live} order by code`,
    );
    expect(ws.getRow(1).getCell(1).value).toBe('Code');
    expect(codes.sort()).toEqual(expected.map((e) => e.code));
  });

  it('update and delete outside the scope: 404, the row unchanged; inside: allowed', async () => {
    await pmOnly('Employee', { scope: 'organization' });
    const out = await outside();
    const upd = await call(
      'POST',
      '/api/Employee/update',
      { mainData: { id: out.id, version: out.version, name: 'Taken' } },
      pm,
    );
    expect(upd.statusCode).toBe(404);
    const del = await call('POST', '/api/Employee/del', [out.id], pm);
    expect(del.statusCode).toBe(404);
    const after = await one<{ version: number; name: string; deleted: boolean }>(
      sql`select version, name, deleted_at is not null as deleted from employees where id = ${out.id}`,
    );
    expect(after).toEqual({ version: out.version, name: out.name, deleted: false });
    // A mixed delete is all or nothing.
    const mine = await inside();
    expect((await call('POST', '/api/Employee/del', [mine.id, out.id], pm)).statusCode).toBe(404);
    const ok = await call(
      'POST',
      '/api/Employee/update',
      { mainData: { id: mine.id, version: mine.version, title: 'Lead' } },
      pm,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("import: rows of another organisation are refused, rows of pm's own are written", async () => {
    await pmOnly('Employee', { scope: 'organization' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Employees');
    ws.addRow(['Code', 'Name', 'Gender', 'Organisation', 'Hire date', 'Status']);
    ws.addRow(['DP-1', 'In scope', 'Male', 'Project management office', '2024-01-02', 'Active']);
    ws.addRow(['DP-2', 'Out of scope', 'Male', 'Engineering', '2024-01-02', 'Active']);
    ws.addRow(['DP-3', 'No organisation', 'Female', null, '2024-01-02', 'Active']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await postFiles(t.app, '/api/Employee/import?mode=valid', pm, [{ name: 'e.xlsx', bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({
      total: 3,
      imported: 1,
      invalid: 2,
      errors: [
        { row: 3, message: 'outside your data permission' },
        { row: 4, message: 'outside your data permission' },
      ],
    });
    const written = await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from employees where code like 'DP-%'`,
    );
    expect(written).toEqual([{ code: 'DP-1' }]);
  });

  it('lookup: reference choices come from the rows the referenced entity lets the caller see', async () => {
    const lookup = async () => {
      const res = await call('GET', '/api/DictionaryList/lookup?field=dictionaryId&q=', undefined, pm);
      expect(res.statusCode, res.body).toBe(200);
      return (body(res).data as { label: string }[]).map((r) => r.label).sort();
    };
    expect(await lookup()).toEqual(expect.arrayContaining(['employeeStatus', 'gender', 'organizationType', 'skill']));
    await pmOnly('Dictionary', {
      scope: 'custom',
      filter: { match: 'all', conditions: [{ field: 'code', op: 'like', value: 'gend' }] },
    });
    expect(await lookup()).toEqual(['gender']);
  });

  it('getDetailPage: a master outside the scope is a 404; detail rows follow their own rule', async () => {
    const dict = async (code: string) => one<{ id: number }>(sql`select id from dictionaries where code = ${code}`);
    await pmOnly('Dictionary', {
      scope: 'custom',
      filter: { match: 'all', conditions: [{ field: 'code', op: 'eq', value: 'gender' }] },
    });
    await pmOnly('DictionaryList', {
      scope: 'custom',
      filter: { match: 'all', conditions: [{ field: 'value', op: 'eq', value: 'female' }] },
    });
    const detail = (value: number) =>
      call('POST', `/api/${dictionaryMeta.name}/getDetailPage`, { value, detail: 'DictionaryList' }, pm);
    const hidden = await detail((await dict('skill')).id);
    expect(hidden.statusCode).toBe(404);
    const shown = await detail((await dict('gender')).id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((body(shown).data as PageResult).rows.map((r) => r.value)).toEqual(['female']);
  });
});

describe('projects I am a member of', () => {
  it('compiles to membership of the row project', async () => {
    // No built-in entity has a project field yet (the project area comes next): a probe over a scratch table.
    await t.database.db.execute(
      sql`create table probe_tasks (id serial primary key, tenant_id integer not null, project_id integer, created_by integer)`,
    );
    const tenantId = (await one<{ id: number }>(sql`select tenant_id as id from users where id = ${ids.pmUser}`)).id;
    const otherTenant = (
      await one<{ id: number }>(sql`insert into tenants (code, name) values ('dp-projects', 'Other') returning id`)
    ).id;
    await t.database.db.execute(
      sql`insert into probe_tasks (tenant_id, project_id) values (${tenantId}, 1), (${tenantId}, 2), (${tenantId}, 3), (${otherTenant}, 1)`,
    );
    await t.database.db.execute(
      sql`insert into project_members (tenant_id, project_id, user_id) values (${tenantId}, 1, ${ids.pmUser}), (${tenantId}, 3, ${ids.pmUser}), (${otherTenant}, 2, ${ids.pmUser}) on conflict do nothing`,
    );
    const probe = {
      meta: {
        ...dictionaryMeta,
        name: 'ProbeTask',
        table: 'probe_tasks',
        details: [],
        softDelete: false,
        fields: [
          { name: 'id', type: 'integer' as const, label: { en: 'ID', zh: 'ID' } },
          { name: 'projectId', type: 'integer' as const, label: { en: 'Project', zh: '项目' } },
        ],
        scope: { project: 'projectId' },
      },
    };
    await t.database.db.execute(
      sql`insert into role_data_scopes (tenant_id, role_id, entity, scope) values (${tenantId}, ${ids.pmRole}, 'ProbeTask', 'projects'), (${tenantId}, ${ids.staffRole}, 'ProbeTask', 'own')`,
    );
    const { scope } = await one<{ scope: unknown }>(sql`select ${scopeExpr(sql`${ids.pmUser}`)} as scope`);
    const auth = {
      userId: ids.pmUser,
      tenantId,
      sessionId: '',
      jti: '',
      expiresAt: new Date(),
      dataScope: dataScopeOf(scope),
    };
    const rows = await queryRows<{ project_id: number }>(
      t.database.db,
      sql`select t.project_id from probe_tasks t where ${scopeWhere(probe, auth)} order by 1`,
    );
    // Project 2 of this tenant is not pm's (the membership row is another tenant's).
    expect(rows.map((r) => r.project_id)).toEqual([1, 3]);
    await t.database.db.execute(sql`drop table probe_tasks`);
    await t.database.db.execute(sql`delete from project_members`);
  });

  it('is refused for an entity without a project field', async () => {
    const res = await save(ids.pmRole, 'Employee', { scope: 'projects' });
    expect(res.statusCode).toBe(400);
    expect(body(res).data).toMatchObject({ fieldErrors: { 'rule.scope': expect.any(String) } });
  });
});

describe('explain', () => {
  const explain = async (code: string) => {
    const { id } = await one<{ id: number }>(sql`select id from employees where code = ${code}`);
    const res = await call('POST', '/api/dataPermission/explain', { userId: ids.pmUser, entity: 'Employee', key: id });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as ExplainResult;
  };

  it('names each role, its rule and whether the row matches, for a visible and a hidden row', async () => {
    await pmOnly('Employee', { scope: 'organization' });
    const pmoRow = await one<{ code: string }>(
      sql`select code from employees where organization_id = ${ids.PMO} and code like 'E%' and ${live} order by code limit 1`,
    );
    const visible = await explain(pmoRow.code);
    expect(visible).toMatchObject({ visible: true, granted: true });
    expect(visible.rowLabel).toContain(pmoRow.code);
    expect(visible.roles).toEqual([
      expect.objectContaining({
        roleId: ids.pmRole,
        source: 'rule',
        opensScreen: true,
        matches: true,
        rule: expect.objectContaining({ scope: 'organization' }),
      }),
      expect.objectContaining({
        roleId: ids.staffRole,
        source: 'rule',
        opensScreen: true,
        matches: false,
        rule: expect.objectContaining({ scope: 'custom' }),
      }),
    ]);
    const engRow = await one<{ code: string }>(
      sql`select code from employees where organization_id = ${ids.ENG} and ${live} order by code limit 1`,
    );
    const hidden = await explain(engRow.code);
    expect(hidden.visible).toBe(false);
    expect(hidden.roles.map((r) => r.matches)).toEqual([false, false]);
  });

  it('says a role that does not open the screen adds nothing, even with an "all" default', async () => {
    // pm opens Dictionary items, staff does not; both roles keep their default 'all'.
    const { id } = await one<{ id: number }>(sql`select id from dictionary_items order by id limit 1`);
    const res = await call('POST', '/api/dataPermission/explain', {
      userId: ids.pmUser,
      entity: 'DictionaryList',
      key: id,
    });
    const answer = body(res).data as ExplainResult;
    expect(answer.visible).toBe(true);
    expect(answer.roles.map((r) => [r.roleId, r.opensScreen, r.matches])).toEqual([
      [ids.pmRole, true, true],
      [ids.staffRole, false, true],
    ]);
  });

  it('reports a role default when the role has no rule, and 404 for an unknown row or user', async () => {
    const res = await explain('E1002');
    expect(res.visible).toBe(true);
    expect(res.roles.every((r) => r.source === 'default' && r.rule.scope === 'all' && r.matches)).toBe(true);
    const noRow = await call('POST', '/api/dataPermission/explain', {
      userId: ids.pmUser,
      entity: 'Employee',
      key: 999999,
    });
    expect(noRow.statusCode).toBe(404);
    const noUser = await call('POST', '/api/dataPermission/explain', { userId: 999999, entity: 'Employee', key: 1 });
    expect(noUser.statusCode).toBe(404);
  });
});

describe('the screen API', () => {
  it('lists roles, and every registered entity with the kinds it supports and the saved rule', async () => {
    const roles = body(await call('GET', '/api/dataPermission/roles')).data as { code: string }[];
    expect(roles.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'pm', 'staff']));
    await setRule(ids.pmRole, 'Employee', { scope: 'organizations', organizationIds: [ids.ENG] });
    const res = await call('GET', `/api/dataPermission/entities?roleId=${ids.pmRole}`);
    expect(res.statusCode).toBe(200);
    const list = body(res).data as EntityScope[];
    const employee = list.find((e) => e.entity === 'Employee');
    expect(employee?.kinds).toEqual(['all', 'own', 'organization', 'organizationTree', 'organizations', 'custom']);
    expect(employee?.rule).toEqual({ scope: 'organizations', organizationIds: [ids.ENG], filter: null });
    expect(employee?.fields.find((f) => f.name === 'hireDate')).toMatchObject({ variables: ['today'] });
    expect(list.find((e) => e.entity === 'Dictionary')?.kinds).toEqual(['all', 'own', 'custom']);
    // Removing the rule returns the role to its default.
    await setRule(ids.pmRole, 'Employee', null);
    const again = body(await call('GET', `/api/dataPermission/entities?roleId=${ids.pmRole}`)).data as EntityScope[];
    expect(again.find((e) => e.entity === 'Employee')?.rule).toBeNull();
    const orgs = body(await call('GET', '/api/dataPermission/organizations')).data as {
      id: number;
      parentId: number;
    }[];
    expect(orgs.find((o) => o.id === ids.SUB)?.parentId).toBe(ids.PMO);
    const users = body(await call('GET', '/api/dataPermission/users?q=pm')).data as { userName: string }[];
    expect(users.map((u) => u.userName)).toEqual(['pm']);
  });

  const custom = (condition: object) => ({ scope: 'custom', filter: { match: 'all', conditions: [condition] } });
  const errorsOf = async (rule: unknown, entity = 'Employee', roleId = ids.pmRole) => {
    const res = await save(roleId, entity, rule);
    expect(res.statusCode, res.body).toBe(400);
    return (body(res).data as { fieldErrors: Record<string, string> }).fieldErrors;
  };

  it('refuses bad rules with 400 and field errors, and stores nothing', async () => {
    // A bad condition, the part of it that is wrong, and what its field error says.
    const badConditions: [object, string, string][] = [
      [{ field: 'password', op: 'eq', value: 'x' }, 'field', 'is not a field of this entity'],
      [{ field: 'hireDate', op: 'like', value: '2020' }, 'op', 'is not allowed for a date field'],
      [{ field: 'hireDate', op: 'gt', value: 'yesterday' }, 'value', 'needs a real date (YYYY-MM-DD)'],
      [
        { field: 'organizationId', op: 'eq', value: 'PMO' },
        'value',
        'needs a whole number from -2147483648 to 2147483647',
      ],
      [{ field: 'organizationId', op: 'eq', variable: 'today' }, 'value', 'today does not fit a reference field'],
      [{ field: 'photo', op: 'eq', value: 'x' }, 'field', 'cannot be filtered'],
      [{ field: 'code', op: 'in', value: [] }, 'value', 'needs a list of values'],
      [{ field: 'code', op: 'eq', value: 'x', variable: 'today' }, 'value', 'give a value or a variable, not both'],
    ];
    for (const [condition, part, message] of badConditions)
      expect(await errorsOf(custom(condition)), JSON.stringify(condition)).toEqual({
        [`rule.filter.conditions.0.${part}`]: message,
      });
    expect(Object.keys(await errorsOf(custom({ field: 'code', op: 'drop table', value: 'x' })))).toEqual([
      'rule.filter.conditions.0.op',
    ]);
    expect(await errorsOf({ scope: 'organizations', organizationIds: [] })).toHaveProperty('rule.organizationIds');
    expect(await errorsOf({ scope: 'organizations', organizationIds: [999999] })).toEqual({
      'rule.organizationIds': 'an organisation does not exist',
    });
    expect(await errorsOf({ scope: 'custom' })).toHaveProperty('rule.filter');
    expect(await errorsOf({ scope: 'everything' })).toHaveProperty('rule.scope');
    expect(await errorsOf({ scope: 'own', extra: 1 })).toHaveProperty('rule.extra');
    expect(await errorsOf({ scope: 'own' }, 'Nothing')).toEqual({ entity: 'is not a registered entity' });
    expect(await errorsOf({ scope: 'own' }, `E${'x'.repeat(64)}`)).toHaveProperty('entity');
    expect(await errorsOf(custom({ field: 'code', op: 'eq', value: 'x'.repeat(201) }))).toHaveProperty(
      'rule.filter.conditions.0.value',
    );
    const badRole = await save(0, 'Employee', { scope: 'own' });
    expect(badRole.statusCode).toBe(400);
    expect((await call('POST', '/api/dataPermission/save', {})).statusCode).toBe(400);
    const rows = await queryRows(t.database.db, sql`select 1 from role_data_scopes`);
    expect(rows).toEqual([]);
  });

  it("404 for another tenant's role or an unknown one", async () => {
    await t.database.db.execute(
      sql`insert into tenants (code, name) values ('dp-other', 'Other') on conflict do nothing`,
    );
    const other = await one<{ id: number }>(
      sql`insert into roles (tenant_id, code, name) select id, 'x', 'X' from tenants where code = 'dp-other' returning id`,
    );
    expect((await save(other.id, 'Employee', { scope: 'own' })).statusCode).toBe(404);
    expect((await call('GET', `/api/dataPermission/entities?roleId=${other.id}`)).statusCode).toBe(404);
  });

  it('pm has no menu entry and every call answers 403; anonymous calls 401', async () => {
    const menu = body(await call('GET', '/api/menu/getTreeMenu', undefined, pm)).data as { url: string }[];
    expect(menu.some((m) => m.url === '/dataPermission')).toBe(false);
    const adminMenu = body(await call('GET', '/api/menu/getTreeMenu')).data as { url: string }[];
    expect(adminMenu.some((m) => m.url === '/dataPermission')).toBe(true);
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/dataPermission/roles'],
      ['GET', `/api/dataPermission/entities?roleId=${ids.pmRole}`],
      ['GET', '/api/dataPermission/organizations'],
      ['GET', '/api/dataPermission/users'],
      ['POST', '/api/dataPermission/save', { roleId: ids.pmRole, entity: 'Employee', rule: { scope: 'all' } }],
      ['POST', '/api/dataPermission/explain', { userId: ids.pmUser, entity: 'Employee', key: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, pm)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload: payload as object } : {}) })).statusCode).toBe(
        401,
      );
    }
  });
});

describe('writes stay inside the scope', () => {
  it('an update moving a row to another organisation, or an add into one, is refused (422) and nothing is written', async () => {
    await pmOnly('Employee', { scope: 'organization' });
    await grantPm('Employee', ['Add']);
    const mine = await one<{ id: number; version: number }>(
      sql`select id, version from employees where organization_id = ${ids.PMO} and ${live} order by id limit 1`,
    );
    const moved = await call(
      'POST',
      '/api/Employee/update',
      { mainData: { id: mine.id, version: mine.version, organizationId: ids.ENG } },
      pm,
    );
    expect(moved.statusCode).toBe(422);
    expect(body(moved).message).toBe('The record would be outside your data permission');
    const after = await one<{ organization_id: number; version: number }>(
      sql`select organization_id, version from employees where id = ${mine.id}`,
    );
    expect(after).toEqual({ organization_id: ids.PMO, version: mine.version });
    const row = { code: 'DP-ADD', name: 'Added', gender: 'male', hireDate: '2024-01-01', status: 'active' };
    const added = await call('POST', '/api/Employee/add', { mainData: { ...row, organizationId: ids.ENG } }, pm);
    expect(added.statusCode).toBe(422);
    expect(await queryRows(t.database.db, sql`select 1 from employees where code = 'DP-ADD'`)).toEqual([]);
    const ok = await call('POST', '/api/Employee/add', { mainData: { ...row, organizationId: ids.PMO } }, pm);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

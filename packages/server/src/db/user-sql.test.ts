import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant, type OtherTenant } from '../test/tenants.ts';
import { queryRows } from './client.ts';
import { EMBEDDED_ONLY_PLATFORM } from './user-sql.ts';

/**
 * The attack on SQL-sourced dictionaries, replayed: what a company administrator (acme) wrote read every
 * tenant's users and password hashes, switched the tenant binding with set_config, and became the
 * superuser with set_config('role', 'postgres'). Each statement below goes through every path that
 * runs stored SQL (saving by add and update, loading a screen's dictionaries, searching one) and through
 * a dictionary written straight into the table (so the run path holds without the save check); the
 * test fails if any of them reads another tenant's rows, a secret or a file, or runs as a superuser.
 */
let t: TestApp;
let acme: OtherTenant;
let acmeAdmin: string;
let admin: string;
let platformNames: string[];
let acmeNames: string[];

beforeAll(async () => {
  t = await createTestApp();
  acme = await createOtherTenant(t.database.db, 'acme', [
    'Project',
    'Employee',
    'System',
    'Dictionary',
    'DictionaryList',
  ]);
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
  admin = await t.login('admin', 'Admin@2026');
  const names = await queryRows<{ tenant: number; name: string }>(
    t.database.db,
    sql`select tenant_id as tenant, name from employees union all select tenant_id, user_name from users`,
  );
  platformNames = names.filter((n) => n.tenant !== acme.tenantId).map((n) => n.name);
  acmeNames = names.filter((n) => n.tenant === acme.tenantId).map((n) => n.name);
  // Statistics are a known side channel (most common values); make sure there are some to leak.
  await t.database.db.execute(sql`analyze`);
});
afterAll(() => t.close());

type Item = { value: string; label: string };
type Outcome = { path: string; status: number; message: string; items: Item[] };
/** Saving refuses on the SQL field (400, shown under it in the form); running a stored one answers 422. */
const refusedAs = (path: string) => (path === 'add' || path === 'update' ? 400 : 422);

const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

let serial = 0;
/** Every path a stored statement runs by, for the caller `token` of tenant `tenantId`. */
async function runEverywhere(token: string, tenantId: number, sqlText: string): Promise<Outcome[]> {
  const code = `atk${++serial}`;
  const out: Outcome[] = [];
  const record = (path: string, res: Awaited<ReturnType<typeof post>>, items: Item[] = []) => {
    out.push({ path, status: res.statusCode, message: body(res).message, items });
  };
  const add = await post('/api/Dictionary/add', { mainData: { code, name: code, enabled: true, sqlText } }, token);
  record('add', add);
  // Update: a harmless dictionary whose SQL is then changed to the attack.
  const plain = await post(
    '/api/Dictionary/add',
    { mainData: { code: `${code}u`, name: code, enabled: true, sqlText: '' } },
    token,
  );
  expect(plain.statusCode, plain.body).toBe(200);
  const [row] = await queryRows<{ id: number; version: number }>(
    t.database.db,
    sql`select id, version from dictionaries where tenant_id = ${tenantId} and code = ${`${code}u`}`,
  );
  record(
    'update',
    await post(
      '/api/Dictionary/update',
      { mainData: { id: row?.id, version: row?.version, code: `${code}u`, name: code, enabled: true, sqlText } },
      token,
    ),
  );
  // Written straight into the table: the run paths must hold without the save check.
  await t.database.db.execute(
    sql`insert into dictionaries (tenant_id, code, name, sql_text, enabled) values (${tenantId}, ${`${code}s`}, ${code}, ${sqlText}, true)`,
  );
  const load = await post('/api/Dictionary/getVueDictionary', [`${code}s`], token);
  record('load', load, load.statusCode === 200 ? ((body(load).data as { items: Item[] }[])[0]?.items ?? []) : []);
  const search = await t.app.inject({
    method: 'GET',
    url: `/api/Dictionary/searchItems?code=${code}s&q=a`,
    headers: bearer(token),
  });
  record('search', search, search.statusCode === 200 ? (body(search).data as Item[]) : []);
  const byValue = await t.app.inject({
    method: 'GET',
    url: `/api/Dictionary/searchItems?code=${code}s&values=1,2`,
    headers: bearer(token),
  });
  record('values', byValue, byValue.statusCode === 200 ? (body(byValue).data as Item[]) : []);
  return out;
}

/** What an answer must never hold: another tenant's names, a hash, a file's content, a superuser. */
function leak(items: Item[], others: string[], otherTenantId: number): string | null {
  for (const { value, label } of items) {
    const text = `${value} ${label}`;
    if (/\$argon2/.test(text)) return `a password hash: ${text}`;
    if (/root:|\/bin\/|PG_VERSION|postgresql\.conf/.test(text)) return `a file: ${text}`;
    if (/^(postgres|root|trestle_app)$/.test(value) || /^(postgres|root)$/.test(label)) return `a superuser: ${text}`;
    if (value === String(otherTenantId)) return `another tenant's id: ${text}`;
    const name = others.find((n) => n === value || n === label || label.split(/[:,]/).includes(n));
    if (name) return `another tenant's row (${name}): ${text}`;
  }
  return null;
}

/** The statements of the attack, verbatim, then variants. `value` of a row is meant to carry the tenant. */
const corpus = (otherTenant: number): string[] => [
  // Finding 1, exactly as reported.
  `select user_name as value, tenant_id::text || ':' || password_hash as label from users`,
  `select id::text as value, current_jti::text as label from sessions`,
  `select code as value, name as label from roles`,
  `select code as value, name as label from tenants`,
  `select code as value, name as label from role_types`,
  `select key as value, value::text as label from settings`,
  `select name as value, host || ':' || password_enc as label from data_sources`,
  `select role_name as value, tenant_id::text as label from sql_tenant_roles`,
  `select key as value, key as label from installation`,
  `select key as value, secret as label from installation`,
  `select tenant_id::text as value, name as label from projects where (select set_config('app.tenant_id','${otherTenant}',true)) is not null`,
  `select tenant_id::text as value, name as label from employees where (select set_config('app.tenant_id','${otherTenant}',true)) is not null`,
  `select tenant_id::text as value, name as label from data_sources where (select set_config('app.tenant_id','${otherTenant}',true)) is not null`,
  `select tenant_id::text as value, name as label from files where (select set_config('app.tenant_id','${otherTenant}',true)) is not null`,
  // Finding 2, exactly as reported, and what it led to.
  `select current_user as value, session_user as label where (select set_config('role','postgres',true)) is not null`,
  `select current_user as value, pg_read_file('/etc/passwd') as label where (select set_config('role','postgres',true)) is not null`,
  `select usename::text as value, passwd::text as label from pg_shadow where (select set_config('role','postgres',true)) is not null`,
  `select datname::text as value, datname::text as label from pg_database where (select set_config('role','postgres',true)) is not null and datname = 'postgres'`,
  `select 'x' as value, string_agg(f, ',') as label from pg_ls_dir('/') f where (select set_config('role','postgres',true)) is not null`,
  // set_config in a CTE, in the select list, in a lateral join; the binding read back.
  `with s as (select set_config('app.tenant_id','${otherTenant}',true) as x) select e.tenant_id::text as value, e.name as label from s, employees e`,
  `select e.tenant_id::text as value, e.name || set_config('app.tenant_id','${otherTenant}',true) as label from employees e`,
  `select e.tenant_id::text as value, e.name as label from (select set_config('app.tenant_id','${otherTenant}',true)) s cross join lateral (select * from employees) e`,
  `select current_setting('app.tenant_id', true) as value, current_user as label`,
  `with s as (select set_config('role','postgres',true) as x) select current_user as value, s.x as label from s`,
  // SET LOCAL, RESET ROLE and session authorization, as statements and as settings.
  `select 1 as value, 1 as label; set local role postgres; select current_user as value, 1 as label`,
  `select 1 as value, 1 as label; reset role; select current_user as value, current_user as label`,
  `select current_user as value, session_user as label where (select set_config('role','none',true)) is not null`,
  `select current_user as value, session_user as label where (select set_config('session_authorization','postgres',true)) is not null`,
  `select current_user as value, current_user as label where (select set_config('role','trestle_app',true)) is not null`,
  // Functions that read files or reach out of the database.
  `select 'x' as value, pg_read_file('/etc/passwd') as label`,
  `select 'x' as value, encode(pg_read_binary_file('/etc/passwd'), 'escape') as label`,
  `select 'x' as value, pg_stat_file('PG_VERSION')::text as label`,
  `select lo_import('/etc/passwd')::text as value, 'x' as label`,
  `select 'x' as value, t::text as label from dblink('dbname=postgres', 'select 1') as t(i int)`,
  `select 'x' as value, setting as label from pg_settings where name = 'data_directory'`,
  // Statistics and catalogue side channels.
  `select attname::text as value, most_common_vals::text as label from pg_stats where tablename = 'employees' and attname = 'name'`,
  `select user_name as value, user_true_name as label from user_directory where (select set_config('app.tenant_id','${otherTenant}',true)) is not null`,
  // Escaping the read-only transaction, writing.
  `select 1 as value, 1 as label; commit; create table pwn(x int)`,
  `with d as (delete from employees returning 1) select 1 as value, 1 as label`,
  `select 1 as value, 1 as label from employees for update`,
  `select pg_terminate_backend(pid)::text as value, usename::text as label from pg_stat_activity where pid <> pg_backend_pid()`,
];

describe("a company administrator's SQL (findings 1 and 2)", () => {
  it('never reads another tenant, a secret or a file, and never runs as a superuser', async () => {
    const results: { sqlText: string; outcome: Outcome }[] = [];
    for (const sqlText of corpus(1)) {
      for (const outcome of await runEverywhere(acmeAdmin, acme.tenantId, sqlText)) results.push({ sqlText, outcome });
    }
    const leaks = results
      .map(({ sqlText, outcome }) => ({ sqlText, path: outcome.path, leak: leak(outcome.items, platformNames, 1) }))
      .filter((x) => x.leak);
    expect(leaks).toEqual([]);
    // Nothing answered 500, and a refusal says why.
    for (const { sqlText, outcome } of results) {
      expect([200, refusedAs(outcome.path)], `${outcome.path}: ${sqlText}`).toContain(outcome.status);
      if (outcome.status !== 200) expect(outcome.message, sqlText).toMatch(/^The dictionary's SQL failed: /);
    }
    if (t.database.kind === 'pglite') {
      // The embedded database gives a company administrator no SQL at all.
      for (const { outcome } of results) {
        expect(outcome.status).toBe(refusedAs(outcome.path));
        expect(outcome.message).toContain(EMBEDDED_ONLY_PLATFORM);
      }
    } else {
      // On a server the statements run, as acme's own role, and what they read is acme's.
      const identity = results.filter((r) =>
        /from (users|sessions|roles|tenants|role_types|settings|data_sources|files|installation)\b/.test(r.sqlText),
      );
      for (const { outcome } of identity) expect(outcome.message).toMatch(/permission denied for table/);
      const forged = results.find(
        (r) =>
          r.outcome.path === 'load' &&
          r.sqlText.startsWith('select tenant_id::text as value, name as label from employees where'),
      );
      expect(forged?.outcome.items.map((i) => i.label).sort()).toEqual(
        acmeNames.filter((n) => n.startsWith('acme ')).sort(),
      );
      const superuser = results.filter((r) => r.sqlText.includes("set_config('role','postgres'"));
      for (const { outcome } of superuser)
        if (outcome.status !== 200) expect(outcome.message).toMatch(/permission denied/);
    }
  }, 120_000);

  it('the SQL role is what it claims: no superuser, no role it can become, only business tables', async () => {
    if (t.database.kind === 'pglite') {
      // Made for the platform tenant only, on first use.
      await runEverywhere(admin, 1, 'select code as value, name as label from employees');
    }
    const roles = await t.database.userSql.roleNames();
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      const [r] = await queryRows<{ sup: boolean; cr: boolean; db: boolean; bypass: boolean; memberOf: string[] }>(
        t.database.db,
        sql`select rolsuper as sup, rolcreaterole as cr, rolcreatedb as db, rolbypassrls as bypass,
              array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid
                     where m.member = r.oid order by 1) as "memberOf"
            from pg_roles r where rolname = ${role}`,
      );
      expect(r).toEqual({ sup: false, cr: false, db: false, bypass: false, memberOf: ['trestle_sql'] });
    }
    const readable = await queryRows<{ table: string }>(
      t.database.db,
      sql`select c.relname::text as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'v') and has_table_privilege('trestle_sql', c.oid, 'select')
          order by 1`,
    );
    const names = readable.map((r) => r.table);
    for (const secret of ['users', 'roles', 'sessions', 'role_types', 'tenants', 'settings', 'data_sources', 'files'])
      expect(names).not.toContain(secret);
    expect(names).toEqual(expect.arrayContaining(['employees', 'projects', 'dictionaries', 'user_directory']));
    // Every readable table keeps SQL roles to their tenant by name, whatever the setting says.
    const unguarded = await queryRows<{ table: string }>(
      t.database.db,
      sql`select c.relname::text as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and has_table_privilege('trestle_sql', c.oid, 'select')
            and c.relname <> 'sql_tenant_roles'
            and not (c.relforcerowsecurity and exists (select 1 from pg_policies p where p.tablename = c.relname
                       and p.policyname = 'sql_tenant_only' and p.permissive = 'RESTRICTIVE'))`,
    );
    expect(unguarded).toEqual([]);
  });

  it('leaves the data and the catalogue as they were', async () => {
    const [counts] = await queryRows<{ employees: number; pwn: boolean }>(
      t.database.db,
      sql`select (select count(*)::int from employees) as employees, to_regclass('public.pwn') is not null as pwn`,
    );
    expect(counts).toEqual({ employees: 50 + 3, pwn: false });
  });
});

describe("the platform administrator's SQL", () => {
  it("never reads a company's rows or becomes a superuser either", async () => {
    const results: { sqlText: string; outcome: Outcome }[] = [];
    for (const sqlText of corpus(acme.tenantId))
      for (const outcome of await runEverywhere(admin, 1, sqlText)) results.push({ sqlText, outcome });
    const leaks = results
      .map(({ sqlText, outcome }) => ({
        sqlText,
        path: outcome.path,
        leak: leak(outcome.items, acmeNames, acme.tenantId),
      }))
      .filter((x) => x.leak);
    expect(leaks).toEqual([]);
    for (const { sqlText, outcome } of results)
      expect([200, refusedAs(outcome.path)], `${outcome.path}: ${sqlText}`).toContain(outcome.status);
    // Its own business rows are there for it: the SQL runs, as its tenant.
    const own = results.find((r) => r.sqlText.startsWith('with s as (select set_config') && r.outcome.path === 'load');
    if (t.database.kind === 'postgres') expect(own?.outcome.items.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('a query that would hold everyone up (finding 3)', () => {
  it('is cut at the timeout on a server, or refused before it starts on PGlite, while others are served', async () => {
    const slow = post(
      '/api/Dictionary/add',
      {
        mainData: {
          code: 'sleeper',
          name: 'Sleeper',
          enabled: true,
          sqlText: 'select 1 as value, pg_sleep(20)::text as label',
        },
      },
      admin,
    );
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const res = await slow;
    expect(res.statusCode).toBe(400);
    expect(body(res).data).toEqual({ fieldErrors: { 'mainData.sqlText': expect.stringMatching(/pg_sleep|timeout/) } });
    expect(body(res).message).toMatch(
      t.database.kind === 'postgres' ? /statement timeout/ : /may not call volatile functions \(pg_sleep\)/,
    );
    const runaway = [
      "select count(*)::text as value, 'x' as label from generate_series(1, (select 10000000000::bigint))",
      "with recursive r(n) as (select 1 union all select n + 1 from r) select count(*)::text as value, 'x' as label from r",
      "select count(*)::text as value, 'x' as label from employees a, employees b, employees c, employees d, employees e",
    ];
    for (const sqlText of runaway) {
      const r = await post(
        '/api/Dictionary/add',
        { mainData: { code: `run${runaway.indexOf(sqlText)}`, name: 'R', enabled: true, sqlText } },
        admin,
      );
      expect(r.statusCode, sqlText).toBe(400);
      expect(body(r).message, sqlText).toMatch(
        t.database.kind === 'postgres'
          ? /statement timeout/
          : /set-returning functions|may not be recursive|estimated cost/,
      );
    }
  }, 60_000);
});

describe('dictionaries stay with their tenant', () => {
  it("a company sees neither the platform's dictionaries nor their items, by code, search or value", async () => {
    const load = await post('/api/Dictionary/getVueDictionary', ['gender', 'employeeStatus'], acmeAdmin);
    expect(load.statusCode).toBe(200);
    expect(body(load).data).toEqual([
      { code: 'gender', remote: false, items: [] },
      { code: 'employeeStatus', remote: false, items: [] },
    ]);
    for (const query of ['code=gender&q=a', 'code=gender&values=male,female']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Dictionary/searchItems?${query}`,
        headers: bearer(acmeAdmin),
      });
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual([]);
    }
    const page = await post('/api/Dictionary/getPageData', { rows: 100 }, acmeAdmin);
    const codes = (body(page).data as { rows: { code: string }[] }).rows.map((r) => r.code);
    expect(codes).not.toContain('gender');
  });
});

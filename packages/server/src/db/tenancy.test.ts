import type { PageResult } from '@trestle/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedSheet } from '../test/excel.ts';
import { bearer, body, createTestApp, postLogin, type TestApp } from '../test/helper.ts';
import { createOtherTenant, type OtherTenant } from '../test/tenants.ts';
import { APP_ROLE, type Db, queryRows } from './client.ts';
import { employees, tenants } from './schema.ts';
import { withTenant } from './tenant.ts';

let t: TestApp;
let acme: OtherTenant;
let admin: string;
let acmeAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  acme = await createOtherTenant(t.database.db);
  admin = await t.login('admin', 'Admin@2026');
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const codes = async (token: string, wheres: object[] = []) => {
  const res = await post('/api/Employee/getPageData', { rows: 100, sort: 'code', order: 'asc', wheres }, token);
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as PageResult).rows.map((r) => r.code);
};

/** Runs `fn` on the owner's connection switched to the app's role and bound to `tenant` ('' for none). */
const asAppRole = <T>(tenant: string, fn: (tx: Db) => Promise<T>) =>
  t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(sql`select set_config('app.tenant_id', ${tenant}, true)`);
      // Thrown to roll back: nothing these probes write may stay.
      throw { result: await fn(tx) };
    })
    .catch((thrown: { result?: T }) => {
      if (thrown && 'result' in thrown) return thrown.result as T;
      throw thrown;
    });

describe('row-level security in the schema', () => {
  it('every table with a tenant_id, the identity tables included, has forced RLS with USING and WITH CHECK', async () => {
    const tables = await queryRows<{ table: string; enabled: boolean; forced: boolean; policies: number }>(
      t.database.db,
      sql`select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            (select count(*)::int from pg_policies p
              where p.schemaname = 'public' and p.tablename = c.relname
                and p.qual is not null and p.with_check is not null) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
          order by c.relname`,
    );
    const identity = ['roles', 'role_types', 'sessions', 'tenant_settings', 'user_roles', 'users'];
    expect(tables.map((x) => x.table)).toEqual(expect.arrayContaining([...identity, 'employees', 'dictionaries']));
    const unprotected = tables.filter((x) => !(x.enabled && x.forced && x.policies > 0));
    expect(unprotected).toEqual([]);
  });

  it("requests run as the app's role: on the server they log in as it, on PGlite they switch to it", async () => {
    const [who] = await withTenant(1, () =>
      queryRows<{ session: string; current: string }>(
        t.database.app,
        sql`select session_user as session, current_user as current`,
      ),
    );
    expect(who?.current).toBe(APP_ROLE);
    if (t.database.kind === 'postgres') expect(who?.session).toBe(APP_ROLE);
  });

  it("the app's role is neither superuser nor BYPASSRLS and owns no table", async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(
      t.database.db,
      sql`select rolsuper, rolbypassrls,
            (select count(*)::int from pg_tables where tableowner = ${APP_ROLE}) as owned
          from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  it("the app's role cannot read the install's secret, which signs every token", async () => {
    const [grant] = await queryRows<{ readable: boolean }>(
      t.database.db,
      sql`select has_table_privilege(${APP_ROLE}, 'installation', 'select') as readable`,
    );
    expect(grant?.readable).toBe(false);
    const refused = await withTenant(1, () => queryRows(t.database.app, sql`select secret from installation`)).then(
      () => null,
      (err: unknown) => err as { cause?: { code?: string } },
    );
    // insufficient_privilege
    expect(refused?.cause?.code).toBe('42501');
  });
});

describe("a direct SQL connection as the app's role", () => {
  const count = (tx: Db, where = sql`true`) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from employees where ${where}`).then((r) => r[0]?.n);

  it("reads only the bound tenant's rows, even when it asks for another tenant's by id", async () => {
    expect(await asAppRole('1', (tx) => count(tx))).toBe(50);
    expect(await asAppRole('1', (tx) => count(tx, sql`tenant_id = ${acme.tenantId}`))).toBe(0);
    expect(await asAppRole(String(acme.tenantId), (tx) => count(tx))).toBe(3);
    expect(await asAppRole('', (tx) => count(tx))).toBe(0);
  });

  it("can't write a row into another tenant, nor move one there", async () => {
    const insert = asAppRole('1', (tx) =>
      tx.insert(employees).values({
        tenantId: acme.tenantId,
        code: 'SNEAK',
        name: 'Sneak',
        gender: 'male',
        hireDate: '2020-01-01',
      }),
    );
    await expect(insert).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const move = asAppRole('1', (tx) =>
      tx.update(employees).set({ tenantId: acme.tenantId }).where(eq(employees.code, 'E1001')),
    );
    await expect(move).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const hit = await asAppRole('1', (tx) =>
      tx
        .update(employees)
        .set({ name: 'Hijacked' })
        .where(eq(employees.id, acme.employeeIds[0] ?? 0))
        .returning(),
    );
    expect(hit).toEqual([]);
  });

  it("the app's own connection, bound by withTenant, sees one tenant with no tenant filter in the SQL", async () => {
    const n = (tenant: number) =>
      withTenant(tenant, () => queryRows<{ n: number }>(t.database.app, sql`select count(*)::int as n from employees`));
    expect((await n(acme.tenantId))[0]?.n).toBe(3);
    expect((await n(1))[0]?.n).toBe(50);
    expect((await queryRows<{ n: number }>(t.database.app, sql`select count(*)::int as n from employees`))[0]?.n).toBe(
      0,
    );
  });
});

describe('nothing crosses tenants through the API', () => {
  it('each tenant lists only its own employees, with colliding codes', async () => {
    expect(await codes(acmeAdmin)).toEqual(['E1001', 'E1002', 'X0001']);
    const mine = await codes(admin);
    expect(mine).toHaveLength(50);
    expect(mine).not.toContain('X0001');
    expect(await codes(admin, [{ name: 'code', value: 'X0001', displayType: 'eq' }])).toEqual([]);
  });

  it("update and delete by another tenant's id answer 404 and change nothing", async () => {
    const [theirs] = acme.employeeIds;
    const update = await post('/api/Employee/update', { mainData: { id: theirs, version: 1, name: 'Took it' } }, admin);
    expect(update.statusCode).toBe(404);
    expect((await post('/api/Employee/del', [theirs], admin)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(employees)
      .where(eq(employees.id, theirs ?? 0));
    expect(row).toMatchObject({ name: 'acme E1001', deletedAt: null, version: 1 });
  });

  it("the export holds only the caller's tenant", async () => {
    const res = await post('/api/Employee/export', { sort: 'code', order: 'asc' }, acmeAdmin);
    expect(res.statusCode).toBe(200);
    const sheet = await exportedSheet(res);
    expect(sheet.actualRowCount).toBe(4);
  });

  it("a tenant's admin gets only its package: the menu and the server check agree", async () => {
    const tree = await t.app.inject({ method: 'GET', url: '/api/menu/getTreeMenu', headers: bearer(acmeAdmin) });
    const urls = (body(tree).data as { url: string }[]).map((m) => m.url).filter(Boolean);
    expect(urls.sort()).toEqual(['/DictionaryList', '/Employee', '/UserInfo/Manager', '/home']);
    expect((await post('/api/Dictionary/getPageData', {}, acmeAdmin)).statusCode).toBe(403);
    expect((await post('/api/DictionaryList/getPageData', {}, acmeAdmin)).statusCode).toBe(200);
  });
});

describe('a disabled or expired tenant', () => {
  it('ends its sessions at once and refuses sign-in', async () => {
    const other = await createOtherTenant(t.database.db, 'gone');
    const token = await t.login('gone-admin', 'Other@2026');
    expect((await post('/api/Employee/getPageData', {}, token)).statusCode).toBe(200);
    await t.database.db.update(tenants).set({ enabled: false }).where(eq(tenants.id, other.tenantId));
    expect((await post('/api/Employee/getPageData', {}, token)).statusCode).toBe(401);
    const login = await postLogin(t.app, { userName: 'gone-admin', password: 'Other@2026' });
    expect(login.statusCode).toBe(403);
  });

  it('past its expiry day: the session ends and sign-in says why', async () => {
    const other = await createOtherTenant(t.database.db, 'lapsed');
    const token = await t.login('lapsed-admin', 'Other@2026');
    await t.database.db.update(tenants).set({ expiresOn: '2000-01-01' }).where(eq(tenants.id, other.tenantId));
    expect((await post('/api/Employee/getPageData', {}, token)).statusCode).toBe(401);
    const login = await postLogin(t.app, { userName: 'lapsed-admin', password: 'Other@2026' });
    expect(login.statusCode).toBe(403);
    expect(body(login).message).toBe("The company's subscription has expired");
  });
});

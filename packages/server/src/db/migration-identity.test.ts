import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabase } from '../test/helper.ts';

// An install made before the identity tables joined tenancy, upgraded: its role types are copied to
// each tenant, a stray cross-tenant role link goes, and an explicit registration keeps its role by id.
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const upgrade = journal.entries.find((e) => e.tag.endsWith('_identity_tenancy'));

let query: (sql: string) => Promise<Record<string, unknown>[]>;
let migrateTo: (migrationsFolder: string) => Promise<void>;
let close = async () => {};
const before = mkdtempSync(path.join(tmpdir(), 'trestle-migrations-'));

beforeAll(async () => {
  // The migrations up to the upgrade, as an older install ran them.
  cpSync(folder, before, { recursive: true });
  const older = journal.entries.filter((e) => e.idx < (upgrade?.idx ?? 0));
  writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: older }));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const db = await serverDatabase(serverUrl, 'trestle_upgrade');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    query = async (sql) => (await client.query(sql)).rows;
    migrateTo = (migrationsFolder) => migratePg(drizzlePg({ client }), { migrationsFolder });
    close = async () => {
      await client.end();
      await db.drop();
    };
  } else {
    const client = await PGlite.create();
    query = async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
    migrateTo = (migrationsFolder) => migratePglite(drizzlePglite({ client }), { migrationsFolder });
    close = () => client.close();
  }
});
afterAll(async () => {
  await close();
  rmSync(before, { recursive: true, force: true });
});

describe('upgrading an install to identity tables under tenancy', () => {
  it('copies role types to every tenant, keeps roles typed by their own, drops cross-tenant role links', async () => {
    expect(upgrade).toBeDefined();
    await migrateTo(before);
    for (const sql of [
      `insert into tenants (code, name, is_platform) values ('default', 'Default', true), ('acme', 'Acme', false)`,
      `insert into role_types (code, name) values ('system', 'System'), ('business', 'Business')`,
      `insert into roles (tenant_id, code, name, role_type_id, is_super)
         select t.id, r.code, r.code, (select id from role_types where code = r.type), r.sup
         from tenants t, (values ('admin', 'system', true), ('staff', 'business', false)) r(code, type, sup)`,
      `insert into users (tenant_id, user_name, user_key, user_true_name, password_hash)
         select id, code || '-boss', code || '-boss', 'Boss', 'x' from tenants`,
      // acme's boss holds acme's roles and, by a stray link, the platform's staff role.
      `insert into user_roles (user_id, role_id)
         select u.id, r.id from users u join roles r on r.tenant_id = u.tenant_id or r.code = 'staff'`,
      `insert into settings (key, value) values ('login', '{"registerEnabled": true, "defaultRoleCode": "staff"}')`,
    ])
      await query(sql);
    await migrateTo(folder);

    const types = await query(
      `select t.code as tenant, rt.code from role_types rt join tenants t on t.id = rt.tenant_id order by 1, 2`,
    );
    expect(types).toEqual([
      { tenant: 'acme', code: 'business' },
      { tenant: 'acme', code: 'system' },
      { tenant: 'default', code: 'business' },
      { tenant: 'default', code: 'system' },
    ]);
    const typed = await query(
      `select count(*)::int as n from roles r join role_types rt on rt.id = r.role_type_id
       where rt.tenant_id <> r.tenant_id`,
    );
    expect(typed).toEqual([{ n: 0 }]);
    expect(await query(`select count(*)::int as n from roles where role_type_id is null`)).toEqual([{ n: 0 }]);
    const links = await query(
      `select u.user_key as user, r.code as role from user_roles ur
       join users u on u.id = ur.user_id join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
       order by 1, 2`,
    );
    expect(links).toEqual([
      { user: 'acme-boss', role: 'admin' },
      { user: 'acme-boss', role: 'staff' },
      { user: 'default-boss', role: 'admin' },
      { user: 'default-boss', role: 'staff' },
    ]);
    expect(await query(`select count(*)::int as n from user_roles`)).toEqual([{ n: 4 }]);
    const [login] = await query(`select value from settings where key = 'login'`);
    const [staff] = await query(
      `select r.id, r.tenant_id from roles r join tenants t on t.id = r.tenant_id where t.is_platform and r.code = 'staff'`,
    );
    expect(login?.value).toEqual({
      registerEnabled: true,
      registerTenantId: staff?.tenant_id,
      registerRoleId: staff?.id,
    });
  });
});

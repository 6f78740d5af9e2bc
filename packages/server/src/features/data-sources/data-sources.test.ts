import type { DataSourceRow, DataSourceTestResult } from '@trestle/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { actAsTenant } from '../../db/client.ts';
import { dataSources } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { resolveHost } from './hosts.ts';

// The machine's own PostgreSQL and MariaDB are the external databases here. "localhost" is let
// through by name (DATASOURCE_ALLOWED_HOSTS); any other private address stays refused.
const PASSWORD = 'S3cret-Value-Never-Sent';
const t = useTestApp({ pm: true, env: { DATASOURCE_ALLOWED_HOSTS: 'localhost' } });
beforeAll(async () => {
  // An account that can read and nothing more, on the machine's PostgreSQL server.
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  await c.query(`do $$ begin create role ds_reader login; exception when duplicate_object then null; end $$`);
  await c.end();
});

const { post } = t;
const source = (extra: object = {}) => ({
  name: `pg-${Math.random().toString(36).slice(2, 8)}`,
  kind: 'postgres',
  host: 'localhost',
  port: 5432,
  database: 'postgres',
  userName: 'postgres',
  password: PASSWORD,
  ssl: false,
  timeoutSeconds: 5,
  remark: '',
  ...extra,
});
const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;
const add = async (extra: object = {}) => {
  const res = await post('/api/DataSourceMan/add', source(extra));
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { id: number }).id;
};

describe('addresses a data source may not reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.5',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::ffff:127.0.0.1',
    'fe80::1',
    'no-such-host.invalid',
    // IPv4 carried inside IPv6: each is refused as the IPv4 it embeds.
    '::127.0.0.1',
    '::7f00:1',
    '::a00:1',
    '::ffff:7f00:1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b::127.0.0.1',
    '64:ff9b::c0a8:101',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2002:ac10:5::',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
  ])('%s is refused on add and on test, and nothing is written', async (host) => {
    const before = await t.database.db.select().from(dataSources);
    for (const url of ['/api/DataSourceMan/add', '/api/DataSourceMan/test']) {
      const res = await post(url, source({ host }));
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res).host).toBeTruthy();
    }
    expect(await t.database.db.select().from(dataSources)).toHaveLength(before.length);
  });

  it('lets a public address through, and private ones only by configuration', async () => {
    const policy = { allowPrivate: false, allowedHosts: [] };
    expect(await resolveHost('8.8.8.8', policy)).toEqual({ address: '8.8.8.8' });
    expect(await resolveHost('10.0.0.1', policy)).toHaveProperty('refused');
    expect(await resolveHost('10.0.0.1', { ...policy, allowPrivate: true })).toEqual({ address: '10.0.0.1' });
    expect(await resolveHost('localhost', { ...policy, allowedHosts: ['localhost'] })).toHaveProperty('address');
  });

  it.each([
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix'],
    ['2002:a00:1::1', '6to4'],
  ])('lets %s (%s) through only by configuration', async (host) => {
    const policy = { allowPrivate: false, allowedHosts: [] };
    expect(await resolveHost(host, policy)).toHaveProperty('refused');
    expect(await resolveHost(host, { ...policy, allowPrivate: true })).toEqual({ address: host });
    expect(await resolveHost(host, { ...policy, allowedHosts: [host] })).toEqual({ address: host });
  });

  it.each(['64:ff9b::808:808', '64:ff9b::8.8.4.4', '2002:808:808::1', '::ffff:8.8.8.8', '2606:4700:4700::1111'])(
    'lets %s through: the IPv4 it carries (if any) is public',
    async (host) => {
      expect(await resolveHost(host, { allowPrivate: false, allowedHosts: [] })).toEqual({ address: host });
    },
  );
});

describe('the password', () => {
  it('is stored sealed and never comes back in any answer', async () => {
    const res = await post('/api/DataSourceMan/add', source({ name: 'sealed' }));
    expect(res.body).not.toContain(PASSWORD);
    const { id } = body(res).data as { id: number };
    const [row] = await t.database.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(row?.passwordEnc).toMatch(/^v1\./);
    expect(row?.passwordEnc).not.toContain(PASSWORD);

    const answers = [
      await post('/api/DataSourceMan/getPageData', {}),
      await t.app.inject({ method: 'GET', url: `/api/DataSourceMan/get?id=${id}`, headers: bearer(t.admin) }),
      await post('/api/DataSourceMan/update', { ...source({ name: 'sealed' }), id, version: 1 }),
      await post('/api/DataSourceMan/test', { ...source({ name: 'sealed' }), id }),
    ];
    for (const a of answers) {
      expect(a.body).not.toContain(PASSWORD);
      expect(a.body).not.toContain(row?.passwordEnc ?? 'v1.');
    }
  });

  it('stays as it was when an update leaves it empty', async () => {
    const id = await add();
    const update = await post('/api/DataSourceMan/update', {
      ...source({ password: '', remark: 'renamed' }),
      id,
      version: 1,
    });
    expect(update.statusCode, update.body).toBe(200);
    const tested = body(await post('/api/DataSourceMan/test', { ...source({ password: '' }), id })).data;
    expect(tested).toMatchObject({ ok: true });
    const stale = await post('/api/DataSourceMan/update', { ...source(), id, version: 1 });
    expect(stale.statusCode).toBe(409);
  });
});

describe('test connection', () => {
  it('connects to PostgreSQL and says a superuser is not read-only, and why', async () => {
    const res = await post('/api/DataSourceMan/test', source());
    const result = body(res).data as DataSourceTestResult;
    expect(result).toMatchObject({ ok: true, readOnly: false });
    expect(result.serverVersion).toMatch(/^PostgreSQL/);
    expect(result.problems).toContain('the account is a superuser');
  });

  it('calls an account with no write grants read-only', async () => {
    const result = body(await post('/api/DataSourceMan/test', source({ userName: 'ds_reader', password: 'x' })))
      .data as DataSourceTestResult;
    expect(result).toMatchObject({ ok: true, readOnly: true, problems: [] });
  });

  it('connects to MariaDB and reads the grants', async () => {
    const result = body(
      await post(
        '/api/DataSourceMan/test',
        source({ kind: 'mysql', port: 3306, database: 'test', userName: 'root', password: '' }),
      ),
    ).data as DataSourceTestResult;
    expect(result).toMatchObject({ ok: true, readOnly: false });
    expect(result.serverVersion).toMatch(/MariaDB/);
  });

  it('tells a failed connection apart, with the reason', async () => {
    const result = body(await post('/api/DataSourceMan/test', source({ port: 1, timeoutSeconds: 2 })))
      .data as DataSourceTestResult;
    expect(result).toMatchObject({ ok: false, readOnly: null, message: 'The connection failed' });
    expect(result.problems).toHaveLength(1);
  });

  it('records the outcome of a saved source', async () => {
    const id = await add();
    await post('/api/DataSourceMan/test', { ...source({ password: '' }), id });
    const row = body(
      await t.app.inject({ method: 'GET', url: `/api/DataSourceMan/get?id=${id}`, headers: bearer(t.admin) }),
    ).data as DataSourceRow;
    expect(row).toMatchObject({ lastTestOk: true, lastReadOnly: false });
    expect(row.lastTestedAt).toMatch(/Z$/);
  });
});

describe('bad input, other tenants and other roles', () => {
  it('answers bad input with field errors', async () => {
    const cases: [object, string][] = [
      [source({ port: 0 }), 'port'],
      [source({ kind: 'oracle' }), 'kind'],
      [source({ name: '' }), 'name'],
      [source({ host: 'a b' }), 'host'],
      [source({ timeoutSeconds: 600 }), 'timeoutSeconds'],
      [source({ password: '' }), 'password'],
      [source({ port: '5432' }), 'port'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/DataSourceMan/add', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(fieldErrors(res)), JSON.stringify(payload)).toContain(field);
    }
    expect((await post('/api/DataSourceMan/add', { ...source(), sneaky: true })).statusCode).toBe(400);
    const name = source().name;
    await add({ name });
    expect(fieldErrors(await post('/api/DataSourceMan/add', source({ name })))).toHaveProperty('name');
  });

  it("never shows, changes, tests or deletes another tenant's source; a delete is all or nothing", async () => {
    const acme = await createOtherTenant(t.database.db, 'dsacme');
    const theirs = await t.database.db.transaction(async (tx) => {
      await actAsTenant(tx, acme.tenantId);
      const [row] = await tx
        .insert(dataSources)
        .values({ ...source(), passwordEnc: 'v1.x.y.z', tenantId: acme.tenantId })
        .returning({ id: dataSources.id });
      return row?.id ?? 0;
    });
    const list = body(await post('/api/DataSourceMan/getPageData', { rows: 100 })).data as { rows: DataSourceRow[] };
    expect(list.rows.map((r) => r.id)).not.toContain(theirs);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/DataSourceMan/get?id=${theirs}`, headers: bearer(t.admin) }))
        .statusCode,
    ).toBe(404);
    expect((await post('/api/DataSourceMan/update', { ...source(), id: theirs, version: 1 })).statusCode).toBe(404);
    expect((await post('/api/DataSourceMan/test', { ...source({ password: '' }), id: theirs })).statusCode).toBe(404);
    const mine = await add();
    expect((await post('/api/DataSourceMan/del', [mine, theirs])).statusCode).toBe(404);
    expect(await t.database.db.select().from(dataSources).where(eq(dataSources.id, mine))).toHaveLength(1);
    expect((await post('/api/DataSourceMan/del', [mine])).statusCode).toBe(200);
  });

  it('is refused to pm with 403', async () => {
    expect((await post('/api/DataSourceMan/getPageData', {}, t.pm)).statusCode).toBe(403);
    expect((await post('/api/DataSourceMan/test', source(), t.pm)).statusCode).toBe(403);
  });
});

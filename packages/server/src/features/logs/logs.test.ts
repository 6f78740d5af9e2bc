import type { PageResult } from '@trestle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { settings, tenants } from '../../db/schema.ts';
import { requestLog, signInLog } from '../../db/schema-logs.ts';
import { exportedSheet } from '../../test/excel.ts';
import { bearer, body, postLogin } from '../../test/helper.ts';
import { otherNode } from '../../test/other-node.ts';
import { addBareTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { purgeOldLogs } from './retention.ts';

const t = useTestApp({ pm: true });

type Row = Record<string, unknown>;
const { post } = t;
const page = async (entity: string, payload: object) => {
  const res = await post(`/api/${entity}/getPageData`, { rows: 100, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PageResult;
};
const like = (name: string, value: string) => ({ name, value, displayType: 'like' });
const eqw = (name: string, value: unknown) => ({ name, value, displayType: 'eq' });

/** The row is written once the answer has gone out, so a test waits for it (bounded). */
/** The request_log rows of a path (and of a user agent, when a test tagged its own requests), once n are there. */
async function waitForRequestRows(path: string, n = 1, userAgent?: string) {
  const which = userAgent
    ? and(eq(requestLog.path, path), eq(requestLog.userAgent, userAgent))
    : eq(requestLog.path, path);
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db.select().from(requestLog).where(which);
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no request_log row for ${path}`);
}

describe('request log', () => {
  it('writes one row per API request with user, method, path, status, duration, address and agent, and no secrets', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Employee/getPageData?token=query-secret-123',
      headers: { ...bearer(t.admin), 'user-agent': 'vitest-agent/1.0' },
      payload: { page: 1, rows: 5, wheres: [{ name: 'name', value: 'body-secret-456', displayType: 'like' }] },
    });
    expect(res.statusCode).toBe(200);
    const [row, ...more] = await waitForRequestRows('/api/Employee/getPageData');
    await new Promise((r) => setTimeout(r, 100));
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ method: 'POST', status: 200, userAgent: 'vitest-agent/1.0', address: '127.0.0.1' });
    expect(row?.userId).toBeTypeOf('number');
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
    const [all] = await queryRows<{ text: string }>(
      t.database.db,
      sql`select string_agg(r::text, ' ') as text from request_log r`,
    );
    for (const secret of ['query-secret-123', 'body-secret-456', t.admin, t.admin.slice(-20), 'Bearer']) {
      expect(all?.text).not.toContain(secret);
    }
  });

  it('writes a burst of requests from several callers, every row under its own tenant and user', async () => {
    const tag = `burst-${Date.now()}`;
    const caller = ['anonymous', 'admin', 'pm'] as const;
    const token = { anonymous: null, admin: t.admin, pm: t.pm };
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const who = caller[i % 3] as (typeof caller)[number];
        const auth = token[who];
        return t.app.inject({
          method: 'GET',
          url: '/api/menu/getTreeMenu',
          headers: { 'user-agent': `${tag}-${who}`, ...(auth ? bearer(auth) : {}) },
        });
      }),
    );
    const of = async (who: string) => {
      for (let i = 0; i < 100; i++) {
        const rows = await t.database.db
          .select()
          .from(requestLog)
          .where(eq(requestLog.userAgent, `${tag}-${who}`));
        if (rows.length >= 20) return rows;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the ${who} rows did not all arrive`);
    };
    const [anonymous, admin, pm] = [await of('anonymous'), await of('admin'), await of('pm')];
    expect([anonymous.length, admin.length, pm.length]).toEqual([20, 20, 20]);
    expect(anonymous.every((r) => r.userId === null && r.status === 401)).toBe(true);
    expect(new Set(admin.map((r) => r.userId)).size).toBe(1);
    expect(new Set(pm.map((r) => r.userId)).size).toBe(1);
    expect(admin[0]?.userId).not.toBe(pm[0]?.userId);
    expect([...admin, ...pm].every((r) => r.status === 200 && r.userId !== null)).toBe(true);
  });

  it('writes the rows still waiting when the server stops', async () => {
    const node = await otherNode(t);
    const path = `/api/closing-${Date.now()}`;
    await node.app.inject({ method: 'GET', url: path, headers: bearer(t.admin) });
    await node.close();
    const rows = await t.database.db.select().from(requestLog).where(eq(requestLog.path, path));
    expect(rows).toHaveLength(1);
  });

  it('logs an anonymous 401 in the default tenant without a user, and skips the health probes', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/ready' });
    // Tagged: the burst before wrote this path too, and rows come back in no particular order.
    const agent = `anonymous-${Date.now()}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/menu/getTreeMenu', headers: { 'user-agent': agent } });
    expect(res.statusCode).toBe(401);
    const [row] = await waitForRequestRows('/api/menu/getTreeMenu', 1, agent);
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'default'));
    expect(row).toMatchObject({ status: 401, userId: null, tenantId: tenant?.id });
    const probes = await queryRows(
      t.database.db,
      sql`select 1 from request_log where path in ('/api/health', '/api/ready')`,
    );
    expect(probes).toHaveLength(0);
  });

  it('is searchable by path, status, user and time, sorted on the server, and exports to .xlsx', async () => {
    await t.app.inject({ method: 'GET', url: '/api/Button/Get', headers: bearer(t.pm) });
    await waitForRequestRows('/api/Button/Get');
    const found = await page('RequestLog', {
      wheres: [like('path', 'button/get'), eqw('status', 200), like('userName', 'pm')],
    });
    expect(found.rows.length).toBeGreaterThanOrEqual(1);
    expect(found.rows.every((r: Row) => r.userName === 'pm' && r.path === '/api/Button/Get')).toBe(true);
    const future = await page('RequestLog', {
      wheres: [{ name: 'at', value: '2999-01-01T00:00:00.000Z', displayType: 'ge' }],
    });
    expect(future.rows).toHaveLength(0);
    const sorted = await page('RequestLog', { sort: 'at', order: 'asc' });
    const times = sorted.rows.map((r: Row) => String(r.at));
    expect(times).toEqual([...times].sort());

    const res = await post('/api/RequestLog/export', { wheres: [like('path', 'button/get')] });
    expect(res.statusCode).toBe(200);
    const sheet = await exportedSheet(res);
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Path');
    expect(header).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(header).value)).toBe('/api/Button/Get');
  });

  it('refuses an unknown search field and too many rows with 400', async () => {
    const unknown = await post('/api/RequestLog/getPageData', { wheres: [like('password', 'x')] });
    expect(unknown.statusCode).toBe(400);
    const many = await post('/api/RequestLog/getPageData', { rows: 100_000 });
    expect(many.statusCode).toBe(400);
  });
});

describe('sign-in log', () => {
  const login = (userName: string, password: string) =>
    postLogin(t.app, { userName, password }, { headers: { 'user-agent': 'signin-agent' } });

  it('records success, failure (wrong password and unknown name alike) and the lockout', async () => {
    expect((await login('admin', 'Admin@2026')).statusCode).toBe(200);
    expect((await login('pm', 'Wrong@2026x')).statusCode).toBe(400);
    expect((await login('nobody-here', 'Wrong@2026x')).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) await login('locked-name', 'Wrong@2026x');
    expect((await login('locked-name', 'Wrong@2026x')).statusCode).toBe(423);

    const outcome = async (userName: string) =>
      (await page('SignInLog', { wheres: [eqw('userName', userName)], sort: 'at', order: 'asc' })).rows.map(
        (r: Row) => r.outcome,
      );
    expect(await outcome('admin')).toContain('success');
    expect(await outcome('pm')).toEqual(['success', 'failure']); // signed in by beforeAll, then the wrong password
    expect(await outcome('nobody-here')).toEqual(['failure']);
    expect(await outcome('locked-name')).toEqual(['failure', 'failure', 'failure', 'failure', 'failure', 'locked']);
    const [row] = (await page('SignInLog', { wheres: [eqw('userName', 'nobody-here')] })).rows as Row[];
    expect(row).toMatchObject({ address: '127.0.0.1', userAgent: 'signin-agent' });
    // A wrong password and an unknown name leave rows of the same shape: nothing tells them apart.
    const [known, unknown] = await Promise.all(
      ['pm', 'nobody-here'].map(async (n) => (await page('SignInLog', { wheres: [eqw('userName', n)] })).rows[0]),
    );
    expect(Object.keys(known ?? {}).sort()).toEqual(Object.keys(unknown ?? {}).sort());
    expect(JSON.stringify(await queryRows(t.database.db, sql`select * from sign_in_log`))).not.toContain('Wrong@2026x');
  });

  it('searches by outcome and exports', async () => {
    const failures = await page('SignInLog', { wheres: [eqw('outcome', 'locked')] });
    expect(failures.rows.map((r: Row) => r.userName)).toEqual(['locked-name']);
    const res = await post('/api/SignInLog/export', { wheres: [eqw('outcome', 'locked')] });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('data-change log', () => {
  it('shows the engine’s field-level changes with entity, key, action, before, after and user', async () => {
    const list = await page('Employee', { rows: 1, sort: 'code', order: 'asc' });
    const emp = list.rows[0] as Row;
    const res = await post('/api/Employee/update', {
      mainData: { id: emp.id, version: emp.version, title: 'Chief tester' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const changes = await page('DataChangeLog', {
      wheres: [eqw('entity', 'Employee'), eqw('entityKey', emp.id), eqw('field', 'title')],
    });
    expect(changes.rows[0]).toMatchObject({
      entity: 'Employee',
      entityKey: emp.id,
      action: 'update',
      field: 'title',
      after: 'Chief tester',
      userName: 'admin',
    });
    expect(changes.rows[0]?.before).toBe(emp.title);
  });
});

describe('who may read the logs', () => {
  it('answers 403 to pm and 401 to anonymous callers, on every log and its export', async () => {
    for (const entity of ['RequestLog', 'SignInLog', 'DataChangeLog']) {
      expect((await post(`/api/${entity}/getPageData`, {}, t.pm)).statusCode).toBe(403);
      expect((await post(`/api/${entity}/export`, {}, t.pm)).statusCode).toBe(403);
      const anon = await t.app.inject({ method: 'POST', url: `/api/${entity}/getPageData`, payload: {} });
      expect(anon.statusCode).toBe(401);
    }
  });

  it('offers no write to anyone: add, update and delete are 403 even for the admin', async () => {
    expect((await post('/api/RequestLog/del', [1])).statusCode).toBe(403);
    expect((await post('/api/SignInLog/add', { mainData: {} })).statusCode).toBe(403);
    expect((await post('/api/DataChangeLog/update', { mainData: {} })).statusCode).toBe(403);
  });

  it("never shows another tenant's rows", async () => {
    const db = t.database.db;
    const other = await addBareTenant(db, 'other-logs', 'Other');
    const at = new Date();
    await db
      .insert(requestLog)
      .values({ tenantId: other, method: 'GET', path: '/api/other-tenant', status: 200, durationMs: 1, at });
    await db.insert(signInLog).values({ tenantId: other, userName: 'other-tenant-user', outcome: 'success', at });
    await db.execute(
      sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, user_id, at) values (${other}, 'OtherTenant', 1, 'add', 'x', 1, ${at})`,
    );
    expect((await page('RequestLog', { wheres: [like('path', 'other-tenant')] })).rows).toHaveLength(0);
    expect((await page('SignInLog', { wheres: [like('userName', 'other-tenant')] })).rows).toHaveLength(0);
    expect((await page('DataChangeLog', { wheres: [eqw('entity', 'OtherTenant')] })).rows).toHaveLength(0);
  });
});

describe('retention', () => {
  it('purges only rows older than settings site.logRetentionDays (180 when unset), from every log', async () => {
    const db = t.database.db;
    const day = 86_400_000;
    const now = t.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const seedRows = async (tag: string, at: Date) => {
      await db
        .insert(requestLog)
        .values({ tenantId: 1, method: 'GET', path: `/api/${tag}`, status: 200, durationMs: 1, at });
      await db.insert(signInLog).values({ tenantId: 1, userName: tag, outcome: 'failure', at });
      await db.execute(
        sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, user_id, at) values (1, ${tag}, 1, 'add', 'x', 1, ${at})`,
      );
    };
    const left = async (tag: string) => {
      const [r] = await queryRows<{ n: number }>(
        db,
        sql`select (select count(*) from request_log where path = ${`/api/${tag}`}) + (select count(*) from sign_in_log where user_name = ${tag}) + (select count(*) from data_change_log where entity = ${tag}) as n`,
      );
      return Number(r?.n);
    };
    await seedRows('age-200', ago(200));
    await seedRows('age-100', ago(100));
    await seedRows('age-10', ago(10));

    const first = await purgeOldLogs(db, t.clock.now);
    expect(first.days).toBe(180);
    expect([await left('age-200'), await left('age-100'), await left('age-10')]).toEqual([0, 3, 3]);

    await db
      .insert(settings)
      .values({ key: 'site', value: { logRetentionDays: 30 } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`settings.value || '{"logRetentionDays": 30}'::jsonb` },
      });
    const second = await purgeOldLogs(db, t.clock.now);
    expect(second).toMatchObject({ days: 30, requests: 1, signIns: 1, changes: 1 });
    expect([await left('age-100'), await left('age-10')]).toEqual([0, 3]);
  });
});

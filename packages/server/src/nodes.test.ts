import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, menus, roleMenus } from './db/schema.ts';
import { bearer, body, createTestApp, postLogin, type TestApp } from './test/helper.ts';
import { type OtherNode, otherNode } from './test/other-node.ts';
import { seedRoles } from './test/roles.ts';

/**
 * Several app nodes on one database behind a load balancer, each with its own DATA_DIR and none given
 * TOKEN_SECRET: nothing a request relies on lives only in one process. (A table design applied on one node
 * reaching the others is designer.engine.test.ts's.)
 */
let t: TestApp;
let b: OtherNode;
let admin: string;
let pm: string;

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A client address no other test (nor an earlier run, counted in Redis for a minute) uses. */
const freshAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_SECRET: undefined });
  b = await otherNode(t);
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('signed in on one node, known on every node', () => {
  it('takes a token signed by one node on the other, though neither was given a secret nor wrote one', async () => {
    expect(t.config.tokenSecret).toBeUndefined();
    expect(b.config.dataDir).not.toBe(t.config.dataDir);
    const res = await get(b.app, '/api/user/getCurrentUserInfo', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((body(res).data as { userName: string }).userName).toBe('admin');
    // A token node B signs (on sign-in) is good on node A too.
    const fromB = await postLogin(b.app, { userName: 'admin', password: 'Admin@2026' });
    expect(fromB.statusCode).toBe(200);
    const token = (body(fromB).data as { token: string }).token;
    expect((await get(t.app, '/api/user/getCurrentUserInfo', token)).statusCode).toBe(200);
    for (const dir of [t.config.dataDir, b.config.dataDir])
      expect(existsSync(path.join(dir, 'token-secret'))).toBe(false);
  });

  it('ends a session signed out on one node on the other within a second, though the other had it cached', async () => {
    const token = await t.login('admin', 'Admin@2026');
    // Both nodes have read (and keep) the session's check.
    expect((await get(t.app, '/api/user/getCurrentUserInfo', token)).statusCode).toBe(200);
    expect((await get(b.app, '/api/user/getCurrentUserInfo', token)).statusCode).toBe(200);
    expect((await post(b.app, '/api/user/logout', token)).statusCode).toBe(200);
    await expect
      .poll(async () => (await get(t.app, '/api/user/getCurrentUserInfo', token)).statusCode, { timeout: 1000 })
      .toBe(401);
    // On the node that signed it out, at once.
    expect((await get(b.app, '/api/user/getCurrentUserInfo', token)).statusCode).toBe(401);
  });

  it('applies a grant taken away on one node to the other within a second, and one given back', async () => {
    const list = () => post(b.app, '/api/Employee/getPageData', pm, { page: 1, rows: 1, wheres: [] });
    expect((await list()).statusCode).toBe(200);
    const db = t.database.db;
    const [employee] = await db.select({ id: menus.id }).from(menus).where(eq(menus.code, 'Employee'));
    const pmRole = (await seedRoles(db)).role('pm');
    const matrix = await get(t.app, `/api/permission/getMatrix?roleId=${pmRole}`, admin);
    type Row = { id: number; opened: boolean; granted: number[] };
    const held = (body(matrix).data as { menus: Row[] }).menus
      .filter((m) => m.opened)
      .map((m) => ({ menuId: m.id, buttonIds: m.granted }));
    const save = (entries: typeof held) =>
      post(t.app, '/api/permission/save', admin, { roleId: pmRole, menus: entries });

    expect((await save(held.filter((e) => e.menuId !== employee?.id))).statusCode).toBe(200);
    await expect.poll(async () => (await list()).statusCode, { timeout: 1000 }).toBe(403);
    expect((await save(held)).statusCode).toBe(200);
    await expect.poll(async () => (await list()).statusCode, { timeout: 1000 }).toBe(200);
    expect(
      await db
        .select()
        .from(roleMenus)
        .where(and(eq(roleMenus.roleId, pmRole))),
    ).not.toHaveLength(0);
  });
});

describe('counted across nodes', () => {
  it('locks an account after five wrong passwords spread over two nodes, on both', async () => {
    const address = freshAddress();
    const attempt = (app: FastifyInstance, password: string) =>
      postLogin(app, { userName: 'pm', password }, { remoteAddress: address });
    for (const app of [t.app, b.app, t.app, b.app, t.app])
      expect((await attempt(app, 'wrong-one')).statusCode).toBe(400);
    for (const app of [b.app, t.app]) {
      const locked = await attempt(app, 'Pm@2026');
      expect([locked.statusCode, body(locked).code]).toEqual([423, 'locked']);
    }
    await t.database.db.delete(loginFailures).where(eq(loginFailures.address, address));
  });

  /** Two more nodes allowing 4 sign-in attempts a minute per address; 4 spread over both use it up on both. */
  async function sharedLimit(config: { redisUrl?: string }) {
    const nodes = [
      await otherNode(t, { loginRateLimitPerMinute: 4, ...config }),
      await otherNode(t, { loginRateLimitPerMinute: 4, ...config }),
    ];
    try {
      const address = freshAddress();
      const attempt = (node: OtherNode) =>
        postLogin(node.app, { userName: 'nobody', password: 'x' }, { remoteAddress: address });
      const [one, two] = nodes as [OtherNode, OtherNode];
      for (const node of [one, two, one, two]) expect((await attempt(node)).statusCode).toBe(400);
      for (const node of [one, two]) {
        const refused = await attempt(node);
        expect([refused.statusCode, body(refused).code]).toEqual([429, 'rate_limited']);
      }
      // Another address is counted on its own.
      const other = await postLogin(one.app, { userName: 'nobody', password: 'x' }, { remoteAddress: freshAddress() });
      expect(other.statusCode).toBe(400);
    } finally {
      for (const node of nodes) await node.close();
    }
  }

  it('rate-limits sign-in per address over every node: counted in the database', async () => {
    await sharedLimit({});
  });

  it('counts an address of any length a trusted proxy forwards, without an error', async () => {
    const node = await otherNode(t, { loginRateLimitPerMinute: 2, trustProxy: true });
    try {
      const forwarded = `${freshAddress()}${'x'.repeat(2_000)}`;
      const attempt = () =>
        postLogin(node.app, { userName: 'nobody', password: 'x' }, { headers: { 'x-forwarded-for': forwarded } });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await node.close();
    }
  });

  it('rate-limits sign-in per address over every node: counted in Redis when REDIS_URL is set', async () => {
    await sharedLimit({ redisUrl: REDIS_URL });
  });
});

describe('scheduled jobs', () => {
  it('runs the hourly warnings job on one node of two, once an hour', async () => {
    const run = (app: FastifyInstance) => app.jobs.get('warnings')?.runIfDue();
    const first = await Promise.all([run(t.app), run(b.app)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await Promise.all([run(t.app), run(b.app)])).toEqual([false, false]);
    t.clock.advance(61 * 60_000);
    const next = await Promise.all([run(b.app), run(t.app)]);
    expect(next.filter(Boolean)).toHaveLength(1);
  });
});

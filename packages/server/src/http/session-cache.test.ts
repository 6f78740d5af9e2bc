import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CHANNEL } from '../db/client.ts';
import { menus, roleGrants, roles, sessions, tenants, users } from '../db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';
import { type OtherNode, otherNode } from '../test/other-node.ts';
import { seedRoles } from '../test/roles.ts';

/**
 * Each node keeps what the session check read (session, user, tenant, grant, data scope) and drops it when
 * migration 0031's triggers announce a change (http/sessions.ts). Node B's copy is warmed by a request, the
 * change is made on the database (as any writer would), and B must refuse within a second.
 */
let t: TestApp;
let b: OtherNode;
let pmId: number;
let pmRole: number;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  b = await otherNode(t);
  const [pm] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, 'pm'));
  pmId = pm?.id ?? 0;
  const seeded = await seedRoles(t.database.db);
  pmRole = seeded.role('pm');
  tenantId = seeded.tenantId;
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const list = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/Employee/getPageData',
    headers: bearer(token),
    payload: { page: 1, rows: 1, wheres: [] },
  });

/** The status a list on `app` answers, asked again for up to a second until it is the one expected. */
const statusWithin1s = (app: FastifyInstance, token: string) =>
  expect.poll(async () => (await list(app, token)).statusCode, { timeout: 1000, interval: 20 });

/** Runs `fn` with the sessions trigger off: a change then goes unannounced, as a missed notification would. */
async function unannounced(fn: () => Promise<void>) {
  const db = t.database.db;
  await db.execute(sql`alter table sessions disable trigger sessions_access_changed`);
  try {
    await fn();
  } finally {
    await db.execute(sql`alter table sessions enable trigger sessions_access_changed`);
  }
}

const revokePm = () =>
  t.database.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, pmId), isNull(sessions.revokedAt)));

describe("a node's copy of the session check", () => {
  it('answers a session again without reading it, and drops it when told', async () => {
    const pm = await t.login('pm', 'Pm@2026');
    expect((await list(b.app, pm)).statusCode).toBe(200);
    await unannounced(async () => {
      await revokePm();
      // Not announced: node B still answers from its copy (no round trip for the session).
      expect((await list(b.app, pm)).statusCode).toBe(200);
    });
    await t.database.db.execute(sql`select pg_notify('trestle_access', '*')`);
    await statusWithin1s(b.app, pm).toBe(401);
  });

  const changes: { what: string; make(): Promise<() => Promise<unknown>> }[] = [
    {
      what: 'the user disabled',
      async make() {
        await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, pmId));
        return () => t.database.db.update(users).set({ enabled: true }).where(eq(users.id, pmId));
      },
    },
    {
      what: 'the role disabled',
      async make() {
        await t.database.db.update(roles).set({ enabled: false }).where(eq(roles.id, pmRole));
        return () => t.database.db.update(roles).set({ enabled: true }).where(eq(roles.id, pmRole));
      },
    },
    {
      what: 'the grant taken away',
      async make() {
        const db = t.database.db;
        const [employee] = await db.select({ id: menus.id }).from(menus).where(eq(menus.code, 'Employee'));
        const where = and(eq(roleGrants.roleId, pmRole), eq(roleGrants.menuId, employee?.id ?? 0));
        const taken = await db.delete(roleGrants).where(where).returning();
        expect(taken.length).toBeGreaterThan(0);
        return () => db.insert(roleGrants).values(taken);
      },
    },
    {
      what: 'the tenant disabled',
      async make() {
        await t.database.db.update(tenants).set({ enabled: false }).where(eq(tenants.id, tenantId));
        return () => t.database.db.update(tenants).set({ enabled: true }).where(eq(tenants.id, tenantId));
      },
    },
  ];

  it.each(changes)(
    'refuses on another node within a second after $what, and serves again once undone',
    async ({ make }) => {
      const pm = await t.login('pm', 'Pm@2026');
      expect((await list(b.app, pm)).statusCode).toBe(200);
      const undo = await make();
      try {
        // Refused either way: 401 (user, tenant) or 403 (role, grant).
        await statusWithin1s(b.app, pm).toSatisfy((status: number) => status === 401 || status === 403);
      } finally {
        await undo();
      }
      await statusWithin1s(b.app, pm).toBe(200);
    },
  );

  it('reads every check afresh while the node is not listening', async () => {
    const told: boolean[] = [];
    let cacheOnLive: ((listening: boolean) => void) | undefined;
    const c = await otherNode(t, {}, (database) => ({
      ...database,
      listen: (channel, onMessage, onLive) => {
        if (channel === ACCESS_CHANNEL) cacheOnLive = onLive;
        return database.listen(channel, onMessage, (listening) => {
          if (channel === ACCESS_CHANNEL) told.push(listening);
          onLive?.(listening);
        });
      },
    }));
    try {
      const pm = await t.login('pm', 'Pm@2026');
      expect((await list(c.app, pm)).statusCode).toBe(200);
      expect(told.at(-1)).toBe(true);
      await unannounced(async () => {
        const revoked = await revokePm().returning({ id: sessions.id });
        expect((await list(c.app, pm)).statusCode).toBe(200);
        // What the database layer tells the node when its listening connection goes.
        cacheOnLive?.(false);
        expect((await list(c.app, pm)).statusCode).toBe(401);
        const ids = revoked.map((r) => r.id);
        await t.database.db.update(sessions).set({ revokedAt: null }).where(inArray(sessions.id, ids));
        expect((await list(c.app, pm)).statusCode).toBe(200);
        // That answer was read, not kept: revoked again (unannounced), the next request sees it.
        await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(inArray(sessions.id, ids));
        expect((await list(c.app, pm)).statusCode).toBe(401);
      });
      cacheOnLive?.(true);
      if (t.database.kind === 'postgres') {
        // The real thing: every listening connection of the test database goes (both nodes'), as in a restart.
        told.length = 0;
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
        );
        await expect.poll(() => told.includes(false), { timeout: 1000 }).toBe(true);
        // Listening again a second later.
        await expect.poll(() => told.at(-1), { timeout: 5000 }).toBe(true);
      }
    } finally {
      await c.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { ACCESS_CHANNEL, type Database, type Db } from '../db/client.ts';
import { sessions, tenants, users } from '../db/schema.ts';
import { forEachTenant, withTenant } from '../db/tenant.ts';
// SiteConfig's token lifetimes, read per sign-in and rotation (no restart)
import { tokenLifetimes } from '../platform/site-settings.ts';
import { type DataScope, dataScopeOf, grantExpr, scopeExpr } from './access.ts';
import type { AccessClaims, Tokens } from './tokens.ts';

export type SessionPolicy = { accessTokenMinutes: number; sessionMaxHours: number; rotationGraceSeconds: number };

export type Sessions = ReturnType<typeof createSessions>;

/** What a node's copy of a session check is worth without a notification: the net should one be missed. */
const CACHE_MS = 10_000;
/** Past this many sessions cached, the copy starts again empty (a node never holds more). */
const CACHE_SESSIONS = 20_000;

type CheckRow = {
  session: typeof sessions.$inferSelect;
  userEnabled: boolean;
  tenantEnabled: boolean;
  mustChangePassword: boolean;
  tenantExpiresOn: string | null;
  granted: boolean;
  scope: unknown;
};
type Cached = { row: CheckRow; dataScope: DataScope; at: number };

/**
 * The node's copy of what the session check read, per session and grant asked. Migration 0031's triggers
 * announce every change to it on ACCESS_CHANNEL; the copy drops the session (`s:<id>`), the user (`u:<id>`)
 * or everything (`*`) as told. It is used only while the node listens (a lost listening connection may
 * miss an announcement): then every check reads the database, as it does for the first request of a
 * session. A read that began before a drop is not kept (the generation).
 */
function createAccessCache(listen: Database['listen'] | undefined) {
  const bySession = new Map<string, Map<string, Cached>>();
  let live = false;
  let generation = 0;
  const dropAll = () => {
    generation++;
    bySession.clear();
  };
  const drop = (payload: string) => {
    generation++;
    if (payload.startsWith('s:')) bySession.delete(payload.slice(2));
    else if (payload.startsWith('u:')) {
      const userId = Number(payload.slice(2));
      for (const [id, grants] of bySession)
        for (const cached of grants.values()) if (cached.row.session.userId === userId) bySession.delete(id);
    } else bySession.clear();
  };
  const ready = listen
    ? listen(ACCESS_CHANNEL, drop, (listening) => {
        dropAll();
        live = listening;
      })
    : Promise.resolve();
  return {
    ready,
    get(sessionId: string, grantKey: string): Cached | undefined {
      const cached = live ? bySession.get(sessionId)?.get(grantKey) : undefined;
      return cached && Date.now() - cached.at < CACHE_MS ? cached : undefined;
    },
    /** The generation a read starts in: `put` keeps its result only if nothing was dropped meanwhile. */
    generation: () => generation,
    put(sessionId: string, grantKey: string, row: CheckRow, dataScope: DataScope, readIn: number) {
      if (!live || readIn !== generation) return;
      if (bySession.size >= CACHE_SESSIONS && !bySession.has(sessionId)) bySession.clear();
      const grants = bySession.get(sessionId) ?? new Map<string, Cached>();
      grants.set(grantKey, { row, dataScope, at: Date.now() });
      bySession.set(sessionId, grants);
    },
  };
}

/**
 * Server-side sessions: every request's token is checked against its session row, so sign-out,
 * password change and a disabled user or tenant take effect on the very next call. The row (with the
 * grant and the data scope) is read once per session and grant and then kept by the node until a change
 * to any of it is announced (`listen`, ACCESS_CHANNEL); without `listen` every check reads the database.
 */
export function createSessions(
  db: Db,
  tokens: Tokens,
  policy: SessionPolicy,
  now: () => Date,
  listen?: Database['listen'],
) {
  const cache = createAccessCache(listen);
  const tokenExpiry = async (absolute: Date) =>
    new Date(
      Math.min(now().getTime() + (await tokenLifetimes(db, policy)).accessTokenMinutes * 60_000, absolute.getTime()),
    );

  async function read(claims: AccessClaims, grant: { menu: string; button: string } | undefined, fresh: boolean) {
    const grantKey = grant ? `${grant.menu}\u0000${grant.button}` : '';
    const cached = fresh ? undefined : cache.get(claims.sessionId, grantKey);
    if (cached) return cached;
    const readIn = cache.generation();
    const [row] = await db
      .select({
        session: sessions,
        userEnabled: users.enabled,
        tenantEnabled: tenants.enabled,
        mustChangePassword: users.mustChangePassword,
        tenantExpiresOn: tenants.expiresOn,
        granted: grant ? sql<boolean>`${grantExpr(sql`${users.id}`, grant.menu, grant.button)}` : sql<boolean>`true`,
        scope: sql<unknown>`${scopeExpr(sql`${users.id}`, grant)}`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
      .where(eq(sessions.id, claims.sessionId));
    if (!row) return undefined;
    const dataScope = dataScopeOf(row.scope);
    cache.put(claims.sessionId, grantKey, row, dataScope, readIn);
    return { row, dataScope };
  }

  /**
   * The session behind verified claims, if it is still honoured for this token, with, in the same
   * round trip (or none, from the node's copy), whether the user holds `grant` and the user's data scope.
   * `fresh` reads the database whatever the copy holds (a rotation compares and sets on what it read).
   */
  async function check(claims: AccessClaims, grant?: { menu: string; button: string }, fresh = false) {
    const found = await read(claims, grant, fresh);
    if (!found) return null;
    const { row, dataScope } = found;
    if (!row.userEnabled || !row.tenantEnabled) return null;
    const s = row.session;
    const at = now();
    if (row.tenantExpiresOn && row.tenantExpiresOn < at.toISOString().slice(0, 10)) return null;
    if (s.revokedAt || s.absoluteExpiresAt <= at || s.userId !== claims.userId || s.tenantId !== claims.tenantId)
      return null;
    const current = s.currentJti === claims.jti;
    const inGrace = s.previousJti === claims.jti && s.previousValidUntil !== null && s.previousValidUntil > at;
    if (!current && !inGrace) return null;
    return {
      session: s,
      current,
      granted: row.granted === true,
      dataScope,
      mustChangePassword: row.mustChangePassword,
    };
  }

  return {
    check,
    /** Resolves once the node listens for changes to what it caches. */
    ready: cache.ready,

    /**
     * A new session in `user.tenantId`, written under that tenant (row-level security): the caller binds
     * it. `homeTenantId` marks a platform admin's session in another tenant (TenantMan's switch).
     */
    async open(
      user: { id: number; tenantId: number; homeTenantId?: number },
      client: { address: string; userAgent: string },
    ) {
      const id = randomUUID();
      const jti = randomUUID();
      const absoluteExpiresAt = new Date(
        now().getTime() + (await tokenLifetimes(db, policy)).sessionMaxHours * 3_600_000,
      );
      await db.insert(sessions).values({
        id,
        userId: user.id,
        tenantId: user.tenantId,
        currentJti: jti,
        absoluteExpiresAt,
        createdAt: now(),
        address: client.address.slice(0, 64),
        userAgent: client.userAgent.slice(0, 300),
      });
      return tokens.sign({
        userId: user.id,
        tenantId: user.tenantId,
        sessionId: id,
        jti,
        expiresAt: await tokenExpiry(absoluteExpiresAt),
        ...(user.homeTenantId === undefined || user.homeTenantId === user.tenantId
          ? {}
          : { homeTenantId: user.homeTenantId }),
      });
    },

    /**
     * A new token for the session. The replaced token keeps working for the grace period so that
     * requests already in flight succeed; a caller still holding it within the grace gets a token
     * for the current jti instead of rotating again (two tabs refreshing at once converge).
     */
    async rotate(claims: AccessClaims): Promise<string | null> {
      const found = await check(claims, undefined, true);
      if (!found) return null;
      const s = found.session;
      let jti = s.currentJti;
      if (found.current) {
        jti = randomUUID();
        const rotated = await db
          .update(sessions)
          .set({
            currentJti: jti,
            previousJti: s.currentJti,
            previousValidUntil: new Date(now().getTime() + policy.rotationGraceSeconds * 1000),
            rotatedAt: now(),
          })
          // Compare-and-set: of two concurrent rotations with the same token, one wins.
          .where(and(eq(sessions.id, s.id), eq(sessions.currentJti, s.currentJti)))
          .returning({ id: sessions.id });
        if (rotated.length === 0) return this.rotate(claims);
      }
      return tokens.sign({
        userId: s.userId,
        tenantId: s.tenantId,
        sessionId: s.id,
        jti,
        expiresAt: await tokenExpiry(s.absoluteExpiresAt),
        ...(claims.homeTenantId === undefined ? {} : { homeTenantId: claims.homeTenantId }),
      });
    },

    async revoke(sessionId: string) {
      await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, sessionId));
    },

    /** Ends the user's sessions but this one (a password change), wherever they are. */
    revokeOthers: (user: { id: number; tenantId: number }, keepSessionId: string) =>
      endSessionsOf(db, user, now(), keepSessionId),
  };
}

/**
 * Ends a user's sessions (but `keepSessionId`) in every tenant it may have one, each under that tenant's
 * binding (row-level security): its own, and for a user of the platform tenant every tenant, since a
 * platform admin may have switched into any of them.
 */
export async function endSessionsOf(db: Db, user: { id: number; tenantId: number }, at: Date, keepSessionId?: string) {
  const keep = keepSessionId ? ne(sessions.id, keepSessionId) : undefined;
  const end = async () => {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, user.id), keep, isNull(sessions.revokedAt)));
  };
  const [home] = await db.select({ isPlatform: tenants.isPlatform }).from(tenants).where(eq(tenants.id, user.tenantId));
  if (home?.isPlatform) await forEachTenant(db, end);
  else await withTenant(user.tenantId, end);
}

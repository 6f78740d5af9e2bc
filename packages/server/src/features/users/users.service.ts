import {
  type addUserBodySchema,
  ErrorCode,
  type UpdateUserBody,
  type UserList,
  type UserOptions,
  type UserRow,
  type UserSession,
  type userListQuerySchema,
} from '@trestle/shared';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { pickName } from '../../db/names.ts';
import { loginFailures, organizations, sessions, userRoles, users } from '../../db/schema.ts';
import { userOrganizations } from '../../db/schema-users.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { loadRoleScope, type RoleScope } from '../../http/role-scope.ts';
import { endSessionsOf } from '../../http/sessions.ts';
import { insertUser, organizationChoices } from '../../platform/accounts.ts';
// The password policy and the user key are the sign-in's; reused here so both apply one rule.
import { passwordPolicyOf } from '../../platform/login-settings.ts';
import { hashPassword, passwordProblem, userKeyOf } from '../../platform/passwords.ts';

type Caller = { userId: number; tenantId: number };
type ListQuery = z.output<typeof userListQuerySchema>;
type UserFields = Omit<UpdateUserBody, 'id'>;

const noSuchUser = () => new AppError(404, ErrorCode.notFound, 'No such user');

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(db: Db, now: () => Date) {
  /**
   * The users a caller manages: all of the tenant's for a super admin; otherwise the others whose
   * every role lies strictly below the caller's own roles (so no one disables a peer or a superior).
   */
  function managedWhere(caller: Caller, scope: RoleScope): SQL {
    const tenant = eq(users.tenantId, caller.tenantId);
    if (scope.isSuper) return tenant;
    const outside = db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), notInArray(userRoles.roleId, [...scope.manageable])));
    return and(tenant, ne(users.id, caller.userId), sql`not exists ${outside}`) as SQL;
  }

  async function managedUser(caller: Caller, id: number) {
    const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), managedWhere(caller, scope)));
    if (!user) throw noSuchUser();
    return { user, scope };
  }

  /** Roles and organisations are checked against the caller's scope and tenant: a stray id is a field error. */
  async function checkFields(caller: Caller, scope: RoleScope, f: UserFields) {
    // One wording whatever the stray id is (another tenant's, missing, or above the caller): none is told apart.
    if (f.roleIds.some((id) => !scope.manageable.has(id))) {
      throw badRequest('Roles: you may not assign one of these roles', {
        roleIds: 'a role that is not yours to assign',
      });
    }
    const orgIds = [...new Set([...f.organizationIds, ...(f.organizationId === null ? [] : [f.organizationId])])];
    if (orgIds.length) {
      const found = new Set(
        (
          await db
            .select({ id: organizations.id })
            .from(organizations)
            .where(and(eq(organizations.tenantId, caller.tenantId), inArray(organizations.id, orgIds)))
        ).map((o) => o.id),
      );
      // Named on the field that holds the stray id; another tenant's and a missing one read the same.
      const errors: Record<string, string> = {};
      if (f.organizationId !== null && !found.has(f.organizationId)) errors.organizationId = 'no such organisation';
      if (f.organizationIds.some((id) => !found.has(id))) errors.organizationIds = 'no such organisation';
      if (Object.keys(errors).length) throw badRequest('Organisations: no such organisation', errors);
    }
    return { orgIds, roleIds: [...new Set(f.roleIds)] };
  }

  async function passwordCheck(tenantId: number, password: string, userName: string, field: string) {
    const problem = passwordProblem(password, userName, await passwordPolicyOf(db, tenantId));
    if (problem) throw badRequest(`Password: ${problem}`, { [field]: problem });
  }

  async function writeLinks(tx: Db, tenantId: number, userId: number, links: { orgIds: number[]; roleIds: number[] }) {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(userOrganizations).where(eq(userOrganizations.userId, userId));
    if (links.roleIds.length)
      await tx.insert(userRoles).values(links.roleIds.map((roleId) => ({ tenantId, userId, roleId })));
    if (links.orgIds.length) {
      await tx
        .insert(userOrganizations)
        .values(links.orgIds.map((organizationId) => ({ tenantId, userId, organizationId })));
    }
  }

  const revokeAll = (user: { id: number; tenantId: number }) => endSessionsOf(db, user, now());

  return {
    async list(caller: Caller, q: ListQuery): Promise<UserList> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      const conds = [managedWhere(caller, scope)];
      if (q.search) {
        const like = containing(q.search);
        conds.push(
          or(
            ilike(users.userName, like),
            ilike(users.userTrueName, like),
            ilike(users.phone, like),
            ilike(users.email, like),
          ) as SQL,
        );
      }
      if (q.enabled !== undefined) conds.push(eq(users.enabled, q.enabled));
      const where = and(...conds);
      const [page, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            userName: users.userName,
            userKey: users.userKey,
            userTrueName: users.userTrueName,
            phone: users.phone,
            email: users.email,
            enabled: users.enabled,
            mustChangePassword: users.mustChangePassword,
            organizationId: users.organizationId,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .limit(q.rows)
          .offset((q.page - 1) * q.rows),
        db.select({ n: count() }).from(users).where(where),
      ]);
      const ids = page.map((u) => u.id);
      const [roleLinks, orgLinks, locks] = ids.length
        ? await Promise.all([
            db.select().from(userRoles).where(inArray(userRoles.userId, ids)),
            db.select().from(userOrganizations).where(inArray(userOrganizations.userId, ids)),
            db
              .select({ userKey: loginFailures.userKey })
              .from(loginFailures)
              .where(
                and(
                  inArray(
                    loginFailures.userKey,
                    page.map((u) => u.userKey),
                  ),
                  gt(loginFailures.lockedUntil, now()),
                ),
              ),
          ])
        : [[], [], []];
      const rows: UserRow[] = page.map(({ userKey, createdAt, ...u }) => ({
        ...u,
        locked: locks.some((l) => l.userKey === userKey),
        organizationIds: [
          ...new Set([
            ...(u.organizationId === null ? [] : [u.organizationId]),
            ...orgLinks.filter((l) => l.userId === u.id).map((l) => l.organizationId),
          ]),
        ],
        roleIds: roleLinks.filter((l) => l.userId === u.id).map((l) => l.roleId),
        createdAt: createdAt.toISOString(),
      }));
      return { rows, total: total?.n ?? 0 };
    },

    async options(caller: Caller, lang: Language): Promise<UserOptions> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      const orgs = await organizationChoices(db, caller.tenantId, lang);
      const roles = scope.all
        .filter((r) => scope.manageable.has(r.id))
        .map((r) => ({
          id: r.id,
          parentId: r.parentId !== null && scope.manageable.has(r.parentId) ? r.parentId : null,
          name: pickName(lang, r.name, r.nameZh),
        }));
      return { roles, organizations: orgs };
    },

    async add(caller: Caller, body: z.output<typeof addUserBodySchema>): Promise<{ id: number }> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      const links = await checkFields(caller, scope, body);
      await passwordCheck(caller.tenantId, body.password, body.userName, 'password');
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const created = await insertUser(tx, caller.tenantId, body, passwordHash, {
          organizationId: body.organizationId,
          enabled: body.enabled,
        });
        await writeLinks(tx, caller.tenantId, created.id, links);
        return created;
      });
    },

    async update(caller: Caller, body: UpdateUserBody) {
      const { user, scope } = await managedUser(caller, body.id);
      const links = await checkFields(caller, scope, body);
      const superRoles = new Set(scope.all.filter((r) => r.isSuper).map((r) => r.id));
      if (user.id === caller.userId && scope.isSuper && !links.roleIds.some((id) => superRoles.has(id))) {
        throw new AppError(422, ErrorCode.unprocessable, 'You cannot take your own super-admin role away');
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            userTrueName: body.userTrueName,
            phone: body.phone,
            email: body.email,
            organizationId: body.organizationId,
            updatedAt: now(),
          })
          .where(and(eq(users.id, user.id), eq(users.tenantId, caller.tenantId)));
        await writeLinks(tx, caller.tenantId, user.id, links);
      });
    },

    /** Disabling ends every session of the user at once (the session row is checked on each call). */
    async setEnabled(caller: Caller, id: number, enabled: boolean) {
      if (id === caller.userId && !enabled) {
        throw new AppError(422, ErrorCode.unprocessable, 'You cannot disable your own account');
      }
      const { user } = await managedUser(caller, id);
      await db
        .update(users)
        .set({ enabled, updatedAt: now() })
        .where(and(eq(users.id, user.id), eq(users.tenantId, caller.tenantId)));
      if (!enabled) await revokeAll(user);
    },

    /** A temporary password: the user's sessions end and the next sign-in must change it. */
    async resetPassword(caller: Caller, id: number, password: string) {
      const { user } = await managedUser(caller, id);
      await passwordCheck(user.tenantId, password, user.userName, 'password');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: now() })
        .where(and(eq(users.id, user.id), eq(users.tenantId, caller.tenantId)));
      await revokeAll(user);
    },

    /** Clears the failed sign-ins, so a locked-out user may try again now. */
    async unlock(caller: Caller, id: number) {
      const { user } = await managedUser(caller, id);
      await db.delete(loginFailures).where(eq(loginFailures.userKey, userKeyOf(user.userName)));
    },

    async sessions(caller: Caller, id: number): Promise<UserSession[]> {
      const { user } = await managedUser(caller, id);
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, user.id),
            eq(sessions.tenantId, caller.tenantId),
            isNull(sessions.revokedAt),
            gt(sessions.absoluteExpiresAt, now()),
          ),
        )
        .orderBy(desc(sessions.createdAt));
      return rows.map((s) => ({
        id: s.id,
        address: s.address,
        userAgent: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        rotatedAt: s.rotatedAt?.toISOString() ?? null,
        expiresAt: s.absoluteExpiresAt.toISOString(),
      }));
    },

    async endSessions(caller: Caller, id: number) {
      const { user } = await managedUser(caller, id);
      await revokeAll(user);
    },
  };
}

import { ErrorCode, type LoginBody, type LoginResult, type ModifyPwdBody, type RegisterBody } from '@trestle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { roles, tenants, userRoles, users } from '../../db/schema.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Sessions } from '../../http/sessions.ts';
import { insertUser } from '../../platform/accounts.ts';
import { loadLoginSettings, passwordPolicyOf, takeCaptcha } from '../../platform/login-settings.ts';
import { hashPassword, passwordProblem, userKeyOf, verifyPassword } from '../../platform/passwords.ts';
import { createLockout } from './lockout.ts';

type Client = { address: string; userAgent: string };

const WRONG_CREDENTIALS = 'Incorrect user name or password';

/**
 * Sign-in's one read before any tenant is known: the user id and tenant of a normalised user name,
 * through the SECURITY DEFINER function of migration 0018 (the users table itself is under row-level
 * security). Sign-in and the sign-in log use it; everything after runs bound to that tenant.
 */
export async function signInLookup(db: Db, userKey: string): Promise<{ userId: number; tenantId: number } | null> {
  const [row] = await queryRows<{ userId: number; tenantId: number }>(
    db,
    sql`select user_id as "userId", tenant_id as "tenantId" from trestle_sign_in_lookup(${userKey})`,
  );
  return row ?? null;
}

const today = (at: Date) => at.toISOString().slice(0, 10);

export function createAuthService(db: Db, sessions: Sessions, now: () => Date) {
  const lockout = createLockout(db, now);

  /** The user behind a name with its tenant, read under that tenant; undefined for an unknown name. */
  async function userNamed(userKey: string) {
    const found = await signInLookup(db, userKey);
    if (!found) return undefined;
    return withTenant(found.tenantId, async () => {
      const [user] = await db.select().from(users).where(eq(users.id, found.userId));
      const [tenant] = await db.select().from(tenants).where(eq(tenants.id, found.tenantId));
      return user && tenant ? { user, tenant } : undefined;
    });
  }

  return {
    async login(body: LoginBody, client: Client): Promise<LoginResult> {
      const policy = await loadLoginSettings(db);
      const userKey = userKeyOf(body.userName);
      const address = client.address.slice(0, 64);
      // The lock is checked before hashing, so a locked address costs no argon2 work.
      const standing = await lockout.standing(userKey, address, policy);
      if (standing.lockedMs > 0) {
        const retryAfter = String(Math.ceil(standing.lockedMs / 1000));
        throw new AppError(
          423,
          ErrorCode.locked,
          `Too many failed sign-ins: the account is locked for ${Math.ceil(standing.lockedMs / 60_000)} more minute(s)`,
          { retryAfterSeconds: Number(retryAfter) },
          { 'retry-after': retryAfter },
        );
      }

      // A missing or wrong captcha counts like a wrong password, and is asked before the password is
      // tried: with LoginSet's switch on, or from every address while the account is under attack.
      if (
        (policy.captchaEnabled || standing.underAttack) &&
        !(await takeCaptcha(db, body.captchaId, body.captchaCode, now()))
      ) {
        await lockout.fail(userKey, address, policy);
        throw new AppError(
          400,
          ErrorCode.captchaRequired,
          body.captchaCode ? 'The captcha answer is wrong or has expired' : 'Enter the characters of the picture',
          { fieldErrors: { captchaCode: 'wrong or expired; enter the characters of the new picture' } },
        );
      }
      const found = await userNamed(userKey);
      if (!(await verifyPassword(found?.user.passwordHash, body.password)) || !found) {
        await lockout.fail(userKey, address, policy);
        throw badRequest(WRONG_CREDENTIALS);
      }
      await lockout.clear(userKey, address);
      const { user, tenant } = found;
      if (!user.enabled || !tenant.enabled) throw forbidden('This account is disabled');
      if (tenant.expiresOn && tenant.expiresOn < today(now()))
        throw forbidden("The company's subscription has expired");

      const token = await withTenant(user.tenantId, () => sessions.open(user, client));
      return {
        token,
        userName: user.userName,
        userTrueName: user.userTrueName,
        img: user.img,
        mustChangePassword: user.mustChangePassword,
      };
    },

    /**
     * A new account in the tenant LoginSet names, holding the one role it names there: the platform
     * administrator chose both; the role must still be enabled and not super when someone registers.
     */
    async register(body: RegisterBody): Promise<{ id: number }> {
      const policy = await loadLoginSettings(db);
      if (!policy.registerEnabled) throw forbidden('Self-registration is turned off');
      const { registerTenantId: tenantId, registerRoleId: roleId } = policy;
      const noRole = () => new AppError(422, ErrorCode.unprocessable, 'No role is set for self-registration');
      if (tenantId === null || roleId === null) throw noRole();
      return withTenant(tenantId, async () => {
        const problem = passwordProblem(body.password, body.userName, await passwordPolicyOf(db, tenantId));
        if (problem) throw badRequest(`Password: ${problem}`, { password: problem });
        const [role] = await db
          .select({ id: roles.id, expiresOn: tenants.expiresOn })
          .from(roles)
          .innerJoin(tenants, and(eq(tenants.id, roles.tenantId), eq(tenants.enabled, true)))
          .where(
            and(eq(roles.id, roleId), eq(roles.tenantId, tenantId), eq(roles.enabled, true), eq(roles.isSuper, false)),
          );
        if (!role || (role.expiresOn && role.expiresOn < today(now()))) throw noRole();
        const passwordHash = await hashPassword(body.password);
        return db.transaction(async (tx) => {
          const created = await insertUser(tx, tenantId, body, passwordHash);
          await tx.insert(userRoles).values({ tenantId, userId: created.id, roleId: role.id });
          return created;
        });
      });
    },

    async modifyPwd(userId: number, sessionId: string, body: ModifyPwdBody) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(user.passwordHash, body.oldPwd))) {
        throw badRequest('The current password is incorrect', { oldPwd: 'the current password is incorrect' });
      }
      if (body.newPwd === body.oldPwd) {
        throw badRequest('The new password must differ from the current one', {
          newPwd: 'must differ from the current password',
        });
      }
      const problem = passwordProblem(body.newPwd, user.userName, await passwordPolicyOf(db, user.tenantId));
      if (problem) throw badRequest(`New password: ${problem}`, { newPwd: problem });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(body.newPwd), mustChangePassword: false, updatedAt: now() })
        .where(and(eq(users.id, userId)));
      await sessions.revokeOthers(user, sessionId);
    },
  };
}

import { ErrorCode, type LoginBody, type LoginResult, type ModifyPwdBody, type RegisterBody } from '@trestle/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, roles, tenants, userRoles, users } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Sessions } from '../../http/sessions.ts';
import { loadLoginSettings, takeCaptcha } from './login-settings.ts';
import { hashPassword, passwordProblem, userKeyOf, verifyPassword } from './passwords.ts';

type Client = { address: string; userAgent: string };

const WRONG_CREDENTIALS = 'Incorrect user name or password';

export function createAuthService(db: Db, sessions: Sessions, now: () => Date) {
  /** Counts a failure for the key; the threshold-th failure within the window locks it. */
  async function recordFailure(userKey: string, threshold: number, minutes: number) {
    const at = now();
    const windowStart = new Date(at.getTime() - minutes * 60_000);
    const lockUntil = new Date(at.getTime() + minutes * 60_000);
    const fresh = sql`(${loginFailures.firstFailedAt} < ${windowStart} or ${loginFailures.lockedUntil} is not null)`;
    const next = sql`case when ${fresh} then 1 else ${loginFailures.failures} + 1 end`;
    await db
      .insert(loginFailures)
      .values({ userKey, failures: 1, firstFailedAt: at, lockedUntil: threshold <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: loginFailures.userKey,
        set: {
          failures: next,
          firstFailedAt: sql`case when ${fresh} then ${at} else ${loginFailures.firstFailedAt} end`,
          lockedUntil: sql`case when ${next} >= ${threshold} then ${lockUntil}::timestamptz else null end`,
        },
      });
  }

  return {
    async login(body: LoginBody, client: Client): Promise<LoginResult> {
      const policy = await loadLoginSettings(db);
      const userKey = userKeyOf(body.userName);
      // The lock is checked before hashing, so a locked name costs no argon2 work.
      const [failure] = await db.select().from(loginFailures).where(eq(loginFailures.userKey, userKey));
      const lockedMs = failure?.lockedUntil ? failure.lockedUntil.getTime() - now().getTime() : 0;
      if (lockedMs > 0) {
        const retryAfter = String(Math.ceil(lockedMs / 1000));
        throw new AppError(
          423,
          ErrorCode.locked,
          `Too many failed sign-ins: the account is locked for ${Math.ceil(lockedMs / 60_000)} more minute(s)`,
          { retryAfterSeconds: Number(retryAfter) },
          { 'retry-after': retryAfter },
        );
      }

      // [issue 4: site-login-settings] a missing or wrong captcha counts like a wrong password
      if (policy.captchaEnabled && !(await takeCaptcha(db, body.captchaId, body.captchaCode, now()))) {
        await recordFailure(userKey, policy.lockoutThreshold, policy.lockoutMinutes);
        throw badRequest('The captcha answer is wrong or has expired', {
          captchaCode: 'wrong or expired; enter the characters of the new picture',
        });
      }
      const [user] = await db.select().from(users).where(eq(users.userKey, userKey));
      if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
        await recordFailure(userKey, policy.lockoutThreshold, policy.lockoutMinutes);
        throw badRequest(WRONG_CREDENTIALS);
      }
      if (failure) await db.delete(loginFailures).where(eq(loginFailures.userKey, userKey));
      const [tenant] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
      if (!user.enabled || !tenant?.enabled) throw forbidden('This account is disabled');
      if (tenant.expiresOn && tenant.expiresOn < now().toISOString().slice(0, 10))
        throw forbidden("The company's subscription has expired");

      const token = await sessions.open(user, client);
      return {
        token,
        userName: user.userName,
        userTrueName: user.userTrueName,
        img: user.img,
        mustChangePassword: user.mustChangePassword,
      };
    },

    async register(body: RegisterBody): Promise<{ id: number }> {
      const policy = await loadLoginSettings(db);
      if (!policy.registerEnabled) throw forbidden('Self-registration is turned off');
      const problem = passwordProblem(body.password, body.userName, policy);
      if (problem) throw badRequest(`Password: ${problem}`, { password: problem });

      // Self-registered users join the platform tenant, the one a fresh install has.
      const [role] = await db
        .select({ id: roles.id, tenantId: roles.tenantId })
        .from(roles)
        .innerJoin(tenants, and(eq(tenants.id, roles.tenantId), eq(tenants.isPlatform, true)))
        .where(eq(roles.code, policy.defaultRoleCode));
      if (!role) throw new AppError(422, ErrorCode.unprocessable, 'No default role is set for self-registration');
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            tenantId: role.tenantId,
            userName: body.userName,
            userKey: userKeyOf(body.userName),
            userTrueName: body.userTrueName,
            passwordHash,
            phone: body.phone,
            email: body.email,
          })
          .onConflictDoNothing({ target: users.userKey })
          .returning({ id: users.id });
        if (!created) throw badRequest('This user name is taken', { userName: 'this user name is taken' });
        await tx.insert(userRoles).values({ userId: created.id, roleId: role.id });
        return created;
      });
    },

    async modifyPwd(userId: number, sessionId: string, body: ModifyPwdBody) {
      const policy = await loadLoginSettings(db);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(user.passwordHash, body.oldPwd))) {
        throw badRequest('The current password is incorrect', { oldPwd: 'the current password is incorrect' });
      }
      if (body.newPwd === body.oldPwd) {
        throw badRequest('The new password must differ from the current one', {
          newPwd: 'must differ from the current password',
        });
      }
      const problem = passwordProblem(body.newPwd, user.userName, policy);
      if (problem) throw badRequest(`New password: ${problem}`, { newPwd: problem });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(body.newPwd), mustChangePassword: false, updatedAt: now() })
        .where(and(eq(users.id, userId)));
      await sessions.revokeOthers(userId, sessionId);
    },
  };
}

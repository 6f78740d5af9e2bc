import { timingSafeEqual } from 'node:crypto';
import {
  type FieldErrors,
  type LoginSettings,
  type LoginSettingsBody,
  loginSettingsSchema,
  type PasswordPolicy,
  TENANT_LOGIN_FIELDS,
} from '@trestle/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, settings, tenants } from '../db/schema.ts';
import { captchaAnswerHash, captchas } from '../db/schema-settings.ts';
import { pickFields, tenantOverride } from '../db/settings-store.ts';
import { withTenant } from '../db/tenant.ts';
import { badRequest } from './errors.ts';
import { checkImage } from './images.ts';
import { saveSetting } from './site-settings.ts';

/**
 * The platform's sign-in settings, read on every use (one primary-key row), so a change made in
 * LoginSet applies without a restart and on every node at once: sign-in is rare enough not to need a
 * cache. Lockout, captcha and registration are decided here, before any tenant is known.
 */
export async function loadLoginSettings(db: Db): Promise<LoginSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'login'));
  const parsed = loginSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : loginSettingsSchema.parse({});
}

/** The sign-in settings in force for one tenant: the platform's, with the fields its own admin set. */
export async function tenantLoginSettings(db: Db, tenantId: number): Promise<LoginSettings> {
  const platform = await loadLoginSettings(db);
  const own = pickFields(await tenantOverride(db, tenantId, 'login'), TENANT_LOGIN_FIELDS);
  const parsed = loginSettingsSchema.safeParse({ ...platform, ...own });
  return parsed.success ? parsed.data : platform;
}

/** The password policy of a tenant's users (the caller is bound to that tenant). */
export async function passwordPolicyOf(db: Db, tenantId: number): Promise<PasswordPolicy> {
  const s = await tenantLoginSettings(db, tenantId);
  return {
    passwordMinLength: s.passwordMinLength,
    passwordUpper: s.passwordUpper,
    passwordLower: s.passwordLower,
    passwordDigit: s.passwordDigit,
    passwordSymbol: s.passwordSymbol,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Spends the captcha (deleted whether the answer is right or not, so each picture allows one guess)
 * and tells whether the answer was right and in time.
 */
export async function takeCaptcha(db: Db, id: string | undefined, answer: string | undefined, at: Date) {
  if (!id || !answer || !UUID.test(id)) return false;
  const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
  if (!row || row.expiresAt <= at) return false;
  return timingSafeEqual(Buffer.from(row.answerHash), Buffer.from(captchaAnswerHash(answer)));
}

/** Whether the sign-in page offers registration: switched on, with its tenant and role named. */
export const registrationOpen = (s: LoginSettings) =>
  s.registerEnabled && s.registerTenantId !== null && s.registerRoleId !== null;

/**
 * Saves the platform's sign-in settings once what the schema cannot see holds: the background's bytes,
 * and a registration that names an enabled tenant and a role of that tenant that is enabled and not
 * super, so self-registration can never hand out administration nor land in a tenant by accident.
 */
export async function savePlatformLoginSettings(db: Db, body: LoginSettingsBody, at: Date) {
  checkImage(body.background, 'background');
  const fieldErrors: FieldErrors = {};
  const { registerTenantId: tenantId, registerRoleId: roleId } = body;
  if (body.registerEnabled && tenantId === null) fieldErrors.registerTenantId = 'pick the tenant new accounts join';
  if (body.registerEnabled && roleId === null) fieldErrors.registerRoleId = 'pick the role new accounts get';
  if (tenantId !== null) {
    const [tenant] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), eq(tenants.enabled, true)));
    if (!tenant) fieldErrors.registerTenantId = 'no such tenant';
    else if (roleId !== null) {
      const [role] = await withTenant(tenantId, () =>
        db
          .select({ isSuper: roles.isSuper })
          .from(roles)
          .where(and(eq(roles.id, roleId), eq(roles.tenantId, tenantId), eq(roles.enabled, true))),
      );
      if (!role) fieldErrors.registerRoleId = 'no such role in this tenant';
      else if (role.isSuper) fieldErrors.registerRoleId = 'a super role may not be the default';
    }
  } else if (roleId !== null) fieldErrors.registerRoleId ??= 'pick the tenant first';
  if (Object.keys(fieldErrors).length) throw badRequest('Registration: check the tenant and the role', fieldErrors);
  await saveSetting(db, 'login', body, at);
}

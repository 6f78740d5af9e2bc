import { timingSafeEqual } from 'node:crypto';
import { type LoginSettings, loginSettingsSchema, type PasswordPolicy, TENANT_LOGIN_FIELDS } from '@trestle/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { captchaAnswerHash, captchas } from '../../db/schema-settings.ts';
import { pickFields, tenantOverride } from '../../db/settings-store.ts';

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

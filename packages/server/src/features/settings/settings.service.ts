import {
  ErrorCode,
  type FieldErrors,
  type LoginSettingsSave,
  type LoginSettingsView,
  loginSettingsBodySchema,
  type RegisterOptions,
  type SiteSettingsBody,
  type SiteSettingsSave,
  type SiteSettingsView,
  siteSettingsBodySchema,
  TENANT_LOGIN_FIELDS,
  TENANT_SITE_FIELDS,
} from '@trestle/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, tenants } from '../../db/schema.ts';
import { pickFields, saveTenantOverride } from '../../db/settings-store.ts';
import { withTenant } from '../../db/tenant.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { isPlatformAdmin } from '../../http/platform.ts';
import { checkImage } from '../../platform/images.ts';
import { loadLoginSettings, savePlatformLoginSettings, tenantLoginSettings } from '../../platform/login-settings.ts';
import { saveSetting, siteSettings, tenantSiteSettings, tokenLifetimes } from '../../platform/site-settings.ts';

type Lifetimes = { accessTokenMinutes: number; sessionMaxHours: number };

/** A full body from the stored values and a partial save (the save's own fields were validated already). */
function merged<T>(schema: z.ZodType<T>, value: object): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest('The stored settings are not valid; send every field');
  return parsed.data;
}

/**
 * The platform administrator sets the platform's values: every tenant's defaults, and everything
 * decided before a tenant is known (the sign-in page, lockout, captcha, registration, token lifetimes,
 * uploads). Anyone else holding the screen's grant sets only its own tenant's fields; in the platform
 * tenant itself there is nothing but the platform's values, so only the platform administrator saves.
 */
export function createSettingsService(db: Db, lifetimes: Lifetimes) {
  const isPlatform = async (auth: AuthContext) => auth.setup === true || (await isPlatformAdmin(db, auth));

  /** 403 naming each field a tenant's admin may not set; the platform tenant's own values are the platform's. */
  async function checkTenantSave(auth: AuthContext, body: object, allowed: readonly string[]) {
    const [tenant] = await db
      .select({ isPlatform: tenants.isPlatform })
      .from(tenants)
      .where(eq(tenants.id, auth.tenantId));
    if (tenant?.isPlatform)
      throw new AppError(
        403,
        ErrorCode.forbidden,
        "Only the platform administrator may change the platform's settings",
      );
    const fieldErrors: FieldErrors = {};
    for (const [key, value] of Object.entries(body))
      if (value !== undefined && !allowed.includes(key))
        fieldErrors[key] = 'platform-wide: only the platform administrator may change it';
    if (Object.keys(fieldErrors).length)
      throw new AppError(403, ErrorCode.forbidden, 'Only the platform administrator may change these settings', {
        fieldErrors,
      });
  }

  const platformSite = async (): Promise<SiteSettingsBody> => ({
    ...(await siteSettings(db)),
    ...(await tokenLifetimes(db, lifetimes)),
  });

  return {
    async siteView(auth: AuthContext): Promise<SiteSettingsView> {
      if (await isPlatform(auth)) return { scope: 'platform', ...(await platformSite()) };
      return { scope: 'tenant', ...pickFields(await tenantSiteSettings(db, auth.tenantId), TENANT_SITE_FIELDS) };
    },

    async saveSite(auth: AuthContext, body: SiteSettingsSave, at: Date) {
      checkImage(body.logo, 'logo');
      if (await isPlatform(auth)) {
        await saveSetting(db, 'site', merged(siteSettingsBodySchema, { ...(await platformSite()), ...body }), at);
      } else {
        await checkTenantSave(auth, body, TENANT_SITE_FIELDS);
        await saveTenantOverride(db, auth.tenantId, 'site', pickFields(body, TENANT_SITE_FIELDS), at);
      }
    },

    async loginView(auth: AuthContext): Promise<LoginSettingsView> {
      if (await isPlatform(auth)) return { scope: 'platform', ...(await loadLoginSettings(db)) };
      return { scope: 'tenant', ...pickFields(await tenantLoginSettings(db, auth.tenantId), TENANT_LOGIN_FIELDS) };
    },

    async saveLogin(auth: AuthContext, body: LoginSettingsSave, at: Date) {
      checkImage(body.background, 'background');
      if (await isPlatform(auth)) {
        const full = merged(loginSettingsBodySchema, { ...(await loadLoginSettings(db)), ...body });
        await savePlatformLoginSettings(db, full, at);
      } else {
        await checkTenantSave(auth, body, TENANT_LOGIN_FIELDS);
        await saveTenantOverride(db, auth.tenantId, 'login', pickFields(body, TENANT_LOGIN_FIELDS), at);
      }
    },

    /** Where registration may land: for the platform administrator (or first-run setup) only. */
    async registerOptions(auth: AuthContext): Promise<RegisterOptions> {
      if (!(await isPlatform(auth)))
        throw new AppError(
          403,
          ErrorCode.forbidden,
          'Only the platform administrator chooses where registration lands',
        );
      const open = await db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(eq(tenants.enabled, true))
        .orderBy(asc(tenants.id));
      const options: RegisterOptions = [];
      for (const tenant of open) {
        const eligible = await withTenant(tenant.id, () =>
          db
            .select({ id: roles.id, code: roles.code, name: roles.name })
            .from(roles)
            .where(and(eq(roles.tenantId, tenant.id), eq(roles.enabled, true), eq(roles.isSuper, false)))
            .orderBy(asc(roles.id)),
        );
        options.push({ ...tenant, roles: eligible });
      }
      return options;
    },
  };
}

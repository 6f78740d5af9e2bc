import {
  envelopeSchema,
  loginSettingsSaveSchema,
  loginSettingsViewSchema,
  passwordPolicySchema,
  publicSiteSchema,
  registerOptionsSchema,
  siteSettingsSaveSchema,
  siteSettingsViewSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { loadLoginSettings, passwordPolicyOf, registrationOpen } from '../../platform/login-settings.ts';
import { siteSettings, tenantSiteSettings } from '../../platform/site-settings.ts';
import { createSettingsService } from './settings.service.ts';

type Deps = { db: Db; now: () => Date; lifetimes: { accessTokenMinutes: number; sessionMaxHours: number } };

const shellSchema = z.object({
  systemName: z.string(),
  logo: z.string(),
  footerText: z.string(),
  pageSize: z.number(),
  uploadMaxMb: z.number(),
  uploadKinds: z.array(z.string()),
  /** The tenant's segregation-of-duties choices over the metadata defaults: the screens hide Approve by them. */
  separateApprover: z.record(z.string(), z.boolean()),
});

const scopes =
  "The platform administrator reads and saves the platform's values (every tenant's defaults; `scope: 'platform'`). " +
  "Another tenant's administrator reads and saves only its tenant's own fields (`scope: 'tenant'`); a save naming " +
  'any other field is refused with 403 and a field error per such field, and nothing is written.';

/** SiteConfig and LoginSet: typed settings, validated by the shared schemas, applied on the next call. */
export function settingsRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createSettingsService(deps.db, deps.lifetimes);

    r.get('/api/siteConfig/get', {
      config: { permission: { menu: 'SiteConfig', button: 'Search' } },
      schema: {
        tags: ['settings'],
        summary: 'The site settings the caller may set',
        description: scopes,
        response: { 200: envelopeSchema(siteSettingsViewSchema) },
      },
      handler: async (req) => envelope(await service.siteView(authOf(req))),
    });

    r.post('/api/siteConfig/save', {
      config: { permission: { menu: 'SiteConfig', button: 'Update' } },
      schema: {
        tags: ['settings'],
        summary: 'Save site settings (fields left out keep their values); every node applies them within 5 s',
        description: `${scopes} Token lifetimes, upload limits and log retention are platform-wide.`,
        body: siteSettingsSaveSchema,
        response: { 200: envelopeSchema(siteSettingsViewSchema) },
      },
      handler: async (req) => {
        const me = authOf(req);
        await service.saveSite(me, req.body, deps.now());
        return envelope(await service.siteView(me), 'Saved');
      },
    });

    r.get('/api/siteConfig/shell', {
      // The shell draws around the forced password change too.
      config: { permission: 'signedIn', allowedBeforePasswordChange: true },
      schema: {
        tags: ['settings'],
        summary: "What every signed-in screen uses: the tenant's name, logo, footer and page size, the upload limits",
        response: { 200: envelopeSchema(shellSchema) },
      },
      handler: async (req) => {
        const s = await tenantSiteSettings(deps.db, authOf(req).tenantId);
        return envelope({
          systemName: s.systemName,
          logo: s.logo,
          footerText: s.footerText,
          pageSize: s.pageSize,
          uploadMaxMb: s.uploadMaxMb,
          uploadKinds: s.uploadKinds,
          separateApprover: s.separateApprover,
        });
      },
    });

    r.get('/api/siteConfig/public', {
      config: { permission: 'public' },
      schema: {
        tags: ['settings'],
        summary: "What the anonymous sign-in page may know (the platform's values), and nothing else",
        response: { 200: envelopeSchema(publicSiteSchema) },
      },
      handler: async () => {
        const [site, login] = await Promise.all([siteSettings(deps.db), loadLoginSettings(deps.db)]);
        return envelope({
          systemName: site.systemName,
          logo: site.logo,
          title: login.title,
          background: login.background,
          captchaEnabled: login.captchaEnabled,
          registerEnabled: registrationOpen(login),
        });
      },
    });

    r.get('/api/user/passwordPolicy', {
      config: { permission: 'public' },
      schema: {
        tags: ['settings'],
        summary: "The password policy a new account must meet (the registration tenant's), for the register form",
        response: { 200: envelopeSchema(passwordPolicySchema) },
      },
      handler: async () => {
        const login = await loadLoginSettings(deps.db);
        const tenantId = registrationOpen(login) ? login.registerTenantId : null;
        const policy =
          tenantId === null ? login : await withTenant(tenantId, () => passwordPolicyOf(deps.db, tenantId));
        return envelope(policyOf(policy));
      },
    });

    r.get('/api/user/myPasswordPolicy', {
      config: { permission: 'signedIn', allowedBeforePasswordChange: true },
      schema: {
        tags: ['settings'],
        summary: "The password policy of the caller's own tenant, for the change-password form",
        response: { 200: envelopeSchema(passwordPolicySchema) },
      },
      handler: async (req) => {
        const me = authOf(req);
        const home = me.homeTenantId ?? me.tenantId;
        return envelope(policyOf(await withTenant(home, () => passwordPolicyOf(deps.db, home))));
      },
    });

    r.get('/api/loginSet/get', {
      config: { permission: { menu: 'LoginSet', button: 'Search' } },
      schema: {
        tags: ['settings'],
        summary: 'The sign-in settings the caller may set',
        description: `${scopes} A tenant's administrator sets its users' password policy; the rest is platform-wide.`,
        response: { 200: envelopeSchema(loginSettingsViewSchema) },
      },
      handler: async (req) => envelope(await service.loginView(authOf(req))),
    });

    r.post('/api/loginSet/save', {
      config: { permission: { menu: 'LoginSet', button: 'Update' } },
      schema: {
        tags: ['settings'],
        summary: 'Save sign-in settings (fields left out keep their values); the next sign-in uses them',
        description: `${scopes} With registration on, registerTenantId and registerRoleId name an enabled tenant and one of its enabled roles that is not super.`,
        body: loginSettingsSaveSchema,
        response: { 200: envelopeSchema(loginSettingsViewSchema) },
      },
      handler: async (req) => {
        const me = authOf(req);
        await service.saveLogin(me, req.body, deps.now());
        return envelope(await service.loginView(me), 'Saved');
      },
    });

    r.get('/api/loginSet/registerOptions', {
      config: { permission: { menu: 'LoginSet', button: 'Search' }, setupAccess: true },
      schema: {
        tags: ['settings'],
        summary: 'Where self-registration may land: enabled tenants with their enabled roles that are not super',
        description: 'The platform administrator only (and first-run setup); anyone else gets 403.',
        response: { 200: envelopeSchema(registerOptionsSchema) },
      },
      handler: async (req) => envelope(await service.registerOptions(authOf(req))),
    });
  };
}

const policyOf = (s: z.infer<typeof passwordPolicySchema>) => ({
  passwordMinLength: s.passwordMinLength,
  passwordUpper: s.passwordUpper,
  passwordLower: s.passwordLower,
  passwordDigit: s.passwordDigit,
  passwordSymbol: s.passwordSymbol,
});

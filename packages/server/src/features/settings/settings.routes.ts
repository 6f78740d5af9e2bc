import {
  envelopeSchema,
  type LoginSettingsBody,
  loginSettingsBodySchema,
  passwordPolicySchema,
  publicSiteSchema,
  type SiteSettingsBody,
  siteSettingsBodySchema,
} from '@trestle/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import { badRequest, envelope } from '../../http/errors.ts';
import { loadLoginSettings } from '../auth/login-settings.ts';
import { saveSetting, siteSettings, tokenLifetimes } from './site-settings.ts';

type Deps = { db: Db; now: () => Date; lifetimes: { accessTokenMinutes: number; sessionMaxHours: number } };

const shellSchema = z.object({
  systemName: z.string(),
  logo: z.string(),
  footerText: z.string(),
  pageSize: z.number(),
  uploadMaxMb: z.number(),
  uploadKinds: z.array(z.string()),
});

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  gif: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** An image data URL whose bytes really are the type it names (the zod schema checked the shape). */
function checkImage(dataUrl: string, field: string) {
  if (!dataUrl) return;
  const [, kind = '', base64 = ''] = /^data:image\/(\w+);base64,(.*)$/s.exec(dataUrl) ?? [];
  if (!SIGNATURES[kind]?.(Buffer.from(base64, 'base64')))
    throw badRequest(`${field}: the content is not the image type it claims`, { [field]: 'not a valid image' });
}

/** SiteConfig and LoginSet: typed settings, validated by the shared schemas, applied on the next call. */
export function settingsRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    const currentSite = async (): Promise<SiteSettingsBody> => {
      const s = await siteSettings(deps.db);
      return { ...s, ...(await tokenLifetimes(deps.db, deps.lifetimes)) };
    };
    const currentLogin = async (): Promise<LoginSettingsBody> => loadLoginSettings(deps.db);

    r.get('/api/siteConfig/get', {
      config: { permission: { menu: 'SiteConfig', button: 'Search' } },
      schema: {
        tags: ['settings'],
        summary: 'The site settings in force',
        response: { 200: envelopeSchema(siteSettingsBodySchema) },
      },
      handler: async () => envelope(await currentSite()),
    });

    r.post('/api/siteConfig/save', {
      config: { permission: { menu: 'SiteConfig', button: 'Update' } },
      schema: {
        tags: ['settings'],
        summary: 'Save the site settings; every node applies them within 5 s, this one at once',
        body: siteSettingsBodySchema,
        response: { 200: envelopeSchema(siteSettingsBodySchema) },
      },
      handler: async (req) => {
        checkImage(req.body.logo, 'logo');
        await saveSetting(deps.db, 'site', req.body, deps.now());
        return envelope(await currentSite(), 'Saved');
      },
    });

    r.get('/api/siteConfig/shell', {
      // The shell draws around the forced password change too.
      config: { permission: 'signedIn', allowedBeforePasswordChange: true },
      schema: {
        tags: ['settings'],
        summary: 'What every signed-in screen uses: name, logo, footer, list page size, upload limits',
        response: { 200: envelopeSchema(shellSchema) },
      },
      handler: async () => {
        const s = await siteSettings(deps.db);
        return envelope({
          systemName: s.systemName,
          logo: s.logo,
          footerText: s.footerText,
          pageSize: s.pageSize,
          uploadMaxMb: s.uploadMaxMb,
          uploadKinds: s.uploadKinds,
        });
      },
    });

    r.get('/api/siteConfig/public', {
      config: { permission: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'What the anonymous sign-in page may know, and nothing else',
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
          registerEnabled: login.registerEnabled,
        });
      },
    });

    r.get('/api/user/passwordPolicy', {
      config: { permission: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'The password policy, so the register and change-password forms check what the server checks',
        response: { 200: envelopeSchema(passwordPolicySchema) },
      },
      handler: async () => {
        const s = await loadLoginSettings(deps.db);
        return envelope({
          passwordMinLength: s.passwordMinLength,
          passwordUpper: s.passwordUpper,
          passwordLower: s.passwordLower,
          passwordDigit: s.passwordDigit,
          passwordSymbol: s.passwordSymbol,
        });
      },
    });

    r.get('/api/loginSet/get', {
      config: { permission: { menu: 'LoginSet', button: 'Search' } },
      schema: {
        tags: ['settings'],
        summary: 'The sign-in settings in force',
        response: { 200: envelopeSchema(loginSettingsBodySchema) },
      },
      handler: async () => envelope(await currentLogin()),
    });

    r.post('/api/loginSet/save', {
      config: { permission: { menu: 'LoginSet', button: 'Update' } },
      schema: {
        tags: ['settings'],
        summary: 'Save the sign-in settings; the next sign-in uses them',
        body: loginSettingsBodySchema,
        response: { 200: envelopeSchema(loginSettingsBodySchema) },
      },
      handler: async (req) => {
        await saveLoginSettings(deps.db, req.body, deps.now());
        return envelope(await currentLogin(), 'Saved');
      },
    });
  };
}

/**
 * Validates what the schema cannot (the background's bytes; the default role exists and is no
 * super role, so self-registration can never hand out administration) and saves.
 */
export async function saveLoginSettings(db: Db, body: LoginSettingsBody, at: Date) {
  checkImage(body.background, 'background');
  const [role] = await db
    .select({ isSuper: roles.isSuper })
    .from(roles)
    .where(and(eq(roles.code, body.defaultRoleCode), eq(roles.enabled, true)));
  if (!role) throw badRequest('defaultRoleCode: no enabled role has this code', { defaultRoleCode: 'no such role' });
  if (role.isSuper)
    throw badRequest('defaultRoleCode: self-registration may not grant a super role', {
      defaultRoleCode: 'a super role may not be the default',
    });
  await saveSetting(db, 'login', body, at);
}

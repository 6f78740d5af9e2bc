import { z } from 'zod';
import { codePatternProblem } from '../entity/numbering.ts';
import { passwordSchema, userNameSchema } from './auth.ts';
import { codedRow, requiredText } from './shapes.ts';
import { INT4_MAX } from './values.ts';

/** An image kept inline in the settings row (PNG, JPEG, GIF or WebP as a data URL): the anonymous sign-in page shows it. */
export const IMAGE_DATA_URL_MAX = 300_000;
const imageDataUrlValue = z.union([
  z.literal(''),
  z
    .string()
    .max(IMAGE_DATA_URL_MAX, 'image too large (at most about 200 KB)')
    .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/, 'not a PNG, JPEG, GIF or WebP image'),
]);
const imageDataUrl = imageDataUrlValue.default('');

/**
 * The sign-in settings LoginSet edits; the defaults hold until the platform administrator changes them.
 * Registration is off until it names the tenant and the role a new account gets.
 */
export const loginSettingsSchema = z.object({
  title: z.string().max(100).default('Trestle'),
  /** The sign-in page's background image; empty for the plain one. */
  background: imageDataUrl,
  captchaEnabled: z.boolean().default(false),
  registerEnabled: z.boolean().default(false),
  /** The tenant a self-registered user joins, and the one role it gets there (enabled, not super). */
  registerTenantId: z.number().int().nullable().default(null),
  registerRoleId: z.number().int().nullable().default(null),
  lockoutThreshold: z.number().int().min(1).max(100).default(5),
  lockoutMinutes: z.number().int().min(1).max(1440).default(15),
  passwordMinLength: z.number().int().min(8).max(64).default(8),
  passwordUpper: z.boolean().default(false),
  passwordLower: z.boolean().default(false),
  passwordDigit: z.boolean().default(false),
  passwordSymbol: z.boolean().default(false),
});
export type LoginSettings = z.infer<typeof loginSettingsSchema>;

// An id the database can hold: past int4 it would fail the tenant's or role's lookup instead of being refused.
const registerId = z.number().int().positive('pick one').max(INT4_MAX, `at most ${INT4_MAX}`).nullable();

/** What LoginSet saves: every field, nothing unknown (the platform administrator's full set). */
export const loginSettingsBodySchema = z.strictObject({
  title: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'),
  background: imageDataUrl,
  captchaEnabled: z.boolean(),
  registerEnabled: z.boolean(),
  registerTenantId: registerId,
  registerRoleId: registerId,
  lockoutThreshold: z.number().int().min(1, 'at least 1').max(100, 'at most 100'),
  lockoutMinutes: z.number().int().min(1, 'at least 1').max(1440, 'at most 1440'),
  passwordMinLength: z.number().int().min(8, 'at least 8').max(64, 'at most 64'),
  passwordUpper: z.boolean(),
  passwordLower: z.boolean(),
  passwordDigit: z.boolean(),
  passwordSymbol: z.boolean(),
});
export type LoginSettingsBody = z.infer<typeof loginSettingsBodySchema>;

/**
 * Who a settings screen is for: the platform administrator sets the platform's values (every tenant's
 * defaults, and all a sign-in page shows), a tenant's administrator only the fields below, for its tenant.
 */
export const settingsScopeSchema = z.enum(['platform', 'tenant']);
export type SettingsScope = z.infer<typeof settingsScopeSchema>;

/** What a password must have: the sign-in fields a tenant's administrator sets for its own users. */
export const passwordPolicySchema = z.object({
  passwordMinLength: z.number(),
  passwordUpper: z.boolean(),
  passwordLower: z.boolean(),
  passwordDigit: z.boolean(),
  passwordSymbol: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const TENANT_LOGIN_FIELDS = passwordPolicySchema.keyof().options satisfies readonly (keyof LoginSettingsBody)[];

/** A LoginSet save: the platform administrator may send any field, a tenant's only TENANT_LOGIN_FIELDS. */
// A field left out keeps its value: no default may stand in for it.
export const loginSettingsSaveSchema = loginSettingsBodySchema.extend({ background: imageDataUrlValue }).partial();
export type LoginSettingsSave = z.infer<typeof loginSettingsSaveSchema>;

/** LoginSet as the caller may see it: every field for the platform, the tenant's fields for a tenant. */
export const loginSettingsViewSchema = loginSettingsSaveSchema.extend({ scope: settingsScopeSchema });
export type LoginSettingsView = z.infer<typeof loginSettingsViewSchema>;

/** Where self-registration may land: each enabled tenant with its roles that are enabled and not super. */
export const registerOptionsSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    roles: z.array(z.object(codedRow)),
  }),
);
export type RegisterOptions = z.infer<typeof registerOptionsSchema>;

export const loginConfigSchema = z.object({ registerEnabled: z.boolean(), title: z.string() });
export type LoginConfig = z.infer<typeof loginConfigSchema>;

// The policy's check lives in password-policy.ts (no zod), for the sign-in page's forms.
export { passwordGapMessage, passwordPolicyGaps } from './password-policy.ts';

/** The kinds of file an upload may be (checked by content on the server). */
export const UPLOAD_KINDS = ['image', 'pdf', 'office', 'text'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The page sizes the grids offer. */
export const PAGE_SIZES: readonly number[] = [30, 60, 100, 200, 500];

const entityName = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]*$/, 'not an entity name')
  .max(64);
export const codePatternSchema = z
  .string()
  .trim()
  .max(40, 'at most 40 characters')
  .superRefine((pattern, ctx) => {
    const problem = codePatternProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** Per entity: the pattern of its document numbers (XM{yyyy}-{seq:4}), over the one its metadata names. */
export const codePatternsSchema = z.record(entityName, codePatternSchema);
/** Per entity with approval: whether whoever submitted a document may not approve it, over its metadata's default. */
export const separateApproverSchema = z.record(entityName, z.boolean());

/** What SiteConfig edits: settings key 'site'. */
export const siteSettingsBodySchema = z.strictObject({
  systemName: z.string().trim().min(1, 'required').max(50, 'at most 50 characters'),
  logo: imageDataUrl,
  footerText: z.string().trim().max(200, 'at most 200 characters').default(''),
  uploadMaxMb: z.number().int().min(1, 'at least 1').max(100, 'at most 100'),
  uploadKinds: z.array(z.enum(UPLOAD_KINDS)).min(1, 'choose at least one kind').max(UPLOAD_KINDS.length),
  pageSize: z
    .number()
    .int()
    .refine((n) => PAGE_SIZES.includes(n), 'one of 30, 60, 100, 200, 500'),
  accessTokenMinutes: z.number().int().min(5, 'at least 5').max(1440, 'at most 1440'),
  sessionMaxHours: z.number().int().min(1, 'at least 1').max(720, 'at most 720'),
  logRetentionDays: z.number().int().min(1, 'at least 1').max(3650, 'at most 3650'),
  codePatterns: codePatternsSchema.default({}),
  separateApprover: separateApproverSchema.default({}),
});
export type SiteSettingsBody = z.infer<typeof siteSettingsBodySchema>;

/** The site fields a tenant's administrator sets for its own users: what they see, not what the platform allows. */
export const TENANT_SITE_FIELDS = [
  'systemName',
  'logo',
  'footerText',
  'pageSize',
  'codePatterns',
  'separateApprover',
] as const satisfies readonly (keyof SiteSettingsBody)[];

/** A SiteConfig save: the platform administrator may send any field, a tenant's only TENANT_SITE_FIELDS. */
// A field left out keeps its value: no default may stand in for it.
export const siteSettingsSaveSchema = siteSettingsBodySchema
  .extend({
    logo: imageDataUrlValue,
    footerText: z.string().trim().max(200, 'at most 200 characters'),
    codePatterns: codePatternsSchema,
    separateApprover: separateApproverSchema,
  })
  .partial();
export type SiteSettingsSave = z.infer<typeof siteSettingsSaveSchema>;

/** SiteConfig as the caller may see it: every field for the platform, the tenant's fields for a tenant. */
export const siteSettingsViewSchema = siteSettingsSaveSchema.extend({ scope: settingsScopeSchema });
export type SiteSettingsView = z.infer<typeof siteSettingsViewSchema>;

/**
 * The stored 'site' value, read leniently: a missing field takes its default, and the two token
 * lifetimes stay unset until an admin saves them (the server's configuration applies meanwhile).
 */
export const siteSettingsSchema = z.object({
  systemName: z.string().max(50).default('Trestle'),
  logo: imageDataUrl,
  footerText: z.string().max(200).default(''),
  uploadMaxMb: z.number().int().min(1).max(100).default(10),
  uploadKinds: z.array(z.enum(UPLOAD_KINDS)).default([...UPLOAD_KINDS]),
  pageSize: z.number().int().default(30),
  accessTokenMinutes: z.number().int().min(5).max(1440).optional(),
  sessionMaxHours: z.number().int().min(1).max(720).optional(),
  logRetentionDays: z.number().int().min(1).max(3650).default(180),
  codePatterns: codePatternsSchema.catch({}).default({}),
  separateApprover: separateApproverSchema.catch({}).default({}),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** What the anonymous sign-in page (and the shell) may know: nothing else. */
export const publicSiteSchema = z.object({
  systemName: z.string(),
  logo: z.string(),
  title: z.string(),
  background: z.string(),
  captchaEnabled: z.boolean(),
  registerEnabled: z.boolean(),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;

/** The image captcha: the id to send back with the answer, and the picture (SVG markup). */
export const captchaSchema = z.object({ captchaId: z.string(), svg: z.string(), expiresInSeconds: z.number() });
export type Captcha = z.infer<typeof captchaSchema>;

/** First-run setup: every call carries the one-time setup code. */
const setupCode = z.string().trim().min(1, 'required').max(40);
export const setupStateSchema = z.object({ setupOpen: z.boolean() });
export const setupCodeBodySchema = z.strictObject({ code: setupCode });
export const setupLoginSetBodySchema = z.strictObject({
  code: z.string().trim().min(1).max(40),
  login: loginSettingsBodySchema,
});
export const setupAdminBodySchema = z.strictObject({
  code: setupCode,
  userName: userNameSchema,
  userTrueName: requiredText(50),
  password: passwordSchema,
});
export type SetupAdminBody = z.infer<typeof setupAdminBodySchema>;

/** The kind of a sniffed MIME type, as SiteConfig's allowed kinds name it. */
export function uploadKindOf(mime: string): UploadKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('text/')) return 'text';
  return 'office';
}

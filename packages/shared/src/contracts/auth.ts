import { z } from 'zod';
import { codedRow, userIdentity } from './shapes.ts';
import { patterns } from './validators.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/** User names: a letter first, then letters, digits, dot, dash or underscore; 3 to 50 characters. */
export const userNameSchema = z
  .string()
  .trim()
  .min(3, 'at least 3 characters')
  .max(50, 'at most 50 characters')
  .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, 'starts with a letter; letters, digits, dot, dash and underscore only');

/** Password shape only; the policy (length, banned values) is server-side and configurable. */
export const passwordSchema = z.string().min(1, 'required').max(128, 'at most 128 characters');

export const loginBodySchema = z.strictObject({
  userName: z.string().min(1, 'required').max(100, 'at most 100 characters'),
  password: passwordSchema,
  // The image captcha's id and answer, required when LoginSet turns it on
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  userTrueName: z.string(),
  img: z.string(),
  /** Set after an admin's password reset: the client opens the change-password dialog at once. */
  mustChangePassword: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const registerBodySchema = z.strictObject({
  userName: userNameSchema,
  password: passwordSchema,
  userTrueName: text(50),
  phone: z.string().trim().regex(patterns.phone, 'not a valid phone number'),
  email: z.string().trim().max(100).regex(patterns.mail, 'not a valid mail address'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const modifyPwdBodySchema = z.strictObject({
  oldPwd: passwordSchema,
  newPwd: passwordSchema,
});
export type ModifyPwdBody = z.infer<typeof modifyPwdBodySchema>;

export const updateProfileBodySchema = z.strictObject({
  userTrueName: text(50),
  phone: z.union([z.literal(''), z.string().trim().regex(patterns.phone, 'not a valid phone number')]),
  email: z.union([z.literal(''), z.string().trim().max(100).regex(patterns.mail, 'not a valid mail address')]),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const currentUserSchema = z.object({
  ...userIdentity,
  img: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The tenant this session works in; it differs from homeTenantId after a platform admin switched. */
  tenant: z.object(codedRow),
  homeTenantId: z.number(),
  organization: z.object({ id: z.number(), name: z.string() }).nullable(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  mustChangePassword: z.boolean(),
  sessionExpiresAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

import { z } from 'zod';
import { passwordSchema, userNameSchema } from './auth.ts';
import { pageOf, paging, requiredText, treeNode, userIdentity } from './shapes.ts';
import { patterns } from './validators.ts';
import { id } from './values.ts';

// Contracts of the /User screen (custom routes: users carry a password and sessions, so not a generic engine grid).

const idSchema = id;
const phone = z.union([z.literal(''), z.string().trim().regex(patterns.phone, 'not a valid phone number')]);
const email = z.union([
  z.literal(''),
  z.string().trim().max(100, 'at most 100 characters').regex(patterns.mail, 'not a valid mail address'),
]);

export const userListQuerySchema = z.strictObject({
  ...paging(200, 30),
  /** Matches the user name, the real name, the phone or the mail. */
  search: z.string().trim().max(50).default(''),
  enabled: z.boolean().optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userRowSchema = z.object({
  ...userIdentity,
  phone: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Locked out by failed sign-ins right now. */
  locked: z.boolean(),
  /** The main organisation; also one of organizationIds. */
  organizationId: z.number().nullable(),
  organizationIds: z.array(z.number()),
  roleIds: z.array(z.number()),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userListSchema = pageOf(userRowSchema);
export type UserList = z.infer<typeof userListSchema>;

const userFields = {
  userTrueName: requiredText(50),
  phone,
  email,
  organizationId: idSchema.nullable(),
  organizationIds: z.array(idSchema).max(50, 'at most 50 organisations'),
  roleIds: z.array(idSchema).max(50, 'at most 50 roles'),
};

export const addUserBodySchema = z.strictObject({
  userName: userNameSchema,
  password: passwordSchema,
  enabled: z.boolean().default(true),
  ...userFields,
});
export type AddUserBody = z.input<typeof addUserBodySchema>;

export const updateUserBodySchema = z.strictObject({ id: idSchema, ...userFields });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userIdBodySchema = z.strictObject({ id: idSchema });
export const setUserEnabledBodySchema = z.strictObject({ id: idSchema, enabled: z.boolean() });
/** The admin sets a temporary password; the user must change it at the next sign-in. */
export const resetPasswordBodySchema = z.strictObject({ id: idSchema, password: passwordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const userSessionSchema = z.object({
  id: z.string(),
  address: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

const optionSchema = z.object({ ...treeNode, name: z.string() });
/** What the user form may pick: the roles the caller may assign and the tenant's organisations. */
export const userOptionsSchema = z.object({ roles: z.array(optionSchema), organizations: z.array(optionSchema) });
export type UserOptions = z.infer<typeof userOptionsSchema>;

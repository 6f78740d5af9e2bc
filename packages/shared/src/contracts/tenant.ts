import { z } from 'zod';
import { passwordSchema, userNameSchema } from './auth.ts';
import { codedRow, paging, remarkText, requiredText } from './shapes.ts';
import { calendarDate, id } from './values.ts';

/** The menus a tenant may use; the platform tenant always has every menu. */
const packageSchema = z.array(id).max(1000);

export const tenantFieldsSchema = z.strictObject({
  name: requiredText(100),
  expiresOn: calendarDate.nullable().default(null),
  remark: remarkText,
  menuIds: packageSchema,
});

export const tenantAddSchema = tenantFieldsSchema.extend({
  code: z
    .string()
    .trim()
    .min(2, 'at least 2 characters')
    .max(50, 'at most 50 characters')
    .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter'),
  admin: z.strictObject({
    userName: userNameSchema,
    userTrueName: requiredText(50),
    password: passwordSchema,
  }),
});
export type TenantAdd = z.infer<typeof tenantAddSchema>;

export const tenantUpdateSchema = tenantFieldsSchema.extend({
  id,
  enabled: z.boolean(),
});
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

export const tenantListQuerySchema = z.strictObject({
  ...paging(100, 30),
  q: z.string().trim().max(50).default(''),
});

export const tenantRowSchema = z.object({
  ...codedRow,
  enabled: z.boolean(),
  isPlatform: z.boolean(),
  expiresOn: z.string().nullable(),
  remark: z.string(),
  adminUserName: z.string().nullable(),
  users: z.number(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

export const tenantDetailSchema = tenantRowSchema.extend({ menuIds: z.array(z.number()) });
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

export const tenantSwitchSchema = z.strictObject({ tenantId: id });

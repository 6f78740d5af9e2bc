import { z } from 'zod';
import { bilingualName, codedRow, requiredText, treeNode } from './shapes.ts';
import { id, nameZhSchema } from './values.ts';

const idSchema = id;

// Contracts of the /Role tree and the /permission matrix.

export const roleCodeSchema = requiredText(50).regex(
  /^[A-Za-z][A-Za-z0-9._-]*$/,
  'starts with a letter; letters, digits, dot, dash and underscore only',
);

export const roleSchema = z.object({
  ...treeNode,
  code: z.string(),
  ...bilingualName,
  roleTypeId: z.number().nullable(),
  isSuper: z.boolean(),
  enabled: z.boolean(),
  dataScope: z.string(),
  /** False for the caller's own roles: seen, not edited (no one raises their own grants). */
  manageable: z.boolean(),
  userCount: z.number(),
});
export type Role = z.infer<typeof roleSchema>;

export const addRoleBodySchema = z.strictObject({
  parentId: idSchema.nullable(),
  code: roleCodeSchema,
  name: requiredText(100),
  nameZh: nameZhSchema(100),
  roleTypeId: idSchema.nullable(),
  enabled: z.boolean().default(true),
  /** Only a super admin may set it. */
  isSuper: z.boolean().optional(),
});
export type AddRoleBody = z.input<typeof addRoleBodySchema>;

export const updateRoleBodySchema = addRoleBodySchema.extend({ id: idSchema });
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;

export const roleIdBodySchema = z.strictObject({ id: idSchema });

export const permissionMenuSchema = z.object({
  ...treeNode,
  name: z.string(),
  url: z.string(),
  /** The buttons the menu's screen offers. */
  offered: z.array(z.number()),
  /** Of those, the ones the caller holds and so may grant. */
  assignable: z.array(z.number()),
  /** The caller may grant opening this menu at all. */
  openable: z.boolean(),
  /** The role opens this menu now... */
  opened: z.boolean(),
  /** ...with these buttons. */
  granted: z.array(z.number()),
});
export type PermissionMenu = z.infer<typeof permissionMenuSchema>;

export const permissionMatrixSchema = z.object({
  roleId: z.number(),
  menus: z.array(permissionMenuSchema),
  buttons: z.array(z.object(codedRow)),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

/** The role's whole grant on the menus the caller may grant: a menu listed is opened, with these buttons. */
export const savePermissionBodySchema = z.strictObject({
  roleId: idSchema,
  menus: z.array(z.strictObject({ menuId: idSchema, buttonIds: z.array(idSchema).max(50) })).max(2000),
});
export type SavePermissionBody = z.infer<typeof savePermissionBodySchema>;

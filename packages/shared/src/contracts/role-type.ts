import { z } from 'zod';
import { roleCodeSchema } from './role.ts';
import { codedRow } from './shapes.ts';
import { id } from './values.ts';

const idSchema = id;

/** Role types group roles; they are global (shared by every tenant), like the button catalogue. */
export const roleTypeSchema = z.object({ ...codedRow, roleCount: z.number() });
export type RoleType = z.infer<typeof roleTypeSchema>;

export const addRoleTypeBodySchema = z.strictObject({
  code: roleCodeSchema,
  name: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'),
});
export type AddRoleTypeBody = z.infer<typeof addRoleTypeBodySchema>;
export const updateRoleTypeBodySchema = addRoleTypeBodySchema.extend({ id: idSchema });
export type UpdateRoleTypeBody = z.infer<typeof updateRoleTypeBodySchema>;
export const roleTypeIdBodySchema = z.strictObject({ id: idSchema });

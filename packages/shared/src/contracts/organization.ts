import { z } from 'zod';
import { bilingualName, treeNode, userIdentity } from './shapes.ts';
import { id, nameZhSchema } from './values.ts';

/** The dictionary that names organisation types; these values are what a fresh install offers. */
export const ORGANIZATION_TYPE_DICTIONARY = 'organizationType';
export const defaultOrganizationTypes = ['company', 'department', 'team'] as const;

/** One node of the organisation tree (/Organization), flat: the client builds the tree from parentId. */
export const organizationRowSchema = z.object({
  ...treeNode,
  code: z.string(),
  ...bilingualName,
  type: z.string(),
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  sort: z.number(),
  userCount: z.number(),
});
export type OrganizationRow = z.infer<typeof organizationRowSchema>;

export const organizationInputSchema = z.strictObject({
  parentId: id.nullable(),
  code: z
    .string()
    .trim()
    .min(1, 'required')
    .max(50, 'at most 50 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Letters, digits, _ and - only'),
  name: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'),
  nameZh: nameZhSchema(100),
  type: z
    .string()
    .trim()
    .min(1, 'required')
    .max(30, 'at most 30 characters')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Pick a type'),
  managerId: id.nullable(),
  sort: z.number().int().min(0).max(999_999),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;
export const organizationUpdateSchema = organizationInputSchema.extend({ id });
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

/** A user as the organisation screen lists it, and as the manager picker offers it. */
export const organizationUserSchema = z.object({ ...userIdentity, enabled: z.boolean() });
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

import { z } from 'zod';

/** The sign-in settings LoginSet edits; the defaults hold until an admin changes them. */
export const loginSettingsSchema = z.object({
  title: z.string().max(100).default('Trestle'),
  registerEnabled: z.boolean().default(true),
  /** Code of the role a self-registered user gets. */
  defaultRoleCode: z.string().max(50).default('staff'),
  lockoutThreshold: z.number().int().min(1).max(100).default(5),
  lockoutMinutes: z.number().int().min(1).max(1440).default(15),
  passwordMinLength: z.number().int().min(8).max(64).default(8),
});
export type LoginSettings = z.infer<typeof loginSettingsSchema>;

export const loginConfigSchema = z.object({ registerEnabled: z.boolean(), title: z.string() });
export type LoginConfig = z.infer<typeof loginConfigSchema>;

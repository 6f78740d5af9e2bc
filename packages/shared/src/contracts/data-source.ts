import { z } from 'zod';
import { remarkText, requiredText } from './shapes.ts';
import { id, integerSchema } from './values.ts';

export const dataSourceKinds = ['postgres', 'mysql'] as const;
export type DataSourceKind = (typeof dataSourceKinds)[number];

/** What an admin types for an external database; on update an empty password keeps the stored one. */
export const dataSourceInputSchema = z.strictObject({
  name: requiredText(100),
  kind: z.enum(dataSourceKinds),
  host: requiredText(255).regex(/^[A-Za-z0-9.:_-]+$/, 'a host name or an IP address'),
  port: z.number().int().min(1, 'between 1 and 65535').max(65535, 'between 1 and 65535'),
  database: requiredText(100),
  userName: requiredText(100),
  password: z.string().max(200, 'at most 200 characters'),
  ssl: z.boolean().default(false),
  timeoutSeconds: z.number().int().min(1, 'between 1 and 60').max(60, 'between 1 and 60').default(10),
  remark: remarkText,
});
export type DataSourceInput = z.infer<typeof dataSourceInputSchema>;

export const dataSourceUpdateSchema = dataSourceInputSchema.extend({
  id,
  version: integerSchema().min(1, 'at least 1'),
});
export type DataSourceUpdate = z.infer<typeof dataSourceUpdateSchema>;

/** Test a connection as typed; with `id`, an empty password means the stored one. */
export const dataSourceTestSchema = dataSourceInputSchema.extend({ id: id.optional() });
export type DataSourceTest = z.infer<typeof dataSourceTestSchema>;

/** A data source as the client sees it: never the password. */
export const dataSourceRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(dataSourceKinds),
  host: z.string(),
  port: z.number(),
  database: z.string(),
  userName: z.string(),
  ssl: z.boolean(),
  timeoutSeconds: z.number(),
  remark: z.string(),
  lastTestedAt: z.string().nullable(),
  lastTestOk: z.boolean().nullable(),
  lastReadOnly: z.boolean().nullable(),
  version: z.number(),
});
export type DataSourceRow = z.infer<typeof dataSourceRowSchema>;

export const dataSourceTestResultSchema = z.object({
  ok: z.boolean(),
  /** True when the account can't change data: what BI and low-code should use. */
  readOnly: z.boolean().nullable(),
  serverVersion: z.string().nullable(),
  message: z.string(),
  /** Why the account is not read-only, or why the connection failed. */
  problems: z.array(z.string()),
});
export type DataSourceTestResult = z.infer<typeof dataSourceTestResultSchema>;

import { z } from 'zod';
import { pageOf, paging } from './shapes.ts';
import { dateTime } from './values.ts';

/** The file registry (/File): the wire contract of its list and delete calls. */
export const fileSortFields = ['name', 'size', 'type', 'uploaderName', 'uploadedAt'] as const;

export const fileListRequestSchema = z.strictObject({
  ...paging(500, 30),
  sort: z.enum(fileSortFields).default('uploadedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Part of the file name. */
  name: z.string().trim().max(200, 'at most 200 characters').optional(),
  /** Part of the MIME type, e.g. "image" or "pdf". */
  type: z.string().trim().max(100, 'at most 100 characters').optional(),
  /** Part of the uploader's user name or real name. */
  uploader: z.string().trim().max(50, 'at most 50 characters').optional(),
  /** The entity of the linked record (or, not yet linked, the screen it was uploaded from). */
  entity: z.string().trim().max(64, 'at most 64 characters').optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
});
export type FileListRequest = z.input<typeof fileListRequestSchema>;

export const fileRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  /** The entity whose upload button stored it. */
  entity: z.string(),
  recordEntity: z.string().nullable(),
  recordKey: z.number().nullable(),
  uploaderName: z.string().nullable(),
  uploadedAt: z.string(),
  url: z.string(),
});
export type FileRow = z.infer<typeof fileRowSchema>;

export const filePageSchema = pageOf(fileRowSchema);
export type FilePage = z.infer<typeof filePageSchema>;

export const fileDeleteBodySchema = z.strictObject({
  keys: z
    .array(z.uuid({ error: 'a file key' }))
    .min(1, 'choose at least one file')
    .max(100, 'at most 100 files'),
});

/**
 * A file's key as the server generates it (a lowercase uuid). Image and file fields and a user's avatar
 * hold keys, never addresses: the browser fetches a file only from the app's own route for its key.
 */
export const FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A file field's value: one or more keys joined by ','; an image field's holds one. */
export const FILE_KEYS = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}(,[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12})*$/;

export const isFileKey = (value: unknown): value is string => typeof value === 'string' && FILE_KEY.test(value);

/** The keys in a file or image field's value; anything that is not a key is left out. */
export function fileKeysOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((k) => k.trim())
    .filter(isFileKey);
}

/** The app's own routes for a file of the caller's tenant, built from a key only (null for anything else). */
export const filePath = (key: unknown): string | null => (isFileKey(key) ? `/api/file/${key}` : null);
export const avatarPath = (key: unknown): string | null => (isFileKey(key) ? `/api/user/avatar/${key}` : null);

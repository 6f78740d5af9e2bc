import { uploadKindOf } from '@trestle/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type createFileStore, FILE_MAX_COUNT, type StoredFile, sniffType } from '../platform/files.store.ts';
import { siteSettings } from '../platform/site-settings.ts';
import { authOf } from './auth.ts';
import { badRequest } from './errors.ts';
import { readFileParts } from './multipart.ts';

export const storedFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string(),
});

/**
 * The one checked upload: the multipart files of the request, each within SiteConfig's size limit
 * and of an allowed kind by its content (not its name or claimed type), saved for the caller's
 * tenant under `entity`. Nothing is stored unless every file passes.
 */
export async function saveCheckedUploads(
  req: FastifyRequest,
  deps: { db: Db; store: ReturnType<typeof createFileStore> },
  entity: string,
  /** Narrower than the site's kinds: 'image' takes pictures only (an image block's upload). */
  only?: 'image',
): Promise<StoredFile[]> {
  // SiteConfig's size limit and allowed kinds, read per upload
  const site = await siteSettings(deps.db);
  const parts = await readFileParts(req, {
    fileSize: site.uploadMaxMb * 1024 * 1024,
    files: FILE_MAX_COUNT,
    what: 'files',
  });
  const typed = parts.map((p) => ({ ...p, type: sniffType(p.bytes, p.name) }));
  const refused = typed.find(
    (p) =>
      p.type === null ||
      !site.uploadKinds.includes(uploadKindOf(p.type)) ||
      (only === 'image' && !p.type.startsWith('image/')),
  );
  if (refused)
    throw badRequest(`"${refused.name.slice(0, 100)}" is not an allowed file type`, { file: 'type not allowed' });
  const { tenantId, userId } = authOf(req);
  const saved: StoredFile[] = [];
  for (const p of typed)
    saved.push(await deps.store.save({ tenantId, userId, entity, name: p.name, type: p.type ?? '', bytes: p.bytes }));
  return saved;
}

import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isFileKey } from '@trestle/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { forEachTenant } from '../../db/tenant.ts';
import type { FileStore } from '../../platform/files.store.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The screen whose Upload button stores avatars: the file registry names them by it. */
export const AVATAR_ENTITY = 'UserInfo';

const kinds = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'gif',
    type: 'image/gif',
    test: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

/** The image kind by its first bytes, whatever name or type the client claimed. SVG is refused (it can carry script). */
export const imageKindOf = (bytes: Buffer) => kinds.find((k) => k.test(bytes)) ?? null;

/** Where avatars lived before they were tenant files: DATA_DIR/avatars/<uuid>.<ext>, named by '/api/user/avatar/<name>'. */
const LEGACY = /^\/api\/user\/avatar\/([0-9a-f-]{36}\.(?:png|jpg|gif|webp))$/;

/**
 * Moves avatars of the old shared folder into their user's tenant file store and points `img` at the new
 * key; an `img` that is neither a key nor such an avatar is cleared. Runs at start-up, tenant by tenant,
 * and finds nothing to do once done.
 */
export async function adoptLegacyAvatars(deps: { db: Db; files: FileStore; dataDir: string }) {
  const dir = path.join(deps.dataDir, 'avatars');
  await forEachTenant(deps.db, async (tenantId) => {
    const holders = await deps.db
      .select({ id: users.id, img: users.img })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), ne(users.img, '')));
    for (const u of holders) {
      if (isFileKey(u.img)) continue;
      const name = LEGACY.exec(u.img)?.[1];
      const legacyFile = name && path.join(dir, name);
      const bytes = legacyFile ? await readFile(legacyFile).catch(() => null) : null;
      const kind = bytes && imageKindOf(bytes);
      const img =
        bytes && kind
          ? (
              await deps.files.save({
                tenantId,
                userId: u.id,
                entity: AVATAR_ENTITY,
                name: `avatar.${kind.ext}`,
                type: kind.type,
                bytes,
                record: { entity: 'User', key: u.id },
              })
            ).key
          : '';
      await deps.db.update(users).set({ img }).where(eq(users.id, u.id));
      if (legacyFile) await rm(legacyFile, { force: true });
    }
  });
}

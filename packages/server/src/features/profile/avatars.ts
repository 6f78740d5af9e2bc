import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/api/user/avatar/';

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

const KEY = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/** Avatars are stored under DATA_DIR with server-generated names; a key from a URL is checked before any path is built. */
export function createAvatarStore(dataDir: string) {
  const dir = path.join(dataDir, 'avatars');
  return {
    async save(bytes: Buffer, ext: string): Promise<string> {
      await mkdir(dir, { recursive: true });
      const key = `${randomUUID()}.${ext}`;
      await writeFile(path.join(dir, key), bytes, { flag: 'wx' });
      return key;
    },
    async read(key: string): Promise<{ bytes: Buffer; type: string } | null> {
      if (!KEY.test(key)) return null;
      const bytes = await readFile(path.join(dir, key)).catch(() => null);
      const kind = bytes && imageKindOf(bytes);
      return bytes && kind ? { bytes, type: kind.type } : null;
    },
    async remove(img: string) {
      const key = img.startsWith(AVATAR_URL_PREFIX) ? img.slice(AVATAR_URL_PREFIX.length) : '';
      if (KEY.test(key)) await unlink(path.join(dir, key)).catch(() => undefined);
    },
  };
}

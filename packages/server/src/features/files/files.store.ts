import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MAX_COUNT = 5;
export const FILE_URL_PREFIX = '/api/file/';

const starts = (b: Buffer, ...bytes: number[]) => b.subarray(0, bytes.length).equals(Buffer.from(bytes));
const ascii = (b: Buffer, from: number, text: string) =>
  b.subarray(from, from + text.length).toString('latin1') === text;
const extOf = (name: string) => path.extname(name).slice(1).toLowerCase();

const office: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const isUtf8Text = (b: Buffer) => {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
};

/**
 * The MIME type by content, whatever name or type the client claimed; null for anything else (SVG and
 * HTML can carry script, executables and unknown formats are refused). Text only for .txt and .csv.
 */
export function sniffType(bytes: Buffer, name: string): string | null {
  const ext = extOf(name);
  if (starts(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  if (starts(bytes, 0x50, 0x4b, 0x03, 0x04)) return office[ext] ?? null;
  if ((ext === 'txt' || ext === 'csv') && isUtf8Text(bytes)) return ext === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}

/** The original name without any path, control or quoting characters, at most 200 characters. */
export function sanitiseName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}"<>:|?*]/gu, '')
    .replace(/^\.+/, '')
    .trim();
  if (!base) return 'file';
  if (base.length <= 200) return base;
  const ext = path.extname(base).slice(0, 20);
  return base.slice(0, 200 - ext.length) + ext;
}

export type StoredFile = { key: string; name: string; size: number; type: string; url: string };
export type NewFile = { tenantId: number; userId: number; entity: string; name: string; type: string; bytes: Buffer };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Files under DATA_DIR/files/<yyyy>/<mm>/<key>; the path is only ever built from a generated key and a date. */
export function createFileStore(db: Db, dataDir: string, now: () => Date) {
  const dirOf = (at: Date) =>
    path.join(dataDir, 'files', String(at.getUTCFullYear()), String(at.getUTCMonth() + 1).padStart(2, '0'));
  return {
    async save(f: NewFile): Promise<StoredFile> {
      const at = now();
      const key = randomUUID();
      const name = sanitiseName(f.name);
      await mkdir(dirOf(at), { recursive: true });
      await writeFile(path.join(dirOf(at), key), f.bytes, { flag: 'wx' });
      await db.insert(files).values({
        tenantId: f.tenantId,
        key,
        name,
        size: f.bytes.length,
        type: f.type,
        entity: f.entity,
        uploadedBy: f.userId,
        uploadedAt: at,
      });
      return { key, name, size: f.bytes.length, type: f.type, url: FILE_URL_PREFIX + key };
    },

    /** A file of the caller's tenant, or null (another tenant's key looks exactly like a missing one). */
    async read(tenantId: number, key: string): Promise<{ name: string; type: string; bytes: Buffer } | null> {
      if (!UUID.test(key)) return null;
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.key, key), eq(files.tenantId, tenantId)));
      if (!row) return null;
      const bytes = await readFile(path.join(dirOf(row.uploadedAt), row.key)).catch(() => null);
      return bytes && { name: row.name, type: row.type, bytes };
    },
  };
}

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type FileListRequest, type FilePage, type FileRow, isFileKey } from '@trestle/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Db, queryRows } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { files } from '../db/schema.ts';
import { diskObjects, type ObjectStore } from './files.objects.ts';
import { createS3Objects } from './files.s3.ts';

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
export type NewFile = {
  tenantId: number;
  userId: number;
  entity: string;
  name: string;
  type: string;
  bytes: Buffer;
  /** The record it belongs to when that is known at upload (an avatar's user). */
  record?: { entity: string; key: number };
};

/** The store the configuration selects: DATA_DIR (FILE_STORE=disk, the default) or an S3-compatible bucket. */
export function objectStoreOf(config: Pick<Config, 'fileStore' | 'dataDir' | 's3'>): ObjectStore {
  return config.fileStore === 's3' && config.s3 ? createS3Objects(config.s3) : diskObjects(config.dataDir);
}

/** `<yyyy>/<mm>/<key>`: the object key is only ever built from a generated uuid and the upload date. */
const objectKey = (key: string, at: Date) =>
  `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${key}`;

const SORT: Record<NonNullable<FileListRequest['sort']>, SQL> = {
  name: sql`f.name`,
  size: sql`f.size`,
  type: sql`f.type`,
  uploaderName: sql`u.user_name`,
  uploadedAt: sql`f.uploaded_at`,
};

/** The registry rows (table files) and their bytes (the object store). */
export function createFileStore(db: Db, objects: ObjectStore, now: () => Date) {
  return {
    async save(f: NewFile): Promise<StoredFile> {
      const at = now();
      const key = randomUUID();
      const name = sanitiseName(f.name);
      await objects.put(objectKey(key, at), f.bytes, f.type);
      await db.insert(files).values({
        tenantId: f.tenantId,
        key,
        name,
        size: f.bytes.length,
        type: f.type,
        entity: f.entity,
        uploadedBy: f.userId,
        uploadedAt: at,
        recordEntity: f.record?.entity,
        recordKey: f.record?.key,
      });
      return { key, name, size: f.bytes.length, type: f.type, url: FILE_URL_PREFIX + key };
    },

    /** A file of the caller's tenant, or null (another tenant's key looks exactly like a missing one). */
    async read(
      tenantId: number,
      key: string,
    ): Promise<{ name: string; type: string; entity: string; bytes: Buffer } | null> {
      if (!isFileKey(key)) return null;
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.key, key), eq(files.tenantId, tenantId)));
      if (!row) return null;
      const bytes = await objects.get(objectKey(row.key, row.uploadedAt));
      return bytes && { name: row.name, type: row.type, entity: row.entity, bytes };
    },

    /** One page of the tenant's files, searched, sorted and counted on the server. */
    async list(
      tenantId: number,
      q: Required<Pick<FileListRequest, 'page' | 'rows' | 'sort' | 'order'>> & FileListRequest,
    ): Promise<FilePage> {
      const where: SQL[] = [sql`f.tenant_id = ${tenantId}`];
      if (q.name) where.push(sql`f.name ilike ${containing(q.name)}`);
      if (q.type) where.push(sql`f.type ilike ${containing(q.type)}`);
      if (q.uploader)
        where.push(
          sql`(u.user_name ilike ${containing(q.uploader)} or u.user_true_name ilike ${containing(q.uploader)})`,
        );
      if (q.entity) where.push(sql`coalesce(f.record_entity, f.entity) ilike ${containing(q.entity)}`);
      if (q.from) where.push(sql`f.uploaded_at >= ${q.from}`);
      if (q.to) where.push(sql`f.uploaded_at <= ${q.to}`);
      const condition = sql.join(where, sql` and `);
      const from = sql`files f left join users u on u.id = f.uploaded_by`;
      const order = q.order === 'asc' ? sql`asc` : sql`desc`;
      const rows = await queryRows<Omit<FileRow, 'url'>>(
        db,
        sql`select f.key::text as "key", f.name, f.size, f.type, f.entity, f.record_entity as "recordEntity",
          f.record_key as "recordKey", u.user_name as "uploaderName",
          to_char(f.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "uploadedAt"
          from ${from} where ${condition}
          order by ${SORT[q.sort]} ${order}, f.id ${order} limit ${q.rows} offset ${(q.page - 1) * q.rows}`,
      );
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${from} where ${condition}`,
      );
      return { rows: rows.map((r) => ({ ...r, url: FILE_URL_PREFIX + r.key })), total: count?.n ?? 0 };
    },

    /**
     * Deletes the tenant's files by key: the rows first (one transaction), then the objects. A failure
     * between the two leaves only unreachable bytes behind, never a row whose bytes are gone.
     */
    async remove(tenantId: number, keys: string[]): Promise<number> {
      const gone = await db
        .delete(files)
        .where(and(eq(files.tenantId, tenantId), inArray(files.key, keys)))
        .returning({ key: files.key, uploadedAt: files.uploadedAt });
      for (const f of gone) await objects.remove(objectKey(f.key, f.uploadedAt));
      return gone.length;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

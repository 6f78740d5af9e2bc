import {
  type DataSourceInput,
  type DataSourceRow,
  type DataSourceTest,
  type DataSourceTestResult,
  type DataSourceUpdate,
  ErrorCode,
} from '@trestle/shared';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { dataSources } from '../../db/schema.ts';
import { type AuthContext, actorOf } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type HostPolicy, resolveHost } from './hosts.ts';
import { probe } from './probe.ts';
import { createSecretBox } from './secret-box.ts';

const noSuchSource = () => new AppError(404, ErrorCode.notFound, 'No such data source');

/** The columns a client may see: everything but the password. */
const visible = {
  id: dataSources.id,
  name: dataSources.name,
  kind: dataSources.kind,
  host: dataSources.host,
  port: dataSources.port,
  database: dataSources.database,
  userName: dataSources.userName,
  ssl: dataSources.ssl,
  timeoutSeconds: dataSources.timeoutSeconds,
  remark: sql<string>`coalesce(${dataSources.remark}, '')`,
  lastTestedAt: sql<
    string | null
  >`to_char(${dataSources.lastTestedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  lastTestOk: dataSources.lastTestOk,
  lastReadOnly: dataSources.lastReadOnly,
  version: dataSources.version,
};

export type DataSourceDeps = { db: Db; secret: Uint8Array; hosts: HostPolicy; now: () => Date };

export function createDataSourceService({ db, secret, hosts, now }: DataSourceDeps) {
  const box = createSecretBox(secret);
  const mine = (auth: AuthContext, id: number) => and(eq(dataSources.tenantId, auth.tenantId), eq(dataSources.id, id));

  /** The host must resolve outside our own networks (unless configured); a 400 on the field if not. */
  async function addressOf(host: string) {
    const found = await resolveHost(host, hosts);
    if ('refused' in found) throw badRequest(`Host: ${found.refused}`, { host: found.refused });
    return found.address;
  }

  async function stored(auth: AuthContext, id: number) {
    const [row] = await db.select().from(dataSources).where(mine(auth, id));
    if (!row) throw noSuchSource();
    return row;
  }

  const taken = (err: unknown) => {
    const cause = (err as { cause?: { code?: string } }).cause;
    if (cause?.code === '23505')
      throw badRequest('A data source with this name exists', { name: 'this name is taken' });
    throw err;
  };

  return {
    async list(auth: AuthContext, q: string, page: number, rows: number) {
      const like = containing(q);
      const where = and(
        eq(dataSources.tenantId, auth.tenantId),
        q ? or(ilike(dataSources.name, like), ilike(dataSources.host, like)) : undefined,
      );
      const [found, [total]] = await Promise.all([
        db
          .select(visible)
          .from(dataSources)
          .where(where)
          .orderBy(asc(dataSources.name), asc(dataSources.id))
          .limit(rows)
          .offset((page - 1) * rows),
        db.select({ n: count() }).from(dataSources).where(where),
      ]);
      return { rows: found as DataSourceRow[], total: total?.n ?? 0 };
    },

    async get(auth: AuthContext, id: number): Promise<DataSourceRow> {
      const [row] = await db.select(visible).from(dataSources).where(mine(auth, id));
      if (!row) throw noSuchSource();
      return row as DataSourceRow;
    },

    async add(auth: AuthContext, body: DataSourceInput) {
      if (!body.password) throw badRequest('Password: required', { password: 'required' });
      await addressOf(body.host);
      const { password, remark, ...fields } = body;
      const [row] = await db
        .insert(dataSources)
        .values({
          ...fields,
          remark,
          passwordEnc: box.seal(password),
          tenantId: auth.tenantId,
          createdBy: actorOf(auth),
          updatedBy: actorOf(auth),
        })
        .returning({ id: dataSources.id })
        .catch(taken);
      return row;
    },

    /** An empty password keeps the stored one; a stale version is a 409 and changes nothing. */
    async update(auth: AuthContext, body: DataSourceUpdate) {
      await stored(auth, body.id);
      await addressOf(body.host);
      const { id, version, password, ...fields } = body;
      const changed = await db
        .update(dataSources)
        .set({
          ...fields,
          ...(password ? { passwordEnc: box.seal(password) } : {}),
          updatedBy: actorOf(auth),
          updatedAt: now(),
          version: sql`${dataSources.version} + 1`,
        })
        .where(and(mine(auth, id), eq(dataSources.version, version)))
        .returning({ id: dataSources.id })
        .catch(taken);
      if (changed.length === 0)
        throw new AppError(409, ErrorCode.conflict, 'This record was changed by someone else; reload it and try again');
    },

    /** All the keys or none: one that isn't the caller's makes it a 404 and nothing is deleted. */
    async del(auth: AuthContext, ids: number[]) {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(dataSources)
          .where(and(eq(dataSources.tenantId, auth.tenantId), inArray(dataSources.id, ids)))
          .returning({ id: dataSources.id });
        if (gone.length !== new Set(ids).size) throw noSuchSource();
      });
    },

    /** Connects as typed (with `id`, an empty password is the stored one) and records the outcome. */
    async test(auth: AuthContext, body: DataSourceTest): Promise<DataSourceTestResult> {
      const saved = body.id ? await stored(auth, body.id) : null;
      const password = body.password || (saved ? box.open(saved.passwordEnc) : '');
      const address = await addressOf(body.host);
      const result = await probe({ ...body, address, password });
      if (saved)
        await db
          .update(dataSources)
          .set({ lastTestedAt: now(), lastTestOk: result.ok, lastReadOnly: result.readOnly })
          .where(mine(auth, saved.id));
      return result;
    },
  };
}

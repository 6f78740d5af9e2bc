import { ErrorCode, type PageDetail, type PageListItem, type PageNode, type PageStatus } from '@trestle/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { pageNodes, pages, pageVersions } from '../../db/schema-pages.ts';
import { inTenantPackage } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';

/** The page designer's reads and row shapes; every query runs bound to the caller's tenant (row-level security). */

export type PageRow = typeof pages.$inferSelect;
export type NodeRow = typeof pageNodes.$inferSelect;

export const notFound = (what: string, id: number | string) =>
  new AppError(404, ErrorCode.notFound, `No ${what} ${id}`);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);

/** How a page row is read: locked for a change to it or its nodes (patches of one page run one after another). */
export async function readPage(db: Db, id: number, lock?: 'update'): Promise<PageRow> {
  const query = db.select().from(pages).where(eq(pages.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('page', id);
  return row;
}

export const statusOf = (row: Pick<PageRow, 'publishedVersion' | 'draftChanged'>): PageStatus =>
  row.publishedVersion === null ? 'draft' : row.draftChanged ? 'changed' : 'published';

/** A stored node as the wire gives it (the props were checked against the type's schema when written). */
export const nodeOf = (n: NodeRow): PageNode =>
  ({
    uid: n.uid,
    type: n.type,
    parent: n.parentUid,
    slot: n.slot,
    x: n.x,
    y: n.y,
    w: n.w,
    h: n.h,
    props: n.props,
    version: n.version,
  }) as PageNode;

/** A node as a row of `pageId`. */
export const rowOf = (tenantId: number, pageId: number, n: PageNode): NodeRow => ({
  tenantId,
  pageId,
  uid: n.uid,
  parentUid: n.parent,
  slot: n.slot,
  x: n.x,
  y: n.y,
  w: n.w,
  h: n.h,
  type: n.type,
  props: n.props as Record<string, unknown>,
  version: n.version,
});

export async function readNodes(db: Db, pageId: number): Promise<PageNode[]> {
  const rows = await db.select().from(pageNodes).where(eq(pageNodes.pageId, pageId)).orderBy(asc(pageNodes.uid));
  return rows.map(nodeOf);
}

export async function readVersion(db: Db, pageId: number, version: number) {
  const [row] = await db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.version, version)));
  if (!row) throw notFound(`version ${version} of page`, pageId);
  return row;
}

export async function pageDetail(db: Db, id: number): Promise<PageDetail> {
  const [row, nodes] = await Promise.all([readPage(db, id), readNodes(db, id)]);
  return {
    id: row.id,
    name: row.name,
    title: { en: row.titleEn, zh: row.titleZh },
    status: statusOf(row),
    publishedVersion: row.publishedVersion,
    shareRoles: row.shareRoles,
    menuFolder: row.menuFolder,
    appId: row.appId,
    nodes,
    revision: row.revision,
  };
}

export async function listPages(db: Db): Promise<PageListItem[]> {
  const versions = db
    .select({ pageId: pageVersions.pageId, n: count().as('n') })
    .from(pageVersions)
    .groupBy(pageVersions.pageId)
    .as('v');
  const rows = await db
    .select({ page: pages, versions: versions.n, updatedBy: users.userTrueName })
    .from(pages)
    .leftJoin(versions, eq(versions.pageId, pages.id))
    .leftJoin(users, eq(users.id, pages.updatedBy))
    .orderBy(asc(pages.name));
  return rows.map(({ page, versions: n, updatedBy }) => ({
    id: page.id,
    name: page.name,
    title: { en: page.titleEn, zh: page.titleZh },
    status: statusOf(page),
    publishedVersion: page.publishedVersion,
    versions: Number(n ?? 0),
    menuFolder: page.menuFolder,
    shareRoles: page.shareRoles,
    appId: page.appId,
    updatedAt: page.updatedAt.toISOString(),
    updatedBy,
  }));
}

export async function listVersions(db: Db, pageId: number) {
  await readPage(db, pageId);
  const rows = await db
    .select({
      version: pageVersions.version,
      note: pageVersions.note,
      publishedAt: pageVersions.publishedAt,
      publishedBy: users.userTrueName,
      blocks: sql<number>`jsonb_array_length(${pageVersions.nodes}) - 1`,
    })
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.publishedBy))
    .where(eq(pageVersions.pageId, pageId))
    .orderBy(sql`${pageVersions.version} desc`);
  return rows.map((r) => ({ ...r, blocks: Number(r.blocks), publishedAt: r.publishedAt.toISOString() }));
}

/** The company's enabled roles, in the reader's language: whom a page may be shared with. */
export const tenantRoles = (db: Db, tenantId: number, lang: Language) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select r.id, ${lang === 'zh' ? sql`coalesce(nullif(r.name_zh, ''), r.name)` : sql`r.name`} as name
        from roles r where r.tenant_id = ${tenantId} and r.enabled order by r.id`,
  );

/**
 * The menu folders of the tenant's package (menus without a screen of their own), or the one named `code`:
 * where a page may go in its viewers' menu, as a published dashboard may.
 */
export const menuFolders = (db: Db, lang: Language, code?: string) =>
  queryRows<{ code: string; name: string }>(
    db,
    sql`select m.code, ${lang === 'zh' ? sql`m.name_zh` : sql`m.name`} as name from menus m
        where m.url = '' and m.enable > 0 and ${inTenantPackage(sql`m.id`)}
          ${code === undefined ? sql`` : sql`and m.code = ${code}`}
        order by m.sort, m.id`,
  );

import type { MixApp, MixAppItem, MixAppSave } from '@trestle/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { mixApps, pages } from '../../db/schema-pages.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { MIX_MENU, requireButton } from './pages.access.ts';
import { conflict, notFound } from './pages.repository.ts';

/**
 * The mixed designer's apps: each its wizard's draft, saved over the version read (409 over someone else's
 * newer save), so leaving and coming back resumes it. The browser drives the publish through the other
 * designers' APIs and records each step in `draft.progress`; the page it made is linked both ways here.
 */

type AppRow = typeof mixApps.$inferSelect;

const itemOf = (row: AppRow, updatedBy: string | null): MixAppItem => ({
  id: row.id,
  name: row.name,
  title: { en: row.titleEn, zh: row.titleZh },
  status: row.status === 'published' ? 'published' : 'draft',
  step: row.draft.step,
  pageId: row.pageId,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy,
});

const withUpdater = (db: Db) =>
  db
    .select({ app: mixApps, updatedBy: users.userTrueName })
    .from(mixApps)
    .leftJoin(users, eq(users.id, mixApps.updatedBy));

export async function listMixApps(db: Db): Promise<MixAppItem[]> {
  const rows = await withUpdater(db).orderBy(asc(mixApps.name));
  return rows.map((r) => itemOf(r.app, r.updatedBy));
}

export async function readMixApp(db: Db, id: number): Promise<MixApp> {
  const [row] = await withUpdater(db).where(eq(mixApps.id, id));
  if (!row) throw notFound('app', id);
  return { ...itemOf(row.app, row.updatedBy), draft: row.app.draft };
}

/** The page the publish made (draft.progress.pageId) must be the company's; it is marked as the app's. */
async function linkedPage(db: Db, body: MixAppSave) {
  const pageId = body.draft.progress.pageId;
  if (pageId === null) return null;
  const [page] = await db.select({ id: pages.id }).from(pages).where(eq(pages.id, pageId));
  if (!page) throw badRequest('No such page', { 'draft.progress.pageId': `no page ${pageId}` });
  return pageId;
}

export async function saveMixApp(db: Db, auth: AuthContext, at: Date, body: MixAppSave) {
  const isNew = body.id === undefined || body.version === undefined;
  await requireButton(db, auth, MIX_MENU, isNew ? 'Add' : 'Update');
  return db.transaction(async (tx) => {
    const pageId = await linkedPage(tx, body);
    const fields = {
      name: body.name,
      titleEn: body.title.en,
      titleZh: body.title.zh,
      draft: body.draft,
      status: body.published ? 'published' : 'draft',
      pageId,
      updatedBy: auth.userId,
      updatedAt: at,
    };
    let saved: { id: number; version: number } | undefined;
    if (body.id === undefined || body.version === undefined) {
      [saved] = await tx
        .insert(mixApps)
        .values({ ...fields, tenantId: auth.tenantId, createdBy: auth.userId, createdAt: at })
        .returning({ id: mixApps.id, version: mixApps.version });
    } else {
      [saved] = await tx
        .update(mixApps)
        .set({ ...fields, version: sql`${mixApps.version} + 1` })
        .where(and(eq(mixApps.id, body.id), eq(mixApps.version, body.version)))
        .returning({ id: mixApps.id, version: mixApps.version });
      if (!saved) {
        await readMixApp(tx, body.id);
        throw conflict('The app was changed by someone else: reload it');
      }
    }
    if (!saved) throw new Error('no app row');
    if (pageId !== null) await tx.update(pages).set({ appId: saved.id }).where(eq(pages.id, pageId));
    return saved;
  });
}

/** The app's draft goes; what its publish made (table, form, page) stays with its own designers. */
export async function deleteMixApp(db: Db, id: number) {
  await readMixApp(db, id);
  await db.delete(mixApps).where(eq(mixApps.id, id));
  return { id };
}

import {
  type PageCreate,
  type PageNode,
  type PageSettings,
  type pagePublishSchema,
  type pageRestoreSchema,
  rootNode,
} from '@trestle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import { pageNodes, pages, pageVersions } from '../../db/schema-pages.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { checkedTree } from './pages.checks.ts';
import { type PatchDeps, replaceNodes } from './pages.patch.ts';
import { conflict, menuFolders, pageDetail, readNodes, readPage, readVersion, rowOf } from './pages.repository.ts';

/**
 * A page's life: made empty or as a copy of another's draft (a template), its settings (title, who sees it,
 * where in the menu), published as a numbered snapshot of its nodes, unpublished, restored from a version,
 * deleted with its nodes and versions.
 */

const stamped = (auth: AuthContext, at: Date) => ({ updatedBy: auth.userId, updatedAt: at });

export async function createPage(deps: PatchDeps, auth: AuthContext, body: PageCreate) {
  return deps.db.transaction(async (tx) => {
    // A copy starts from the other page's draft as it is now; its nodes start their versions again.
    const nodes: PageNode[] =
      body.copyOf === undefined
        ? [{ ...rootNode(), version: 1 } as PageNode]
        : (await readNodes(tx, (await readPage(tx, body.copyOf)).id)).map((n) => ({ ...n, version: 1 }));
    const at = deps.now();
    const [row] = await tx
      .insert(pages)
      .values({
        tenantId: auth.tenantId,
        name: body.name,
        titleEn: body.title.en,
        titleZh: body.title.zh,
        createdBy: auth.userId,
        createdAt: at,
        ...stamped(auth, at),
      })
      .returning({ id: pages.id });
    if (!row) throw new Error('no page row');
    await tx.insert(pageNodes).values(nodes.map((n) => rowOf(auth.tenantId, row.id, n)));
    return { id: row.id };
  });
}

/** Share roles must be the company's own, the folder one of its package's menu folders (or '' the top level). */
async function settingsProblems(db: Db, auth: AuthContext, lang: Language, body: PageSettings) {
  const problems: Record<string, string> = {};
  const wanted = [...new Set(body.shareRoles)];
  if (wanted.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, auth.tenantId), inArray(roles.id, wanted)));
    const known = new Set(found.map((r) => r.id));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length) problems.shareRoles = `no role ${missing.join(', ')} in this company`;
  }
  if (body.menuFolder !== '' && (await menuFolders(db, lang, body.menuFolder)).length === 0)
    problems.menuFolder = `no menu folder ${body.menuFolder}`;
  return problems;
}

export async function savePageSettings(deps: PatchDeps, auth: AuthContext, lang: Language, body: PageSettings) {
  const problems = await settingsProblems(deps.db, auth, lang, body);
  if (Object.keys(problems).length) throw badRequest('The page settings have errors', problems);
  const [row] = await deps.db
    .update(pages)
    .set({
      titleEn: body.title.en,
      titleZh: body.title.zh,
      shareRoles: [...new Set(body.shareRoles)],
      menuFolder: body.menuFolder,
      revision: sql`${pages.revision} + 1`,
      ...stamped(auth, deps.now()),
    })
    .where(and(eq(pages.id, body.id), eq(pages.revision, body.revision)))
    .returning({ id: pages.id, revision: pages.revision });
  if (row) return row;
  await readPage(deps.db, body.id);
  throw conflict('The page settings were changed by someone else: reload them');
}

/**
 * Publishing snapshots the draft, checked again (a chart or form it shows may have gone since it was saved), as
 * the next version; viewers see it from now on, under the settings' menu folder.
 */
export async function publishPage(deps: PatchDeps, auth: AuthContext, body: z.output<typeof pagePublishSchema>) {
  return deps.db.transaction(async (tx) => {
    const page = await readPage(tx, body.id, 'update');
    const nodes = await checkedTree({ ...deps, db: tx }, auth, await readNodes(tx, body.id));
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${pageVersions.version}), 0)` })
      .from(pageVersions)
      .where(eq(pageVersions.pageId, body.id));
    const version = Number(last?.version ?? 0) + 1;
    const at = deps.now();
    await tx.insert(pageVersions).values({
      tenantId: auth.tenantId,
      pageId: body.id,
      version,
      nodes,
      note: body.note,
      publishedBy: auth.userId,
      publishedAt: at,
    });
    await tx
      .update(pages)
      .set({ publishedVersion: version, publishedFolder: page.menuFolder, draftChanged: false, ...stamped(auth, at) })
      .where(eq(pages.id, body.id));
    return { id: body.id, version };
  });
}

/** Off the viewers' menus and views; its versions stay, to publish again. */
export async function unpublishPage(deps: PatchDeps, auth: AuthContext, id: number) {
  await readPage(deps.db, id);
  await deps.db
    .update(pages)
    .set({ publishedVersion: null, publishedFolder: null, ...stamped(auth, deps.now()) })
    .where(eq(pages.id, id));
  return { id };
}

/** The draft becomes a published version's nodes again (publish it separately); stale patches meet a 409. */
export async function restorePage(deps: PatchDeps, auth: AuthContext, body: z.output<typeof pageRestoreSchema>) {
  await deps.db.transaction(async (tx) => {
    await readPage(tx, body.id, 'update');
    const snapshot = await readVersion(tx, body.id, body.version);
    await replaceNodes(tx, auth.tenantId, body.id, snapshot.nodes as PageNode[]);
    await tx
      .update(pages)
      .set({ draftChanged: true, ...stamped(auth, deps.now()) })
      .where(eq(pages.id, body.id));
  });
  return pageDetail(deps.db, body.id);
}

export async function deletePage(db: Db, id: number) {
  await readPage(db, id);
  await db.delete(pages).where(eq(pages.id, id));
  return { id };
}

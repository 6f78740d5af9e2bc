import { type PageNode, type PagePatch, type PagePatchOp, type PagePatchResult, subtreeOf } from '@trestle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageNodes, pages } from '../../db/schema-pages.ts';
import type { AuthContext } from '../../http/auth.ts';
import { type CheckDeps, checkedTree } from './pages.checks.ts';
import { conflict, readNodes, readPage, rowOf } from './pages.repository.ts';

/**
 * A patch to a page's draft: per-node operations applied together or not at all. Each update and remove names
 * the version of the node it was made over; a node changed (or removed) since makes the whole patch a 409, while
 * a patch of other nodes goes through: two designers on different blocks both keep their work. The page row is
 * locked for the patch, so patches of one page run one after another and each checks the tree it leaves.
 */
export type PatchDeps = CheckDeps & { now: () => Date };

const stale = (uid: string) => conflict(`Block ${uid} was changed by someone else: reload the page`);

type Applied = { tree: PageNode[]; touched: Set<string>; removed: string[] };

/** The draft after `ops`, in memory: each touched node at its read version + 1, an inserted one at 1. */
export function applyOps(before: readonly PageNode[], ops: readonly PagePatchOp[]): Applied {
  const nodes = new Map(before.map((n) => [n.uid, n]));
  const read = new Map(before.map((n) => [n.uid, n.version]));
  const touched = new Set<string>();
  const removed = new Set<string>();
  for (const op of ops) {
    if (op.op === 'insert') {
      // A uid is never reused: one on the page (or removed by this patch) is someone else's block.
      if (read.has(op.node.uid) || nodes.has(op.node.uid))
        throw conflict(`There is a block ${op.node.uid} already: reload the page`);
      nodes.set(op.node.uid, { ...op.node, version: 1 } as PageNode);
      touched.add(op.node.uid);
      continue;
    }
    // A node inserted by this same patch is at version 1.
    if (op.version !== (read.get(op.uid) ?? 1)) throw stale(op.uid);
    const current = nodes.get(op.uid);
    if (op.op === 'remove') {
      if (removed.has(op.uid)) continue; // under a node this patch removed already
      if (!current) throw stale(op.uid);
      for (const n of subtreeOf([...nodes.values()], op.uid)) {
        nodes.delete(n.uid);
        touched.delete(n.uid);
        if (read.has(n.uid)) removed.add(n.uid);
      }
      continue;
    }
    if (!current) throw stale(op.uid);
    const { op: _op, uid: _uid, version: _version, ...change } = op;
    const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    nodes.set(op.uid, { ...current, ...given } as PageNode);
    touched.add(op.uid);
  }
  const tree = [...nodes.values()].map((n) =>
    touched.has(n.uid) ? ({ ...n, version: (read.get(n.uid) ?? 0) + 1 } as PageNode) : n,
  );
  return { tree, touched, removed: [...removed] };
}

async function writeNodes(tx: Db, tenantId: number, pageId: number, nodes: PageNode[]) {
  if (nodes.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(pageNodes)
    .values(nodes.map((n) => rowOf(tenantId, pageId, n)))
    .onConflictDoUpdate({
      target: [pageNodes.pageId, pageNodes.uid],
      set: {
        parentUid: excluded('parent_uid'),
        slot: excluded('slot'),
        x: excluded('x'),
        y: excluded('y'),
        w: excluded('w'),
        h: excluded('h'),
        type: excluded('type'),
        props: excluded('props'),
        version: excluded('version'),
      },
    });
}

export async function patchPage(deps: PatchDeps, auth: AuthContext, body: PagePatch): Promise<PagePatchResult> {
  return deps.db.transaction(async (tx) => {
    await readPage(tx, body.id, 'update');
    const { tree, touched, removed } = applyOps(await readNodes(tx, body.id), body.ops);
    const checked = await checkedTree({ ...deps, db: tx }, auth, tree);
    const changed = checked.filter((n) => touched.has(n.uid));
    if (removed.length)
      await tx.delete(pageNodes).where(and(eq(pageNodes.pageId, body.id), inArray(pageNodes.uid, removed)));
    await writeNodes(tx, auth.tenantId, body.id, changed);
    await tx
      .update(pages)
      .set({ draftChanged: true, updatedBy: auth.userId, updatedAt: deps.now() })
      .where(eq(pages.id, body.id));
    return { nodes: changed, removed };
  });
}

/** Replaces the whole draft with `nodes` (a restore), each above any version a designer may hold of its uid. */
export async function replaceNodes(tx: Db, tenantId: number, pageId: number, nodes: readonly PageNode[]) {
  const before = new Map((await readNodes(tx, pageId)).map((n) => [n.uid, n.version]));
  await tx.delete(pageNodes).where(eq(pageNodes.pageId, pageId));
  const next = nodes.map((n) => ({ ...n, version: Math.max(before.get(n.uid) ?? 0, n.version) + 1 }) as PageNode);
  await writeNodes(tx, tenantId, pageId, next);
  return next;
}

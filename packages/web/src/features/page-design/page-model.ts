import {
  type BlockType,
  blockPropsSchemas,
  childrenOf,
  type PageNode,
  type PagePatchOp,
  ROOT_UID,
  subtreeOf,
} from '@trestle/shared';
import { freeSpot, placeItem, type Rect } from '../../components/grid-layout/layout.ts';

/**
 * The designer's page, pure: new blocks with their defaults and a free place, blocks placed on their slot's
 * grid (pushing the others down), and the patch that brings the server's nodes to the designer's.
 */

/** A page's blocks may be up to 60 rows tall (tree.ts), more than a dashboard's tile. */
export const PAGE_MAX_H = 60;

/** Where a block sits: a container and one of its slots. */
export type SlotRef = { parent: string; slot: string };
export const ROOT_SLOT: SlotRef = { parent: ROOT_UID, slot: 'main' };

/** The size a new block of each kind starts at. */
const sizes: Record<Exclude<BlockType, 'page'>, { w: number; h: number }> = {
  grid: { w: 24, h: 8 },
  form: { w: 12, h: 10 },
  details: { w: 12, h: 6 },
  chart: { w: 12, h: 8 },
  dashboard: { w: 24, h: 10 },
  kpi: { w: 6, h: 3 },
  kanban: { w: 24, h: 8 },
  calendar: { w: 24, h: 10 },
  tree: { w: 8, h: 8 },
  richText: { w: 12, h: 3 },
  image: { w: 8, h: 5 },
  links: { w: 6, h: 4 },
  iframe: { w: 12, h: 8 },
  tabs: { w: 24, h: 10 },
  columns: { w: 24, h: 8 },
  section: { w: 24, h: 6 },
};

/** What a layout block starts with, so it has slots to drop into at once. */
const layoutStart: Partial<Record<BlockType, Record<string, unknown>>> = {
  tabs: {
    tabs: [
      { key: 'tab1', title: { en: 'Tab 1', zh: '标签 1' } },
      { key: 'tab2', title: { en: 'Tab 2', zh: '标签 2' } },
    ],
  },
  columns: {
    columns: [
      { key: 'col1', span: 12 },
      { key: 'col2', span: 12 },
    ],
  },
  section: { title: { en: 'Section', zh: '分区' } },
};

/** A new node's id: its kind and a random tail, never the same as a block someone else adds meanwhile. */
export function newUid(type: string, taken: readonly { uid: string }[]): string {
  const used = new Set(taken.map((n) => n.uid));
  for (;;) {
    const uid = `${type}-${Math.random().toString(36).slice(2, 8)}`;
    if (!used.has(uid)) return uid;
  }
}

/**
 * A new block of `type` in `at`, in the first free place of that slot, its settings the given choices with the
 * schema's defaults filled in. Throws when the choices a kind needs (its entity, its form…) are missing.
 */
export function newBlock(
  nodes: readonly PageNode[],
  type: Exclude<BlockType, 'page'>,
  at: SlotRef,
  choices: Record<string, unknown> = {},
  where?: { x: number; y: number },
): PageNode {
  const props = blockPropsSchemas[type].parse({ ...layoutStart[type], ...choices });
  const size = sizes[type];
  const spot = where ?? freeSpot(childrenOf(nodes, at.parent, at.slot), size.w, size.h);
  return {
    uid: newUid(type, nodes),
    type,
    parent: at.parent,
    slot: at.slot,
    ...spot,
    ...size,
    props,
    // Not on the server yet: the insert's answer gives it its version.
    version: 1,
  } as PageNode;
}

/** Whether a kind of block can be added with its defaults alone (nothing to choose first). */
export const readyMade = (type: Exclude<BlockType, 'page'>) =>
  blockPropsSchemas[type].safeParse(layoutStart[type] ?? {}).success;

/** The nodes with `uid` placed at `rect` in its slot, its neighbours there pushed down as needed. */
export function placeNode(nodes: readonly PageNode[], uid: string, rect: Rect): PageNode[] {
  const node = nodes.find((n) => n.uid === uid);
  if (!node) return [...nodes];
  const slot = childrenOf(nodes, node.parent ?? '', node.slot);
  const placed = placeItem(
    slot.map((n) => ({ id: n.uid, x: n.x, y: n.y, w: n.w, h: n.h })),
    uid,
    rect,
    PAGE_MAX_H,
  );
  const moved = new Map(placed.map((p) => [p.id, p]));
  return nodes.map((n) => {
    const p = moved.get(n.uid);
    // The same object when nothing changed: the draft sends only what changed.
    if (!p || (p.x === n.x && p.y === n.y && p.w === n.w && p.h === n.h)) return n;
    return { ...n, x: p.x, y: p.y, w: p.w, h: p.h };
  });
}

/** The nodes with `uid` moved to another slot (at its first free place), or left as they are. */
export function moveToSlot(nodes: readonly PageNode[], uid: string, to: SlotRef): PageNode[] {
  const node = nodes.find((n) => n.uid === uid);
  if (!node || (node.parent === to.parent && node.slot === to.slot)) return [...nodes];
  // Not into itself or a block under it.
  if (subtreeOf(nodes, uid).some((n) => n.uid === to.parent)) return [...nodes];
  const spot = freeSpot(childrenOf(nodes, to.parent, to.slot), node.w, node.h);
  return nodes.map((n) => (n.uid === uid ? ({ ...n, parent: to.parent, slot: to.slot, ...spot } as PageNode) : n));
}

/** The nodes without `uid` and every block under it. */
export function removeNode(nodes: readonly PageNode[], uid: string): PageNode[] {
  const gone = new Set(subtreeOf(nodes, uid).map((n) => n.uid));
  return nodes.filter((n) => !gone.has(n.uid));
}

const placeKeys = ['parent', 'slot', 'x', 'y', 'w', 'h'] as const;

/** The one operation that makes the server's node (absent: new) the designer's (absent: removed), if any. */
export function opFor(before: PageNode | undefined, after: PageNode | undefined): PagePatchOp | null {
  if (!before && !after) return null;
  if (!before && after) {
    const { version: _version, ...node } = after;
    return { op: 'insert', node } as PagePatchOp;
  }
  if (before && !after) return { op: 'remove', uid: before.uid, version: before.version };
  if (!before || !after) return null;
  const change: Record<string, unknown> = {};
  for (const key of placeKeys) if (before[key] !== after[key]) change[key] = after[key];
  if (JSON.stringify(before.props) !== JSON.stringify(after.props)) change.props = after.props;
  if (Object.keys(change).length === 0) return null;
  return { op: 'update', uid: after.uid, version: before.version, ...change } as PagePatchOp;
}

/**
 * The patch for `uids`: containers inserted before what goes into them; a removed block's own remove only (the
 * server takes what is under it).
 */
export function opsFor(
  server: ReadonlyMap<string, PageNode>,
  local: readonly PageNode[],
  uids: Iterable<string>,
): { uid: string; op: PagePatchOp }[] {
  const byUid = new Map(local.map((n) => [n.uid, n]));
  const depth = (uid: string): number => {
    let d = 0;
    for (let up = byUid.get(uid)?.parent; up && d < 50; up = byUid.get(up)?.parent) d++;
    return d;
  };
  const out: { uid: string; op: PagePatchOp }[] = [];
  for (const uid of uids) {
    const before = server.get(uid);
    const after = byUid.get(uid);
    // Under a block removed too: that block's remove takes it.
    if (before && !after && before.parent && !byUid.has(before.parent) && server.has(before.parent)) continue;
    const op = opFor(before, after);
    if (op) out.push({ uid, op });
  }
  return out.sort((a, b) => depth(a.uid) - depth(b.uid));
}

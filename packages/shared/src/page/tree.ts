import { z } from 'zod';
import { type BlockProps, type BlockType, blockPropsSchemas, nodeUid, ROOT_UID } from './blocks.ts';

/**
 * A page is a tree of nodes kept flat: each node names its parent (null for the root) and the parent's slot
 * it sits in, and its place on that slot's 24-column grid. Stored one row per node, so a patch changes the
 * nodes it names and nothing else; each node carries its own version for optimistic concurrency.
 */

const place = {
  x: z.number().int().min(0).max(23),
  y: z.number().int().min(0).max(500),
  w: z.number().int().min(1).max(24),
  h: z.number().int().min(1).max(60),
};
const slot = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

const nodeOf = <T extends BlockType>(type: T) =>
  z.strictObject({
    uid: nodeUid,
    type: z.literal(type),
    parent: nodeUid.nullable(),
    slot,
    ...place,
    props: blockPropsSchemas[type] as (typeof blockPropsSchemas)[T],
  });

/** A node as the designer sends it (an insert) and as pages keep it. */
export const pageNodeInputSchema = z
  .discriminatedUnion('type', [
    nodeOf('page'),
    nodeOf('grid'),
    nodeOf('form'),
    nodeOf('details'),
    nodeOf('chart'),
    nodeOf('dashboard'),
    nodeOf('kpi'),
    nodeOf('kanban'),
    nodeOf('calendar'),
    nodeOf('tree'),
    nodeOf('richText'),
    nodeOf('image'),
    nodeOf('links'),
    nodeOf('iframe'),
    nodeOf('tabs'),
    nodeOf('columns'),
    nodeOf('section'),
  ])
  // Written once in the API reference (components), not in each route that takes or gives a node.
  .meta({ id: 'PageNodeInput' });
export type PageNodeInput = z.infer<typeof pageNodeInputSchema>;

/** A stored node: its version goes up with every change to it. */
export const pageNodeSchema = z.intersection(pageNodeInputSchema, z.object({ version: z.number().int().min(1) }));
export type PageNode = z.infer<typeof pageNodeSchema>;
export type PageNodeOf<T extends BlockType> = Extract<PageNode, { type: T }>;

/** The root every page starts with. */
export const rootNode = (): PageNodeInput => ({
  uid: ROOT_UID,
  type: 'page',
  parent: null,
  slot: 'main',
  x: 0,
  y: 0,
  w: 24,
  h: 1,
  props: { filters: [] } satisfies BlockProps<'page'>,
});

/**
 * One change to one node. `update` changes the settings, the place, or the parent and slot (a move) of the
 * node at `version`; `remove` takes the node and everything under it. A patch's operations are applied
 * together or not at all: any node changed since its version was read makes the whole patch a 409.
 */
export const pagePatchOpSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('insert'), node: pageNodeInputSchema }),
  z.strictObject({
    op: z.literal('update'),
    uid: nodeUid,
    version: z.number().int().min(1),
    /** The node's whole settings (checked against its type's schema). */
    props: z.record(z.string(), z.unknown()).optional(),
    parent: nodeUid.optional(),
    slot: slot.optional(),
    ...{
      x: place.x.optional(),
      y: place.y.optional(),
      w: place.w.optional(),
      h: place.h.optional(),
    },
  }),
  z.strictObject({ op: z.literal('remove'), uid: nodeUid, version: z.number().int().min(1) }),
]);
export type PagePatchOp = z.infer<typeof pagePatchOpSchema>;

/** The children of `uid` in one slot (or every slot), in reading order (top to bottom, left to right). */
export function childrenOf<T extends Pick<PageNodeInput, 'uid' | 'parent' | 'slot' | 'x' | 'y'>>(
  nodes: readonly T[],
  uid: string,
  slotKey?: string,
): T[] {
  return nodes
    .filter((n) => n.parent === uid && (slotKey === undefined || n.slot === slotKey))
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** `uid` and every node under it. */
export function subtreeOf<T extends Pick<PageNodeInput, 'uid' | 'parent'>>(nodes: readonly T[], uid: string): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  const walk = (at: string) => {
    if (seen.has(at)) return;
    seen.add(at);
    for (const n of nodes) if (n.uid === at) out.push(n);
    for (const n of nodes) if (n.parent === at) walk(n.uid);
  };
  walk(uid);
  return out;
}

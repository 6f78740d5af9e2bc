import type { EntityMeta } from '../entity/metadata.ts';
import { type BlockType, blockPropsSchemas, isContainer, isEntityBlock, ROOT_UID, slotsOf } from './blocks.ts';
import type { PageNodeInput } from './tree.ts';

/**
 * A page's meaning checks, the same in the designer (live) and on every save (400 with the reasons): one
 * root; each node under a container, in one of its slots, without circles; each block's settings valid for
 * its type; the entity a data block names served, its fields that entity's; a link to a block on the page
 * that can be linked to, through a field that references that block's entity; filters aimed at blocks there.
 *
 * Problems are keyed `nodes.<uid>.<path>` (or `nodes.<uid>` for the node as a whole), so the designer puts each
 * beside its block and setting.
 */
export type PageProblems = Record<string, string>;

export type PageCheckContext = {
  /** The entity the engine serves by this name (as the caller may open it), or null. */
  entity: (name: string) => EntityMeta | null;
};

type Loose = { uid: string; type: string; parent: string | null; slot: string; props: unknown };

const fieldOf = (meta: EntityMeta, name: string) => meta.fields.find((f) => f.name === name);

/**
 * The blocks a page may hold: more than a screen's worth many times over, and a bound on what every patch checks
 * (and what a hostile designer could make the server walk).
 */
export const MAX_PAGE_NODES = 500;

export function checkPage(nodes: readonly Loose[], ctx: PageCheckContext): PageProblems {
  const problems: PageProblems = {};
  if (nodes.length > MAX_PAGE_NODES) return { nodes: `a page holds at most ${MAX_PAGE_NODES} blocks` };
  const at = (uid: string, path: string, message: string) => {
    const key = path ? `nodes.${uid}.${path}` : `nodes.${uid}`;
    if (!(key in problems)) problems[key] = message;
  };
  const byUid = new Map<string, Loose>();
  for (const n of nodes) {
    if (byUid.has(n.uid)) at(n.uid, 'uid', 'two nodes have this id');
    byUid.set(n.uid, n);
  }
  const root = byUid.get(ROOT_UID);
  if (root?.type !== 'page' || root.parent !== null) problems.nodes = 'a page has one root node, "root"';

  for (const n of nodes) checkNode(n, byUid, ctx, at);
  checkCircles(nodes, byUid, at);
  return problems;
}

type At = (uid: string, path: string, message: string) => void;

function checkNode(n: Loose, byUid: Map<string, Loose>, ctx: PageCheckContext, at: At) {
  if (!(n.type in blockPropsSchemas)) {
    at(n.uid, 'type', `no block type ${n.type}`);
    return;
  }
  const type = n.type as BlockType;
  const parsed = blockPropsSchemas[type].safeParse(n.props);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) at(n.uid, ['props', ...issue.path].join('.'), issue.message);
    return;
  }
  const props = parsed.data as Record<string, unknown>;
  if (type === 'page') {
    if (n.uid !== ROOT_UID || n.parent !== null) at(n.uid, 'type', 'only the root is a page');
    checkFilters(n.uid, props as { filters: { targets: { block: string; field: string }[] }[] }, byUid, ctx, at);
    return;
  }
  if (n.parent === null) {
    at(n.uid, 'parent', 'only the root has no parent');
    return;
  }
  const parent = byUid.get(n.parent);
  if (!parent) {
    at(n.uid, 'parent', `no node ${n.parent} on the page`);
    return;
  }
  if (!isContainer(parent.type)) {
    at(n.uid, 'parent', `a ${parent.type} block holds no blocks`);
    return;
  }
  const parentProps = blockPropsSchemas[parent.type as BlockType].safeParse(parent.props);
  if (parentProps.success && !slotsOf(parent.type as BlockType, parentProps.data).includes(n.slot))
    at(n.uid, 'slot', `no slot ${n.slot} in ${parent.uid}`);
  if (type === 'columns') {
    const total = (props as { columns: { span: number }[] }).columns.reduce((s, c) => s + c.span, 0);
    if (total > 24) at(n.uid, 'props.columns', 'the columns span more than 24');
  }
  if (isEntityBlock(type)) checkEntityBlock(n.uid, type, props, byUid, ctx, at);
}

function checkEntityBlock(
  uid: string,
  type: BlockType,
  props: Record<string, unknown>,
  byUid: Map<string, Loose>,
  ctx: PageCheckContext,
  at: At,
) {
  const name = props.entity as string;
  const meta = ctx.entity(name);
  if (!meta) {
    at(uid, 'props.entity', `no entity ${name}`);
    return;
  }
  const needField = (path: string, field: unknown, test?: (t: string) => boolean, want?: string) => {
    if (typeof field !== 'string') return;
    const f = fieldOf(meta, field);
    if (!f) {
      at(uid, path, `${name} has no field ${field}`);
      return;
    }
    if (test && !test(f.type)) at(uid, path, `${field} is not ${want}`);
  };
  const list = (key: string) => (Array.isArray(props[key]) ? (props[key] as string[]) : []);
  for (const key of ['columns', 'searchFields', 'fields', 'cardFields'])
    list(key).forEach((f, i) => {
      needField(`props.${key}.${i}`, f);
    });
  (props.conditions as { field: string }[]).forEach((c, i) => {
    needField(`props.conditions.${i}.field`, c.field);
  });
  const dateLike = (t: string) => t === 'date' || t === 'datetime';
  if (type === 'kpi' && props.measure === 'sum') {
    if (props.field === null) at(uid, 'props.field', 'a sum names a field');
    else needField('props.field', props.field, (t) => t === 'integer' || t === 'decimal', 'a number');
  }
  if (type === 'kanban') {
    needField('props.groupField', props.groupField, (t) => t === 'dict', 'a dictionary field');
    needField('props.titleField', props.titleField);
  }
  if (type === 'calendar') {
    needField('props.dateField', props.dateField, dateLike, 'a date');
    needField('props.endField', props.endField, dateLike, 'a date');
    needField('props.titleField', props.titleField);
  }
  if (type === 'tree') {
    needField('props.titleField', props.titleField);
    const parent = fieldOf(meta, props.parentField as string);
    if (!parent) at(uid, 'props.parentField', `${name} has no field ${String(props.parentField)}`);
    else if (parent.reference?.table !== meta.table) at(uid, 'props.parentField', 'does not reference the same entity');
  }
  checkLink(uid, type, props, meta, byUid, ctx, at);
}

function checkLink(
  uid: string,
  type: BlockType,
  props: Record<string, unknown>,
  meta: EntityMeta,
  byUid: Map<string, Loose>,
  ctx: PageCheckContext,
  at: At,
) {
  const link = props.link as { block: string; field?: string } | null;
  const detailOf = props.detailOf as string | null | undefined;
  if (!link) {
    if (detailOf) at(uid, 'props.link', 'detail lines need a link to their master block');
    return;
  }
  if (link.block === uid) {
    at(uid, 'props.link.block', 'a block does not link to itself');
    return;
  }
  const source = byUid.get(link.block);
  if (!source) {
    at(uid, 'props.link.block', `no block ${link.block} on the page`);
    return;
  }
  if (!isEntityBlock(source.type)) {
    at(uid, 'props.link.block', `a ${source.type} block selects no row`);
    return;
  }
  const sourceMeta = ctx.entity((source.props as { entity: string }).entity);
  if (!sourceMeta) return;
  if (detailOf) {
    if (detailOf !== sourceMeta.name) at(uid, 'props.detailOf', `the linked block shows ${sourceMeta.name}`);
    else if (!sourceMeta.details.some((d) => d.entity === meta.name))
      at(uid, 'props.detailOf', `${meta.name} is not a detail of ${detailOf}`);
    return;
  }
  if (link.field === undefined) {
    if (type !== 'details' || sourceMeta.name !== meta.name)
      at(uid, 'props.link.field', 'name the field that references the selected row');
    return;
  }
  const f = fieldOf(meta, link.field);
  if (!f) at(uid, 'props.link.field', `${meta.name} has no field ${link.field}`);
  else if (f.reference?.table !== sourceMeta.table)
    at(uid, 'props.link.field', `${link.field} does not reference ${sourceMeta.name}`);
}

function checkFilters(
  uid: string,
  props: { filters: { targets: { block: string; field: string }[] }[] },
  byUid: Map<string, Loose>,
  ctx: PageCheckContext,
  at: At,
) {
  props.filters.forEach((filter, i) => {
    filter.targets.forEach((t, j) => {
      const path = `props.filters.${i}.targets.${j}`;
      const target = byUid.get(t.block);
      if (!target) {
        at(uid, `${path}.block`, `no block ${t.block} on the page`);
        return;
      }
      if (target.type === 'chart') return; // a chart's dataset fields are checked by the server against the chart
      if (!isEntityBlock(target.type)) {
        at(uid, `${path}.block`, `a ${target.type} block takes no filter`);
        return;
      }
      const meta = ctx.entity((target.props as { entity: string }).entity);
      if (meta && !fieldOf(meta, t.field)) at(uid, `${path}.field`, `${meta.name} has no field ${t.field}`);
    });
  });
}

function checkCircles(nodes: readonly Loose[], byUid: Map<string, Loose>, at: At) {
  for (const n of nodes) {
    const seen = new Set<string>([n.uid]);
    let up = n.parent;
    while (up !== null) {
      if (seen.has(up)) {
        at(n.uid, 'parent', 'a block cannot sit inside itself');
        break;
      }
      seen.add(up);
      up = byUid.get(up)?.parent ?? null;
    }
  }
}

/** Inputs the checks take, in the node shape the wire gives. */
export type CheckableNode = Pick<PageNodeInput, 'uid' | 'type' | 'parent' | 'slot' | 'props'>;

/** A row of a flat, self-referencing table shown as a tree (menus, organisations). */
export type TreeRow = { id: number; parentId: number | null };

export type TreeNode<R extends TreeRow> = { key: number; title: string; row: R; children: TreeNode<R>[] };

/** The tree from the flat rows (sort order kept); a row whose parent is missing shows at the top. */
export function buildTree<R extends TreeRow>(rows: readonly R[], label: (r: R) => string): TreeNode<R>[] {
  const ids = new Set(rows.map((r) => r.id));
  const build = (parentId: number | null, seen: ReadonlySet<number>): TreeNode<R>[] =>
    rows
      .filter((r) => (parentId === null ? r.parentId === null || !ids.has(r.parentId) : r.parentId === parentId))
      .filter((r) => !seen.has(r.id))
      .map((row) => ({ key: row.id, title: label(row), row, children: build(row.id, new Set([...seen, row.id])) }));
  return build(null, new Set());
}

export type NestedRow<R extends TreeRow> = R & { children?: NestedRow<R>[] };

/** The flat rows nested for antd's Table and TreeSelect (order kept); leaves get no children array. */
export function nestRows<R extends TreeRow>(rows: readonly R[]): NestedRow<R>[] {
  const nodes = new Map<number, NestedRow<R>>(rows.map((r) => [r.id, { ...r }]));
  const roots: NestedRow<R>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}

/** The row and everything under it: the parents it may not move under. */
export function withDescendants(rows: readonly TreeRow[], id: number): Set<number> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

export type ParentOption = { value: number; title: string; disabled: boolean; children: ParentOption[] };

/** The parent picker's options: the whole tree, with the edited row and its descendants disabled. */
export function parentOptions<R extends TreeRow>(
  rows: readonly R[],
  label: (r: R) => string,
  editing: R | undefined,
): ParentOption[] {
  const blocked = editing ? withDescendants(rows, editing.id) : new Set<number>();
  const toOptions = (nodes: TreeNode<R>[]): ParentOption[] =>
    nodes.map((n) => ({ value: n.key, title: n.title, disabled: blocked.has(n.key), children: toOptions(n.children) }));
  return toOptions(buildTree(rows, label));
}

/** The children of a parent (null = top level) in display order, without `exclude`. */
export const siblingsOf = (rows: readonly TreeRow[], parentId: number | null, exclude: number) =>
  rows.filter((r) => r.parentId === parentId && r.id !== exclude).map((r) => r.id);

/**
 * Where an antd Tree drop puts the dragged row: onto a node makes it that node's first child;
 * into the gap above or below a node makes it a sibling just before or after it.
 */
export function dropTarget(
  rows: readonly TreeRow[],
  drag: number,
  target: number,
  position: 'inside' | 'before' | 'after',
): { parentId: number | null; index: number } | null {
  const node = rows.find((r) => r.id === target);
  if (!node) return null;
  if (position === 'inside') return { parentId: node.id, index: 0 };
  const siblings = siblingsOf(rows, node.parentId, drag);
  const at = siblings.indexOf(target);
  return { parentId: node.parentId, index: position === 'before' ? at : at + 1 };
}

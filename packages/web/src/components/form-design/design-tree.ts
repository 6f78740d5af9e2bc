import type { FormItem } from '@trestle/shared';

/**
 * The layout as containers of items: the form itself (`root`), a section (its id), a tab or a column (the
 * tab's or column's id). Ids are unique over items, tabs and columns alike (the designer makes them so), so
 * one string names any place an item may sit.
 */
export const ROOT = 'root';

/** The items of a container, or null when no container has that id. */
export function itemsOf(items: readonly FormItem[], container: string): readonly FormItem[] | null {
  if (container === ROOT) return items;
  for (const item of items)
    for (const [id, inner] of childContainers(item)) {
      if (id === container) return inner;
      const found = itemsOf(inner, container);
      if (found) return found;
    }
  return null;
}

/** An item with each container directly inside it (its own, each tab, each column) given new items. */
export function mapContainers(
  item: FormItem,
  change: (container: string, items: readonly FormItem[]) => FormItem[],
): FormItem {
  if (item.kind === 'section') return { ...item, items: change(item.id, item.items) };
  if (item.kind === 'tabs') return { ...item, tabs: item.tabs.map((t) => ({ ...t, items: change(t.id, t.items) })) };
  if (item.kind === 'columns')
    return { ...item, columns: item.columns.map((c) => ({ ...c, items: change(c.id, c.items) })) };
  return item;
}

/** The layout with one container's items replaced (the others untouched, shared). */
function withContainer(
  items: readonly FormItem[],
  container: string,
  change: (items: FormItem[]) => FormItem[],
): FormItem[] {
  if (container === ROOT) return change([...items]);
  return items.map((item) =>
    mapContainers(item, (id, inner) =>
      id === container ? change([...inner]) : withContainer(inner, container, change),
    ),
  );
}

/** Where an item sits: its container and its index there. */
export function locate(
  items: readonly FormItem[],
  id: string,
  container = ROOT,
): { container: string; index: number } | null {
  for (const [index, item] of items.entries()) {
    if (item.id === id) return { container, index };
    for (const [inner, children] of childContainers(item)) {
      const found = locate(children, id, inner);
      if (found) return found;
    }
  }
  return null;
}

/** The containers directly inside an item: a section's own, each tab, each column. */
export function childContainers(item: FormItem): [string, readonly FormItem[]][] {
  if (item.kind === 'section') return [[item.id, item.items]];
  if (item.kind === 'tabs') return item.tabs.map((t) => [t.id, t.items]);
  if (item.kind === 'columns') return item.columns.map((c) => [c.id, c.items]);
  return [];
}

export function findItem(items: readonly FormItem[], id: string): FormItem | null {
  const at = locate(items, id);
  return at ? (itemsOf(items, at.container)?.[at.index] ?? null) : null;
}

/** The item and everything inside it, depth first. */
export function* selfAndInside(item: FormItem): Generator<FormItem> {
  yield item;
  for (const [, children] of childContainers(item)) for (const child of children) yield* selfAndInside(child);
}

/** Every container id inside an item (its own and those of the items in it). */
export function containersInside(item: FormItem): Set<string> {
  const ids = new Set<string>();
  for (const each of selfAndInside(item)) for (const [id] of childContainers(each)) ids.add(id);
  return ids;
}

/** Every id the layout uses: items, tabs and columns. */
export function allIds(items: readonly FormItem[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items)
    for (const each of selfAndInside(item)) {
      ids.add(each.id);
      for (const [id] of childContainers(each)) ids.add(id);
    }
  return ids;
}

export function removeItem(items: readonly FormItem[], id: string): { items: FormItem[]; removed: FormItem | null } {
  const at = locate(items, id);
  if (!at) return { items: [...items], removed: null };
  let removed: FormItem | null = null;
  const next = withContainer(items, at.container, (list) => {
    removed = list.splice(at.index, 1)[0] ?? null;
    return list;
  });
  return { items: next, removed };
}

export function insertItem(items: readonly FormItem[], container: string, index: number, item: FormItem): FormItem[] {
  return withContainer(items, container, (list) => {
    list.splice(Math.max(0, Math.min(index, list.length)), 0, item);
    return list;
  });
}

export function replaceItem(items: readonly FormItem[], id: string, change: (item: FormItem) => FormItem): FormItem[] {
  const at = locate(items, id);
  if (!at) return [...items];
  return withContainer(items, at.container, (list) => {
    const item = list[at.index];
    if (item) list[at.index] = change(item);
    return list;
  });
}

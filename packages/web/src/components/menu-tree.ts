import { type MenuItem, menuUrlToPath } from '@trestle/shared';

export type MenuNode = { entry: MenuItem; path: string | null; children: MenuNode[] };

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A folder has no url; everything else is a screen whose route path is the url without '/Manager'. */
export const entryPath = (entry: MenuItem): string | null => (entry.url ? menuUrlToPath(entry.url) : null);

/**
 * The entity a menu entry's route names, spelt as the menu spells it: `/Customer` → Customer (the menu code
 * the server checks grants against). Null for a route that is not a single entity name.
 */
export function entityOfRoute(route: string | null): string | null {
  const m = /^\/([A-Z][A-Za-z0-9]*)$/.exec(route ?? '');
  return m?.[1] ?? null;
}

export function findMenuEntry(permission: readonly MenuItem[], path: string): MenuItem | undefined {
  return permission.find((m) => {
    const p = entryPath(m);
    return p !== null && samePath(p, path);
  });
}

/** The entry's ancestors, root first (a guard against cycles in bad data). */
export function menuAncestors(permission: readonly MenuItem[], entry: MenuItem): MenuItem[] {
  const chain: MenuItem[] = [];
  const seen = new Set<number>([entry.id]);
  let parent = permission.find((m) => m.id === entry.parentId);
  while (parent && !seen.has(parent.id)) {
    chain.unshift(parent);
    seen.add(parent.id);
    const parentId = parent.parentId;
    parent = permission.find((m) => m.id === parentId);
  }
  return chain;
}

/** The navigation tree from the flat list (parentId 0 = root); enable 2 grants but stays out of the navigation. */
export function buildMenuTree(permission: readonly MenuItem[]): MenuNode[] {
  const shown = permission.filter((m) => m.enable !== 2);
  const build = (parentId: number, seen: Set<number>): MenuNode[] =>
    shown
      .filter((m) => m.parentId === parentId && !seen.has(m.id))
      .map((entry) => ({
        entry,
        path: entryPath(entry),
        children: build(entry.id, new Set([...seen, entry.id])),
      }));
  return build(0, new Set());
}

/** Screens (entries with a url) the user may open, in menu order. */
export const permittedScreens = (permission: readonly MenuItem[]): { entry: MenuItem; path: string }[] =>
  permission.flatMap((entry) => {
    const path = entryPath(entry);
    return path ? [{ entry, path }] : [];
  });

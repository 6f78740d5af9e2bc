import type { EntityMeta, TableDesign } from '@trestle/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { buttons, menuButtons, menus, roleGrants } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';

/**
 * A designed table's screen in the menu: one row of `menus` whose code is the design's name (the permission
 * key the engine checks for the entity), with the buttons a grid screen offers.
 *
 * No role_grants rows are written: a super-admin role holds every button of every enabled menu
 * (grantExpr in http/access.ts), and other roles are granted the screen in the permission editor like any
 * other. Nor tenant_menus rows: inTenantPackage lets the platform tenant see every menu, and another tenant
 * gets the screen when the platform administrator adds it to that tenant's package.
 */

/** What the grid engine serves for every entity; Audit only when the design has approval. */
const GRID_BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Export', 'Import', 'Upload'];
const AUDIT_BUTTON = 'Audit';
const ICON = 'TableOutlined';

/** The buttons a grid screen over an entity offers: the engine's calls, Audit only with approval. */
export const gridButtons = (audit: boolean): string[] => (audit ? [...GRID_BUTTONS, AUDIT_BUTTON] : GRID_BUTTONS);

/**
 * Creates the design's menu entry, or brings it in line with the design: its names, its folder and its
 * buttons. What an admin set in the menu editor (icon, order within the folder, shown or hidden, buttons of
 * their own) is left as it is. A folder that does not exist, or that is the menu itself or one below it, is
 * refused (400 on `folder`); with `whenFolderGone: 'stay'` (a roll back, where the design can't be edited
 * any more) the menu keeps the place it has instead.
 */
export async function ensureDesignMenu(
  tx: Db,
  design: TableDesign,
  opts: { whenFolderGone: 'refuse' | 'stay' } = { whenFolderGone: 'refuse' },
): Promise<number> {
  const [current] = await tx.select().from(menus).where(eq(menus.code, design.name));
  const folder = await placeOf(tx, design.folder, current?.id ?? null);
  if (folder === 'gone' && opts.whenFolderGone === 'refuse')
    throw badRequest('The design has errors', { folder: 'no such menu folder' });
  const parentId = folder === 'gone' ? (current?.parentId ?? null) : folder;

  let menuId: number;
  if (!current) {
    const [created] = await tx
      .insert(menus)
      .values({
        code: design.name,
        name: design.label.en,
        nameZh: design.label.zh,
        url: `/${design.name}`,
        icon: ICON,
        parentId,
        enable: 1,
        sort: await nextSort(tx, parentId),
      })
      .returning({ id: menus.id });
    if (!created) throw new Error('insert returned no row');
    menuId = created.id;
  } else {
    menuId = current.id;
    // Moved to another folder, it goes last there, as a new menu would.
    const moved = current.parentId !== parentId;
    await tx
      .update(menus)
      .set({
        name: design.label.en,
        nameZh: design.label.zh,
        parentId,
        ...(moved ? { sort: await nextSort(tx, parentId) } : {}),
      })
      .where(eq(menus.id, menuId));
  }
  await syncButtons(tx, menuId, design.audit);
  return menuId;
}

/**
 * A built-in entity's menu entry, from its definition's `menu` part, made once with its table: under the
 * folder with the `parent` code (the top level without one), last there unless `order` says, offering
 * `buttons` (the grid's own by default). A folder code that names no menu is a mistake in the definition:
 * refused, and the table's creation with it.
 */
export async function createEntityMenu(tx: Db, meta: EntityMeta): Promise<void> {
  const part = meta.menu;
  if (!part) return;
  let parentId: number | null = null;
  if (part.parent !== undefined) {
    const [folder] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.code, part.parent));
    if (!folder) throw new Error(`${meta.name}: menu.parent ${part.parent} names no menu`);
    parentId = folder.id;
  }
  const [created] = await tx
    .insert(menus)
    .values({
      code: meta.name,
      name: meta.label.en,
      nameZh: meta.label.zh,
      url: `/${meta.name}`,
      icon: part.icon ?? ICON,
      parentId,
      enable: 1,
      sort: part.order ?? (await nextSort(tx, parentId)),
    })
    .onConflictDoNothing()
    .returning({ id: menus.id });
  // A menu of that code already there (a seed's, an admin's) is left as it is.
  if (!created) return;
  const wanted = part.buttons ?? gridButtons(meta.audit);
  const offered = await tx.select({ id: buttons.id }).from(buttons).where(inArray(buttons.code, wanted));
  if (offered.length !== new Set(wanted).size)
    throw new Error(`${meta.name}: menu.buttons names a button that does not exist (${wanted.join(', ')})`);
  await tx.insert(menuButtons).values(offered.map((b) => ({ menuId: created.id, buttonId: b.id })));
}

/** Takes the design's menu away with its offers and grants (foreign keys cascade). */
export async function removeDesignMenu(tx: Db, name: string): Promise<void> {
  const [menu] = await tx.select().from(menus).where(eq(menus.code, name));
  if (!menu) return;
  // A menu an admin put under the screen's entry would block the delete (menus.parent_id does not
  // cascade, on purpose): it moves up to the entry's own folder instead of going with it.
  await tx.update(menus).set({ parentId: menu.parentId }).where(eq(menus.parentId, menu.id));
  await tx.delete(menus).where(eq(menus.id, menu.id));
}

/** The parent a folder id stands for: null for the top level, 'gone' for no menu or a cycle through `self`. */
async function placeOf(tx: Db, folder: number | null, self: number | null): Promise<number | null | 'gone'> {
  if (folder === null) return null;
  const all = await tx.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  const parentOf = new Map(all.map((m) => [m.id, m.parentId]));
  if (!parentOf.has(folder)) return 'gone';
  const seen = new Set<number>();
  for (let at: number | null | undefined = folder; at != null && !seen.has(at); at = parentOf.get(at)) {
    if (at === self) return 'gone';
    seen.add(at);
  }
  return folder;
}

async function nextSort(tx: Db, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${menus.sort}), 0)::int` })
    .from(menus)
    .where(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId));
  return (row?.max ?? 0) + 10;
}

/**
 * Offers the grid's buttons (a code missing from the catalogue is skipped); Audit follows the design's
 * approval flag, and taken away it takes its grants on this menu with it, as the menu editor does.
 */
async function syncButtons(tx: Db, menuId: number, audit: boolean) {
  const wanted = gridButtons(audit);
  const catalogue = await tx
    .select({ id: buttons.id, code: buttons.code })
    .from(buttons)
    .where(inArray(buttons.code, [...GRID_BUTTONS, AUDIT_BUTTON]));
  const offered = catalogue.filter((b) => wanted.includes(b.code));
  if (offered.length > 0)
    await tx
      .insert(menuButtons)
      .values(offered.map((b) => ({ menuId, buttonId: b.id })))
      .onConflictDoNothing();
  const auditId = catalogue.find((b) => b.code === AUDIT_BUTTON)?.id;
  if (!audit && auditId !== undefined) {
    await tx.delete(menuButtons).where(and(eq(menuButtons.menuId, menuId), eq(menuButtons.buttonId, auditId)));
    await tx.delete(roleGrants).where(and(eq(roleGrants.menuId, menuId), eq(roleGrants.buttonId, auditId)));
  }
}

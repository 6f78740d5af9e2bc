import { ErrorCode, type MenuInput, type MenuMove, type MenuRow, type MenuUpdate } from '@trestle/shared';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buttons, menuButtons, menus, roleGrants } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';

type MenuRecord = typeof menus.$inferSelect;

const notFound = () => new AppError(404, ErrorCode.notFound, 'No such menu');
export const ruleBroken = (message: string) => new AppError(422, ErrorCode.unprocessable, message);

/**
 * The menu editor's rules: codes are unique, a code a route declares as its permission key keeps
 * its code and its row, no menu moves under itself, and a menu with children stays.
 * `routeCodes` is read when needed: routes registered after this feature count too.
 */
export function createMenuService(db: Db, routeCodes: () => ReadonlySet<string>) {
  async function find(tx: Db, id: number): Promise<MenuRecord> {
    const [row] = await tx.select().from(menus).where(eq(menus.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** Refuses a parent that is missing, or that is the menu itself or one of its descendants. */
  async function checkParent(tx: Db, id: number | null, parentId: number | null) {
    if (parentId === null) return;
    const all = await tx.select({ id: menus.id, parentId: menus.parentId }).from(menus);
    const parentOf = new Map(all.map((m) => [m.id, m.parentId]));
    if (!parentOf.has(parentId)) throw badRequest('No such parent menu', { parentId: 'No such menu' });
    const seen = new Set<number>();
    for (let at: number | null | undefined = parentId; at != null && !seen.has(at); at = parentOf.get(at)) {
      if (at === id) throw ruleBroken('A menu cannot move under itself or one of its own sub-menus');
      seen.add(at);
    }
  }

  async function checkCode(tx: Db, code: string, id: number | null) {
    const [other] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.code, code));
    if (other && other.id !== id)
      throw badRequest('This code is already used', { code: 'Already used by another menu' });
  }

  async function checkButtons(tx: Db, buttonIds: number[]) {
    if (buttonIds.length === 0) return;
    const found = await tx.select({ id: buttons.id }).from(buttons).where(inArray(buttons.id, buttonIds));
    if (found.length !== new Set(buttonIds).size) throw badRequest('No such button', { buttonIds: 'No such button' });
  }

  /** Sets the buttons a menu offers; a button taken away takes its grants on this menu with it. */
  async function setButtons(tx: Db, menuId: number, buttonIds: number[]) {
    const ids = [...new Set(buttonIds)];
    const keep = ids.length ? notInArray(menuButtons.buttonId, ids) : undefined;
    await tx.delete(menuButtons).where(and(eq(menuButtons.menuId, menuId), keep));
    const dropGrants = ids.length ? notInArray(roleGrants.buttonId, ids) : undefined;
    await tx.delete(roleGrants).where(and(eq(roleGrants.menuId, menuId), dropGrants));
    if (ids.length) {
      await tx
        .insert(menuButtons)
        .values(ids.map((buttonId) => ({ menuId, buttonId })))
        .onConflictDoNothing();
    }
  }

  const fields = (input: MenuInput) => ({
    parentId: input.parentId,
    code: input.code,
    name: input.name,
    nameZh: input.nameZh,
    url: input.url,
    icon: input.icon,
    enable: input.enable,
    sort: input.sort,
  });

  return {
    async list(): Promise<MenuRow[]> {
      const [rows, offers] = await Promise.all([
        db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)),
        db.select().from(menuButtons).orderBy(asc(menuButtons.buttonId)),
      ]);
      const codes = routeCodes();
      return rows.map((m) => ({
        ...m,
        buttonIds: offers.filter((o) => o.menuId === m.id).map((o) => o.buttonId),
        builtIn: codes.has(m.code),
      }));
    },

    async add(input: MenuInput): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        await checkParent(tx, null, input.parentId);
        await checkCode(tx, input.code, null);
        await checkButtons(tx, input.buttonIds);
        const [created] = await tx.insert(menus).values(fields(input)).returning({ id: menus.id });
        if (!created) throw new Error('insert returned no row');
        await setButtons(tx, created.id, input.buttonIds);
        return created;
      });
    },

    async update(input: MenuUpdate): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const current = await find(tx, input.id);
        if (current.code !== input.code && routeCodes().has(current.code)) {
          throw badRequest('A built-in menu keeps its code', {
            code: 'Routes check permissions by this code; it cannot change',
          });
        }
        await checkParent(tx, input.id, input.parentId);
        await checkCode(tx, input.code, input.id);
        await checkButtons(tx, input.buttonIds);
        await tx.update(menus).set(fields(input)).where(eq(menus.id, input.id));
        await setButtons(tx, input.id, input.buttonIds);
        return { id: input.id };
      });
    },

    /** Re-parents (no cycles) and renumbers the new siblings so the menu lands at `index`. */
    async move(input: MenuMove): Promise<void> {
      await db.transaction(async (tx) => {
        await find(tx, input.id);
        await checkParent(tx, input.id, input.parentId);
        const siblings = await tx
          .select({ id: menus.id })
          .from(menus)
          .where(input.parentId === null ? sql`${menus.parentId} is null` : eq(menus.parentId, input.parentId))
          .orderBy(asc(menus.sort), asc(menus.id));
        const order = siblings.map((s) => s.id).filter((id) => id !== input.id);
        order.splice(Math.min(input.index, order.length), 0, input.id);
        await tx.update(menus).set({ parentId: input.parentId }).where(eq(menus.id, input.id));
        for (const [i, id] of order.entries()) {
          await tx
            .update(menus)
            .set({ sort: (i + 1) * 10 })
            .where(eq(menus.id, id));
        }
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await find(tx, id);
        if (routeCodes().has(current.code)) {
          throw ruleBroken(`The menu "${current.name}" is built in (routes check permissions by its code)`);
        }
        const [child] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
        if (child) throw ruleBroken(`The menu "${current.name}" has sub-menus; move or delete them first`);
        // Its offers and grants go with it (foreign keys cascade).
        await tx.delete(menus).where(eq(menus.id, id));
      });
    },
  };
}

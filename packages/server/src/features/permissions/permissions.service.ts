import { ErrorCode, type PermissionMatrix, type Role, type SavePermissionBody } from '@trestle/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buttons, menuButtons, menus, roleGrants, roleMenus } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { loadRoleScope, type RoleScope, visibleRoles } from '../../http/role-scope.ts';

type Caller = { userId: number; tenantId: number };

const noSuchRole = () => new AppError(404, ErrorCode.notFound, 'No such role');

export function createPermissionService(db: Db) {
  /**
   * What the caller may grant: a super admin every enabled menu with every button it offers; anyone
   * else only the menus and buttons its own roles hold ("no more than you hold").
   */
  async function holdings(scope: RoleScope) {
    const [allMenus, offered] = await Promise.all([
      db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)),
      db.select().from(menuButtons),
    ]);
    const offers = new Map<number, number[]>();
    for (const o of offered) offers.set(o.menuId, [...(offers.get(o.menuId) ?? []), o.buttonId]);
    const live = allMenus.filter((m) => m.enable > 0);
    if (scope.isSuper) {
      return { allMenus: live, offers, openable: new Set(live.map((m) => m.id)), held: offers };
    }
    const own = [...scope.own];
    const [opened, granted] = own.length
      ? await Promise.all([
          db.select().from(roleMenus).where(inArray(roleMenus.roleId, own)),
          db.select().from(roleGrants).where(inArray(roleGrants.roleId, own)),
        ])
      : [[], []];
    const held = new Map<number, number[]>();
    for (const g of granted) held.set(g.menuId, [...(held.get(g.menuId) ?? []), g.buttonId]);
    const liveIds = new Set(live.map((m) => m.id));
    return {
      allMenus: live,
      offers,
      openable: new Set(opened.map((o) => o.menuId).filter((id) => liveIds.has(id))),
      held,
    };
  }

  async function currentOf(roleId: number) {
    const [opened, granted] = await Promise.all([
      db.select().from(roleMenus).where(eq(roleMenus.roleId, roleId)),
      db.select().from(roleGrants).where(eq(roleGrants.roleId, roleId)),
    ]);
    return { opened: new Set(opened.map((o) => o.menuId)), granted };
  }

  return {
    async roles(caller: Caller, lang: Language): Promise<Omit<Role, 'userCount'>[]> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      return visibleRoles(scope, lang);
    },

    async matrix(caller: Caller, roleId: number, lang: Language): Promise<PermissionMatrix> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      if (!scope.visible.has(roleId)) throw noSuchRole();
      const editable = scope.manageable.has(roleId);
      const [h, current, buttonRows] = await Promise.all([
        holdings(scope),
        currentOf(roleId),
        db.select().from(buttons).orderBy(asc(buttons.sort), asc(buttons.id)),
      ]);
      // Menus in sight: those the caller may grant or the role already opens, with the folders above them.
      const byId = new Map(h.allMenus.map((m) => [m.id, m]));
      const shown = new Set<number>();
      for (const m of h.allMenus) {
        if (!h.openable.has(m.id) && !current.opened.has(m.id)) continue;
        for (let id: number | null = m.id; id !== null && !shown.has(id); id = byId.get(id)?.parentId ?? null) {
          shown.add(id);
        }
      }
      return {
        roleId,
        buttons: buttonRows.map((b) => ({ id: b.id, code: b.code, name: lang === 'zh' ? b.nameZh : b.name })),
        menus: h.allMenus
          .filter((m) => shown.has(m.id))
          .map((m) => {
            const offered = h.offers.get(m.id) ?? [];
            const openable = editable && h.openable.has(m.id);
            return {
              id: m.id,
              parentId: m.parentId !== null && shown.has(m.parentId) ? m.parentId : null,
              name: lang === 'zh' ? m.nameZh : m.name,
              url: m.url,
              offered,
              assignable: openable ? offered.filter((b) => h.held.get(m.id)?.includes(b)) : [],
              openable,
              opened: current.opened.has(m.id),
              granted: current.granted.filter((g) => g.menuId === m.id).map((g) => g.buttonId),
            };
          }),
      };
    },

    /**
     * Replaces the role's grants on the menus the caller may grant, in one transaction; grants on
     * other menus (given by someone holding more) stay. Read on the next call by the menu and the
     * server's grant check, so a change applies at once.
     */
    async save(caller: Caller, body: SavePermissionBody) {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      if (!scope.visible.has(body.roleId)) throw noSuchRole();
      if (!scope.manageable.has(body.roleId))
        throw forbidden('You cannot change the grants of a role you hold yourself');
      const [h, current] = await Promise.all([holdings(scope), currentOf(body.roleId)]);
      // Keeping a button the role already has is not granting it: someone holding more gave it.
      const kept = (menuId: number, buttonId: number) =>
        current.granted.some((g) => g.menuId === menuId && g.buttonId === buttonId);
      const seen = new Set<number>();
      for (const entry of body.menus) {
        if (seen.has(entry.menuId)) throw badRequest('A menu is listed twice', { menus: `menu ${entry.menuId} twice` });
        seen.add(entry.menuId);
        if (!h.openable.has(entry.menuId)) throw forbidden('You cannot grant a menu you do not hold');
        const offered = h.offers.get(entry.menuId) ?? [];
        const stray = entry.buttonIds.find((b) => !offered.includes(b));
        if (stray !== undefined) {
          throw badRequest('A button the menu does not offer', {
            menus: `menu ${entry.menuId} offers no button ${stray}`,
          });
        }
        if (entry.buttonIds.some((b) => !h.held.get(entry.menuId)?.includes(b) && !kept(entry.menuId, b))) {
          throw forbidden('You cannot grant a button you do not hold');
        }
      }
      const mine = [...h.openable];
      await db.transaction(async (tx) => {
        if (mine.length) {
          await tx.delete(roleGrants).where(and(eq(roleGrants.roleId, body.roleId), inArray(roleGrants.menuId, mine)));
          await tx.delete(roleMenus).where(and(eq(roleMenus.roleId, body.roleId), inArray(roleMenus.menuId, mine)));
        }
        if (body.menus.length) {
          await tx.insert(roleMenus).values(body.menus.map((m) => ({ roleId: body.roleId, menuId: m.menuId })));
        }
        const grants = body.menus.flatMap((m) =>
          [...new Set(m.buttonIds)].map((buttonId) => ({ roleId: body.roleId, menuId: m.menuId, buttonId })),
        );
        if (grants.length) await tx.insert(roleGrants).values(grants);
      });
    },
  };
}

import type { Button, MenuItem } from '@trestle/shared';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buttons, menuButtons, menus, roleGrants, roleMenus, roles, userRoles } from '../../db/schema.ts';
import { inTenantPackage } from '../../http/access.ts';
import type { Language } from '../../http/language.ts';
import { menuItem } from '../../platform/menus.ts';

/**
 * An entry another feature adds to one caller's menu, for something of their tenant that is no row of the
 * platform's catalogue (a published dashboard): under the folder whose code is `folder` (the top level when
 * that is none, or not one the caller's tenant has), with an id below 0 so it never meets a menu row's.
 */
export type ExtraMenuEntry = { id: number; name: string; url: string; icon: string; folder: string | null };

export function createMenuRepository(db: Db) {
  return {
    async buttons(lang: Language): Promise<Button[]> {
      const rows = await db.select().from(buttons).orderBy(asc(buttons.sort), asc(buttons.id));
      return rows.map((b) => ({
        id: b.id,
        code: b.code,
        name: lang === 'zh' ? b.nameZh : b.name,
        functionName: b.functionName,
        icon: b.icon,
        sort: b.sort,
      }));
    },

    /**
     * The first-run setup visitor's menus: those named in `grants` (menu code → button codes the setup
     * code opens) with their folders, each offering just those buttons.
     */
    async treeOfGrants(grants: ReadonlyMap<string, readonly string[]>, lang: Language): Promise<MenuItem[]> {
      const [all, offered] = await Promise.all([
        db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)),
        db
          .select({ menuId: menuButtons.menuId, buttonId: menuButtons.buttonId, code: buttons.code })
          .from(menuButtons)
          .innerJoin(buttons, eq(buttons.id, menuButtons.buttonId)),
      ]);
      const byId = new Map(all.map((m) => [m.id, m]));
      const visible = new Set<number>();
      for (const m of all) {
        if (!grants.has(m.code)) continue;
        for (let id: number | null = m.id; id !== null && !visible.has(id); id = byId.get(id)?.parentId ?? null) {
          visible.add(id);
        }
      }
      return all
        .filter((m) => visible.has(m.id))
        .map((m) =>
          menuItem(
            m,
            lang,
            offered.filter((o) => o.menuId === m.id && grants.get(m.code)?.includes(o.code)).map((o) => o.buttonId),
          ),
        );
    },

    /**
     * The caller's menus as a flat list: every enabled menu a role of theirs may open (all of them
     * for a super admin) within the tenant's package, plus the folders above them; a menu under a
     * disabled one is left out.
     * `permission` holds the granted button ids among those the menu offers. `extra` entries come last, each
     * with the folders above it.
     */
    async treeFor(userId: number, lang: Language, extra: readonly ExtraMenuEntry[] = []): Promise<MenuItem[]> {
      const [all, offered, myRoles] = await Promise.all([
        db
          .select({ ...getTableColumns(menus), inPackage: sql<boolean>`${inTenantPackage(sql`${menus.id}`)}` })
          .from(menus)
          .orderBy(asc(menus.sort), asc(menus.id)),
        db.select().from(menuButtons),
        db
          .select({ id: roles.id, isSuper: roles.isSuper, enabled: roles.enabled })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(userRoles.userId, userId)),
      ]);
      const enabledRoles = myRoles.filter((r) => r.enabled);
      const isSuper = enabledRoles.some((r) => r.isSuper);
      const roleIds = new Set(enabledRoles.map((r) => r.id));
      const [opened, granted] = isSuper
        ? [[], []]
        : await Promise.all([db.select().from(roleMenus), db.select().from(roleGrants)]);

      const offers = groupBy(
        offered,
        (o) => o.menuId,
        (o) => o.buttonId,
      );
      const grants = groupBy(
        granted.filter((g) => roleIds.has(g.roleId)),
        (g) => g.menuId,
        (g) => g.buttonId,
      );
      const openable = new Set(opened.filter((o) => roleIds.has(o.roleId)).map((o) => o.menuId));
      const byId = new Map(all.map((m) => [m.id, m]));
      const enabledPath = (id: number | null): boolean => {
        const m = id === null ? undefined : byId.get(id);
        return !m || (m.enable > 0 && enabledPath(m.parentId));
      };

      const visible = new Set<number>();
      for (const m of all) {
        if (!m.inPackage || !enabledPath(m.id) || !(isSuper || openable.has(m.id))) continue;
        visible.add(m.id);
        // Folders come along only for shown menus: a hidden grant must not surface an empty folder.
        if (m.enable !== 1) continue;
        for (let id = m.parentId; id !== null && !visible.has(id); id = byId.get(id)?.parentId ?? null) {
          visible.add(id);
        }
      }
      const extraItems = extra.map((e): MenuItem => {
        const folder = all.find((m) => m.code === e.folder && m.inPackage && enabledPath(m.id));
        for (let id = folder?.id ?? null; id !== null && !visible.has(id); id = byId.get(id)?.parentId ?? null) {
          visible.add(id);
        }
        return {
          id: e.id,
          name: e.name,
          url: e.url,
          parentId: folder?.id ?? 0,
          icon: e.icon,
          enable: 1,
          permission: [],
        };
      });
      return [
        ...all
          .filter((m) => visible.has(m.id))
          .map((m) => {
            const offer = offers.get(m.id) ?? [];
            const mine = isSuper ? offer : offer.filter((b) => grants.get(m.id)?.includes(b));
            return menuItem(m, lang, mine);
          }),
        ...extraItems,
      ];
    },
  };
}

function groupBy<T>(rows: T[], key: (r: T) => number, value: (r: T) => number): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), value(r)]);
  return map;
}

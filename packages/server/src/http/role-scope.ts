import type { Role } from '@trestle/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pickName } from '../db/names.ts';
import { roles, userRoles } from '../db/schema.ts';
import type { Language } from './language.ts';

export type RoleRow = typeof roles.$inferSelect;

/**
 * Which of the tenant's roles a caller may see and manage (users, roles and permissions share it).
 * A super admin manages every role of the tenant. Anyone else sees its own enabled roles and the
 * roles below them, and manages only those strictly below: no one edits, assigns or raises the
 * grants of the role they hold themselves.
 */
export type RoleScope = {
  isSuper: boolean;
  own: ReadonlySet<number>;
  manageable: ReadonlySet<number>;
  visible: ReadonlySet<number>;
  /** Every role of the tenant, sorted by id. */
  all: readonly RoleRow[];
  /** The role and every role below it. */
  subtree(id: number): Set<number>;
};

export async function loadRoleScope(db: Db, userId: number, tenantId: number): Promise<RoleScope> {
  const [all, mine] = await Promise.all([
    db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.id)),
    db
      .select({ id: roles.id, isSuper: roles.isSuper })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true), eq(roles.tenantId, tenantId))),
  ]);
  const children = new Map<number, number[]>();
  for (const r of all) {
    if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const subtree = (id: number) => {
    const seen = new Set<number>([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const c of children.get(next) ?? []) {
        if (!seen.has(c)) {
          seen.add(c);
          queue.push(c);
        }
      }
    }
    return seen;
  };

  const isSuper = mine.some((r) => r.isSuper);
  const own = new Set(mine.map((r) => r.id));
  const visible = new Set<number>();
  const manageable = new Set<number>();
  for (const id of own) for (const below of subtree(id)) visible.add(below);
  // A super role below someone else's would let them assign more than they hold: seen, never managed.
  const superRoles = new Set(all.filter((r) => r.isSuper).map((r) => r.id));
  for (const r of all) {
    if (isSuper || (visible.has(r.id) && !own.has(r.id) && !superRoles.has(r.id))) manageable.add(r.id);
  }
  if (isSuper) for (const r of all) visible.add(r.id);
  return { isSuper, own, manageable, visible, all, subtree };
}

/** The roles the caller sees, as the role and permission screens list them (without their user counts). */
export function visibleRoles(scope: RoleScope, lang: Language): Omit<Role, 'userCount'>[] {
  return scope.all
    .filter((r) => scope.visible.has(r.id))
    .map((r) => ({
      id: r.id,
      // Above the caller's own roles is out of sight: its roles show as roots.
      parentId: r.parentId !== null && scope.visible.has(r.parentId) ? r.parentId : null,
      code: r.code,
      name: pickName(lang, r.name, r.nameZh),
      nameEn: r.name,
      nameZh: r.nameZh,
      roleTypeId: r.roleTypeId,
      isSuper: r.isSuper,
      enabled: r.enabled,
      dataScope: r.dataScope,
      manageable: scope.manageable.has(r.id),
    }));
}

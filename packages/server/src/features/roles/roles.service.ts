import {
  type AddRoleTypeBody,
  type addRoleBodySchema,
  ErrorCode,
  type Role,
  type RoleType,
  type UpdateRoleTypeBody,
  type updateRoleBodySchema,
} from '@trestle/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, roleTypes, userRoles } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { loadRoleScope, type RoleScope, visibleRoles } from '../../http/role-scope.ts';

type Caller = { userId: number; tenantId: number };
type AddRole = z.output<typeof addRoleBodySchema>;
type UpdateRole = z.output<typeof updateRoleBodySchema>;

/** The columns the role form writes, the same on add and on update. */
const formColumns = (body: AddRole) => ({
  parentId: body.parentId,
  code: body.code,
  name: body.name,
  nameZh: body.nameZh,
  roleTypeId: body.roleTypeId,
  enabled: body.enabled,
});

const noSuchRole = () => new AppError(404, ErrorCode.notFound, 'No such role');
const codeTaken = () => badRequest('This code is taken', { code: 'this code is taken' });

export function createRoleService(db: Db) {
  /** A parent must be one the caller sees (its own roles or below); only a super admin makes top-level roles. */
  function checkParent(scope: RoleScope, parentId: number | null) {
    if (parentId === null) {
      if (!scope.isSuper) throw badRequest('Pick a parent role', { parentId: 'pick one of your roles or one below' });
      return;
    }
    if (!scope.visible.has(parentId)) {
      throw badRequest('Parent role: no such role', { parentId: 'pick one of your roles or one below' });
    }
  }

  function checkSuperFlag(scope: RoleScope, wanted: boolean | undefined, current: boolean) {
    if (wanted !== undefined && wanted !== current && !scope.isSuper) {
      throw forbidden('Only a super admin may change the super-admin flag');
    }
  }

  /** A role's type is one of its own tenant's (the composite foreign key of migration 0018 holds it too). */
  async function checkRoleType(tenantId: number, roleTypeId: number | null) {
    if (roleTypeId === null) return;
    const [found] = await db
      .select({ id: roleTypes.id })
      .from(roleTypes)
      .where(and(eq(roleTypes.id, roleTypeId), eq(roleTypes.tenantId, tenantId)));
    if (!found) throw badRequest('Role type: no such role type', { roleTypeId: 'no such role type' });
  }

  /** The role if the caller may change it: 404 when it is not in sight, 403 for the caller's own. */
  async function manageableRole(caller: Caller, id: number) {
    const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
    const role = scope.all.find((r) => r.id === id);
    if (!role || !scope.visible.has(id)) throw noSuchRole();
    if (!scope.manageable.has(id)) throw forbidden('You cannot change a role you hold yourself');
    return { role, scope };
  }

  return {
    async tree(caller: Caller, lang: Language): Promise<Role[]> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      const ids = [...scope.visible];
      const counts = ids.length
        ? await db
            .select({ roleId: userRoles.roleId, n: count() })
            .from(userRoles)
            .where(inArray(userRoles.roleId, ids))
            .groupBy(userRoles.roleId)
        : [];
      return visibleRoles(scope, lang).map((r) => ({
        ...r,
        userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
      }));
    },

    async add(caller: Caller, body: AddRole): Promise<{ id: number }> {
      const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
      checkParent(scope, body.parentId);
      checkSuperFlag(scope, body.isSuper, false);
      await checkRoleType(caller.tenantId, body.roleTypeId);
      const [created] = await db
        .insert(roles)
        .values({ tenantId: caller.tenantId, ...formColumns(body), isSuper: body.isSuper ?? false })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (!created) throw codeTaken();
      return created;
    },

    async update(caller: Caller, body: UpdateRole) {
      const { role, scope } = await manageableRole(caller, body.id);
      checkParent(scope, body.parentId);
      if (body.parentId !== null && scope.subtree(role.id).has(body.parentId)) {
        throw badRequest('A role cannot sit below itself', { parentId: 'would make a cycle' });
      }
      checkSuperFlag(scope, body.isSuper, role.isSuper);
      // A super admin must not take away the super role it signs in with.
      if (scope.own.has(role.id) && (!body.enabled || body.isSuper === false)) {
        throw new AppError(422, ErrorCode.unprocessable, 'You cannot disable your own role or take its super flag');
      }
      await checkRoleType(caller.tenantId, body.roleTypeId);
      const [same] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, caller.tenantId), eq(roles.code, body.code)));
      if (same && same.id !== role.id) throw codeTaken();
      await db
        .update(roles)
        .set({ ...formColumns(body), isSuper: body.isSuper ?? role.isSuper })
        .where(and(eq(roles.id, role.id), eq(roles.tenantId, caller.tenantId)));
    },

    async del(caller: Caller, id: number) {
      const { role, scope } = await manageableRole(caller, id);
      if (scope.all.some((r) => r.parentId === role.id)) {
        throw new AppError(409, ErrorCode.conflict, 'The role has roles below it; move or delete them first');
      }
      const [used] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, role.id));
      if (used && used.n > 0)
        throw new AppError(409, ErrorCode.conflict, 'Users hold this role; take it from them first');
      await db.delete(roles).where(and(eq(roles.id, role.id), eq(roles.tenantId, caller.tenantId)));
    },
  };
}

/**
 * Role types are each tenant's own labels for grouping its roles: the RoleType screen's grants decide
 * who changes them, within the caller's tenant (row-level security keeps the others' out of sight), and
 * a type still grouping a role cannot be deleted.
 */
export function createRoleTypeService(db: Db) {
  const codeTakenType = () => badRequest('This code is taken', { code: 'this code is taken' });
  const noSuchType = () => new AppError(404, ErrorCode.notFound, 'No such role type');

  return {
    async list(caller: Caller): Promise<RoleType[]> {
      const rows = await db
        .select({ id: roleTypes.id, code: roleTypes.code, name: roleTypes.name, roleCount: count(roles.id) })
        .from(roleTypes)
        .leftJoin(roles, and(eq(roles.roleTypeId, roleTypes.id), eq(roles.tenantId, caller.tenantId)))
        .where(eq(roleTypes.tenantId, caller.tenantId))
        .groupBy(roleTypes.id)
        .orderBy(asc(roleTypes.id));
      return rows;
    },

    async add(caller: Caller, body: AddRoleTypeBody) {
      const [created] = await db
        .insert(roleTypes)
        .values({ ...body, tenantId: caller.tenantId })
        .onConflictDoNothing()
        .returning({ id: roleTypes.id });
      if (!created) throw codeTakenType();
      return created;
    },

    async update(caller: Caller, body: UpdateRoleTypeBody) {
      const mine = eq(roleTypes.tenantId, caller.tenantId);
      const [same] = await db
        .select({ id: roleTypes.id })
        .from(roleTypes)
        .where(and(mine, eq(roleTypes.code, body.code)));
      if (same && same.id !== body.id) throw codeTakenType();
      const done = await db
        .update(roleTypes)
        .set({ code: body.code, name: body.name })
        .where(and(mine, eq(roleTypes.id, body.id)))
        .returning({ id: roleTypes.id });
      if (!done.length) throw noSuchType();
    },

    async del(caller: Caller, id: number) {
      const [type] = await db
        .select({ id: roleTypes.id })
        .from(roleTypes)
        .where(and(eq(roleTypes.tenantId, caller.tenantId), eq(roleTypes.id, id)));
      if (!type) throw noSuchType();
      const [used] = await db
        .select({ n: count() })
        .from(roles)
        .where(and(eq(roles.tenantId, caller.tenantId), eq(roles.roleTypeId, id)));
      if (used && used.n > 0) throw new AppError(409, ErrorCode.conflict, 'Roles are of this type; change them first');
      await db.delete(roleTypes).where(and(eq(roleTypes.tenantId, caller.tenantId), eq(roleTypes.id, id)));
    },
  };
}

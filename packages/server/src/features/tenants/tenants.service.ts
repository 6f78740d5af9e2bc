import {
  ErrorCode,
  type MenuItem,
  type TenantAdd,
  type TenantDetail,
  type TenantRow,
  type TenantUpdate,
} from '@trestle/shared';
import { and, asc, count, eq, gt, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { actAsTenant, type Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { menus, organizations, roles, sessions, tenantMenus, tenants, userRoles, users } from '../../db/schema.ts';
import { withTenant } from '../../db/tenant.ts';
import { BASE_MENUS } from '../../http/access.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { loadLoginSettings } from '../../platform/login-settings.ts';
import { menuItem } from '../../platform/menus.ts';
import { hashPassword, passwordProblem, userKeyOf } from '../../platform/passwords.ts';

/**
 * Menus that administer the platform itself: never in another tenant's package. Menus, buttons and
 * icons are one catalogue shared by every tenant.
 */
export const PLATFORM_MENUS = ['TenantMan', 'SysMenu', 'Button', 'Icons'];

const noSuchTenant = () => new AppError(404, ErrorCode.notFound, 'No such tenant');
const today = (now: Date) => now.toISOString().slice(0, 10);

export type TenantService = ReturnType<typeof createTenantService>;

/**
 * Gives a new tenant its starting data (dictionaries, role types) inside the creating transaction. The seed
 * owns that data, above the features, so the app passes it in.
 */
export type StartTenant = (tx: Db, tenantId: number, by: number) => Promise<void>;

export function createTenantService(db: Db, now: () => Date, startTenant: StartTenant) {
  /** A tenant's admin's user name and its number of users, read as that tenant. */
  const membersOf = (tenantId: number, adminUserId: number | null) =>
    withTenant(tenantId, async () => {
      const [admin] = adminUserId
        ? await db.select({ userName: users.userName }).from(users).where(eq(users.id, adminUserId))
        : [];
      const [members] = await db.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId));
      return { adminUserName: admin?.userName ?? null, users: members?.n ?? 0 };
    });

  /** The package as given, refused if it names an unknown or platform-only menu. */
  async function checkPackage(menuIds: number[]) {
    if (menuIds.length === 0) return;
    const found = await db
      .select({ id: menus.id, code: menus.code })
      .from(menus)
      .where(inArray(menus.id, [...new Set(menuIds)]));
    if (found.length !== new Set(menuIds).size)
      throw badRequest('Unknown menu in the package', { menuIds: 'unknown menu' });
    if (found.some((m) => PLATFORM_MENUS.includes(m.code)))
      throw badRequest('Tenant management stays with the platform', { menuIds: 'a platform-only menu' });
  }

  async function setPackage(tx: Db, tenantId: number, menuIds: number[]) {
    await actAsTenant(tx, tenantId);
    await tx.delete(tenantMenus).where(eq(tenantMenus.tenantId, tenantId));
    if (menuIds.length)
      await tx.insert(tenantMenus).values([...new Set(menuIds)].map((menuId) => ({ tenantId, menuId })));
  }

  return {
    async list(q: string, page: number, rows: number): Promise<{ rows: TenantRow[]; total: number }> {
      const like = containing(q);
      const where = q ? or(ilike(tenants.code, like), ilike(tenants.name, like)) : undefined;
      const [found, [total]] = await Promise.all([
        db
          .select({
            id: tenants.id,
            code: tenants.code,
            name: tenants.name,
            enabled: tenants.enabled,
            isPlatform: tenants.isPlatform,
            expiresOn: tenants.expiresOn,
            remark: sql<string>`coalesce(${tenants.remark}, '')`,
            adminUserId: tenants.adminUserId,
          })
          .from(tenants)
          .where(where)
          .orderBy(asc(tenants.code), asc(tenants.id))
          .limit(rows)
          .offset((page - 1) * rows),
        db.select({ n: count() }).from(tenants).where(where),
      ]);
      // Each tenant's users are read as that tenant (row-level security), one page of tenants at a time.
      const listed: TenantRow[] = [];
      for (const { adminUserId, ...tenant } of found)
        listed.push({ ...tenant, ...(await membersOf(tenant.id, adminUserId)) });
      return { rows: listed, total: total?.n ?? 0 };
    },

    async get(id: number): Promise<TenantDetail> {
      const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id));
      if (!tenant) throw noSuchTenant();
      const packaged = await withTenant(id, () =>
        db.select({ menuId: tenantMenus.menuId }).from(tenantMenus).where(eq(tenantMenus.tenantId, id)),
      );
      const members = await membersOf(id, tenant.adminUserId);
      return {
        id: tenant.id,
        code: tenant.code,
        name: tenant.name,
        enabled: tenant.enabled,
        isPlatform: tenant.isPlatform,
        expiresOn: tenant.expiresOn,
        remark: tenant.remark ?? '',
        ...members,
        menuIds: packaged.map((p) => p.menuId),
      };
    },

    /**
     * The menus a package may hold, flat with their folders: every enabled menu but the platform's own
     * and those every tenant has anyway. The package tree offers these, whoever is asking.
     */
    async packageMenus(lang: Language): Promise<MenuItem[]> {
      const rows = await db
        .select()
        .from(menus)
        .where(and(gt(menus.enable, 0), notInArray(menus.code, [...PLATFORM_MENUS, ...BASE_MENUS])))
        .orderBy(asc(menus.sort), asc(menus.id));
      return rows.map((m) => menuItem(m, lang, []));
    },

    /** A tenant with its super-admin role, its admin, a root organisation, the built-in dictionaries and its package. */
    async add(body: TenantAdd): Promise<{ id: number }> {
      await checkPackage(body.menuIds);
      const policy = await loadLoginSettings(db);
      const problem = passwordProblem(body.admin.password, body.admin.userName, policy);
      if (problem) throw badRequest(`Password: ${problem}`, { 'admin.password': problem });
      const passwordHash = await hashPassword(body.admin.password);
      return db.transaction(async (tx) => {
        const [tenant] = await tx
          .insert(tenants)
          .values({ code: body.code, name: body.name, expiresOn: body.expiresOn, remark: body.remark })
          .onConflictDoNothing({ target: tenants.code })
          .returning({ id: tenants.id });
        if (!tenant) throw badRequest('This tenant code is taken', { code: 'this code is taken' });
        // Its users, roles and the rest are the new tenant's rows: written as that tenant.
        await actAsTenant(tx, tenant.id);
        const [admin] = await tx
          .insert(users)
          .values({
            tenantId: tenant.id,
            userName: body.admin.userName,
            userKey: userKeyOf(body.admin.userName),
            userTrueName: body.admin.userTrueName,
            passwordHash,
            mustChangePassword: true,
          })
          .onConflictDoNothing({ target: users.userKey })
          .returning({ id: users.id });
        if (!admin) throw badRequest('This user name is taken', { 'admin.userName': 'this user name is taken' });
        const [role] = await tx
          .insert(roles)
          .values({ tenantId: tenant.id, code: 'admin', name: 'Administrator', nameZh: '管理员', isSuper: true })
          .returning({ id: roles.id });
        if (!role) throw new Error('the admin role was not written');
        await tx.insert(userRoles).values({ tenantId: tenant.id, userId: admin.id, roleId: role.id });
        await tx.update(tenants).set({ adminUserId: admin.id }).where(eq(tenants.id, tenant.id));
        await setPackage(tx, tenant.id, body.menuIds);
        await tx.insert(organizations).values({ tenantId: tenant.id, code: 'HQ', name: body.name, type: 'company' });
        await startTenant(tx, tenant.id, admin.id);
        return tenant;
      });
    },

    /** Disabling a tenant ends its sessions at once; the platform tenant keeps every menu and stays on. */
    async update(body: TenantUpdate) {
      const [tenant] = await db.select().from(tenants).where(eq(tenants.id, body.id));
      if (!tenant) throw noSuchTenant();
      if (tenant.isPlatform && (!body.enabled || body.expiresOn))
        throw badRequest('The platform tenant cannot be disabled or expire', { enabled: 'the platform stays on' });
      if (!tenant.isPlatform) await checkPackage(body.menuIds);
      await db.transaction(async (tx) => {
        await tx
          .update(tenants)
          .set({ name: body.name, enabled: body.enabled, expiresOn: body.expiresOn, remark: body.remark })
          .where(eq(tenants.id, body.id));
        if (!tenant.isPlatform) await setPackage(tx, body.id, body.menuIds);
        if (!body.enabled) {
          await actAsTenant(tx, body.id);
          await tx
            .update(sessions)
            .set({ revokedAt: now() })
            .where(and(eq(sessions.tenantId, body.id), isNull(sessions.revokedAt)));
        }
      });
    },

    /**
     * Whether the user may work in another tenant: a super admin of the platform tenant. The target
     * must be on and not expired.
     */
    async checkSwitch(userId: number, tenantId: number) {
      const [me] = await db
        .select({ homeTenantId: users.tenantId })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isSuper, true), eq(roles.enabled, true)))
        .where(and(eq(users.id, userId), eq(tenants.isPlatform, true)))
        .limit(1);
      if (!me) throw forbidden('Only a platform administrator can switch tenant');
      const [target] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      if (!target) throw noSuchTenant();
      if (!target.enabled || (target.expiresOn && target.expiresOn < today(now())))
        throw new AppError(422, ErrorCode.unprocessable, 'This tenant is disabled or expired');
      return { target, homeTenantId: me.homeTenantId };
    },
  };
}

import { eq, inArray } from 'drizzle-orm';
import { actAsTenant, type Db } from '../db/client.ts';
import { employees, menus, roles, tenantMenus, tenants, userRoles, users } from '../db/schema.ts';
import { PLATFORM_MENUS } from '../features/tenants/tenants.service.ts';
import { hashPassword, userKeyOf } from '../platform/passwords.ts';

export type OtherTenant = { tenantId: number; adminId: number; employeeIds: number[] };

/**
 * A second tenant written by the owner: its own super admin (`<code>-admin` / `Other@2026`), a
 * package of `menuCodes`, and three employees whose codes collide with the first tenant's.
 */
export async function createOtherTenant(
  db: Db,
  code = 'acme',
  menuCodes = ['Project', 'Employee', 'System', 'DictionaryList'],
): Promise<OtherTenant> {
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ code, name: `${code} Ltd` })
      .returning();
    if (!tenant) throw new Error('no tenant');
    // Row-level security is forced for the owner too: write as the new tenant.
    await actAsTenant(tx, tenant.id);
    const [role] = await tx
      .insert(roles)
      .values({ tenantId: tenant.id, code: 'admin', name: 'Admin', isSuper: true })
      .returning();
    const [admin] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        userName: `${code}-admin`,
        userKey: userKeyOf(`${code}-admin`),
        userTrueName: `${code} admin`,
        passwordHash: await hashPassword('Other@2026'),
      })
      .returning();
    if (!role || !admin) throw new Error('no admin');
    await tx.insert(userRoles).values({ tenantId: tenant.id, userId: admin.id, roleId: role.id });
    await tx.update(tenants).set({ adminUserId: admin.id }).where(eq(tenants.id, tenant.id));
    const packaged = await tx.select({ id: menus.id }).from(menus).where(inArray(menus.code, menuCodes));
    if (packaged.length)
      await tx.insert(tenantMenus).values(packaged.map((m) => ({ tenantId: tenant.id, menuId: m.id })));
    const rows = await tx
      .insert(employees)
      .values(
        ['E1001', 'E1002', 'X0001'].map((c) => ({
          tenantId: tenant.id,
          code: c,
          name: `${code} ${c}`,
          gender: 'male',
          hireDate: '2020-01-01',
          status: 'active',
        })),
      )
      .returning({ id: employees.id });
    return { tenantId: tenant.id, adminId: admin.id, employeeIds: rows.map((r) => r.id) };
  });
}

/** A second tenant holding every menu a tenant may have (`<code>-admin` / `Other@2026`): only tenancy keeps rows apart. */
export async function createTenantWithEveryMenu(db: Db, code: string): Promise<OtherTenant> {
  const codes = (await db.select({ code: menus.code }).from(menus))
    .map((m) => m.code)
    .filter((c) => !PLATFORM_MENUS.includes(c));
  return createOtherTenant(db, code, codes);
}

/** A bare second tenant, written by the owner: no users, roles or package until the test adds them. */
export async function addBareTenant(db: Db, code = 'other', name = 'Other company') {
  const [tenant] = await db.insert(tenants).values({ code, name }).returning();
  if (!tenant) throw new Error('no tenant');
  return tenant.id;
}

/** A user of `tenantId`, written by the owner: it signs in with `password`, or never when none is given. */
export async function addTenantUser(
  db: Db,
  tenantId: number,
  userName: string,
  userTrueName: string,
  password?: string,
) {
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      userName,
      userKey: userKeyOf(userName),
      userTrueName,
      passwordHash: password === undefined ? 'x' : await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('no user');
  return user.id;
}

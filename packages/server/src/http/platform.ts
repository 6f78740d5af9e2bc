import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, tenants, userRoles, users } from '../db/schema.ts';
import type { AuthContext } from './auth.ts';
import { forbidden } from './errors.ts';

/**
 * The platform administrator: signed in to the platform tenant (not switched into another one) and
 * holding an enabled super role there. What belongs to every tenant at once (the menu and button
 * catalogue, platform-wide settings, SQL on the embedded database) is theirs alone; a tenant's own
 * super admin is only that tenant's administrator.
 */
export async function isPlatformAdmin(db: Db, auth: Pick<AuthContext, 'userId' | 'tenantId'>): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(tenants, and(eq(tenants.id, users.tenantId), eq(tenants.isPlatform, true)))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isSuper, true), eq(roles.enabled, true)))
    .where(and(eq(users.id, auth.userId), eq(users.tenantId, auth.tenantId)))
    .limit(1);
  return row !== undefined;
}

export async function requirePlatformAdmin(db: Db, auth: Pick<AuthContext, 'userId' | 'tenantId'>, what: string) {
  if (!(await isPlatformAdmin(db, auth))) throw forbidden(`Only the platform administrator may ${what}`);
}

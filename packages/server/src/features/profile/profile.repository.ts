import type { CurrentUser, UpdateProfileBody } from '@trestle/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nameIn, pickName } from '../../db/names.ts';
import { organizations, roles, sessions, tenants, userRoles, users } from '../../db/schema.ts';
import type { Language } from '../../http/language.ts';

export function createProfileRepository(db: Db, now: () => Date) {
  return {
    async current(userId: number, sessionId: string, lang: Language): Promise<CurrentUser | null> {
      const [row] = await db
        .select({ user: users, tenant: tenants, org: organizations, expires: sessions.absoluteExpiresAt })
        .from(users)
        .innerJoin(sessions, eq(sessions.id, sessionId))
        // The session's tenant: a platform admin may have switched into another one.
        .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.id, userId));
      if (!row) return null;
      const roleRows = await db
        .select({ id: roles.id, name: nameIn(lang, roles.name, roles.nameZh) })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(roles.id);
      const { user, tenant, org } = row;
      return {
        id: user.id,
        userName: user.userName,
        userTrueName: user.userTrueName,
        img: user.img,
        phone: user.phone,
        email: user.email,
        tenant: { id: tenant.id, code: tenant.code, name: tenant.name },
        homeTenantId: user.tenantId,
        organization: org ? { id: org.id, name: pickName(lang, org.name, org.nameZh) } : null,
        roles: roleRows,
        mustChangePassword: user.mustChangePassword,
        sessionExpiresAt: row.expires.toISOString(),
      };
    },

    async update(userId: number, body: UpdateProfileBody) {
      await db
        .update(users)
        .set({ userTrueName: body.userTrueName, phone: body.phone, email: body.email, updatedAt: now() })
        .where(eq(users.id, userId));
    },

    /** Sets the avatar and returns the previous one, so the caller can delete its file. */
    async setImg(userId: number, img: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ img: users.img }).from(users).where(eq(users.id, userId)).for('update');
        await tx.update(users).set({ img, updatedAt: now() }).where(eq(users.id, userId));
        return before?.img ?? '';
      });
    },
  };
}

import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { roles, tenants, userRoles, users } from '../db/schema.ts';
import { addBareTenant } from './tenants.ts';

type Db = Database['db'];

/** The default tenant's id and the seed's roles by code. */
export async function seedRoles(db: Db) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.code, 'default'));
  const byCode = new Map((await db.select().from(roles)).map((r) => [r.code, r.id]));
  return { tenantId: tenant?.id ?? 0, role: (code: string) => byCode.get(code) ?? 0 };
}

/**
 * A delegated administrator: role `ops` under the seed's admin, role `clerk` under ops, and a user `ops`
 * holding ops who signs in with pm's password. `grant` gives ops its screens before anyone signs in.
 */
export async function addOpsAdministrator(db: Db, grant: (opsRole: number) => Promise<void>) {
  const { tenantId, role } = await seedRoles(db);
  const [opsRole] = await db
    .insert(roles)
    .values({ tenantId, code: 'ops', name: 'Ops', parentId: role('admin') })
    .returning();
  const [clerk] = await db
    .insert(roles)
    .values({ tenantId, code: 'clerk', name: 'Clerk', parentId: opsRole?.id })
    .returning();
  const ops = opsRole?.id ?? 0;
  await grant(ops);
  const [pmUser] = await db.select().from(users).where(eq(users.userKey, 'pm'));
  const [opsUser] = await db
    .insert(users)
    .values({
      tenantId,
      userName: 'ops',
      userKey: 'ops',
      userTrueName: 'Ops',
      passwordHash: pmUser?.passwordHash ?? '',
    })
    .returning();
  await db.insert(userRoles).values({ tenantId, userId: opsUser?.id ?? 0, roleId: ops });
  return { tenantId, ops, clerk: clerk?.id ?? 0 };
}

/** A role of a second tenant: an id no caller of the default tenant may reach. */
export async function addForeignRole(db: Db) {
  const other = await addBareTenant(db, 'other', 'Other');
  const [otherRole] = await db.insert(roles).values({ tenantId: other, code: 'x', name: 'Theirs' }).returning();
  return otherRole?.id ?? 0;
}

import type { Lang } from '@trestle/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { nameIn } from '../db/names.ts';
import { organizations, users } from '../db/schema.ts';
import { badRequest } from './errors.ts';
import { userKeyOf } from './passwords.ts';

type NewUser = { userName: string; userTrueName: string; phone: string; email: string };

/**
 * Writes a new account (an admin adding a user, a visitor registering): its key comes from its name, and
 * a name another account's key already holds is refused on the field, in one statement, race-free.
 */
export async function insertUser(
  tx: Db,
  tenantId: number,
  person: NewUser,
  passwordHash: string,
  more: Pick<typeof users.$inferInsert, 'organizationId' | 'enabled'> = {},
): Promise<{ id: number }> {
  const [created] = await tx
    .insert(users)
    .values({
      tenantId,
      userName: person.userName,
      userKey: userKeyOf(person.userName),
      userTrueName: person.userTrueName,
      passwordHash,
      phone: person.phone,
      email: person.email,
      ...more,
    })
    .onConflictDoNothing({ target: users.userKey })
    .returning({ id: users.id });
  if (!created) throw badRequest('This user name is taken', { userName: 'this user name is taken' });
  return created;
}

/** The tenant's organisations as a picker shows them: the tree (id, parent) in sort order, named in `lang`. */
export const organizationChoices = (db: Db, tenantId: number, lang: Lang) =>
  db
    .select({
      id: organizations.id,
      parentId: organizations.parentId,
      name: nameIn(lang, organizations.name, organizations.nameZh),
    })
    .from(organizations)
    .where(eq(organizations.tenantId, tenantId))
    .orderBy(asc(organizations.sort), asc(organizations.id));

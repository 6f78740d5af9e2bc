import {
  ErrorCode,
  type OrganizationInput,
  type OrganizationRow,
  type OrganizationUpdate,
  type OrganizationUser,
} from '@trestle/shared';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { nameIn } from '../../db/names.ts';
import { employees, organizations, users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';

const notFound = () => new AppError(404, ErrorCode.notFound, 'No such organisation');
const ruleBroken = (message: string) => new AppError(422, ErrorCode.unprocessable, message);

/** The PostgreSQL error code behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
function pgCode(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The organisation tree of one tenant: every read and write filters on the caller's tenant, so
 * another tenant's ids answer 404. Rules: unique code per tenant, no cycles, and a node with
 * sub-units, users or employees stays.
 */
export function createOrganizationService(db: Db) {
  async function find(tx: Db, tenantId: number, id: number) {
    const [row] = await tx
      .select()
      .from(organizations)
      .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
    if (!row) throw notFound();
    return row;
  }

  async function checkParent(tx: Db, tenantId: number, id: number | null, parentId: number | null) {
    if (parentId === null) return;
    const all = await tx
      .select({ id: organizations.id, parentId: organizations.parentId })
      .from(organizations)
      .where(eq(organizations.tenantId, tenantId));
    const parentOf = new Map(all.map((o) => [o.id, o.parentId]));
    // A parent is a reference the form writes: its field is named, the same for another tenant's and a missing id.
    if (!parentOf.has(parentId)) throw badRequest('No such organisation', { parentId: 'No such organisation' });
    const seen = new Set<number>();
    for (let at: number | null | undefined = parentId; at != null && !seen.has(at); at = parentOf.get(at)) {
      if (at === id) throw ruleBroken('An organisation cannot move under itself or one of its own units');
      seen.add(at);
    }
  }

  async function checkCode(tx: Db, tenantId: number, code: string, id: number | null) {
    const [other] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.tenantId, tenantId), eq(organizations.code, code)));
    if (other && other.id !== id) {
      throw badRequest('This code is already used', { code: 'Already used by another organisation' });
    }
  }

  async function checkManager(tx: Db, tenantId: number, managerId: number | null) {
    if (managerId === null) return;
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, managerId)));
    if (!user) throw badRequest('No such user', { managerId: 'No such user' });
  }

  async function checkInput(tx: Db, tenantId: number, id: number | null, input: OrganizationInput) {
    await checkParent(tx, tenantId, id, input.parentId);
    await checkCode(tx, tenantId, input.code, id);
    await checkManager(tx, tenantId, input.managerId);
  }

  const values = (input: OrganizationInput) => ({
    parentId: input.parentId,
    code: input.code,
    name: input.name,
    nameZh: input.nameZh,
    type: input.type,
    managerId: input.managerId,
    sort: input.sort,
  });

  return {
    async tree(tenantId: number, lang: Language): Promise<OrganizationRow[]> {
      const userCounts = db
        .select({ organizationId: users.organizationId, n: count().as('n') })
        .from(users)
        .where(eq(users.tenantId, tenantId))
        .groupBy(users.organizationId)
        .as('uc');
      const rows = await db
        .select({
          id: organizations.id,
          parentId: organizations.parentId,
          code: organizations.code,
          name: nameIn(lang, organizations.name, organizations.nameZh),
          nameEn: organizations.name,
          nameZh: organizations.nameZh,
          type: organizations.type,
          managerId: organizations.managerId,
          managerName: users.userTrueName,
          sort: organizations.sort,
          userCount: sql<number>`coalesce(${userCounts.n}, 0)::int`,
        })
        .from(organizations)
        .leftJoin(users, and(eq(users.id, organizations.managerId), eq(users.tenantId, tenantId)))
        .leftJoin(userCounts, eq(userCounts.organizationId, organizations.id))
        .where(eq(organizations.tenantId, tenantId))
        .orderBy(asc(organizations.sort), asc(organizations.id));
      return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
    },

    async add(tenantId: number, input: OrganizationInput): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        await checkInput(tx, tenantId, null, input);
        const [created] = await tx
          .insert(organizations)
          .values({ tenantId, ...values(input) })
          .returning({ id: organizations.id });
        if (!created) throw new Error('insert returned no row');
        return created;
      });
    },

    async update(tenantId: number, input: OrganizationUpdate): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        await find(tx, tenantId, input.id);
        await checkInput(tx, tenantId, input.id, input);
        await tx
          .update(organizations)
          .set(values(input))
          .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, input.id)));
        return { id: input.id };
      });
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db
        .transaction(async (tx) => {
          const current = await find(tx, tenantId, id);
          const [child] = await tx
            .select({ id: organizations.id })
            .from(organizations)
            .where(and(eq(organizations.tenantId, tenantId), eq(organizations.parentId, id)))
            .limit(1);
          if (child) throw ruleBroken(`"${current.name}" has units under it; move or delete them first`);
          const [user] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), eq(users.organizationId, id)))
            .limit(1);
          if (user) throw ruleBroken(`"${current.name}" still has users; move them to another organisation first`);
          const [employee] = await tx
            .select({ id: employees.id })
            .from(employees)
            .where(and(eq(employees.tenantId, tenantId), eq(employees.organizationId, id)))
            .limit(1);
          if (employee) {
            throw ruleBroken(`"${current.name}" still has employees; move them to another organisation first`);
          }
          await tx.delete(organizations).where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
        })
        .catch((err: unknown) => {
          // Other features may point at organisations too (data scopes, projects): their rows keep it.
          if (pgCode(err) === '23503') throw ruleBroken('Other records still refer to this organisation');
          throw err;
        });
    },

    /** The users whose organisation is this node (not its sub-units). */
    async users(tenantId: number, id: number): Promise<OrganizationUser[]> {
      await find(db, tenantId, id);
      return db
        .select({ id: users.id, userName: users.userName, userTrueName: users.userTrueName, enabled: users.enabled })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.organizationId, id)))
        .orderBy(asc(users.userName))
        .limit(500);
    },

    /** The manager picker: users of the tenant whose name or user name contains `q`. */
    async searchUsers(tenantId: number, q: string): Promise<OrganizationUser[]> {
      const like = containing(q);
      return db
        .select({ id: users.id, userName: users.userName, userTrueName: users.userTrueName, enabled: users.enabled })
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenantId),
            q ? or(ilike(users.userName, like), ilike(users.userTrueName, like)) : undefined,
          ),
        )
        .orderBy(asc(users.userName))
        .limit(20);
    },
  };
}

import type { EntityMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { UserSql } from '../../db/user-sql.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { grantExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';

/** What the designer's calls need: the database, the clock, the engine's entities, and where user SQL runs. */
export type BiDeps = {
  db: Db;
  now: () => Date;
  /** The registry's live list: a table design applied at run time is in it at once. */
  definitions: readonly EntityDefinition[];
  userSql: Pick<UserSql, 'embedded'>;
};

/** An entity a dataset may read, and the master whose lines it holds (a detail is opened through its master). */
export type UsableEntity = { meta: EntityMeta; master: string | null };

/** Every entity served with routes of its own, and the detail entities of those (with their master). */
function candidates(definitions: readonly EntityDefinition[]): UsableEntity[] {
  const masters = definitions.filter((d) => !d.detailOnly);
  const details = masters.flatMap((m) =>
    m.meta.details.flatMap((detail) => {
      const def = definitions.find((d) => d.meta.name === detail.entity && d.detailOnly);
      return def ? [{ meta: def.meta, master: m.meta.name }] : [];
    }),
  );
  const seen = new Set<string>();
  return [...masters.map((d) => ({ meta: d.meta, master: null })), ...details].filter((e) => {
    if (seen.has(e.meta.name)) return false;
    seen.add(e.meta.name);
    return true;
  });
}

/**
 * The entities the caller may build datasets on: those whose screen they may open (its menu's Search, the
 * master's for a detail) within their tenant's package. A tenant without the project area builds nothing on
 * its contracts, and a designer reads no entity through BI that their own screens keep from them.
 */
export async function usableEntities(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  definitions: readonly EntityDefinition[],
): Promise<UsableEntity[]> {
  const all = candidates(definitions);
  const menus = [...new Set(all.map((e) => e.master ?? e.meta.name))];
  if (menus.length === 0) return [];
  const rows = await queryRows<{ menu: string }>(
    db,
    sql.join(
      menus.map((menu) => sql`select ${menu}::text as menu where ${grantExpr(sql`${auth.userId}`, menu, 'Search')}`),
      sql` union all `,
    ),
  );
  const open = new Set(rows.map((r) => r.menu));
  return all.filter((e) => open.has(e.master ?? e.meta.name));
}

/** Every entity's metadata: what a saved dataset's fields are read against (charts, dashboards, viewers). */
export const allMetas = (definitions: readonly EntityDefinition[]): EntityMeta[] => definitions.map((d) => d.meta);

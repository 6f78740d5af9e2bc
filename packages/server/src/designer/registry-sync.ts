import type { TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../db/client.ts';
import type { EntityRegistry } from '../engine/registry.ts';

/**
 * Designed entities in the registry of every app node. A node reads the applied designs when it starts; an
 * apply or roll back puts the design into its own registry at once and announces its name on a PostgreSQL
 * channel, and every node (itself included) reads that design again: the database, not process memory,
 * says what is applied.
 */
export const DESIGNS_CHANNEL = 'trestle_designs';

type Log = { error(obj: unknown, msg: string): void };

/** Reads one design as applied (none: taken out) into the registry. */
export async function loadDesignedEntity(db: Db, registry: EntityRegistry, name: string): Promise<void> {
  const [row] = await queryRows<{ applied: TableDesign | null }>(
    db,
    sql`SELECT applied FROM table_designs WHERE name = ${name}`,
  );
  registry.setDesigned(name, row?.applied ?? null);
}

/**
 * Every applied design, when the node starts; then the announcements of the others (and its own), after each
 * of which `changed` runs (the constraint catalogue is read again: the table's indexes may have changed).
 */
export async function followDesigns(
  database: Database,
  registry: EntityRegistry,
  log: Log,
  changed: () => Promise<void> = async () => {},
): Promise<void> {
  const rows = await queryRows<{ name: string; applied: TableDesign }>(
    database.db,
    sql`SELECT name, applied FROM table_designs WHERE applied IS NOT NULL ORDER BY id`,
  );
  for (const row of rows) registry.setDesigned(row.name, row.applied);
  await database.listen(DESIGNS_CHANNEL, (name) => {
    loadDesignedEntity(database.db, registry, name)
      .then(changed)
      .catch((err: unknown) =>
        log.error({ err, name }, 'a designed entity could not be read after its change was announced'),
      );
  });
}

/** After an apply or roll back: this node's registry now, the others' by the announcement. */
export async function announceDesign(db: Db, registry: EntityRegistry, name: string): Promise<void> {
  await loadDesignedEntity(db, registry, name);
  await db.execute(sql`SELECT pg_notify(${DESIGNS_CHANNEL}, ${name})`);
}

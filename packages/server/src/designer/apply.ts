import { type EntityMeta, ErrorCode, type TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { AppError, badRequest } from '../http/errors.ts';
import {
  checkMaster,
  checkReferences,
  checkSource,
  parseDesign,
  refuseTakenNames,
  refuseUnappliedTargets,
} from './design-checks.ts';
import { conflict, otherDesigns, readDesign } from './design-rows.ts';
import { ensureDesignMenu, removeDesignMenu } from './designer-menu.ts';
import { planMigration } from './plan.ts';
import { planSql, type Step } from './plan-steps.ts';
import { planRisks, type Risk } from './risks.ts';

/**
 * Designs as rows, and the migrations that make their tables. Every change runs on the owner's connection
 * in one transaction, behind one advisory lock (a second apply or roll back is refused while one runs, on
 * any app node) and a lock timeout (a table busy with long work fails the change instead of queueing every
 * request behind it).
 */

/** The advisory lock every apply and roll back takes (hashtext('trestle.tableDesign')). */
const DESIGNER_LOCK = sql`hashtext('trestle.tableDesign')`;
const LOCK_TIMEOUT = '5s';

export type Preview = {
  steps: Pick<Step, 'kind' | 'field' | 'from' | 'to'>[];
  up: string[];
  down: string[];
  risks: Risk[];
};

/**
 * A new design, as a draft: nothing is created until it is applied. `builtIns`: the built-in entities, the
 * tables a reference may point at besides the designed ones.
 */
export async function createDesign(
  db: Db,
  raw: unknown,
  userId: number,
  builtIns: readonly EntityMeta[],
): Promise<number> {
  const design = parseDesign(raw);
  await refuseTakenNames(db, design, null);
  const others = await otherDesigns(db, null);
  checkMaster(design, others);
  checkReferences(design, others, builtIns);
  await checkSource(db, design);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO table_designs (name, table_name, draft, created_by, updated_by)
        VALUES (${design.name}, ${design.table}, ${JSON.stringify(design)}::jsonb, ${userId}, ${userId}) RETURNING id`,
  );
  return rows[0]?.id ?? 0;
}

/** A draft saved over the last one read (`version`); the name and table stay once applied. */
export async function saveDraft(
  db: Db,
  designId: number,
  raw: unknown,
  version: number,
  userId: number,
  builtIns: readonly EntityMeta[],
) {
  const design = parseDesign(raw);
  await db.transaction(async (tx) => {
    const row = await readDesign(tx, designId, true);
    if (row.version !== version)
      throw conflict('Someone saved this design after you opened it; reopen it to see their change');
    if (row.applied && (row.applied.name !== design.name || row.applied.table !== design.table))
      throw badRequest('The design has errors', {
        ...(row.applied.name !== design.name ? { name: 'stays as applied' } : {}),
        ...(row.applied.table !== design.table ? { table: 'stays as applied' } : {}),
      });
    await refuseTakenNames(tx, design, designId);
    const others = await otherDesigns(tx, designId);
    checkMaster(design, others);
    checkReferences(design, others, builtIns);
    // Rows are copied in only by the apply that creates the table: its source matters until then.
    if (!row.applied) await checkSource(tx, design);
    await tx.execute(
      sql`UPDATE table_designs SET name = ${design.name}, table_name = ${design.table}, draft = ${JSON.stringify(design)}::jsonb,
          version = version + 1, updated_by = ${userId}, updated_at = now() WHERE id = ${designId}`,
    );
  });
}

/** What applying the draft would run and undo, and what it would do to the rows there are. */
export async function previewDesign(db: Db, designId: number): Promise<Preview> {
  const row = await readDesign(db, designId);
  const n = await nextMigrationNumber(db, false);
  const plan = planMigration(row.applied, row.draft, n);
  const { up, down } = planSql(plan);
  return {
    steps: plan.steps.map(({ kind, field, from, to }) => ({ kind, field, from, to })),
    up,
    down,
    risks: await planRisks(db, row.applied, row.draft, plan),
  };
}

/** The number the next migration will have (set-aside columns are named after it). */
async function nextMigrationNumber(db: Db, take: boolean): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    take
      ? sql`SELECT nextval(pg_get_serial_sequence('table_migrations', 'id'))::int AS n`
      : sql`SELECT (last_value + CASE WHEN is_called THEN 1 ELSE 0 END)::int AS n FROM "table_migrations_id_seq"`,
  );
  return rows[0]?.n ?? 1;
}

/** A text[] from strings (drizzle would spread an array into a list of parameters). */
const textArray = (items: string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;

async function takeDesignerLock(tx: Db) {
  await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
  const got = await queryRows<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${DESIGNER_LOCK}) AS ok`);
  if (!got[0]?.ok) throw conflict('Another table change is being applied; try again when it has finished');
}

/**
 * Applies the draft: plans it, refuses it while a blocking risk remains (422 with the risks), runs it and
 * records it, all in one transaction. Returns the migration's number and the statements that ran.
 */
export async function applyDesign(
  db: Db,
  designId: number,
  userId: number,
): Promise<{ migration: number; up: string[] }> {
  return db.transaction(async (tx) => {
    await takeDesignerLock(tx);
    const row = await readDesign(tx, designId, true);
    if (row.applied && JSON.stringify(row.applied) === JSON.stringify(row.draft))
      throw conflict('Nothing to apply: the table is as the design says');
    // Checked at save; checked again now, under the lock: a menu or a table of that name may have been
    // made since, and the screen's entry would take over that menu.
    if (!row.applied) await refuseTakenNames(tx, row.draft, designId);
    if (!row.applied) await checkSource(tx, row.draft);
    await refuseUnappliedTargets(tx, row.draft);
    const master = row.draft.master?.entity;
    if (master) {
      checkMaster(row.draft, await otherDesigns(tx, designId));
      const applied = await queryRows(
        tx,
        sql`SELECT 1 FROM table_designs WHERE name = ${master} AND applied IS NOT NULL`,
      );
      if (applied.length === 0) throw conflict(`Apply ${master} first: this table's lines belong to its rows`);
    }
    const n = await nextMigrationNumber(tx, true);
    const plan = planMigration(row.applied, row.draft, n);
    const risks = (await planRisks(tx, row.applied, row.draft, plan)).filter((r) => r.blocking);
    if (risks.length > 0)
      throw new AppError(422, ErrorCode.unprocessable, 'The rows there are would not survive this change', { risks });
    for (const step of plan.steps) for (const statement of step.up) await tx.execute(statement);
    // A detail table is edited in its master's form: it has no entry of its own.
    if (row.draft.master) await removeDesignMenu(tx, row.draft.name);
    else await ensureDesignMenu(tx, row.draft);
    const { up, down } = planSql(plan);
    await tx.execute(
      sql`INSERT INTO table_migrations (id, design_id, up_sql, down_sql, design_before, design_after, applied_by)
          VALUES (${n}, ${designId}, ${textArray(up)}, ${textArray(down)}, ${row.applied ? JSON.stringify(row.applied) : null}::jsonb,
                  ${JSON.stringify(row.draft)}::jsonb, ${userId})`,
    );
    await tx.execute(sql`UPDATE table_designs SET applied = draft, version = version + 1 WHERE id = ${designId}`);
    return { migration: n, up };
  });
}

/**
 * Undoes the design's last applied migration with the statements recorded for it: nothing it removed is
 * lost (set-aside columns come back, a created table moves to `designer_kept`). The draft becomes the
 * design as it was before.
 */
export async function rollbackDesign(db: Db, designId: number, userId: number): Promise<{ migration: number }> {
  return db.transaction(async (tx) => {
    await takeDesignerLock(tx);
    await readDesign(tx, designId, true);
    const last = (
      await queryRows<{ id: number; down_sql: string[]; design_before: TableDesign | null; design_after: TableDesign }>(
        tx,
        sql`SELECT id, down_sql, design_before, design_after FROM table_migrations
            WHERE design_id = ${designId} AND rolled_back_at IS NULL ORDER BY id DESC LIMIT 1`,
      )
    )[0];
    if (!last) throw conflict('Nothing to roll back: no migration of this table is applied');
    if (!last.design_before) {
      const details = await queryRows<{ name: string }>(
        tx,
        sql`SELECT name FROM table_designs WHERE applied IS NOT NULL AND applied->'master'->>'entity' = ${last.design_after.name}`,
      );
      if (details.length > 0)
        throw conflict(
          `Roll back ${details.map((d) => d.name).join(', ')} first: its lines belong to this table's rows`,
        );
    }
    // The recorded statements are the designer's own (written from validated metadata at apply).
    for (const text of last.down_sql) await tx.execute(sql.raw(text));
    // The screen goes with the table it shows; otherwise it comes back as it was, wherever its folder is now.
    if (last.design_before && !last.design_before.master)
      await ensureDesignMenu(tx, last.design_before, { whenFolderGone: 'stay' });
    else await removeDesignMenu(tx, last.design_after.name);
    await tx.execute(
      sql`UPDATE table_migrations SET rolled_back_by = ${userId}, rolled_back_at = now() WHERE id = ${last.id}`,
    );
    const before = last.design_before ? JSON.stringify(last.design_before) : null;
    await tx.execute(
      sql`UPDATE table_designs SET applied = ${before}::jsonb, draft = coalesce(${before}::jsonb, draft),
          version = version + 1, updated_by = ${userId}, updated_at = now() WHERE id = ${designId}`,
    );
    return { migration: last.id };
  });
}

/**
 * Deletes a design that was never applied: nothing of it exists but the draft. One with a history (applied,
 * even if rolled back since) stays, with its history; so does one another design names as its master or
 * refers to (409, naming them).
 */
export async function deleteDesign(db: Db, designId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await takeDesignerLock(tx);
    const row = await readDesign(tx, designId, true);
    const history = await queryRows(tx, sql`SELECT 1 FROM table_migrations WHERE design_id = ${designId} LIMIT 1`);
    if (row.applied || history.length > 0)
      throw conflict('Only a design never applied can be deleted: this one has a history');
    const naming = (await otherDesigns(tx, designId)).filter(
      (d) =>
        d.master?.entity === row.draft.name ||
        d.fields.some((f) => f.type === 'reference' && f.reference?.table === row.draft.table),
    );
    if (naming.length > 0)
      throw conflict(`${naming.map((d) => d.name).join(', ')} refers to this design: change that first`);
    await tx.execute(sql`DELETE FROM table_designs WHERE id = ${designId}`);
  });
}

/** Every migration of a design, newest first, with the SQL that ran and undid it. */
export async function designHistory(db: Db, designId: number) {
  return queryRows<{
    id: number;
    upSql: string[];
    downSql: string[];
    appliedAt: string;
    appliedBy: number | null;
    rolledBackAt: string | null;
  }>(
    db,
    sql`SELECT id, up_sql AS "upSql", down_sql AS "downSql", applied_at AS "appliedAt", applied_by AS "appliedBy",
               rolled_back_at AS "rolledBackAt"
        FROM table_migrations WHERE design_id = ${designId} ORDER BY id DESC`,
  );
}

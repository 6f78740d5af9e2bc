import type { EntityMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { logText, writableEntries } from '../../engine/values.ts';

/** The value a save leaves in a field: the one sent, else the stored one. */
export const savedValue = <T>(next: Row, before: Row, name: string) =>
  (next[name] === undefined ? before[name] : next[name]) as T;

const sameValue = (type: string, a: unknown, b: unknown) =>
  type === 'decimal' && a !== null && a !== undefined && b !== null && b !== undefined
    ? Number(a) === Number(b)
    : logText(a ?? null) === logText(b ?? null);

/**
 * The fields a save really changes. The screen sends every field (and every detail row) on each save,
 * so "sent" is not "changed": a read-only document must still accept an unchanged save.
 */
export const changedFields = (meta: EntityMeta, next: Row, before: Row): string[] =>
  writableEntries(meta, next)
    .filter(([f, v]) => !sameValue(f.type, v, before[f.name]))
    .map(([f]) => f.name);

export async function today(tx: Db): Promise<string> {
  const [row] = await queryRows<{ d: string }>(tx, sql`select current_date::text as d`);
  return row?.d ?? new Date().toISOString().slice(0, 10);
}

export async function checkActiveEmployee(tx: Db, id: unknown, what: string) {
  if (typeof id !== 'number') return;
  const [found] = await queryRows(
    tx,
    sql`select 1 from employees where id = ${id} and status = 'active' and deleted_at is null`,
  );
  if (!found) throw abort(`The ${what} must be an active employee`);
}

/** The employee record of the signed-in user, if the account has one. */
export async function callerEmployee({ tx, auth }: HookContext): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from employees where user_id = ${auth.userId} and deleted_at is null limit 1`,
  );
  return row?.id ?? null;
}

export type LockedProject = {
  id: number;
  status: string;
  approved: boolean;
  progressMethod: string;
  progressPct: string;
  managerId: number;
};

/**
 * The project row, locked for the rest of the transaction. Every schedule write takes this lock first,
 * so two saves that together would break a per-project rule (weights over 100, two reports for one
 * week) run one after the other and the second sees the first.
 */
export async function lockProject(tx: Db, projectId: unknown): Promise<LockedProject> {
  const [project] = await queryRows<LockedProject>(
    tx,
    sql`select id, status, audit_status = 1 as "approved", progress_method as "progressMethod",
          progress_pct::text as "progressPct", manager_id as "managerId"
        from projects where id = ${Number(projectId)} and deleted_at is null for update`,
  );
  if (!project) throw abort('The project does not exist');
  return project;
}

export function keepProject(next: Row, before: Row, what: string) {
  if (next.projectId !== undefined && next.projectId !== before.projectId)
    throw abort(`A ${what} stays with its project; add a new one to the other project`);
}

/** One field change made by a hook's own SQL, in the change log beside the engine's. */
export async function logChange(
  { tx, auth }: HookContext,
  entity: string,
  key: number,
  changes: [field: string, before: unknown, after: unknown][],
) {
  const rows = changes
    .filter(([, a, b]) => logText(a ?? null) !== logText(b ?? null))
    .map(
      ([field, a, b]) =>
        sql`(${auth.tenantId}, ${entity}, ${key}, 'update', ${field}, ${logText(a ?? null)}, ${logText(b ?? null)}, ${auth.userId}, now())`,
    );
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, before, after, user_id, at) values ${sql.join(rows, sql`, `)}`,
  );
}

/**
 * The status a master document had before the current save, per transaction. Detail hooks run after
 * the master row is written, so they cannot read it from the table: a test passed in this very save
 * must still take its check items' results.
 */
export function priorStatuses() {
  const byTx = new WeakMap<Db, Map<number, string>>();
  return {
    remember(tx: Db, key: number, status: unknown) {
      const map = byTx.get(tx) ?? new Map<number, string>();
      map.set(key, String(status));
      byTx.set(tx, map);
    },
    /** Undefined for a master added in this save. */
    of: (tx: Db, key: number) => byTx.get(tx)?.get(key),
  };
}

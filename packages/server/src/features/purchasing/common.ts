import type { EntityMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';

/** Helpers every purchasing document uses: reading one row, locks, the project gate, messages. */

export async function one<T extends Record<string, unknown>>(tx: Db, query: SQL): Promise<T | undefined> {
  const [row] = await queryRows<T>(tx, query);
  return row;
}

/** The value a write leaves: the new one when the write sets it, else the stored one. */
export const finalValue = <T>(next: Row, before: Row, name: string) =>
  (next[name] === undefined ? before[name] : next[name]) as T;

/** A field the server owns on update: whatever the caller sent, the stored value stays. */
export function keepStored(next: Row, ...names: string[]) {
  for (const name of names) next[name] = undefined;
}

/** Refuses changing a field that is fixed once the document exists (the project or contract it belongs to). */
export function refuseChange(next: Row, before: Row, name: string, what: string) {
  if (next[name] !== undefined && next[name] !== null && next[name] !== before[name])
    throw abort(`The ${what} of a document cannot change; create a new one instead`);
  next[name] = undefined;
}

/** An update may leave a field out, but not empty a required one (the column would refuse it with a 500). */
export function refuseEmptied(meta: EntityMeta, next: Row) {
  const emptied = meta.fields.find((f) => f.required && !f.readOnly && next[f.name] === null);
  if (emptied) throw abort(`${emptied.label.en} is required`);
}

export function oneOf(value: unknown, allowed: readonly string[], what: string) {
  if (value === undefined || value === null) return;
  if (!allowed.includes(String(value))) throw abort(`${what} must be one of ${allowed.join(', ')}`);
}

/** 12000.5 → "12,000.50", from the decimal text PostgreSQL gives (never through a float). */
export function formatMoney(value: unknown): string {
  const text = String(value ?? '0');
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** "2.5000" → "2.5", "3.0000" → "3". */
export function formatQty(value: unknown): string {
  const text = String(value ?? '0');
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export type ProjectGate = { id: number; code: string; status: string; auditStatus: number; type: string };

/** Statuses in which a project takes no purchasing documents at all (P3). */
const CLOSED_PROJECT = ['DRAFT', 'CLOSED', 'CANCELLED'];
/** Paused projects finish what is under way but order nothing new (P3: ON_HOLD is read-only for new POs). */
const PAUSED_PROJECT = ['ON_HOLD', 'SUSPENDED'];

/**
 * The project row, locked: every money rule of a project (budget control above all) sums after this
 * lock, so two writes that together pass a limit are serialised and the second sees the first.
 */
export async function lockProject(tx: Db, projectId: unknown): Promise<ProjectGate> {
  const project = await one<ProjectGate>(
    tx,
    sql`select id, code, status, audit_status as "auditStatus", type from projects
        where id = ${Number(projectId)} and deleted_at is null for update`,
  );
  if (!project) throw abort('The project does not exist');
  return project;
}

/**
 * P3: purchasing happens on an approved project that is not a draft, closed or cancelled; new requests
 * and contracts also not while it is on hold.
 */
export async function checkProjectOpen(tx: Db, projectId: unknown, newOrder: boolean): Promise<ProjectGate> {
  const project = await lockProject(tx, projectId);
  if (project.auditStatus !== 1 || CLOSED_PROJECT.includes(project.status))
    throw abort(`Project ${project.code} is not approved and open (it is ${project.status}): it takes no purchases`);
  if (newOrder && PAUSED_PROJECT.includes(project.status))
    throw abort(`Project ${project.code} is ${project.status}: it takes no new purchase requests or contracts`);
  return project;
}

export async function checkActiveEmployee(tx: Db, id: unknown, what: string) {
  if (id === undefined || id === null) return;
  const found = await one(
    tx,
    sql`select 1 as ok from employees where id = ${Number(id)} and status = 'active' and deleted_at is null`,
  );
  if (!found) throw abort(`The ${what} must be an active employee`);
}

export function checkDateOrder(first: unknown, second: unknown, message: string) {
  if (typeof first === 'string' && typeof second === 'string' && second < first) throw abort(message);
}

export async function checkNotFuture(tx: Db, date: unknown, what: string) {
  if (typeof date !== 'string') return;
  const row = await one<{ future: boolean }>(tx, sql`select ${date}::date > current_date as future`);
  if (row?.future) throw abort(`The ${what} cannot be in the future`);
}

export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Every purchasing entity refuses emptying a required field on update, before its own checks run. */
export function guarded(def: EntityDefinition): EntityDefinition {
  const own = def.hooks?.beforeUpdate;
  return {
    ...def,
    hooks: {
      ...def.hooks,
      beforeUpdate: async (ctx, next, before) => {
        refuseEmptied(def.meta, next);
        await own?.(ctx, next, before);
      },
    },
  };
}

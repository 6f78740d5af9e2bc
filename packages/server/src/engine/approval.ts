import {
  type ApprovalEntry,
  AuditStatus,
  auditBodySchema,
  columnOf,
  type EntityMeta,
  submitBodySchema,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { abort, invalidRow, rowNotFound } from './errors.ts';
import { rowsByKeys } from './read.ts';
import { logText } from './values.ts';
import type { WriteDeps } from './write-deps.ts';
import { writeTransaction } from './written.ts';

/**
 * The approval flow of entities with `audit`: draft or rejected → submit → in approval → approve or
 * reject (with a reason). Each step is written to approval_log in the step's transaction, and an
 * approved document is locked but for the fields its entity names (checkUnlocked).
 */

type Action = ApprovalEntry['action'];
const statusOf = (row: Row) => Number(row.auditStatus ?? AuditStatus.draft);

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRow(result.error);
  return result.data;
}

const keySql = (meta: EntityMeta) => {
  const key = meta.fields.find((f) => f.name === meta.key);
  if (!key) throw new Error(`${meta.name}: no key field`);
  return sql.identifier(columnOf(key));
};

/** Moves the rows to `status`, stamps who and when, and logs the step; one statement for all rows. */
async function step(tx: Db, d: WriteDeps, def: EntityDefinition, rows: Row[], action: Action, reason: string) {
  const status = { submit: AuditStatus.inApproval, approve: AuditStatus.approved, reject: AuditStatus.rejected }[
    action
  ];
  const keys = rows.map((r) => Number(r[def.meta.key]));
  const ids = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const stamp = action === 'submit' ? sql`` : sql`, audited_by = ${d.auth.userId}, audited_at = ${d.now}`;
  await tx.execute(
    sql`update ${sql.identifier(def.meta.table)} t set audit_status = ${status}, audit_reason = ${reason}${stamp}, version = version + 1 where t.${keySql(def.meta)} in (${ids}) and ${d.scopeOf(def)}`,
  );
  const logged = keys.map(
    (k) => sql`(${d.auth.tenantId}, ${def.meta.name}, ${k}, ${action}, ${reason}, ${d.auth.userId}, ${d.now})`,
  );
  await tx.execute(
    sql`insert into approval_log (tenant_id, entity, entity_key, action, reason, user_id, at) values ${sql.join(logged, sql`, `)}`,
  );
  const changes = rows.map(
    (r) =>
      sql`(${d.auth.tenantId}, ${def.meta.name}, ${Number(r[def.meta.key])}, 'audit', 'auditStatus', ${logText(statusOf(r))}, ${logText(status)}, ${d.auth.userId}, ${d.now})`,
  );
  await tx.execute(
    sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, before, after, user_id, at) values ${sql.join(changes, sql`, `)}`,
  );
}

/** The rows of `keys` in the caller's scope, locked; a key the caller can't see makes it a 404. */
async function lockedRows(tx: Db, d: WriteDeps, def: EntityDefinition, keys: number[]) {
  const unique = [...new Set(keys)];
  const rows = await rowsByKeys(tx, def.meta, d.scopeOf(def), unique, true);
  if (rows.length !== unique.length) throw rowNotFound(unique.join(','));
  return rows;
}

/** Submits draft or rejected documents for approval, after the entity's own checks. */
export async function submitEntity(db: Db, d: WriteDeps, def: EntityDefinition, raw: unknown): Promise<number> {
  const body = parse(submitBodySchema, raw);
  return writeTransaction(db, d, async (tx) => {
    const rows = await lockedRows(tx, d, def, body.keys);
    const hc = { auth: d.auth, tx };
    for (const r of rows) {
      if (statusOf(r) === AuditStatus.inApproval) throw abort('This document is already in approval');
      if (statusOf(r) === AuditStatus.approved) throw abort('This document is already approved');
      await def.hooks?.beforeSubmit?.(hc, r);
    }
    await step(tx, d, def, rows, 'submit', '');
    return rows.length;
  });
}

/** The refusal of segregation of duties, in the caller's language. */
const SUBMITTER_MAY_NOT_APPROVE = {
  en: 'You submitted this document: someone else must approve it',
  zh: '您提交了该单据，须由其他人审批',
} as const;

/** Does the tenant keep submitters from approving this entity's documents? Its setting, else the metadata's. */
export async function separateApprover(d: WriteDeps, def: EntityDefinition): Promise<boolean> {
  if (!def.meta.audit) return false;
  return (await d.settings()).separateApprover[def.meta.name] ?? def.meta.separateApprover;
}

/** Segregation of duties: none of the documents was last submitted by the caller. */
async function checkNotSubmitter(tx: Db, d: WriteDeps, def: EntityDefinition, rows: Row[]) {
  const keys = sql.join(
    rows.map((r) => sql`${Number(r[def.meta.key])}`),
    sql`, `,
  );
  const own = await queryRows(
    tx,
    sql`select 1 from (select distinct on (a.entity_key) a.user_id from approval_log a
          where a.tenant_id = ${d.auth.tenantId} and a.entity = ${def.meta.name} and a.entity_key in (${keys}) and a.action = 'submit'
          order by a.entity_key, a.at desc, a.id desc) s
        where s.user_id = ${d.auth.userId} limit 1`,
  );
  if (own.length) throw abort(SUBMITTER_MAY_NOT_APPROVE[d.lang]);
}

/** Approves (1) or rejects (2, with a reason) documents in approval. */
export async function auditEntity(db: Db, d: WriteDeps, def: EntityDefinition, raw: unknown): Promise<number> {
  const body = parse(auditBodySchema, raw);
  if (body.status === 2 && !body.reason)
    throw badRequest('Give a reason for the rejection', { reason: 'required when rejecting' });
  // Read before the transaction opens: the embedded database has one connection, held by the transaction.
  const separate = body.status === 1 && (await separateApprover(d, def));
  return writeTransaction(db, d, async (tx) => {
    const rows = await lockedRows(tx, d, def, body.keys);
    if (rows.some((r) => statusOf(r) !== AuditStatus.inApproval))
      throw abort('Only a document in approval can be approved or rejected; submit it first');
    if (separate) await checkNotSubmitter(tx, d, def, rows);
    const hc = { auth: d.auth, tx };
    for (const r of rows) await def.hooks?.beforeAudit?.(hc, r, body.status, body.reason);
    await step(tx, d, def, rows, body.status === 1 ? 'approve' : 'reject', body.reason);
    for (const r of rows)
      await def.hooks?.afterAudit?.(hc, { ...r, auditStatus: body.status }, body.status, body.reason);
    return rows.length;
  });
}

/** A document's approval steps, oldest first; a record outside the caller's scope is a 404. */
export async function approvalHistory(db: Db, d: WriteDeps, def: EntityDefinition, key: number) {
  const [row] = await rowsByKeys(db, def.meta, d.scopeOf(def), [key]);
  if (!row) throw rowNotFound(key);
  return queryRows<ApprovalEntry>(
    db,
    sql`select a.action, a.reason, u.user_true_name as "userName",
          to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
        from approval_log a left join users u on u.id = a.user_id
        where a.tenant_id = ${d.auth.tenantId} and a.entity = ${def.meta.name} and a.entity_key = ${key}
        order by a.at, a.id`,
  );
}

/** An approved document's detail lines are locked: adding, changing or removing one is refused. */
export const detailsLocked = (def: EntityDefinition, before: Row) =>
  def.meta.audit && statusOf(before) === AuditStatus.approved;

export const lockedLines = () => abort('This document is approved: its lines can change only through an amendment');

/**
 * Refuses a change to a locked document: nothing while in approval; on an approved one, only the
 * fields the entity names. `changed` lists the main fields the write changes (detail lines: saveDetails).
 */
export function checkUnlocked(def: EntityDefinition, before: Row, changed: string[]) {
  if (!def.meta.audit) return;
  const status = statusOf(before);
  if (status === AuditStatus.inApproval)
    throw abort('This document is in approval: it cannot change until it is approved or rejected');
  if (status !== AuditStatus.approved) return;
  const allowed = new Set(def.editableWhenApproved ?? []);
  const locked = changed.filter((f) => !allowed.has(f));
  if (locked.length === 0) return;
  const labels = locked.map((f) => def.meta.fields.find((x) => x.name === f)?.label.en ?? f);
  throw abort(`This document is approved: ${labels.join(', ')} can change only through an amendment`);
}

/** Refuses deleting documents in approval or approved. */
export function checkDeletable(def: EntityDefinition, rows: Row[]) {
  if (!def.meta.audit) return;
  if (rows.some((r) => statusOf(r) === AuditStatus.inApproval || statusOf(r) === AuditStatus.approved))
    throw abort('A document in approval or approved cannot be deleted');
}

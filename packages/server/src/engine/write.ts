import { columnOf, rowSchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { checkDeletable, checkUnlocked, detailsLocked } from './approval.ts';
import { computeSave } from './computed.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { abort, rowNotFound, rowRules, staleVersion } from './errors.ts';
import { checkFileKeys } from './file-keys.ts';
import { checkLifecycles } from './lifecycle.ts';
import { assignNumbers, type NumberingContext } from './numbering.ts';
import { rowsByKeys } from './read.ts';
import { columnId, toSqlValue, writableEntries } from './values.ts';
import type { WriteDeps } from './write-deps.ts';
import { checkSaveReferences, linesOf, readDetails, type SaveBody, saveDetails } from './write-details.ts';
import { asRowOf, diff, insertLoggedRow, keyColumn, logChanges, parseRow, table, updateRow } from './write-rows.ts';
import { writeTransaction } from './written.ts';

/** Unique fields are unique within the tenant; checked here so the answer names the field. */
async function checkUnique(tx: Db, d: WriteDeps, def: EntityDefinition, row: Row, ownKey?: number) {
  for (const [f, value] of writableEntries(def.meta, row)) {
    if (!f.unique || value === null || value === undefined || value === '') continue;
    const soft = def.meta.softDelete ? sql` and t.deleted_at is null` : sql``;
    const notSelf = ownKey === undefined ? sql`` : sql` and t.${keyColumn(def.meta)} <> ${ownKey}`;
    const taken = await queryRows(
      tx,
      sql`select 1 from ${table(def.meta)} t where t.tenant_id = ${d.auth.tenantId} and t.${columnId(f)} = ${toSqlValue(f, value)}${soft}${notSelf} limit 1`,
    );
    if (taken.length)
      throw badRequest(`${f.label.en} "${String(value)}" already exists`, { [f.name]: 'already exists' });
  }
}

/** A write may not leave a row the caller could not see (another organisation, say): the transaction rolls back. */
async function checkStillInScope(tx: Db, d: WriteDeps, def: EntityDefinition, key: number) {
  const [row] = await queryRows(
    tx,
    sql`select 1 from ${table(def.meta)} t where ${d.scopeOf(def)} and t.${keyColumn(def.meta)} = ${key}`,
  );
  if (!row) throw abort('The record would be outside your data permission');
}

/** How the engine numbers documents for this caller: today's date, the tenant's pattern or the metadata's. */
export async function numberingOf(d: WriteDeps): Promise<NumberingContext> {
  const { codePatterns } = await d.settings();
  return {
    tenantId: d.auth.tenantId,
    date: d.now,
    patternOf: (meta, f) => codePatterns[meta.name] ?? f.autoNumber?.pattern ?? '',
  };
}

/**
 * A save through the tenant's published form bound to the entity (features/forms): its rules may require,
 * hide, lock or compute fields, read against the whole record on an update; the entity's own checks follow on
 * what it gives back. A record the caller can't see is left to the update's own 404.
 */
async function throughBoundForm(db: Db, d: WriteDeps, def: EntityDefinition, body: SaveBody, update: boolean) {
  const gate = await d.boundForm?.(def);
  if (!gate) return body;
  if (!update) return gate(body, undefined);
  const key = Number(body.mainData[def.meta.key]);
  const [stored] = Number.isSafeInteger(key) ? await rowsByKeys(db, def.meta, d.scopeOf(def), [key]) : [];
  return stored ? gate(body, stored) : body;
}

export async function addEntity(db: Db, d: WriteDeps, def: EntityDefinition, sent: SaveBody): Promise<number> {
  const body = await throughBoundForm(db, d, def, sent, false);
  const row = parseRow(def.meta, rowSchema(def.meta, 'add'), body.mainData, 'mainData.');
  await rowRules('mainData.', () => def.hooks?.precheck?.({ auth: d.auth }, row));
  const numbering = await numberingOf(d);
  return writeTransaction(db, d, async (tx) => {
    const details = await readDetails(tx, d, def, body);
    await computeSave(tx, def, { row }, details, () => undefined);
    await checkSaveReferences(tx, d, def, { row }, details);
    const hc = { auth: d.auth, tx };
    await checkFileKeys(tx, d.auth.tenantId, def.meta, row, 'mainData.');
    // The hook sets what a new row starts as (a draft) before its lifecycle is checked.
    await rowRules('mainData.', async () => {
      await def.hooks?.beforeAdd?.(hc, row);
      checkLifecycles(def.meta, row);
    });
    await checkUnique(tx, d, def, row);
    // Numbered last, just before the insert: the counter row stays locked until the transaction ends.
    await assignNumbers(tx, numbering, def.meta, [row]);
    const key = await insertLoggedRow(tx, d, def, row, 'mainData.');
    await saveDetails(tx, d, details, key, hc);
    // After the hook: what it writes (a project's membership, say) may be what puts the row in scope.
    await def.hooks?.afterAdd?.(hc, { ...row, [def.meta.key]: key });
    await checkStillInScope(tx, d, def, key);
    return key;
  });
}

export async function updateEntity(db: Db, d: WriteDeps, def: EntityDefinition, sent: SaveBody): Promise<number> {
  const body = await throughBoundForm(db, d, def, sent, true);
  const next = parseRow(def.meta, rowSchema(def.meta, 'update'), body.mainData, 'mainData.');
  const key = Number(next[def.meta.key]);
  await rowRules('mainData.', () => def.hooks?.precheck?.({ auth: d.auth }, next));
  return writeTransaction(db, d, async (tx) => {
    const [before] = await rowsByKeys(tx, def.meta, d.scopeOf(def), [key], true);
    if (!before) throw rowNotFound(key);
    if (before.version !== next.version) throw staleVersion();
    const details = await readDetails(tx, d, def, body, key);
    await computeSave(tx, def, { row: next, before }, details, (dc) => linesOf(d, dc.child, dc.rel.foreignKey, key));
    // A computed field moves only with what it reads: the refusal names what the caller changed.
    const computed = new Set(def.meta.fields.filter((f) => f.computed).map((f) => f.name));
    checkUnlocked(
      def,
      before,
      diff(def.meta, before, next)
        .map(([f]) => f)
        .filter((f) => !computed.has(f)),
    );
    await checkSaveReferences(tx, d, def, { row: next, before }, details);
    const hc = { auth: d.auth, tx };
    await checkFileKeys(tx, d.auth.tenantId, def.meta, next, 'mainData.', before);
    // After the hook, which may derive the status (a test's from its result) or refuse first in its own words.
    await rowRules('mainData.', async () => {
      await def.hooks?.beforeUpdate?.(hc, next, before);
      checkLifecycles(def.meta, next, before);
    });
    await checkUnique(tx, d, def, next, key);
    await asRowOf('mainData.', def.meta, () => updateRow(tx, d, def, key, Number(next.version), next));
    await logChanges(tx, d, def.meta, key, 'update', diff(def.meta, before, next));
    await saveDetails(tx, d, details, key, hc, detailsLocked(def, before));
    await def.hooks?.afterUpdate?.(hc, next, before);
    await checkStillInScope(tx, d, def, key);
    return key;
  });
}

/**
 * An update's computed fields, from the record and its stored lines, as the edit dialog's save computes
 * them (an import that updates rows sends no lines): the lines that move with it are returned for
 * saveDetails after the row is written.
 */
export async function computeUpdate(tx: Db, d: WriteDeps, def: EntityDefinition, key: number, row: Row, before: Row) {
  const details = await readDetails(tx, d, def, { mainData: row, detailData: {}, delKeys: {} }, key);
  await computeSave(tx, def, { row, before }, details, (dc) => linesOf(d, dc.child, dc.rel.foreignKey, key));
  return details;
}

/** Deletes every key or none: a key outside the caller's scope makes the whole request a 404. */
export async function delEntity(db: Db, d: WriteDeps, def: EntityDefinition, keys: number[]): Promise<number> {
  const unique = [...new Set(keys)];
  return writeTransaction(db, d, async (tx) => {
    const rows = await rowsByKeys(tx, def.meta, d.scopeOf(def), unique, true);
    if (rows.length !== unique.length)
      throw rowNotFound(unique.filter((k) => !rows.some((r) => r[def.meta.key] === k)).join(','));
    checkDeletable(def, rows);
    const hc = { auth: d.auth, tx };
    for (const r of rows) await def.hooks?.beforeDel?.(hc, r);
    const ids = sql.join(
      unique.map((k) => sql`${k}`),
      sql`, `,
    );
    for (const rel of def.meta.details) {
      const child = d.detailOf(rel.entity);
      const fk = sql.identifier(columnOf({ name: rel.foreignKey }));
      if (!child.meta.softDelete)
        await tx.execute(
          sql`delete from ${table(child.meta)} t where t.${fk} in (${ids}) and t.tenant_id = ${d.auth.tenantId}`,
        );
    }
    if (def.meta.softDelete) {
      await tx.execute(
        sql`update ${table(def.meta)} t set deleted_at = ${d.now}, updated_by = ${d.auth.userId}, updated_at = ${d.now}, version = version + 1 where t.${keyColumn(def.meta)} in (${ids}) and ${d.scopeOf(def)}`,
      );
    } else {
      await tx.execute(
        sql`delete from ${table(def.meta)} t where t.${keyColumn(def.meta)} in (${ids}) and ${d.scopeOf(def)}`,
      );
    }
    for (const r of rows) {
      await logChanges(tx, d, def.meta, Number(r[def.meta.key]), 'del', [['', r, null]]);
      await def.hooks?.afterDel?.(hc, r);
    }
    return rows.length;
  });
}

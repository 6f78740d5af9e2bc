import { columnOf, type EntityMeta, type FieldMeta, rowSchema, type saveBodySchema } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import type { AuthContext } from '../http/auth.ts';
import { inRow } from '../http/constraint-errors.ts';
import { badRequest } from '../http/errors.ts';
import type { Language } from '../http/language.ts';
import { checkDeletable, checkUnlocked, detailsLocked, lockedLines } from './approval.ts';
import { computeSave } from './computed.ts';
import type { EntityDefinition, HookContext, Row } from './definition.ts';
import { abort, invalidRow, rowNotFound, rowRules, staleVersion } from './errors.ts';
import { checkFileKeys } from './file-keys.ts';
import { checkLifecycles } from './lifecycle.ts';
import { assignNumbers, type NumberingContext } from './numbering.ts';
import { rowsByKeys } from './read.ts';
import { type Choices, checkReferences, referencesOf } from './references.ts';
import { columnId, logText, toSqlValue, writableEntries } from './values.ts';

type SaveBody = z.output<typeof saveBodySchema>;

/** The tenant's settings the engine applies: document number patterns, who may approve what. */
export type EngineSettings = {
  /** Entity name → the pattern of its numbered field, over the metadata's. */
  codePatterns: Record<string, string>;
  /** Entity name → whether a submitter may not approve, over the metadata's `separateApprover`. */
  separateApprover: Record<string, boolean>;
};

export type WriteDeps = {
  auth: AuthContext;
  now: Date;
  /** The caller's language, for the refusals worded in it. */
  lang: Language;
  /** The caller's tenant's engine settings (read once per request). */
  settings(): Promise<EngineSettings>;
  /** The scope condition of an entity for this caller (tenant, soft delete, data scope). */
  scopeOf(def: EntityDefinition): SQL;
  /** The rows a reference field may name for this caller: what its picker offers. */
  choicesOf(f: FieldMeta): Choices;
  detailOf(name: string): EntityDefinition;
};

const table = (meta: EntityMeta) => sql.identifier(meta.table);
const keyColumn = (meta: EntityMeta) => {
  const key = meta.fields.find((f) => f.name === meta.key);
  if (!key) throw new Error(`${meta.name}: no key field`);
  return sql.identifier(columnOf(key));
};

function parse<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRow(result.error, prefix);
  return result.data;
}

/** Field-level before/after of every write, in the same transaction as the write. */
export async function logChanges(
  tx: Db,
  d: WriteDeps,
  meta: EntityMeta,
  key: number,
  action: string,
  changes: [string, unknown, unknown][],
) {
  if (changes.length === 0) return;
  const rows = changes.map(
    ([field, before, after]) =>
      sql`(${d.auth.tenantId}, ${meta.name}, ${key}, ${action}, ${field}, ${logText(before)}, ${logText(after)}, ${d.auth.userId}, ${d.now})`,
  );
  await tx.execute(
    sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, before, after, user_id, at) values ${sql.join(rows, sql`, `)}`,
  );
}

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

/**
 * Runs a write of one row of the body; a constraint the database enforces on it (a duplicate line, a
 * value a check refuses) answers with that row's fields (`mainData.code`, `detailData.Line.2.value`).
 * The transaction rolls back as for any other error.
 */
async function asRowOf<T>(prefix: string, meta: EntityMeta, write: () => Promise<T>, master?: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw inRow(err, prefix, (f) => f !== master && meta.fields.some((x) => x.name === f));
  }
}

/** Bind parameters PostgreSQL allows in one statement is 65,535; stay below it whatever the field count. */
const MAX_PARAMS = 60_000;

/**
 * Multi-row INSERT of validated rows with the engine columns stamped, in batches of up to `batch`
 * rows; a field a row leaves out takes the column default. Returns the keys in row order.
 */
export async function insertRows(
  tx: Db,
  d: WriteDeps,
  def: EntityDefinition,
  rows: Row[],
  batch = 1000,
): Promise<number[]> {
  const fields = def.meta.fields.filter(
    (f) => !f.readOnly && f.name !== def.meta.key && rows.some((r) => r[f.name] !== undefined),
  );
  const engine = ['tenant_id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'version'];
  const cols = [...fields.map((f) => columnId(f)), ...engine.map((c) => sql.identifier(c))];
  const stamp = [
    sql`${d.auth.tenantId}`,
    sql`${d.auth.userId}`,
    sql`${d.now}`,
    sql`${d.auth.userId}`,
    sql`${d.now}`,
    sql`1`,
  ];
  const size = Math.max(1, Math.min(batch, Math.floor(MAX_PARAMS / cols.length)));
  const keys: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const tuples = rows.slice(i, i + size).map((row) => {
      const values = fields.map((f) => (row[f.name] === undefined ? sql`default` : toSqlValue(f, row[f.name])));
      return sql`(${sql.join([...values, ...stamp], sql`, `)})`;
    });
    const created = await queryRows<{ key: number }>(
      tx,
      sql`insert into ${table(def.meta)} (${sql.join(cols, sql`, `)}) values ${sql.join(tuples, sql`, `)} returning ${keyColumn(def.meta)} as key`,
    );
    keys.push(...created.map((c) => c.key));
  }
  return keys;
}

async function insertRow(tx: Db, d: WriteDeps, def: EntityDefinition, row: Row): Promise<number> {
  const [key] = await insertRows(tx, d, def, [row]);
  if (key === undefined) throw new Error('insert returned no key');
  return key;
}

/** One change-log row per imported record (the whole row as JSON), so a large import stays one write per batch. */
export async function logImported(tx: Db, d: WriteDeps, meta: EntityMeta, keys: number[], rows: Row[]) {
  for (let i = 0; i < keys.length; i += 1000) {
    const tuples = keys
      .slice(i, i + 1000)
      .map(
        (key, j) =>
          sql`(${d.auth.tenantId}, ${meta.name}, ${key}, 'import', '', null, ${logText(rows[i + j] ?? null)}, ${d.auth.userId}, ${d.now})`,
      );
    await tx.execute(
      sql`insert into data_change_log (tenant_id, entity, entity_key, action, field, before, after, user_id, at) values ${sql.join(tuples, sql`, `)}`,
    );
  }
}

/** Sets the given fields, bumps the version and stamps who and when; the version compare makes it a compare-and-set. */
export async function updateRow(tx: Db, d: WriteDeps, def: EntityDefinition, key: number, version: number, row: Row) {
  const sets = writableEntries(def.meta, row).map(([f, v]) => sql`${columnId(f)} = ${toSqlValue(f, v)}`);
  sets.push(sql`updated_by = ${d.auth.userId}`, sql`updated_at = ${d.now}`, sql`version = version + 1`);
  const done = await queryRows(
    tx,
    sql`update ${table(def.meta)} t set ${sql.join(sets, sql`, `)} where t.${keyColumn(def.meta)} = ${key} and t.version = ${version} and ${d.scopeOf(def)} returning 1`,
  );
  if (done.length === 0) throw staleVersion();
}

/** The fields `after` sets to another value than `before` holds, as [field, before, after]. */
export const diff = (meta: EntityMeta, before: Row, after: Row): [string, unknown, unknown][] =>
  writableEntries(meta, after)
    .filter(([f, v]) => logText(before[f.name]) !== logText(v))
    .map(([f, v]) => [f.name, before[f.name], v]);

export type Line = { at: string; key: number | undefined; row: Row; before: Row | undefined };
export type DetailChanges = {
  rel: EntityMeta['details'][number];
  child: EntityDefinition;
  removed: number[];
  lines: Line[];
};

/** Scope of one master's detail rows of `child`. */
const linesOf = (d: WriteDeps, child: EntityDefinition, foreignKey: string, masterKey: number) =>
  sql`${d.scopeOf(child)} and t.${sql.identifier(columnOf({ name: foreignKey }))} = ${masterKey}`;

/**
 * The detail rows of a save, validated before anything is written: each line parsed (its link to the
 * master is the engine's to set), and on update the stored version of each line it names.
 */
async function readDetails(tx: Db, d: WriteDeps, def: EntityDefinition, body: SaveBody, masterKey?: number) {
  const out: DetailChanges[] = [];
  for (const rel of def.meta.details) {
    const child = d.detailOf(rel.entity);
    const lines = (body.detailData[rel.entity] ?? []).map((raw, i): Line => {
      const { [rel.foreignKey]: _master, ...rest } = raw;
      const key = typeof raw[child.meta.key] === 'number' ? Number(raw[child.meta.key]) : undefined;
      const schema = rowSchema(child.meta, key === undefined ? 'add' : 'update').extend({
        [rel.foreignKey]: z.undefined().optional(),
      });
      const at = `detailData.${rel.entity}.${i}.`;
      return { at, key, row: parse(schema, rest, at), before: undefined };
    });
    const keys = lines.flatMap((l) => (l.key === undefined ? [] : [l.key]));
    if (masterKey !== undefined && keys.length) {
      const stored = await rowsByKeys(tx, child.meta, linesOf(d, child, rel.foreignKey, masterKey), keys, true);
      for (const l of lines) l.before = stored.find((r) => r[child.meta.key] === l.key);
    }
    out.push({ rel, child, removed: body.delKeys[rel.entity] ?? [], lines });
  }
  return out;
}

/**
 * Every reference the save writes, master and lines, checked in one go: a line's reference narrowed by a
 * parent reads it from the master (the dialog's form), as its picker does.
 */
async function checkSaveReferences(
  tx: Db,
  d: WriteDeps,
  def: EntityDefinition,
  master: { row: Row; before?: Row | undefined },
  details: DetailChanges[],
) {
  const parents = { ...master.before, ...master.row };
  const checks = referencesOf(def.meta, master.row, {
    at: (f) => `mainData.${f.name}`,
    before: master.before,
    parents,
    parentsBefore: master.before,
    parentMeta: def.meta,
  });
  for (const { rel, child, lines } of details)
    for (const l of lines)
      checks.push(
        ...referencesOf(child.meta, l.row, {
          at: (f) => `${l.at}${f.name}`,
          before: l.before,
          parents,
          parentsBefore: master.before,
          parentMeta: def.meta,
          skip: rel.foreignKey,
        }),
      );
  await checkReferences(tx, d.choicesOf, checks);
}

/**
 * Writes the detail rows of one master: removed, changed and new ones. A row sent back unchanged is
 * skipped, so a dialog that re-sends every line touches only what the user edited; with `locked` (an
 * approved master) any real change of a line is refused.
 */
export async function saveDetails(
  tx: Db,
  d: WriteDeps,
  details: DetailChanges[],
  masterKey: number,
  hc: HookContext,
  locked = false,
) {
  for (const { rel, child, removed, lines } of details) {
    const scope = linesOf(d, child, rel.foreignKey, masterKey);
    if (removed.length && locked) throw lockedLines();
    if (removed.length) {
      const found = await rowsByKeys(tx, child.meta, scope, removed, true);
      if (found.length !== new Set(removed).size) throw rowNotFound(removed.join(','));
      for (const r of found) await child.hooks?.beforeDel?.(hc, r);
      const ids = sql.join(
        removed.map((k) => sql`${k}`),
        sql`, `,
      );
      await tx.execute(
        sql`delete from ${table(child.meta)} t where ${scope} and t.${keyColumn(child.meta)} in (${ids})`,
      );
      for (const r of found) await logChanges(tx, d, child.meta, Number(r[child.meta.key]), 'del', [['', r, null]]);
    }
    for (const { at, key, row: next, before } of lines) {
      if (key !== undefined) {
        if (!before) throw rowNotFound(key);
        const changes = diff(child.meta, before, next);
        if (changes.length === 0) continue;
        if (locked) throw lockedLines();
        await checkFileKeys(tx, d.auth.tenantId, child.meta, next, at, before);
        await rowRules(at, async () => {
          await child.hooks?.beforeUpdate?.(hc, next, before);
          checkLifecycles(child.meta, next, before);
        });
        await asRowOf(at, child.meta, () => updateRow(tx, d, child, key, Number(next.version), next), rel.foreignKey);
        await logChanges(tx, d, child.meta, key, 'update', changes);
      } else {
        if (locked) throw lockedLines();
        const row = { ...next, [rel.foreignKey]: masterKey };
        await checkFileKeys(tx, d.auth.tenantId, child.meta, row, at);
        await rowRules(at, async () => {
          await child.hooks?.beforeAdd?.(hc, row);
          checkLifecycles(child.meta, row);
        });
        const childKey = await asRowOf(at, child.meta, () => insertRow(tx, d, child, row), rel.foreignKey);
        await logChanges(
          tx,
          d,
          child.meta,
          childKey,
          'add',
          writableEntries(child.meta, row).map(([f, v]) => [f.name, null, v]),
        );
      }
    }
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

export async function addEntity(db: Db, d: WriteDeps, def: EntityDefinition, body: SaveBody): Promise<number> {
  const row = parse(rowSchema(def.meta, 'add'), body.mainData, 'mainData.');
  await rowRules('mainData.', () => def.hooks?.precheck?.({ auth: d.auth }, row));
  const numbering = await numberingOf(d);
  return db.transaction(async (tx) => {
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
    const key = await asRowOf('mainData.', def.meta, () => insertRow(tx, d, def, row));
    await logChanges(
      tx,
      d,
      def.meta,
      key,
      'add',
      writableEntries(def.meta, row).map(([f, v]) => [f.name, null, v]),
    );
    await saveDetails(tx, d, details, key, hc);
    // After the hook: what it writes (a project's membership, say) may be what puts the row in scope.
    await def.hooks?.afterAdd?.(hc, { ...row, [def.meta.key]: key });
    await checkStillInScope(tx, d, def, key);
    return key;
  });
}

export async function updateEntity(db: Db, d: WriteDeps, def: EntityDefinition, body: SaveBody): Promise<number> {
  const next = parse(rowSchema(def.meta, 'update'), body.mainData, 'mainData.');
  const key = Number(next[def.meta.key]);
  await rowRules('mainData.', () => def.hooks?.precheck?.({ auth: d.auth }, next));
  return db.transaction(async (tx) => {
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
  return db.transaction(async (tx) => {
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

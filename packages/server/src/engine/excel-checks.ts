import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { checkUnlocked } from './approval.ts';
import type { EntityDefinition, HookContext, Row } from './definition.ts';
import { type Build, type Candidate, changedSinceExport, conflict, keyTextOf, storedByKey } from './excel-rows.ts';
import type { SheetRow } from './excel-sheet.ts';
import { checkLifecycles } from './lifecycle.ts';
import { fieldNamed } from './query.ts';
import { referenceProblems, referencesOf } from './references.ts';
import { rowsOutsideScope, updatesOutsideScope } from './scope.ts';
import { columnId, toSqlValue } from './values.ts';
import type { FormGate, WriteDeps } from './write-deps.ts';

/**
 * The checks an import runs on its rows before writing, each turning a refusal into that row's error. An
 * added row is checked as an add by the caller's import context (`d`); an updated row as an update by the
 * context of the Update grant (`u`), with its stored record. Rows already in error, and rows identical to
 * their record, are not checked again.
 */
export type Contexts = { d: WriteDeps; u: WriteDeps | undefined };

const isAdd = (c: Candidate) => c.before === undefined;
/** Rows that would write something: valid, and either new or changing their record. */
export const pending = (cs: Candidate[]) =>
  cs.filter((c) => c.errors.length === 0 && (c.before === undefined || c.changed.length > 0));

const ctxOf = ({ d, u }: Contexts, c: Candidate) => (isAdd(c) || !u ? d : u);

/** A hook's refusal (a 422, or a 400 naming a field) as the row's error; anything else fails the import. */
function refusal(c: Candidate, err: unknown) {
  if (!(err instanceof AppError) || (err.statusCode !== 422 && err.statusCode !== 400)) throw err;
  const fields = (err.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
  const [at, message] = Object.entries(fields)[0] ?? ['', err.message];
  c.errors.push({ row: c.line, field: at.replace(/^mainData\./, ''), message });
}

/** The entity's precheck per row, before the transaction opens (as add and update run it). */
export async function runPrechecks(ctx: Contexts, def: EntityDefinition, candidates: Candidate[]) {
  const precheck = def.hooks?.precheck;
  if (!precheck) return;
  for (const c of pending(candidates)) {
    try {
      await precheck({ auth: ctxOf(ctx, c).auth }, c.row);
    } catch (err) {
      refusal(c, err);
    }
  }
}

/**
 * The tenant's published form bound to the entity, per row, as add and update run it: a value for a field the
 * form hides, or a field it requires left empty, is that row's error. What its rules would set is not written
 * into the row (an import writes the sheet's values); the record's own checks follow.
 */
export async function runBoundForm(ctx: Contexts, def: EntityDefinition, candidates: Candidate[]) {
  const gates = new Map<WriteDeps, FormGate | null>();
  for (const c of pending(candidates)) {
    const d = ctxOf(ctx, c);
    if (!gates.has(d)) gates.set(d, (await d.boundForm?.(def)) ?? null);
    const gate = gates.get(d);
    if (!gate) continue;
    try {
      gate({ mainData: c.row, detailData: {}, delKeys: {} }, c.before);
    } catch (err) {
      refusal(c, err);
    }
  }
}

/**
 * In the transaction: the records to update, locked. One that left the scope, or whose version moved since
 * the sheet was read, is a conflict now (someone saved it in between); the others are read again as locked.
 */
export async function lockRecords(tx: Db, b: Build, u: WriteDeps, rows: SheetRow[], candidates: Candidate[]) {
  const valid = new Set(pending(candidates).filter((c) => !isAdd(c)));
  const updates = candidates.filter((c) => valid.has(c));
  const keys = candidates.flatMap((c, i) => (valid.has(c) ? [keyTextOf(b.layout, rows[i]?.cells ?? [])] : []));
  const locked = await storedByKey(tx, u, b.def, keys, true);
  updates.forEach((c, i) => {
    const now = locked.get(keys[i] ?? '');
    if (now && now.version === c.before?.version) c.before = now;
    else conflict(b, c, changedSinceExport(keys[i] ?? '', now));
  });
}

/** Approval: an approved document's locked fields, or a document in approval, are the row's error. */
export function refuseLocked(def: EntityDefinition, candidates: Candidate[]) {
  for (const c of pending(candidates).filter((x) => !isAdd(x))) {
    try {
      checkUnlocked(def, c.before ?? {}, c.changed);
    } catch (err) {
      refusal(c, err);
    }
  }
}

/** Unique fields: a value seen earlier in the file, or held by another record of the tenant, is a row error. */
export async function checkUnique(tx: Db, d: WriteDeps, def: EntityDefinition, candidates: Candidate[]) {
  const key = fieldNamed(def.meta, def.meta.key);
  if (!key) throw new Error(`${def.meta.name}: no key field`);
  for (const f of def.meta.fields.filter((x) => x.unique && !x.readOnly)) {
    const seen = new Map<string, number>();
    const withValue = pending(candidates).filter(
      (c) => c.row[f.name] != null && c.row[f.name] !== '' && (isAdd(c) || c.changed.includes(f.name)),
    );
    for (const c of withValue) {
      const v = String(c.row[f.name]);
      const first = seen.get(v);
      if (first === undefined) seen.set(v, c.line);
      else c.errors.push({ row: c.line, field: f.name, message: `"${v.slice(0, 50)}" repeats row ${first}` });
    }
    const holders = new Map<string, number>();
    const soft = def.meta.softDelete ? sql` and t.deleted_at is null` : sql``;
    for (let i = 0; i < withValue.length; i += 1000) {
      const values = withValue.slice(i, i + 1000).map((c) => toSqlValue(f, c.row[f.name]));
      const found = await queryRows<{ v: string; k: number }>(
        tx,
        sql`select t.${columnId(f)}::text as v, t.${columnId(key)} as k from ${sql.identifier(def.meta.table)} t where t.tenant_id = ${d.auth.tenantId} and t.${columnId(f)} in (${sql.join(values, sql`, `)})${soft}`,
      );
      for (const r of found) holders.set(r.v, Number(r.k));
    }
    for (const c of withValue) {
      const v = String(c.row[f.name]);
      const holder = holders.get(v);
      if (holder !== undefined && holder !== c.row[key.name] && !c.errors.some((e) => e.field === f.name))
        c.errors.push({ row: c.line, field: f.name, message: `"${v.slice(0, 50)}" already exists` });
    }
  }
}

/**
 * The references the rows write, checked as a save checks them (a reference named by code or label was
 * already looked up among the choices; this also holds a row to the parent it names: a term of its own
 * contract). An update checks only the references it changes, against its record's parents.
 */
export async function refuseReferences(tx: Db, ctx: Contexts, def: EntityDefinition, candidates: Candidate[]) {
  for (const adding of [true, false]) {
    const group = pending(candidates).filter((c) => isAdd(c) === adding);
    const checks = group.flatMap((c, i) => {
      const parents = { ...c.before, ...c.row };
      return referencesOf(def.meta, c.row, {
        at: (f) => `${i}.${f.name}`,
        before: c.before,
        parents,
        parentsBefore: c.before,
        parentMeta: def.meta,
      });
    });
    const d = adding || !ctx.u ? ctx.d : ctx.u;
    for (const [at, message] of Object.entries(await referenceProblems(tx, d.choicesOf, checks))) {
      const [i, field = ''] = at.split('.');
      const c = group[Number(i)];
      c?.errors.push({ row: c.line, field, message });
    }
  }
}

/** The entity's beforeAdd or beforeUpdate hook per row: its refusal is that row's error. */
export async function runRowHooks(tx: Db, ctx: Contexts, def: EntityDefinition, candidates: Candidate[]) {
  for (const c of pending(candidates)) {
    const hc: HookContext = { auth: ctxOf(ctx, c).auth, tx };
    try {
      if (isAdd(c)) await def.hooks?.beforeAdd?.(hc, c.row);
      else await def.hooks?.beforeUpdate?.(hc, c.row, c.before as Row);
      checkLifecycles(def.meta, c.row, isAdd(c) ? undefined : (c.before as Row));
    } catch (err) {
      refusal(c, err);
    }
  }
}

/** A row the caller could not see once written (another organisation, say) is that row's error. */
export async function refuseOutsideScope(tx: Db, ctx: Contexts, def: EntityDefinition, candidates: Candidate[]) {
  const adds = pending(candidates).filter(isAdd);
  const outside = (
    await rowsOutsideScope(
      tx,
      def,
      ctx.d.auth,
      adds.map((c) => c.row),
    )
  ).map((i) => adds[i]);
  const updates = pending(candidates).filter((c) => !isAdd(c));
  if (ctx.u && updates.length) {
    const patches = updates.map((c) => ({ key: Number(c.row[def.meta.key]), row: c.row }));
    for (const i of await updatesOutsideScope(tx, def, ctx.u.auth, patches)) outside.push(updates[i]);
  }
  for (const c of outside) c?.errors.push({ row: c.line, field: '', message: 'outside your data permission' });
}

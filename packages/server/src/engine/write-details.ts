import { columnOf, type EntityMeta, rowSchema, type saveBodySchema } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { lockedLines } from './approval.ts';
import type { EntityDefinition, HookContext, Row } from './definition.ts';
import { rowNotFound, rowRules } from './errors.ts';
import { checkFileKeys } from './file-keys.ts';
import { checkLifecycles } from './lifecycle.ts';
import { rowsByKeys } from './read.ts';
import { checkReferences, referencesOf } from './references.ts';
import type { WriteDeps } from './write-deps.ts';
import { asRowOf, diff, insertLoggedRow, keyColumn, logChanges, parseRow, table, updateRow } from './write-rows.ts';

export type SaveBody = z.output<typeof saveBodySchema>;

export type Line = { at: string; key: number | undefined; row: Row; before: Row | undefined };
export type DetailChanges = {
  rel: EntityMeta['details'][number];
  child: EntityDefinition;
  removed: number[];
  lines: Line[];
};

/** Scope of one master's detail rows of `child`. */
export const linesOf = (d: WriteDeps, child: EntityDefinition, foreignKey: string, masterKey: number) =>
  sql`${d.scopeOf(child)} and t.${sql.identifier(columnOf({ name: foreignKey }))} = ${masterKey}`;

/**
 * The detail rows of a save, validated before anything is written: each line parsed (its link to the
 * master is the engine's to set), and on update the stored version of each line it names.
 */
export async function readDetails(tx: Db, d: WriteDeps, def: EntityDefinition, body: SaveBody, masterKey?: number) {
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
      return { at, key, row: parseRow(child.meta, schema, rest, at), before: undefined };
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
export async function checkSaveReferences(
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
        await insertLoggedRow(tx, d, child, row, at, rel.foreignKey);
      }
    }
  }
}

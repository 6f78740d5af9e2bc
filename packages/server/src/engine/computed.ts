import { computeDocument, computedFields, computesAnything } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { selectList } from './read.ts';
import type { DetailChanges, Line } from './write-details.ts';

/**
 * The server's half of computed fields (metadata `computed`): the same computeDocument the form runs, on
 * the document as it will be stored. Whatever the caller sent for a computed field was dropped when the
 * body was parsed; here the master and each line get the server's values. On update a line the caller did
 * not send is recomputed too (a contract's new amount moves every payment term), and changes go through
 * the normal line update, with its version check and change log.
 */

const defined = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));

async function storedLines(tx: Db, def: EntityDefinition, scope: SQL): Promise<Row[]> {
  return queryRows<Row>(
    tx,
    sql`select ${selectList(def.meta)} from ${sql.identifier(def.meta.table)} t where ${scope}`,
  );
}

type Origin = { sent: Line } | { stored: Row };

export async function computeSave(
  tx: Db,
  def: EntityDefinition,
  master: { row: Row; before?: Row | undefined },
  details: DetailChanges[],
  linesScope: (d: DetailChanges) => SQL | undefined,
) {
  if (
    !computesAnything(
      def.meta,
      details.map((x) => x.child.meta),
    )
  )
    return;
  const lines: Record<string, Row[]> = {};
  const origins: Record<string, Origin[]> = {};
  for (const dc of details) {
    const scope = linesScope(dc);
    const stored = scope ? await storedLines(tx, dc.child, scope) : [];
    const sent = new Map(dc.lines.flatMap((l) => (l.key === undefined ? [] : [[l.key, l] as const])));
    const list: Row[] = [];
    const from: Origin[] = [];
    for (const s of stored) {
      const key = Number(s[dc.child.meta.key]);
      if (dc.removed.includes(key)) continue;
      const l = sent.get(key);
      list.push(l ? { ...s, ...defined(l.row) } : s);
      from.push(l ? { sent: l } : { stored: s });
    }
    for (const l of dc.lines.filter((x) => x.key === undefined)) {
      list.push(defined(l.row));
      from.push({ sent: l });
    }
    lines[dc.rel.entity] = list;
    origins[dc.rel.entity] = from;
  }
  const out = computeDocument(
    def.meta,
    { ...master.before, ...defined(master.row) },
    lines,
    details.map((x) => x.child.meta),
  );
  for (const f of computedFields(def.meta)) master.row[f.name] = out.row[f.name];
  for (const dc of details) {
    const fields = computedFields(dc.child.meta);
    if (fields.length === 0) continue;
    const from = origins[dc.rel.entity] ?? [];
    (out.lines[dc.rel.entity] ?? []).forEach((line, i) => {
      const origin = from[i];
      if (!origin) return;
      if ('sent' in origin) {
        for (const f of fields) origin.sent.row[f.name] = line[f.name];
        return;
      }
      const { stored } = origin;
      if (fields.every((f) => String(line[f.name] ?? '') === String(stored[f.name] ?? ''))) return;
      const key = Number(stored[dc.child.meta.key]);
      const row: Row = { [dc.child.meta.key]: key, version: stored.version };
      for (const f of fields) row[f.name] = line[f.name];
      dc.lines.push({ at: `detailData.${dc.rel.entity}.${dc.lines.length}.`, key, row, before: stored });
    });
  }
}

import { type CodeShape, codeShape, type EntityMeta, type FieldMeta, formatCode, seqOfCode } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { Row } from './definition.ts';
import { columnId } from './values.ts';

/**
 * Document numbers (metadata `autoNumber`): a row that leaves its numbered field empty gets the next number
 * of its pattern, a row that brings its own number (an import, an API caller) keeps it. The counter row of
 * the tenant, table and period is moved with UPDATE … RETURNING in the caller's transaction: concurrent
 * adds queue on it, and an add that rolls back gives its number back, so numbers are unique and gapless.
 */

type Counter = { tenantId: number; entity: string; period: string };

const counterOf = (tenantId: number, meta: EntityMeta, shape: CodeShape): Counter => ({
  tenantId,
  entity: meta.table,
  period: `${shape.prefix}{seq}${shape.suffix}`,
});

/**
 * Creates the period's counter at the highest number of its shape already stored (demo data, numbers typed
 * before numbering existed, deleted rows too), unless it exists. Two first adds may both get here: the
 * primary key makes the second insert a no-op once the first commits.
 */
async function ensureCounter(tx: Db, meta: EntityMeta, f: FieldMeta, c: Counter, shape: CodeShape) {
  const [found] = await queryRows(
    tx,
    sql`select 1 from code_counters where tenant_id = ${c.tenantId} and entity = ${c.entity} and period = ${c.period}`,
  );
  if (found) return;
  // The prefix and suffix are letters, digits and dashes only (codePatternProblem), so they are safe in a regex.
  const shapeRegex = `^${shape.prefix}[0-9]{${shape.digits},15}${shape.suffix}$`;
  const code = sql`t.${columnId(f)}`;
  const [top] = await queryRows<{ top: string | null }>(
    tx,
    sql`select max(substr(${code}, ${shape.prefix.length + 1}, length(${code}) - ${shape.prefix.length + shape.suffix.length})::bigint)::text as top
        from ${sql.identifier(meta.table)} t where t.tenant_id = ${c.tenantId} and ${code} ~ ${shapeRegex}`,
  );
  await tx.execute(
    sql`insert into code_counters (tenant_id, entity, period, value) values (${c.tenantId}, ${c.entity}, ${c.period}, ${top?.top ?? '0'})
        on conflict do nothing`,
  );
}

/** The next `count` numbers of the counter, taken in this transaction. */
async function take(tx: Db, c: Counter, count: number): Promise<number> {
  const [row] = await queryRows<{ value: string }>(
    tx,
    sql`update code_counters set value = value + ${count}
        where tenant_id = ${c.tenantId} and entity = ${c.entity} and period = ${c.period} returning value::text as value`,
  );
  if (!row) throw new Error('no code counter');
  return Number(row.value) - count + 1;
}

/** A number brought by the row moves the counter past it, so the counter never issues it again. */
async function passBy(tx: Db, c: Counter, seq: number) {
  await tx.execute(
    sql`update code_counters set value = greatest(value, ${seq})
        where tenant_id = ${c.tenantId} and entity = ${c.entity} and period = ${c.period}`,
  );
}

export type NumberingContext = {
  tenantId: number;
  date: Date;
  /** The pattern of a numbered field for this tenant: its site setting, else the metadata's. */
  patternOf(meta: EntityMeta, f: FieldMeta): string;
};

/** Numbers every numbered field the rows leave empty, in row order. */
export async function assignNumbers(tx: Db, ctx: NumberingContext, meta: EntityMeta, rows: Row[]) {
  for (const f of meta.fields.filter((x) => x.autoNumber)) {
    const shape = codeShape(ctx.patternOf(meta, f), ctx.date);
    const counter = counterOf(ctx.tenantId, meta, shape);
    const empty = rows.filter((r) => r[f.name] === undefined || r[f.name] === null || r[f.name] === '');
    const given = rows.flatMap((r) => {
      const seq = typeof r[f.name] === 'string' ? seqOfCode(shape, r[f.name] as string) : null;
      return seq === null ? [] : [seq];
    });
    if (empty.length === 0 && given.length === 0) continue;
    await ensureCounter(tx, meta, f, counter, shape);
    if (given.length) await passBy(tx, counter, Math.max(...given));
    if (empty.length === 0) continue;
    const first = await take(tx, counter, empty.length);
    empty.forEach((r, i) => {
      r[f.name] = formatCode(shape, first + i);
    });
  }
}

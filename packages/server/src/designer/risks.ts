import { columnOf, type TableDesign } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { columnType } from '../engine/ddl.ts';
import { type Plan, typeText } from './plan-steps.ts';

/**
 * What a migration would do to the rows already in the table, counted over every tenant before it runs
 * (the owner's connection reads them all). A blocking risk is one PostgreSQL would refuse the migration
 * for (a value the new type can't take, a null where a value becomes required, duplicates under a new
 * unique index): the apply is refused while any remains. The others are what the reviewer should know:
 * values set aside, soft-deleted rows coming back, a field renamed under the API's callers.
 */
export type RiskKind =
  | 'dropColumn'
  | 'restoresDeleted'
  | 'dropsApprovals'
  | 'rename'
  | 'changeType'
  | 'setRequired'
  | 'requiredWithoutDefault'
  | 'duplicates'
  | 'missingReference'
  | 'copiesRows'
  | 'copyCast'
  | 'copyTooLong';

export type Risk = { kind: RiskKind; field: string; count: number; samples: string[]; blocking: boolean };

const id = (name: string): SQL => sql`${sql.identifier(name)}`;
const SAMPLES = 5;

/** Counting a table's rows where a condition holds, and a few of a column's distinct values there. */
function rowsOf(db: Db, table: SQL) {
  return {
    count: async (where: SQL) =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0]?.n ?? 0,
    samples: async (column: SQL, where: SQL) =>
      (
        await queryRows<{ v: string }>(
          db,
          sql`SELECT DISTINCT ${column}::text AS v FROM ${table} WHERE ${where} ORDER BY 1 LIMIT ${SAMPLES}`,
        )
      ).map((r) => r.v),
  };
}

export async function planRisks(db: Db, before: TableDesign | null, after: TableDesign, plan: Plan): Promise<Risk[]> {
  if (!before) return after.source ? copyRisks(db, after, after.source) : [];
  const table = id(after.table);
  const risks: Risk[] = [];
  const { count, samples } = rowsOf(db, table);
  const fieldNamed = (d: TableDesign, name: string | undefined) => d.fields.find((f) => f.name === name);
  const live = after.softDelete && before.softDelete ? sql` AND "deleted_at" IS NULL` : sql``;

  for (const step of plan.steps) {
    const field = step.field ?? '';
    if (step.kind === 'dropColumn') {
      if (field === 'softDelete') {
        const n = await count(sql`"deleted_at" IS NOT NULL`);
        if (n > 0) risks.push({ kind: 'restoresDeleted', field, count: n, samples: [], blocking: false });
        continue;
      }
      if (field === 'audit') {
        const n = await count(sql`"audit_status" <> 0`);
        if (n > 0) risks.push({ kind: 'dropsApprovals', field, count: n, samples: [], blocking: false });
        continue;
      }
      const f = fieldNamed(before, field);
      if (!f) continue;
      const column = id(columnOf(f));
      const n = await count(sql`${column} IS NOT NULL`);
      if (n > 0)
        risks.push({
          kind: 'dropColumn',
          field,
          count: n,
          samples: await samples(column, sql`${column} IS NOT NULL`),
          blocking: false,
        });
      continue;
    }
    if (step.kind === 'addUnique' && step.columns) {
      // A unique index over several fields: the tenant's live rows with the same values in all of them.
      const cols = sql.join(
        step.columns.map((c) => id(c)),
        sql`, `,
      );
      const filled = sql.join(
        step.columns.map((c) => sql`${id(c)} IS NOT NULL`),
        sql` AND `,
      );
      const dup = sql`${filled}${live} AND (tenant_id, ${cols}) IN (SELECT tenant_id, ${cols} FROM ${table} WHERE ${filled}${live} GROUP BY tenant_id, ${cols} HAVING count(*) > 1)`;
      const n = await count(dup);
      if (n > 0) {
        const shown = sql.join(
          step.columns.map((c) => sql`${id(c)}::text`),
          sql` || ' / ' || `,
        );
        risks.push({ kind: 'duplicates', field, count: n, samples: await samples(shown, dup), blocking: true });
      }
      continue;
    }
    const f = fieldNamed(after, field);
    if (!f) continue;
    const old = before.fields.find((x) => x.id === f.id);
    // Before this migration, the values sit under the old column name.
    const column = id(columnOf(old ?? f));
    switch (step.kind) {
      case 'renameColumn':
        risks.push({
          kind: 'rename',
          field,
          count: await count(sql`true`),
          samples: [`${step.from} → ${step.to}`],
          blocking: false,
        });
        break;
      case 'changeType': {
        const bad = await uncastable(db, table, column, columnType(f), step.to ?? '');
        if (bad.count > 0) risks.push({ kind: 'changeType', field, ...bad, blocking: true });
        break;
      }
      case 'setRequired': {
        const n = await count(sql`${column} IS NULL`);
        if (n > 0) risks.push({ kind: 'setRequired', field, count: n, samples: [], blocking: true });
        break;
      }
      case 'addColumn': {
        if (!f.required || (f.default !== undefined && f.default !== null)) break;
        const n = await count(sql`true`);
        if (n > 0) risks.push({ kind: 'requiredWithoutDefault', field, count: n, samples: [], blocking: true });
        break;
      }
      case 'addUnique': {
        const dup = sql`${column} IS NOT NULL${live} AND (tenant_id, ${column}) IN (SELECT tenant_id, ${column} FROM ${table} WHERE ${column} IS NOT NULL${live} GROUP BY 1, 2 HAVING count(*) > 1)`;
        const n = await count(dup);
        if (n > 0)
          risks.push({ kind: 'duplicates', field, count: n, samples: await samples(column, dup), blocking: true });
        break;
      }
      case 'changeReference': {
        if (!(f.type === 'reference' && f.reference)) break;
        const target = id(f.reference.table);
        const missing = sql`${column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${target} r WHERE r.id = ${table}.${column})`;
        const n = await count(missing);
        if (n > 0)
          risks.push({
            kind: 'missingReference',
            field,
            count: n,
            samples: await samples(column, missing),
            blocking: true,
          });
        break;
      }
      default:
        break;
    }
  }
  return risks;
}

/**
 * The values of `column` the type `target` can't take, counted and sampled. The whole column is cast
 * once first, in a savepoint: when that works, which is the common case, no value is checked alone.
 */
/**
 * What copying a brought-in table's rows would meet, counted in the source: how many rows come (to know),
 * and, blocking, values a field's type can't take, texts longer than a field's length (a cast would cut
 * them), nulls in a required field, repeated values in a unique one, a required field of the design's own
 * that no copied row could fill.
 */
async function copyRisks(db: Db, after: TableDesign, source: NonNullable<TableDesign['source']>): Promise<Risk[]> {
  const table = id(source.table);
  const { count, samples } = rowsOf(db, table);
  const risks: Risk[] = [];
  const rows = await count(sql`true`);
  if (rows > 0) risks.push({ kind: 'copiesRows', field: source.table, count: rows, samples: [], blocking: false });
  for (const f of after.fields) {
    const from = source.columns[f.id];
    if (from === undefined) {
      // A field of its own, required with no default: no copied row would have a value.
      if (rows > 0 && f.required && (f.default === undefined || f.default === null))
        risks.push({ kind: 'requiredWithoutDefault', field: f.name, count: rows, samples: [], blocking: true });
      continue;
    }
    const column = id(from);
    const field = f.name;
    const bad = await uncastable(db, table, column, columnType(f), typeText(f));
    if (bad.count > 0) risks.push({ kind: 'copyCast', field, ...bad, blocking: true });
    if (f.type === 'string') {
      const long = sql`char_length(${column}::text) > ${f.length ?? 200}`;
      const n = await count(long);
      if (n > 0)
        risks.push({ kind: 'copyTooLong', field, count: n, samples: await samples(column, long), blocking: true });
    }
    if (f.required) {
      const n = await count(sql`${column} IS NULL`);
      if (n > 0) risks.push({ kind: 'setRequired', field, count: n, samples: [], blocking: true });
    }
    if (f.unique) {
      const dup = sql`${column} IS NOT NULL AND ${column} IN (SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL GROUP BY 1 HAVING count(*) > 1)`;
      const n = await count(dup);
      if (n > 0)
        risks.push({ kind: 'duplicates', field, count: n, samples: await samples(column, dup), blocking: true });
    }
  }
  return risks;
}

async function uncastable(
  db: Db,
  table: SQL,
  column: SQL,
  target: SQL,
  targetText: string,
): Promise<{ count: number; samples: string[] }> {
  // In a savepoint (or a transaction of its own): a failed cast must not end the caller's transaction.
  const castsWhole = await db
    .transaction(async (sp) => {
      await sp.execute(sql`SELECT count(${column}::text::${target}) FROM ${table}`);
    })
    .then(
      () => true,
      () => false,
    );
  if (castsWhole) return { count: 0, samples: [] };
  const bad = sql`${column} IS NOT NULL AND NOT designer_can_cast(${column}::text, ${targetText})`;
  const n = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} WHERE ${bad}`))[0]?.n ?? 0;
  const samples = await queryRows<{ v: string }>(
    db,
    sql`SELECT DISTINCT ${column}::text AS v FROM ${table} WHERE ${bad} ORDER BY 1 LIMIT ${SAMPLES}`,
  );
  return { count: n, samples: samples.map((r) => r.v) };
}

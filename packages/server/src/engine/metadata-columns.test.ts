import type { EntityMeta, FieldMeta } from '@trestle/shared';
import * as shared from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';

/**
 * The metadata is what values are checked against before they reach PostgreSQL: an integer's size,
 * a decimal's precision and scale, a text's length. If it said more than the column holds, a value
 * that passed would fail in the database (a 500); so every field is compared with its column.
 */
let t: TestApp;
type Column = {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
};
let columns: Column[] = [];
const metas = Object.values(shared).filter(
  (v): v is EntityMeta => typeof v === 'object' && v !== null && 'fields' in v && 'table' in v && 'key' in v,
);

beforeAll(async () => {
  t = await createTestApp();
  columns = await queryRows<Column>(
    t.database.db,
    sql`select table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale
        from information_schema.columns where table_schema = 'public'`,
  );
});
afterAll(() => t.close());

/** The longest text the wire schema lets through for a field (row-schema's defaults). */
const wireLength = (f: FieldMeta) =>
  f.length ?? (f.type === 'string' ? 200 : f.type === 'text' || f.type === 'richText' ? 20_000 : 500);

/** The column type of the field types that map to exactly one. */
const columnTypeOf: Partial<Record<FieldMeta['type'], string>> = {
  reference: 'integer',
  date: 'date',
  datetime: 'timestamp with time zone',
  time: 'time without time zone',
  boolean: 'boolean',
  dictMulti: 'ARRAY',
  json: 'jsonb',
};

function problem(f: FieldMeta, c: Column): string | null {
  const is = (...types: string[]) => (types.includes(c.data_type) ? null : `${f.type} on a ${c.data_type} column`);
  const single = columnTypeOf[f.type];
  if (single) return is(single);
  switch (f.type) {
    case 'integer':
      return is({ int2: 'smallint', int4: 'integer', int8: 'bigint' }[f.intSize ?? 'int4']);
    case 'decimal':
      return c.data_type !== 'numeric' ||
        c.numeric_precision !== (f.precision ?? 18) ||
        c.numeric_scale !== (f.scale ?? 2)
        ? `decimal(${f.precision ?? 18}, ${f.scale ?? 2}) on ${c.data_type}(${c.numeric_precision}, ${c.numeric_scale})`
        : null;
    default:
      if (c.data_type === 'text') return null;
      if (c.data_type !== 'character varying') return `${f.type} on a ${c.data_type} column`;
      // A read-only field is only compared in filters, where a longer value simply matches nothing.
      return !f.readOnly && c.character_maximum_length !== null && wireLength(f) > c.character_maximum_length
        ? `up to ${wireLength(f)} characters into varchar(${c.character_maximum_length})`
        : null;
  }
}

describe('entity metadata against the columns it describes', () => {
  it('covers every entity the app serves', async () => {
    const admin = await t.login('admin', 'Admin@2026');
    const served = t.app
      .routeTable()
      // Built-in entities: the designed ones share /api/:entity/… and are checked against their tables by
      // the designer's own tests.
      .filter((r) => r.method === 'GET' && r.url.endsWith('/getMeta') && !r.url.includes('/:'))
      .map((r) => r.url.split('/')[2]);
    for (const name of served) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${name}/getMeta`, headers: bearer(admin) });
      const meta = res.json().data as EntityMeta;
      expect(
        metas.map((m) => m.name),
        `${name} is not exported by @trestle/shared`,
      ).toContain(meta.name);
    }
  });

  it('gives every field the type, size, precision and length of its column', () => {
    const problems: string[] = [];
    for (const meta of metas)
      for (const f of meta.fields) {
        const c = columns.find((x) => x.table_name === meta.table && x.column_name === shared.columnOf(f));
        const p = c ? problem(f, c) : 'no such column';
        if (p) problems.push(`${meta.name}.${f.name} (${meta.table}.${shared.columnOf(f)}): ${p}`);
      }
    expect(problems).toEqual([]);
  });
});

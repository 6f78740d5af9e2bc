import { columnOf, type TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { columnType } from '../engine/ddl.ts';
import { asHtml, type Step } from './plan-steps.ts';

const id = (name: string) => sql.identifier(name);

/**
 * A brought-in table's rows copied into the new one, for the tenant the design names (bound for the
 * statement, as the table's row-level security asks even of its owner), each field's value cast to its
 * type; with `keepIds` the rows keep their ids and the key's sequence goes past them. Undone with the
 * table's creation (it moves aside with its rows); the source is only read.
 */
export function copyRowsStep(after: TableDesign, source: NonNullable<TableDesign['source']>): Step {
  const table = id(after.table);
  const copied = after.fields.filter((f) => source.columns[f.id] !== undefined);
  const columns = [...(source.keepIds ? ['id'] : []), 'tenant_id', ...copied.map((f) => columnOf(f))];
  const values = [
    ...(source.keepIds ? [sql`"id"`] : []),
    sql.raw(String(source.tenant)),
    ...copied.map((f) => {
      const from = id(source.columns[f.id] ?? '');
      // A source's text never went through the rich-text sanitiser: it comes in escaped, shown as written.
      return f.type === 'richText' ? asHtml(from) : sql`CAST(${from} AS ${columnType(f)})`;
    }),
  ];
  const bind = (tenant: string) => sql`SELECT set_config('app.tenant_id', ${sql.raw(`'${tenant}'`)}, true)`;
  return {
    kind: 'copyRows',
    from: source.table,
    up: [
      bind(String(source.tenant)),
      sql`INSERT INTO ${table} (${sql.join(columns.map(id), sql`, `)}) SELECT ${sql.join(values, sql`, `)} FROM ${id(source.table)}`,
      ...(source.keepIds
        ? [
            sql`SELECT setval(pg_get_serial_sequence(${sql.raw(`'${after.table}'`)}, 'id'), coalesce((SELECT max("id") FROM ${table}), 0) + 1, false)`,
          ]
        : []),
      bind(''),
    ],
    down: [],
  };
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';
import { queryRows } from './client.ts';

const t = useTestApp();

/**
 * The app's reads outside a transaction are named prepared statements on the PostgreSQL server (client.ts,
 * `prepared`): parsed and planned once per connection. PGlite runs them as they come.
 */
describe('prepared reads', () => {
  it('prepares a read once per connection on the server', async () => {
    const app = t.database.app;
    const read = () => queryRows<{ n: number }>(app, sql`select ${41}::int + 1 as n /* prepared-probe */`);
    expect(await read()).toEqual([{ n: 42 }]);
    expect(await read()).toEqual([{ n: 42 }]);
    // The pool hands back the connection used last: the one that prepared it.
    const [held] = await queryRows<{ n: number }>(
      app,
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%prepared-probe%' and statement not like '%pg_prepared_statements%'`,
    );
    expect(held?.n).toBe(t.database.kind === 'postgres' ? 1 : 0);
  });

  it('still answers a prepared read after its table changes the type of a column it returns', async () => {
    const owner = t.database.db;
    await owner.execute(sql`create table prepared_probe (id int primary key, v int)`);
    await owner.execute(sql`insert into prepared_probe values (1, 7)`);
    await owner.execute(sql`grant select on prepared_probe to trestle_app`);
    const read = () => queryRows<{ v: unknown }>(t.database.app, sql`select v from prepared_probe where id = ${1}`);
    expect(await read()).toEqual([{ v: 7 }]);
    expect(await read()).toEqual([{ v: 7 }]);
    // What the table designer does when a field is dropped and one of another type takes its column name.
    await owner.execute(sql`alter table prepared_probe alter column v type text`);
    expect(await read()).toEqual([{ v: '7' }]);
    expect(await read()).toEqual([{ v: '7' }]);
    await owner.execute(sql`drop table prepared_probe`);
  });

  it('reads every page of one filter shape and order with one statement text, whatever the values', async () => {
    type Page = { rows: { id: number; hireDate: string }[] };
    const ask = (from: string, page: number, sort = 'hireDate') =>
      t.data<Page>('/api/Employee/getPageData', {
        page,
        rows: 2,
        sort,
        order: 'desc',
        wheres: [{ name: 'hireDate', value: from, displayType: 'ge' }],
      });
    const first = await ask('2000-01-01', 1);
    const second = await ask('2000-01-01', 2);
    const other = await ask('2010-06-15', 1);
    // Values and pages are parameters: pages follow each other, and a later date bounds the rows.
    expect(first.rows).toHaveLength(2);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]?.id);
    for (const r of other.rows) expect(r.hireDate >= '2010-06-15').toBe(true);
    await ask('2000-01-01', 1, 'code');
    const [held] = await queryRows<{ n: number }>(
      t.database.app,
      sql`select count(distinct statement)::int as n from pg_prepared_statements
        where statement like 'select t."id" as "id",%from "employees" t where%"hire_date" >= $% limit $% offset $%'`,
    );
    // The page reads (not their count or totals): one text for the hire-date order, one for the code order.
    expect(held?.n).toBe(t.database.kind === 'postgres' ? 2 : 0);
  });
});

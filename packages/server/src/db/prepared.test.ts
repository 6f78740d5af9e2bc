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
});

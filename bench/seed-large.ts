// npm run seed:large — puts 1,000,000 employees into the database named by DATABASE_URL (migrations and
// the core seed first). Idempotent: tops the table up to the target. BENCH_ROWS overrides the target.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../packages/server/src/db/client.ts';
import { seed } from '../packages/server/src/seed/seed.ts';
import { organizationArray, personColumns } from './people.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('seed:large needs DATABASE_URL (a PostgreSQL server)');
const target = Number(process.env.BENCH_ROWS ?? 1_000_000);

const database = await openDatabase({ url, dataDir: '', log: console });
await database.migrate();
await seed(database.db, { demo: true });
const { db } = database;
const [have] = await queryRows<{ n: number; top: number }>(
  db,
  sql`select count(*)::int as n, coalesce(max(id), 0)::int as top from employees where tenant_id = 1`,
);
const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where user_key = 'admin'`);
const orgArray = await organizationArray(db);
const start = Date.now();
let next = (have?.top ?? 0) + 1;
let missing = target - (have?.n ?? 0);
while (missing > 0) {
  const batch = Math.min(missing, 100_000);
  await db.execute(sql`
    insert into employees (tenant_id, code, name, gender, organization_id, title, phone, email, hire_date, leave_date,
                           status, skills, hourly_rate, created_by, updated_by)
    select 1, 'L' || g, ${personColumns(orgArray, 'e')}, null,
           case when g % 10 = 0 then 'left' else 'active' end,
           array[(array['network','security','cabling','software'])[1 + g % 4]],
           (40 + (g::bigint * 37 % 6000) / 100.0)::numeric(12,2), ${admin?.id ?? null}, ${admin?.id ?? null}
    from generate_series(${next}::int, ${next + batch - 1}::int) g`);
  next += batch;
  missing -= batch;
  process.stdout.write(`\r${target - missing} / ${target} rows`);
}
await db.execute(sql`analyze employees`);
console.log(`\nemployees at ${target} rows (${((Date.now() - start) / 1000).toFixed(1)} s)`);
await database.close();

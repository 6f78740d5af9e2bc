// npm run seed:projects — puts 100,000 projects with their chains (contracts, terms, invoices, receipts,
// budgets, purchasing, milestones, weekly reports, warnings) into tenant 1 of the database named by
// DATABASE_URL (migrations and the demo seed first). Idempotent: tops the generated projects (BP000001…)
// up to the target, a batch of projects and their chains per transaction. BENCH_PROJECTS overrides the target.
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../packages/server/src/db/client.ts';
import { seed } from '../packages/server/src/seed/seed.ts';
import { batchTable, insertProjects, type Pools, PROJECT_TABLES, teamSteps } from './seed-projects-core.ts';
import { purchasingSteps } from './seed-projects-purchasing.ts';
import { salesSteps } from './seed-projects-sales.ts';
import { scheduleSteps } from './seed-projects-schedule.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('seed:projects needs DATABASE_URL (a PostgreSQL server)');
const target = Number(process.env.BENCH_PROJECTS ?? 100_000);
const BATCH = 10_000;

const database = await openDatabase({ url, dataDir: '', log: console });
await database.migrate();
await seed(database.db, { demo: true });
const { db } = database;
const pools = await preparePools(db);
const [have] = await queryRows<{ n: number; top: number }>(
  db,
  sql`select count(*)::int as n, coalesce(max(substr(code, 3)::int), 0)::int as top
      from projects where tenant_id = 1 and code like 'BP%'`,
);
const start = Date.now();
let next = (have?.top ?? 0) + 1;
let missing = target - (have?.n ?? 0);
while (missing > 0) {
  const batch = Math.min(missing, BATCH);
  await db.transaction(async (tx) => {
    // Set-based inserts over a batch want hash joins; the tables just written in this transaction have no
    // statistics yet, and the planner would loop over them once per project. That inflates the plans'
    // costs past the JIT threshold, and compiling would then cost more than running (0.5–2 s a statement).
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`set local jit = off`);
    const [top] = await queryRows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int as id from projects`);
    await tx.execute(insertProjects(next, next + batch - 1, pools));
    await tx.execute(batchTable(top?.id ?? 0));
    // The joins to the batch need its size: without statistics the planner loops over whole tables.
    await tx.execute(sql`analyze bp`);
    for (const step of [...teamSteps(pools), ...salesSteps(pools), ...purchasingSteps(pools), ...scheduleSteps(pools)])
      await tx.execute(step);
  });
  for (const table of PROJECT_TABLES) await db.execute(sql`analyze ${sql.identifier(table)}`);
  next += batch;
  missing -= batch;
  const done = target - missing;
  process.stdout.write(`\r${done} / ${target} projects (${((Date.now() - start) / 1000).toFixed(0)} s)`);
}
console.log(`\nprojects at ${target} generated (${((Date.now() - start) / 1000).toFixed(1)} s); rows in tenant 1:`);
for (const table of PROJECT_TABLES) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = 1`,
  );
  console.log(`  ${table.padEnd(24)} ${String(row?.n ?? 0).padStart(10)}`);
}
await database.close();

/** Customers and suppliers to draw on (a few thousand), and the people who manage and sign. */
async function preparePools(db: Db): Promise<Pools> {
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where user_key = 'admin'`);
  await db.execute(sql`
    insert into customers (tenant_id, code, name, industry, tax_no, contact_name, created_by)
    select 1, 'BC' || lpad(g::text, 4, '0'), 'Customer ' || g || ' ' || (array['Metro','Hospital','Bureau','Grid','Bank','University'])[1 + g % 6],
      (array['TRANSPORT','HEALTH','GOVERNMENT','ENERGY','FINANCE','EDUCATION'])[1 + g % 6], '9131' || lpad(g::text, 14, '0'),
      'Contact ' || g, ${admin?.id ?? null}
    from generate_series(1, 3000) g
    on conflict (tenant_id, code) where deleted_at is null do nothing`);
  await db.execute(sql`
    insert into suppliers (tenant_id, code, name, category, tax_no, contact_name, created_by)
    select 1, 'BS' || lpad(g::text, 4, '0'), 'Supplier ' || g, (array['EQUIPMENT','SOFTWARE','SUBCONTRACT','LOGISTICS'])[1 + g % 4],
      '9144' || lpad(g::text, 14, '0'), 'Sales desk ' || g, ${admin?.id ?? null}
    from generate_series(1, 1000) g
    on conflict (tenant_id, code) where deleted_at is null do nothing`);
  const [pools] = await queryRows<{
    customers: number[];
    suppliers: number[];
    organizations: number[];
    managers: number[];
  }>(
    db,
    sql`select
      (select array_agg(id order by id) from customers where tenant_id = 1 and code like 'BC%') as customers,
      (select array_agg(id order by id) from suppliers where tenant_id = 1 and code like 'BS%') as suppliers,
      (select array_agg(id order by id) from organizations where tenant_id = 1) as organizations,
      (select array_agg(id) from (select id from employees where tenant_id = 1 and user_id is null and deleted_at is null
        order by id limit 300) e) as managers`,
  );
  const [pm] = await queryRows<{ id: number }>(
    db,
    sql`select e.id from employees e join users u on u.id = e.user_id where u.user_key = 'pm' and e.tenant_id = 1`,
  );
  if (!admin || !pm || !pools) throw new Error('seed:projects: the demo seed has no admin, pm or pm employee');
  const literal = (ids: number[]) => `{${ids.join(',')}}`;
  return {
    customers: literal(pools.customers),
    suppliers: literal(pools.suppliers),
    organizations: literal(pools.organizations),
    managers: literal(pools.managers),
    pmEmployee: pm.id,
    admin: admin.id,
  };
}

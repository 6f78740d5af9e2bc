// The BI dashboard bench's data (bench/bi-dashboard.ts): 1,000,000 project contracts (sales_contracts,
// entity ProjectContract) in tenant 1, over the generated projects of `npm run seed:projects` and their
// customers, signed over the last 36 months. Idempotent: tops the generated contracts (codes BI-0000001…) up
// until the tenant has the target, 100,000 rows per transaction. BENCH_CONTRACTS overrides the target.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { root } from './lib.ts';

/** Projects the contracts are spread over; fewer, and seed:projects makes them (with their chains) first. */
const PROJECTS = 20_000;
const BATCH = 100_000;
const MONTHS = 36;

export type ContractsDataSet = {
  contracts: number;
  generated: number;
  projects: number;
  customers: number;
  months: number;
  pmProjects: number;
  pmContracts: number;
  seconds: number;
};

async function count(client: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: number }>(text, values);
  return rows[0]?.n ?? 0;
}

/** seed:projects in a child process: the migrations, the demo seed, the customers and the projects' chains. */
function seedProjects(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/seed-large-projects.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_PROJECTS: String(PROJECTS) },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:projects exited with ${code}`))));
  });
}

/**
 * One batch of generated contracts, g = lo…hi: each on a project chosen by hashing g (the project's own
 * customer), a sign date spread over the months, an amount of 10,000–1,010,000, a type and a status in
 * fixed shares. Written as the owner (the bench's DATABASE_URL is a superuser, as for seed:projects).
 */
const batch = `
  insert into sales_contracts (tenant_id, code, name, project_id, customer_id, contract_type, sign_date,
    effective_date, expiry_date, amount_incl_tax, tax_rate, amount_excl_tax, tax_amount, total_amount, status,
    audit_status, created_by)
  select 1, 'BI-' || lpad(g::text, 7, '0'), 'Bench contract ' || g, p.id, p.customer_id,
    (array['SALES', 'SALES', 'SALES', 'SERVICE', 'SERVICE', 'FRAMEWORK'])[1 + g % 6],
    s.day, s.day, s.day + 365, a.incl, a.rate, round(a.incl / (1 + a.rate / 100), 2),
    a.incl - round(a.incl / (1 + a.rate / 100), 2), a.incl,
    case when g * 37 % 100 < 25 then 'COMPLETED' when g * 37 % 100 < 60 then 'IN_EXECUTION'
      when g * 37 % 100 < 80 then 'SIGNED' when g * 37 % 100 < 88 then 'DRAFT' when g * 37 % 100 < 93 then 'APPROVED'
      when g * 37 % 100 < 97 then 'TERMINATED' else 'CANCELLED' end,
    case when g * 37 % 100 < 80 then 1 else 0 end, $3::int
  from generate_series($1::int, $2::int) g
  join bi_projects p on p.n = 1 + (g::bigint * 7919 % $4::int)
  cross join lateral (select $5::date + (g::bigint * 104729 % ($6::date - $5::date))::int as day) s
  cross join lateral (select round((10000 + g::bigint * 48271 % 1000000)::numeric + (g % 100) / 100.0, 2) as incl,
    case when g % 6 in (3, 4) then 6 else 13 end::numeric as rate) a`;

export async function seedContracts(databaseUrl: string, target: number): Promise<ContractsDataSet> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const projectsIn = () =>
      count(client, `select count(*)::int as n from projects where tenant_id = 1 and deleted_at is null`);
    if ((await projectsIn().catch(() => 0)) < PROJECTS) {
      await client.end();
      await seedProjects(databaseUrl);
      return seedContracts(databaseUrl, target);
    }
    const contracts = () => count(client, `select count(*)::int as n from sales_contracts where tenant_id = 1`);
    const [top, admin] = [
      await count(
        client,
        `select coalesce(max(substr(code, 4)::int), 0)::int as n from sales_contracts where tenant_id = 1 and code like 'BI-%'`,
      ),
      await count(client, `select id as n from users where user_key = 'admin'`),
    ];
    await client.query(`create temp table bi_projects as
      select row_number() over (order by id)::int as n, id, customer_id from projects where tenant_id = 1 and deleted_at is null`);
    await client.query('alter table bi_projects add primary key (n)');
    const projects = await count(client, 'select count(*)::int as n from bi_projects');
    const { rows } = await client.query<{ first: string; next: string }>(
      `select (date_trunc('month', current_date) - make_interval(months => $1))::date::text as first,
              (date_trunc('month', current_date) + interval '1 month')::date::text as next`,
      [MONTHS - 1],
    );
    const window = rows[0] ?? { first: '', next: '' };
    let missing = target - (await contracts());
    let next = top + 1;
    while (missing > 0) {
      const size = Math.min(missing, BATCH);
      await client.query('begin');
      await client.query('set local jit = off');
      await client.query(batch, [next, next + size - 1, admin, projects, window.first, window.next]);
      await client.query('commit');
      next += size;
      missing -= size;
      process.stdout.write(
        `\r${target - missing} / ${target} contracts (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    // Vacuumed as well: the visibility map set (an index-only scan needs it) and the hint bits written once,
    // not by the first reads of the bench.
    await client.query('vacuum (analyze) sales_contracts');
    const pmUser = await count(client, `select id as n from users where user_key = 'pm'`);
    const member = `project_id in (select project_id from project_members where tenant_id = 1 and user_id = $1)`;
    return {
      contracts: await contracts(),
      generated: next - 1,
      projects,
      customers: await count(
        client,
        'select count(distinct customer_id)::int as n from sales_contracts where tenant_id = 1',
      ),
      months: MONTHS,
      pmProjects: await count(
        client,
        'select count(*)::int as n from project_members where tenant_id = 1 and user_id = $1',
        [pmUser],
      ),
      pmContracts: await count(
        client,
        `select count(*)::int as n from sales_contracts where tenant_id = 1 and deleted_at is null and ${member}`,
        [pmUser],
      ),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

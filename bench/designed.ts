// BENCH_PARTS=designed: a table drawn in the table designer, filled with as many rows as the employees
// (`npm run seed:large`), listed through the shared /api/:entity routes beside the built-in Employee list
// with the same request shape, both on one Trestle server in the same run. The goal: the designed list at
// ≥ 0.95× the Employee list. The design is made and applied through the designer's own functions, as the
// /tableDesign screen would (its only reference is the organisation kind's, so no built-in entity is named); its rows are put in with one INSERT … SELECT per 100,000.
import type { TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../packages/server/src/db/client.ts';
import { applyDesign, createDesign } from '../packages/server/src/designer/apply.ts';
import { type Load, load, startTrestle, stop } from './lib.ts';
import { organizationArray, personColumns } from './people.ts';

const NAME = 'BenchFleet';
const TABLE = 'bench_fleet';
const label = (en: string, zh: string) => ({ en, zh });

/** Employee's listed shape again, drawn as a design: a code, names, two dictionaries, an organisation, dates, money. */
const design: TableDesign = {
  name: NAME,
  table: TABLE,
  label: label('Bench fleet', '压测车队'),
  folder: null,
  description: 'The designed table of the list benchmark',
  softDelete: true,
  audit: false,
  scope: { organization: 'organizationId' },
  indexes: [],
  master: null,
  fields: [
    {
      id: 'b1',
      name: 'code',
      type: 'string',
      label: label('Code', '编号'),
      length: 20,
      required: true,
      unique: true,
      search: { row: 1, col: 1 },
    },
    { id: 'b2', name: 'name', type: 'string', label: label('Name', '名称'), length: 50, search: { row: 1, col: 2 } },
    { id: 'b3', name: 'gender', type: 'dict', dictionary: 'gender', label: label('Gender', '性别') },
    { id: 'b4', name: 'organizationId', type: 'reference', kind: 'organization', label: label('Organisation', '组织') },
    { id: 'b5', name: 'title', type: 'string', label: label('Title', '职位'), length: 50 },
    { id: 'b6', name: 'phone', type: 'string', kind: 'phone', label: label('Phone', '电话') },
    { id: 'b7', name: 'email', type: 'string', kind: 'email', label: label('Email', '邮箱') },
    { id: 'b8', name: 'hireDate', type: 'date', label: label('Since', '起始日期'), sortable: true },
    {
      id: 'b9',
      name: 'status',
      type: 'dict',
      dictionary: 'employeeStatus',
      label: label('Status', '状态'),
      search: { row: 1, col: 3, op: 'in' },
    },
    { id: 'b10', name: 'hourlyRate', type: 'decimal', kind: 'money', label: label('Rate', '费率') },
  ],
};

/** Makes the designed table (once) and tops it up to as many rows as tenant 1 has employees. */
async function prepare(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ url: databaseUrl, dataDir: '', log: console });
  const { db } = database;
  try {
    const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where user_key = 'admin'`);
    const adminId = admin?.id ?? 0;
    const [existing] = await queryRows<{ id: number; applied: boolean }>(
      db,
      sql`select id, applied is not null as applied from table_designs where name = ${NAME}`,
    );
    const id = existing?.id ?? (await createDesign(db, design, adminId, []));
    if (!existing?.applied) await applyDesign(db, id, adminId);
    const [employees] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from employees where tenant_id = 1`,
    );
    const [have] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(TABLE)} where tenant_id = 1`,
    );
    const target = employees?.n ?? 0;
    let next = (have?.n ?? 0) + 1;
    const orgArray = await organizationArray(db);
    const started = Date.now();
    while (next <= target) {
      const last = Math.min(target, next + 99_999);
      // The same values the employees were given (bench/seed-large.ts), so both lists read alike.
      await db.execute(sql`
        insert into ${sql.identifier(TABLE)} (tenant_id, code, name, gender, organization_id, title, phone, email,
                                              hire_date, status, hourly_rate, created_by, updated_by)
        select 1, 'F' || g, ${personColumns(orgArray, 'f')},
               case when g % 10 = 0 then 'left' else 'active' end,
               (40 + (g::bigint * 37 % 6000) / 100.0)::numeric(14,2), ${adminId}, ${adminId}
        from generate_series(${next}::int, ${last}::int) g`);
      next = last + 1;
      process.stdout.write(`\r${TABLE}: ${next - 1} / ${target} rows`);
    }
    await db.execute(sql`analyze ${sql.identifier(TABLE)}`);
    if (Date.now() - started > 1000) console.log(` (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return target;
  } finally {
    await database.close();
  }
}

const ratio = (a: Load, b: Load) => Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100) / 100;

/**
 * The Employee list and the designed list, each answering `listBody` (the list part's request: the design has
 * the same field names), on one server; measured in turns (A B A B) so a drift of the machine falls on both.
 */
export async function designedRun(databaseUrl: string, seconds: number, listBody: object) {
  const rows = await prepare(databaseUrl);
  const trestle = await startTrestle(databaseUrl);
  const headers = { authorization: `Bearer ${trestle.token}` };
  const employee = `${trestle.base}/api/Employee/getPageData`;
  const designed = `${trestle.base}/api/${NAME}/getPageData`;
  const out: Record<string, unknown> = { rows };
  try {
    for (const connections of [10, 50]) {
      const runs: { employee: Load[]; designed: Load[] } = { employee: [], designed: [] };
      const lists = [
        ['employee', employee],
        ['designed', designed],
      ] as const;
      const warmUp = JSON.stringify({ ...listBody, count: false });
      for (const [, url] of lists) await load(url, { connections, seconds: 2, body: warmUp, headers });
      for (let turn = 0; turn < 2; turn++) {
        for (const [key, url] of lists) {
          const run = await load(url, { connections, seconds, body: JSON.stringify(listBody), headers });
          if (run.errors || run.non2xx) throw new Error(`${key} list answered errors: ${JSON.stringify(run)}`);
          runs[key].push(run);
        }
      }
      const sum = (xs: Load[]) => ({
        requestsPerSecond: Math.round(xs.reduce((a, x) => a + x.requestsPerSecond, 0) / xs.length),
        p50: Math.max(...xs.map((x) => x.p50)),
        p99: Math.max(...xs.map((x) => x.p99)),
        errors: 0,
        non2xx: 0,
      });
      const e = sum(runs.employee);
      const d = sum(runs.designed);
      out[`c${connections}`] = { employee: e, designed: d, ratio: ratio(d, e) };
      console.log(
        `designed list c=${connections} over ${rows} rows: Employee ${e.requestsPerSecond} req/s | ${NAME} ${d.requestsPerSecond} req/s (${ratio(d, e)}×, goal 0.95)`,
      );
    }
  } finally {
    await stop(trestle.child);
  }
  return out;
}

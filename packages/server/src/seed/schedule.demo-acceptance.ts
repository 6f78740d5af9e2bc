import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import {
  ARRIVAL,
  addDays,
  FINAL,
  isoDay,
  PRELIMINARY,
  reachedCount,
  type SeedMilestone,
  type SeedProject,
} from './schedule.demo.ts';
import type { DemoContext } from './seed-project.ts';

type Item = [name: string, criteria: string, required: boolean];
const ARRIVAL_ITEMS: Item[] = [
  ['Quantities match the packing list', 'Every line of the delivery note counted', true],
  ['No transport damage', 'Cases and devices inspected on site', true],
  ['Serial numbers recorded', 'Serial numbers entered in the asset list', true],
  ['Certificates of origin', 'Originals handed over', false],
];
const ACCEPTANCE_ITEMS: Item[] = [
  ['All functions per the specification', 'Test cases of the technical specification passed', true],
  ['Performance meets the targets', 'Load test at the contracted throughput', true],
  ['Security checks passed', 'Vulnerability scan without high findings', true],
  ['As-built documents delivered', 'Drawings, manuals and passwords handed over', false],
];

type Test = {
  type: 'ARRIVAL_INSPECTION' | 'PRELIMINARY' | 'FINAL';
  milestone: SeedMilestone | undefined;
  status: 'PLANNED' | 'IN_PROGRESS' | 'PASSED' | 'FAILED';
  planned: string;
  end: string | null;
};

/** Item results by the test's status: a pass passes every item (the optional one may not apply). */
function itemResult(status: Test['status'], i: number, required: boolean): string | null {
  if (status === 'PASSED') return required ? 'PASS' : i % 2 ? 'NA' : 'PASS';
  if (status === 'FAILED') return i === 1 ? 'FAIL' : 'PASS';
  if (status === 'IN_PROGRESS') return i === 0 ? 'PASS' : null;
  return null;
}

/** The tests of one project at or past preliminary acceptance; the one still in preliminary failed it once. */
function testsOf(p: SeedProject, ms: SeedMilestone[], today: string): Test[] {
  const at = (seq: number) => ms.find((m) => m.seq === seq);
  const reached = reachedCount(p);
  const passed = (type: Test['type'], seq: number): Test => {
    const m = at(seq);
    return { type, milestone: m, status: 'PASSED', planned: m?.planned ?? today, end: m?.actual ?? today };
  };
  const tests = [passed('ARRIVAL_INSPECTION', ARRIVAL)];
  const pre = at(PRELIMINARY);
  if (reached === 3) {
    tests.push(
      { type: 'PRELIMINARY', milestone: pre, status: 'FAILED', planned: addDays(today, -14), end: addDays(today, -12) },
      { type: 'PRELIMINARY', milestone: pre, status: 'IN_PROGRESS', planned: pre?.planned ?? today, end: null },
    );
  }
  if (reached >= 4) tests.push(passed('PRELIMINARY', PRELIMINARY));
  const fin = at(FINAL);
  if (reached === 5)
    tests.push({ type: 'FINAL', milestone: fin, status: 'PLANNED', planned: fin?.planned ?? today, end: null });
  if (reached === 6) tests.push(passed('FINAL', FINAL));
  return tests;
}

async function insertTest(tx: Db, ctx: DemoContext, p: SeedProject, t: Test, code: string) {
  const start = t.end ? addDays(t.end, -2) : t.status === 'IN_PROGRESS' ? isoDay(ctx.today) : null;
  const result = t.status === 'PASSED' ? 'PASS' : t.status === 'FAILED' ? 'FAIL' : null;
  const conclusion =
    t.status === 'PASSED'
      ? 'Accepted by the customer; the signed report is on file.'
      : t.status === 'FAILED'
        ? 'The load test fell short of the contracted throughput; to be re-run after tuning.'
        : null;
  const signer =
    t.type === 'ARRIVAL_INSPECTION' || !result ? null : sql`coalesce(c.contact_name, 'Customer representative')`;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into acceptance_test (tenant_id, code, project_id, milestone_id, test_type, planned_date, actual_start,
          actual_end, location, customer_signer, result, conclusion, status, created_by)
        select ${ctx.tenantId}, ${code}, p.id, ${t.milestone?.id ?? null}, ${t.type}, ${t.planned}::date, ${start}::date,
          ${t.end}::date, p.site_address, ${signer}, ${result}, ${conclusion}, ${t.status}, ${ctx.adminUserId}
        from projects p left join customers c on c.id = p.customer_id where p.id = ${p.id}
        returning id`,
  );
  if (!row) return;
  const items = t.type === 'ARRIVAL_INSPECTION' ? ARRIVAL_ITEMS : ACCEPTANCE_ITEMS;
  await tx.execute(
    sql`insert into acceptance_check_item (tenant_id, test_id, seq, name, criteria, is_required, result, created_by)
        values ${sql.join(
          items.map(
            ([name, criteria, required], i) =>
              sql`(${ctx.tenantId}, ${row.id}, ${i + 1}, ${name}, ${criteria}, ${required}, ${itemResult(t.status, i, required)}, ${ctx.adminUserId})`,
          ),
          sql`, `,
        )}`,
  );
  await tx.execute(
    sql`update acceptance_test set pass_rate = (select round(100.0 * count(*) filter (where result = 'PASS')
          / nullif(count(*) filter (where result is distinct from 'NA'), 0), 2) from acceptance_check_item where test_id = ${row.id})
        where id = ${row.id}`,
  );
  // T3 as the demo's history: a passed final acceptance started the warranty.
  if (t.type === 'FINAL' && t.status === 'PASSED' && t.end)
    await tx.execute(
      sql`update projects set warranty_start = ${t.end}::date,
            warranty_end = case when warranty_months is null then null
              else (${t.end}::date + warranty_months * interval '1 month')::date end
          where id = ${p.id} and warranty_start is null`,
    );
}

export async function demoAcceptance(
  tx: Db,
  ctx: DemoContext,
  projects: SeedProject[],
  milestones: Map<number, SeedMilestone[]>,
) {
  const today = isoDay(ctx.today);
  let n = 0;
  for (const p of projects.filter((x) => reachedCount(x) >= 3)) {
    for (const t of testsOf(p, milestones.get(p.id) ?? [], today)) {
      n += 1;
      await insertTest(tx, ctx, p, t, `YS${ctx.today.getUTCFullYear()}-${String(n).padStart(4, '0')}`);
    }
  }
}

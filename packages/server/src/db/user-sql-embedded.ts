import type { PGlite, Transaction } from '@electric-sql/pglite';
import { UserSqlError } from './user-sql.ts';

/**
 * The embedded database's budget in planner cost units: about 0.1–0.6 s of work on a 2-core machine
 * (measured: 10–45 ms per 1,000 units over scans, joins, sorts and series).
 */
export const EMBEDDED_COST_LIMIT = 20_000;

const ROLL_BACK = new Error('roll back the user statement');

/**
 * What the embedded database will run, since nothing can stop it once started: no volatile function
 * (pg_sleep), no recursion, no set-returning function (its row count is a guess when its arguments
 * are computed), and a planner estimate within EMBEDDED_COST_LIMIT. A refusal by estimate, not a timer.
 */
export async function checkBounded(client: PGlite, text: string) {
  let problem: string | undefined;
  await inRolledBack(client, async (tx) => {
    // Planned as the owner, past row-level security: the policies' filters make the planner guess a
    // fraction of each table, while a bound needs the worst case. Planning executes nothing.
    await tx.query(`CREATE TEMP VIEW trestle_user_sql AS ${text}`);
    // Calls of built-in functions leave no trace in pg_depend (they are pinned), so the names come from
    // the view's deparsed text; any overload of a name that is volatile or returns a set counts.
    const { rows: defs } = await tx.query<{ def: string }>(
      `select pg_get_viewdef('trestle_user_sql'::regclass) as def`,
    );
    const names = [...(defs[0]?.def ?? '').matchAll(/(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))\s*\(/g)].map((m) =>
      m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? '').toLowerCase(),
    );
    const { rows: calls } = await tx.query<{ fn: string; volatile: boolean; set: boolean }>(
      `select proname as fn, bool_or(provolatile = 'v') as volatile, bool_or(proretset) as set
         from pg_proc where proname = any($1::text[]) group by proname order by proname`,
      [[...new Set(names)]],
    );
    const volatile = calls.filter((c) => c.volatile).map((c) => c.fn);
    const sets = calls.filter((c) => c.set).map((c) => c.fn);
    if (volatile.length)
      problem = `on the embedded database it may not call volatile functions (${volatile.join(', ')})`;
    else if (sets.length)
      problem = `on the embedded database it may not call set-returning functions (${sets.join(', ')})`;
    if (problem) return;
    const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      'EXPLAIN (FORMAT JSON) SELECT * FROM trestle_user_sql',
    );
    const plan = rows[0]?.['QUERY PLAN'][0].Plan;
    if (!plan) return;
    if (hasNode(plan, 'Recursive Union')) problem = 'on the embedded database it may not be recursive';
    else if (plan['Total Cost'] > EMBEDDED_COST_LIMIT)
      problem = `on the embedded database its estimated cost (${Math.round(plan['Total Cost']).toLocaleString('en-US')}) is over the limit of ${EMBEDDED_COST_LIMIT.toLocaleString('en-US')}: narrow it down`;
  });
  if (problem) throw new UserSqlError(problem);
}

type PlanNode = { 'Node Type': string; 'Total Cost': number; Plans?: PlanNode[] };
const hasNode = (n: PlanNode, type: string): boolean =>
  n['Node Type'] === type || (n.Plans ?? []).some((c) => hasNode(c, type));

/** The statement with its parameters written in as literals, for a view (which takes none). */
export function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    if (typeof v === 'number' && Number.isFinite(v)) return `(${v})`;
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

/** Runs `fn` in a transaction that always rolls back, whatever it did. */
export async function inRolledBack(client: PGlite, fn: (tx: Transaction) => Promise<void>) {
  try {
    await client.transaction(async (tx) => {
      await fn(tx);
      throw ROLL_BACK;
    });
  } catch (err) {
    if (err !== ROLL_BACK) throw err;
  }
}

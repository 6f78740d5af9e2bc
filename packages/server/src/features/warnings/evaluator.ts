import type { WarningEvaluation } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { RuleContext, WarningRule } from './rule.ts';
import { RULES } from './rules.ts';

/** Statuses of a live warning: the one row per rule and target the evaluator keeps up to date. */
export const LIVE = sql`('OPEN', 'ACKNOWLEDGED', 'IGNORED')`;

/** The evaluator's 'today': the UTC date of its clock. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Writes a warning_rule row for every rule the code declares (a new tenant, a new rule), and keeps
 * names and texts in step with the code; a tenant's params and switch are never touched here.
 */
export async function ensureRules(db: Db, tenantId: number) {
  const rows = RULES.map(
    (r) =>
      sql`(${tenantId}, ${r.code}, ${r.name.en}, ${r.name.zh}, ${r.category}, ${r.severityLogic}, ${r.description}, ${JSON.stringify(r.defaults)}::jsonb)`,
  );
  await db.execute(
    sql`insert into warning_rule (tenant_id, code, name, name_zh, category, severity_logic, description, params)
        values ${sql.join(rows, sql`, `)}
        on conflict (tenant_id, code) do update set name = excluded.name, name_zh = excluded.name_zh,
          category = excluded.category, severity_logic = excluded.severity_logic, description = excluded.description
        where (warning_rule.name, warning_rule.name_zh, warning_rule.category, warning_rule.severity_logic, warning_rule.description)
          is distinct from (excluded.name, excluded.name_zh, excluded.category, excluded.severity_logic, excluded.description)`,
  );
}

type RuleRow = { id: number; code: string; params: Record<string, unknown>; enabled: boolean };

/** The tenant's thresholds over the rule's defaults; keys the rule does not know are left out. */
export function paramsOf(rule: WarningRule, stored: Record<string, unknown> | null | undefined) {
  const out: Record<string, number> = { ...rule.defaults };
  for (const key of Object.keys(rule.defaults)) {
    const v = Number(stored?.[key]);
    if (stored?.[key] !== undefined && stored?.[key] !== null && Number.isFinite(v)) out[key] = v;
  }
  return out;
}

const nothing = sql`select null::integer as project_id, null::text as target_type, null::integer as target_id,
  null::text as severity, null::jsonb as args, null::text as trigger_value,
  null::text as threshold_value where false`;

/**
 * One rule, in one statement: upsert what it finds, resolve what it no longer finds (note 'auto'). A
 * warning stores its args, never words; a live row written before args existed loses its old English
 * title and message here (the texts are rendered from args on read).
 */
async function runRule(db: Db, row: RuleRow, found: SQL, c: { tenantId: number; bound: SQL; now: Date }) {
  const [counts] = await queryRows<{ opened: number; updated: number; resolved: number }>(
    db,
    sql`with found as (${found}),
    hit as (
      select distinct on (f.target_type, f.target_id) f.*,
        case f.severity when 'CRITICAL' then 3 when 'WARNING' then 2 else 1 end as rank
      from found f order by f.target_type, f.target_id, rank desc
    ),
    saved as (
      insert into project_warning as w (tenant_id, rule_id, rule_code, project_id, target_type, target_id, severity,
        severity_rank, args, trigger_value, threshold_value, first_detected_at, last_detected_at, status,
        assignee_id)
      select ${c.tenantId}, ${row.id}, ${row.code}, h.project_id, h.target_type, h.target_id, h.severity, h.rank,
        h.args, left(h.trigger_value, 100), left(h.threshold_value, 100), ${c.now}, ${c.now},
        'OPEN', (select e.user_id from projects ap join employees e on e.id = ap.manager_id where ap.id = h.project_id)
      from hit h
      on conflict (tenant_id, rule_id, target_type, target_id) where status in ${LIVE}
      do update set severity = excluded.severity, severity_rank = excluded.severity_rank, args = excluded.args,
        title = null, message = null, trigger_value = excluded.trigger_value, threshold_value = excluded.threshold_value,
        last_detected_at = excluded.last_detected_at, project_id = excluded.project_id, assignee_id = excluded.assignee_id
      returning (xmax = 0) as inserted
    ),
    gone as (
      update project_warning w set status = 'RESOLVED', resolved_at = ${c.now}, note = 'auto', updated_at = ${c.now},
        version = w.version + 1
      where w.tenant_id = ${c.tenantId} and w.rule_id = ${row.id} and w.status in ${LIVE}
        and w.project_id in (select p.id from projects p where ${c.bound})
        and not exists (select 1 from hit h where h.target_type = w.target_type and h.target_id = w.target_id)
      returning 1
    )
    select (select count(*) from saved where inserted)::int as opened,
      (select count(*) from saved where not inserted)::int as updated,
      (select count(*) from gone)::int as resolved`,
  );
  return counts ?? { opened: 0, updated: 0, resolved: 0 };
}

/**
 * Health from the live warnings (§3): an open or acknowledged CRITICAL makes a project RED, a WARNING
 * YELLOW, else GREEN; finished projects are GREY. Only changed rows are written, and never their version
 * (health is derived, not an edit that should make someone's open form stale).
 */
async function updateHealth(db: Db, bound: SQL) {
  await db.execute(
    sql`update projects p set health = h.health
        from (
          select p.id, case
            when p.status in ('CLOSED', 'CANCELLED', 'RENEWED') then 'GREY'
            when exists (select 1 from project_warning w where w.tenant_id = p.tenant_id and w.project_id = p.id
              and w.status in ('OPEN', 'ACKNOWLEDGED') and w.severity = 'CRITICAL') then 'RED'
            when exists (select 1 from project_warning w where w.tenant_id = p.tenant_id and w.project_id = p.id
              and w.status in ('OPEN', 'ACKNOWLEDGED') and w.severity = 'WARNING') then 'YELLOW'
            else 'GREEN' end as health
          from projects p where ${bound} and p.deleted_at is null
        ) h
        where p.id = h.id and p.health is distinct from h.health`,
  );
}

export type EvaluateOptions = {
  tenantId: number;
  now: Date;
  /** Only these projects (their rules' targets); all of the tenant's when absent. */
  projectIds?: number[];
  /** Only the projects matching this condition on the alias `p` (a caller's data scope). */
  projectScope?: SQL;
  /** Only these rules (codes); every rule when absent. */
  ruleCodes?: string[];
  /** Told about a rule that failed (the others still run). */
  onError?(code: string, err: unknown): void;
};

/**
 * Runs every enabled rule for a tenant (or for some of its projects), upserts the warnings, resolves
 * those whose condition is gone, then derives the projects' health. Each rule runs in its own
 * transaction (a savepoint inside the caller's), so a failing rule is reported and the rest still run.
 * Call it with a write's transaction to re-check a project after a change that matters.
 */
export async function evaluateWarnings(db: Db, opts: EvaluateOptions): Promise<WarningEvaluation> {
  const { tenantId, now } = opts;
  await ensureRules(db, tenantId);
  const ids = opts.projectIds;
  const parts = [sql`p.tenant_id = ${tenantId}`];
  if (ids) parts.push(ids.length ? sql`p.id in (${list(ids)})` : sql`false`);
  if (opts.projectScope) parts.push(sql`(${opts.projectScope})`);
  const bound = sql.join(parts, sql` and `);
  const ctxBase = { tenantId, today: sql`${isoDay(now)}::date`, projects: sql`${bound} and p.deleted_at is null` };
  const rows = await queryRows<RuleRow>(
    db,
    sql`select id, code, params, enabled from warning_rule where tenant_id = ${tenantId}`,
  );
  const result: WarningEvaluation = { rules: 0, opened: 0, updated: 0, resolved: 0, projects: 0, failed: [] };
  for (const rule of RULES) {
    const row = rows.find((r) => r.code === rule.code);
    if (!row || (opts.ruleCodes && !opts.ruleCodes.includes(rule.code))) continue;
    const c: RuleContext = { ...ctxBase, params: paramsOf(rule, row.params) };
    try {
      const counts = await db.transaction(async (tx) => {
        const done = await runRule(tx, row, row.enabled ? rule.query(c) : nothing, { tenantId, bound, now });
        if (row.enabled) await tx.execute(sql`update warning_rule set last_run_at = ${now} where id = ${row.id}`);
        return done;
      });
      if (row.enabled) result.rules += 1;
      result.opened += counts.opened;
      result.updated += counts.updated;
      result.resolved += counts.resolved;
    } catch (err) {
      result.failed.push(rule.code);
      opts.onError?.(rule.code, err);
    }
  }
  try {
    await db.transaction((tx) => updateHealth(tx, bound));
  } catch (err) {
    result.failed.push('health');
    opts.onError?.('health', err);
  }
  const [n] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from projects p where ${bound} and p.deleted_at is null`,
  );
  result.projects = n?.n ?? 0;
  return result;
}

/** Derives the health of some projects again (after a warning was ignored). */
export const refreshHealth = (db: Db, tenantId: number, projectIds: number[]) =>
  projectIds.length ? updateHealth(db, sql`p.tenant_id = ${tenantId} and p.id in (${list(projectIds)})`) : undefined;

/** For other parts: re-check one project's warnings inside the transaction of a write that affects them. */
export const recheckProjectWarnings = (tx: Db, tenantId: number, projectId: number, now: Date) =>
  evaluateWarnings(tx, { tenantId, now, projectIds: [projectId] });

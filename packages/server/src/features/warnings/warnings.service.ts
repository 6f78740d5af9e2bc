import {
  projectMeta,
  type WarningEvaluation,
  type WarningRuleRow,
  type WarningRuleUpdate,
  type warningAcknowledgeSchema,
  type warningIgnoreSchema,
  type warningSnoozeSchema,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { abort, rowNotFound, staleVersion } from '../../engine/errors.ts';
import { scopeWhere } from '../../engine/scope.ts';
import { grantExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { ensureRules, evaluateWarnings, isoDay, paramsOf, refreshHealth } from './evaluator.ts';
import { ruleNamed } from './rules.ts';
import { projectWarningEntity } from './warnings.entities.ts';

export type WarningDeps = { db: Db; now: () => Date; log?: { error(obj: unknown, msg: string): void } };

/** The projects the caller may see, by the project screen's data rules (both kinds), as a condition on `p`. */
const projectsDef: EntityDefinition = { meta: projectMeta };
export const visibleProjects = (auth: AuthContext): SQL =>
  sql`p.id in (select t.id from projects t where ${scopeWhere(projectsDef, auth)})`;

/** Listing re-checks the caller's projects at most this often (the Re-check button always does). */
const LIST_RECHECK_MS = 60_000;

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function createWarningService(deps: WarningDeps) {
  const { db } = deps;
  const lastRecheck = new Map<string, number>();
  const onError = (code: string, err: unknown) => deps.log?.error({ err, rule: code }, 'warning rule failed');

  /** Re-checks the rules of the caller's projects, or of one of them. */
  const evaluate = (auth: AuthContext, projectId?: number): Promise<WarningEvaluation> =>
    evaluateWarnings(db, {
      tenantId: auth.tenantId,
      now: deps.now(),
      projectScope: visibleProjects(auth),
      ...(projectId ? { projectIds: [projectId] } : {}),
      onError,
    });

  /** Before a list: one project's rules when the list is about it, else the caller's projects now and then. */
  async function recheckForList(auth: AuthContext, projectId: number | undefined) {
    if (projectId) return void (await evaluate(auth, projectId));
    const key = `${auth.tenantId}:${auth.userId}`;
    const at = deps.now().getTime();
    if (at - (lastRecheck.get(key) ?? Number.NEGATIVE_INFINITY) < LIST_RECHECK_MS) return;
    lastRecheck.set(key, at);
    await evaluate(auth);
  }

  /**
   * The live warnings of `keys` the caller may act on: within the data scope, and assigned to the caller
   * unless the caller holds the screen's Update grant (an admin). Any key outside that is a 404.
   */
  async function actionable(tx: Db, auth: AuthContext, keys: number[]) {
    const unique = [...new Set(keys)];
    const rows = await queryRows<{ id: number; status: string }>(
      tx,
      sql`select t.id, t.status from project_warning t
          where ${scopeWhere(projectWarningEntity, auth)} and t.id in (${list(unique)})
            and (t.assignee_id = ${auth.userId} or ${grantExpr(sql`${auth.userId}`, 'ProjectWarning', 'Update')})
          for update of t`,
    );
    if (rows.length !== unique.length) throw rowNotFound(unique.join(','));
    return rows;
  }

  const stamp = (auth: AuthContext) =>
    sql`updated_by = ${auth.userId}, updated_at = ${deps.now()}, version = version + 1`;
  const noteSet = (note: string) => (note ? sql`, note = ${note}` : sql``);

  async function acknowledge(auth: AuthContext, body: z.output<typeof warningAcknowledgeSchema>) {
    return db.transaction(async (tx) => {
      const rows = await actionable(tx, auth, body.keys);
      if (rows.some((r) => r.status !== 'OPEN')) throw abort('Only an open warning can be acknowledged');
      await tx.execute(
        sql`update project_warning set status = 'ACKNOWLEDGED', acknowledged_by = ${auth.userId},
              acknowledged_at = ${deps.now()}, ${stamp(auth)}${noteSet(body.note)}
            where id in (${list(rows.map((r) => r.id))})`,
      );
      return rows.length;
    });
  }

  async function snooze(auth: AuthContext, body: z.output<typeof warningSnoozeSchema>) {
    const today = isoDay(deps.now());
    if (Number.isNaN(Date.parse(body.until)) || body.until <= today) throw abort('Snooze until a date after today');
    return db.transaction(async (tx) => {
      const rows = await actionable(tx, auth, body.keys);
      if (rows.some((r) => r.status !== 'OPEN' && r.status !== 'ACKNOWLEDGED'))
        throw abort('Only an open or acknowledged warning can be snoozed');
      await tx.execute(
        sql`update project_warning set snoozed_until = ${body.until}, ${stamp(auth)}${noteSet(body.note)}
            where id in (${list(rows.map((r) => r.id))})`,
      );
      return rows.length;
    });
  }

  /** An admin's decision that a warning needs no action; it stays ignored until its condition is gone. */
  async function ignore(auth: AuthContext, body: z.output<typeof warningIgnoreSchema>) {
    return db.transaction(async (tx) => {
      const rows = await actionable(tx, auth, body.keys);
      if (rows.some((r) => r.status !== 'OPEN' && r.status !== 'ACKNOWLEDGED'))
        throw abort('Only an open or acknowledged warning can be ignored');
      await tx.execute(
        sql`update project_warning set status = 'IGNORED', ${stamp(auth)}, note = ${body.note}
            where id in (${list(rows.map((r) => r.id))})`,
      );
      const projects = await queryRows<{ id: number }>(
        tx,
        sql`select distinct project_id as id from project_warning where id in (${list(rows.map((r) => r.id))})`,
      );
      // Health no longer counts the ignored warning.
      await refreshHealth(
        tx,
        auth.tenantId,
        projects.map((p) => p.id),
      );
      return rows.length;
    });
  }

  async function rules(auth: AuthContext): Promise<WarningRuleRow[]> {
    // A tenant created since the last run has no rows yet: they appear with the defaults.
    await ensureRules(db, auth.tenantId);
    const rows = await queryRows<Omit<WarningRuleRow, 'defaults' | 'params'> & { params: Record<string, unknown> }>(
      db,
      sql`select id, code, name, name_zh as "nameZh", category, severity_logic as "severityLogic",
            coalesce(description, '') as description, params, enabled, version,
            to_char(last_run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastRunAt"
          from warning_rule where tenant_id = ${auth.tenantId} order by code`,
    );
    return rows.flatMap((r) => {
      const rule = ruleNamed(r.code);
      return rule ? [{ ...r, params: paramsOf(rule, r.params), defaults: rule.defaults }] : [];
    });
  }

  /** An admin's thresholds and switch for one rule; the rule is re-checked at once with them. */
  async function saveRule(auth: AuthContext, body: WarningRuleUpdate) {
    const [row] = await queryRows<{ code: string; version: number }>(
      db,
      sql`select code, version from warning_rule where tenant_id = ${auth.tenantId} and id = ${body.id}`,
    );
    const rule = row ? ruleNamed(row.code) : undefined;
    if (!row || !rule) throw rowNotFound(body.id);
    const unknown = Object.keys(body.params).filter((k) => !(k in rule.defaults));
    if (unknown.length) throw abort(`${rule.code} has no threshold named ${unknown.join(', ')}`);
    const params = paramsOf(rule, body.params);
    const updated = await queryRows<{ id: number }>(
      db,
      sql`update warning_rule set enabled = ${body.enabled}, params = ${JSON.stringify(params)}::jsonb,
            updated_by = ${auth.userId}, updated_at = ${deps.now()}, version = version + 1
          where tenant_id = ${auth.tenantId} and id = ${body.id} and version = ${body.version} returning id`,
    );
    if (updated.length === 0) throw staleVersion();
    await evaluateWarnings(db, { tenantId: auth.tenantId, now: deps.now(), ruleCodes: [rule.code], onError });
  }

  return { evaluate, recheckForList, acknowledge, snooze, ignore, rules, saveRule };
}

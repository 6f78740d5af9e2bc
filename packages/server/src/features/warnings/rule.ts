import type { warningCategories } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What a rule's query is given: the tenant, today (a 'YYYY-MM-DD' date, the evaluator's clock), the
 * rule's thresholds (the tenant's params over the rule's defaults), and `projects`, the condition on
 * the alias `p` (projects) that bounds the evaluation: the tenant, not deleted, and the projects asked for.
 */
export type RuleContext = { tenantId: number; today: SQL; params: Record<string, number>; projects: SQL };

/**
 * One warning rule of docs/domain.md §3, declared as data: its code, names, category, default
 * thresholds, and one parameterised query. The query returns a row per target that is in breach, with
 * the columns project_id, target_type, target_id, severity ('INFO' | 'WARNING' | 'CRITICAL'), args (the
 * values its title and message need, named as in @trestle/shared's warning-texts.ts), trigger_value and
 * threshold_value. A target it no longer returns is resolved.
 */
export type WarningRule = {
  code: string;
  name: { en: string; zh: string };
  category: (typeof warningCategories)[number];
  /** How the severity is chosen, in words (shown beside the thresholds). */
  severityLogic: string;
  description: string;
  defaults: Record<string, number>;
  query(c: RuleContext): SQL;
};

/** Projects where work is under way: delivery ones not closed or cancelled, and O&M ones in service. */
export const ACTIVE_STATUSES = sql`('IN_PROGRESS', 'ON_HOLD', 'ACCEPTED', 'WARRANTY', 'ACTIVE')`;

/** The bound projects (alias p) that are active. */
export const activeProjects = (c: RuleContext) => sql`(${c.projects}) and p.status in ${ACTIVE_STATUSES}`;

/** A threshold, as a numeric SQL parameter. */
export const param = (c: RuleContext, name: string): SQL => {
  const value = c.params[name];
  if (value === undefined) throw new Error(`warning rule: no parameter ${name}`);
  return sql`${value}::numeric`;
};

/** Money as text with thousands separators, for messages: 1,234.50. */
export const money = (expr: SQL) => sql`to_char(${expr}, 'FM999,999,999,999,990.00')`;

/** A number of days or points as text without trailing zeros. */
export const num = (expr: SQL) => sql`trim(to_char(${expr}, 'FM999999990.##'), '.')`;

/**
 * The values a warning's texts need, as one jsonb object (the `args` column): no words, only codes,
 * names, numbers and dates, so the texts can be rendered in any language (warning-texts.ts).
 */
export const args = (values: Record<string, SQL>) =>
  sql`jsonb_build_object(${sql.join(
    Object.entries(values).map(([name, value]) => sql`${name}::text, ${value}`),
    sql`, `,
  )}) as args`;

/** Money for args: exact decimal text rounded to cents (a jsonb number could lose digits in JavaScript). */
export const dec = (expr: SQL) => sql`round(${expr}, 2)::text`;

/** A date for args: YYYY-MM-DD in every language. */
export const day = (expr: SQL) => sql`to_char(${expr}, 'YYYY-MM-DD')`;

import {
  ageingBuckets,
  type PortfolioKpis,
  type PortfolioResult,
  type ProjectFigures,
  type portfolioRequestSchema,
  projectMeta,
  type SummaryCharts,
  type SummaryFilters,
  type SummaryOptions,
  type summaryChartsRequestSchema,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { rowNotFound } from '../../engine/errors.ts';
import { scopeWhere } from '../../engine/scope.ts';
import type { AuthContext } from '../../http/auth.ts';
import { figuresColumns, figuresWith, filterConditions, kpisWith, sortExpressions } from './summary.queries.ts';

export type SummaryDeps = { db: Db; now: () => Date };

/** Projects of both kinds, under the project screen's data rules for the caller. */
const projectsDef: EntityDefinition = { meta: projectMeta };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A set of projects (`where` on the projects alias t) in an order over their figures (alias f). */
type Ranked = { tenantId: number; where: SQL; today: string; order: SQL };

/**
 * The ids of one page of the set. Only the figures the order reads are computed: PostgreSQL drops the
 * joins of every other source (each is unique on the project), so ranking a large portfolio reads one
 * or two tables instead of twelve.
 */
async function pageIds(q: Db, set: Ranked, limit: number, offset: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    q,
    sql`${figuresWith(set.tenantId, set.where, set.today)} select f.id from fig f ${set.order}
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** The figures (`columns` of fig f) of the given projects of the set only, in its order. */
async function figuresOf<T>(q: Db, set: Ranked, ids: number[], columns: SQL): Promise<T[]> {
  if (ids.length === 0) return [];
  const only = sql`${set.where} and t.id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  return queryRows<T>(q, sql`${figuresWith(set.tenantId, only, set.today)} select ${columns} from fig f ${set.order}`);
}

const MONEY = sql`f.code, f.name, f.contract::text as contract, f.invoiced::text as invoiced,
  f.received::text as received, f.paid::text as paid`;

/** The chart series other than money: budget by category, receivable ageing, milestones, the timeline, health. */
async function seriesOf(q: Db, { tenantId, where, today: day }: Ranked, projectId?: number) {
  const today = sql`${day}::date`;
  const inScope = (column: SQL) => sql`${column} in (select t.id from projects t where ${where})`;
  const budgetByCategory = await queryRows<SummaryCharts['budgetByCategory'][number]>(
    q,
    sql`select l.category, sum(l.planned_amount)::text as planned, sum(l.committed_amount)::text as committed,
            sum(l.actual_amount)::text as actual
          from project_budget_line l join project_budget b on b.id = l.budget_id
          where b.tenant_id = ${tenantId} and b.deleted_at is null and b.is_current and b.status = 'APPROVED'
            and ${inScope(sql`b.project_id`)}
          group by l.category order by l.category`,
  );
  const ageingRows = await queryRows<{ bucket: string; amount: string }>(
    q,
    sql`select x.bucket, sum(x.outstanding)::text as amount from (
            select case when i.due_date >= ${today} then 'notDue' when ${today} - i.due_date <= 30 then 'd0to30'
                when ${today} - i.due_date <= 60 then 'd31to60' when ${today} - i.due_date <= 90 then 'd61to90'
                else 'd90plus' end as bucket,
              i.amount_incl_tax - i.received_amount + coalesce((select sum(r.amount_incl_tax) from sales_invoices r
                where r.original_invoice_id = i.id and r.is_red and r.status = 'ISSUED' and r.deleted_at is null), 0) as outstanding
            from sales_invoices i
            where i.tenant_id = ${tenantId} and i.deleted_at is null and i.status = 'ISSUED' and not i.is_red
              and ${inScope(sql`i.project_id`)}
          ) x where x.outstanding > 0 group by x.bucket`,
  );
  const ageing = ageingBuckets.map((bucket) => ({
    bucket,
    amount: ageingRows.find((r) => r.bucket === bucket)?.amount ?? '0.00',
  }));
  const [milestones] = await queryRows<SummaryCharts['milestones']>(
    q,
    sql`select (count(*) filter (where m.status = 'REACHED'))::int as reached,
            (count(*) filter (where m.status <> 'REACHED' and m.planned_date >= ${today}))::int as open,
            (count(*) filter (where m.status <> 'REACHED' and m.planned_date < ${today}))::int as overdue
          from project_milestone m
          where m.tenant_id = ${tenantId} and m.deleted_at is null and m.status <> 'CANCELLED'
            and ${inScope(sql`m.project_id`)}`,
  );
  const timeline = projectId
    ? await queryRows<SummaryCharts['timeline'][number]>(
        q,
        sql`select m.name, m.baseline_date::text as "baselineDate", m.planned_date::text as "plannedDate",
                m.actual_date::text as "actualDate", m.status,
                (m.status not in ('REACHED', 'CANCELLED') and m.planned_date < ${today}) as overdue
              from project_milestone m
              where m.tenant_id = ${tenantId} and m.deleted_at is null and m.project_id = ${projectId}
              order by m.seq, m.planned_date, m.id`,
      )
    : [];
  const health = await queryRows<SummaryCharts['health'][number]>(
    q,
    sql`select t.health, count(*)::int as count from projects t where ${where} group by t.health order by t.health`,
  );
  return {
    budgetByCategory,
    ageing,
    milestones: milestones ?? { reached: 0, open: 0, overdue: 0 },
    timeline,
    health,
  };
}

/** /ProjectSummary: figures, KPIs and chart series over the projects the caller may see (§4). */
export function createSummaryService({ db, now }: SummaryDeps) {
  const whereOf = (auth: AuthContext, filters: SummaryFilters, projectId?: number): SQL =>
    sql.join(
      [scopeWhere(projectsDef, auth), ...filterConditions(filters), ...(projectId ? [sql`t.id = ${projectId}`] : [])],
      sql` and `,
    );

  /**
   * The summary's statements aggregate whole tables, so their plans cost past PostgreSQL's JIT
   * threshold, and compiling them took longer than running them (2–4 s of an 8 s answer over 100,000
   * projects, docs/performance.md). They run in one transaction with JIT off, which also gives the
   * page and the KPIs one snapshot.
   */
  const withoutJit = <T>(fn: (q: Db) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return fn(tx);
    });

  async function portfolio(auth: AuthContext, req: z.output<typeof portfolioRequestSchema>): Promise<PortfolioResult> {
    const dir = req.order === 'desc' ? sql`desc` : sql`asc`;
    const set: Ranked = {
      tenantId: auth.tenantId,
      where: whereOf(auth, req.filters),
      today: isoDay(now()),
      order: sql`order by ${sortExpressions[req.sort] ?? sql`f.code`} ${dir} nulls last, f.id ${dir}`,
    };
    return withoutJit(async (q) => {
      const ids = await pageIds(q, set, req.rows, (req.page - 1) * req.rows);
      const rows = await figuresOf<ProjectFigures>(q, set, ids, figuresColumns);
      const [kpis] = await queryRows<PortfolioKpis>(q, kpisWith(set.tenantId, set.where, set.today));
      if (!kpis) throw new Error('no KPI row');
      return { rows, total: kpis.projects, kpis };
    });
  }

  async function project(auth: AuthContext, id: number): Promise<ProjectFigures> {
    const figures = figuresWith(auth.tenantId, whereOf(auth, {}, id), isoDay(now()));
    const [row] = await queryRows<ProjectFigures>(db, sql`${figures} select ${figuresColumns} from fig f`);
    if (!row) throw rowNotFound(id);
    return row;
  }

  async function charts(auth: AuthContext, req: z.output<typeof summaryChartsRequestSchema>): Promise<SummaryCharts> {
    if (req.projectId) await project(auth, req.projectId);
    const set: Ranked = {
      tenantId: auth.tenantId,
      where: whereOf(auth, req.projectId ? {} : req.filters, req.projectId),
      today: isoDay(now()),
      order: sql`order by f.contract desc, f.id`,
    };
    return withoutJit(async (q) => ({
      money: await figuresOf<SummaryCharts['money'][number]>(q, set, await pageIds(q, set, 10, 0), MONEY),
      ...(await seriesOf(q, set, req.projectId)),
    }));
  }

  async function options(auth: AuthContext): Promise<SummaryOptions> {
    const scope = scopeWhere(projectsDef, auth);
    const of = (table: string, column: string) =>
      queryRows<{ value: number; label: string }>(
        db,
        sql`select distinct x.id as value, x.name::text as label from projects t
            join ${sql.identifier(table)} x on x.id = t.${sql.identifier(column)}
            where ${scope} order by label limit 500`,
      );
    return {
      organizations: await of('organizations', 'organization_id'),
      managers: await of('employees', 'manager_id'),
      customers: await of('customers', 'customer_id'),
    };
  }

  return { portfolio, project, charts, options };
}

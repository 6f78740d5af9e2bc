import { BUDGET_CATEGORIES, projectBudgetLineMeta, projectBudgetMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { budgetLineName, categoryNameSql, refreshBudget } from './budget.service.ts';
import { keepStored, lockProject, one, oneOf, refuseChange } from './common.ts';

const BUDGET_TYPES = ['INITIAL', 'REVISED', 'SUPPLEMENT'];
const CONTROL_ACTIONS = ['STOP', 'WARN', 'IGNORE'];
const CATEGORIES = BUDGET_CATEGORIES.map(([value]) => value);

/** Total and line labels of a budget ("XM2026-0003 V2 · Equipment · Core switches"), after its lines are saved. */
export async function refreshBudgetDocument(tx: Db, budgetId: number) {
  await tx.execute(
    sql`update project_budget_line l
        set label = left(b.code || ' · ' || ${categoryNameSql(sql`l.category`)} || coalesce(' · ' || l.item_name, ''), 300)
        from project_budget b where b.id = l.budget_id and b.id = ${budgetId}`,
  );
  await tx.execute(
    sql`update project_budget b set total_amount = coalesce((select sum(l.planned_amount) from project_budget_line l
          where l.budget_id = b.id), 0)
        where b.id = ${budgetId}`,
  );
}

/** A revision saved without lines starts as a copy of the version it revises. */
async function copyLinesOfRevised(tx: Db, budgetId: number, revisionOfId: number) {
  const [has] = await queryRows(tx, sql`select 1 from project_budget_line where budget_id = ${budgetId} limit 1`);
  if (has) return;
  await tx.execute(
    sql`insert into project_budget_line (tenant_id, budget_id, project_id, category, item_name, planned_amount,
          control_action, remark, created_by, updated_by)
        select tenant_id, ${budgetId}, project_id, category, item_name, planned_amount, control_action, remark,
          created_by, updated_by
        from project_budget_line where budget_id = ${revisionOfId} order by id`,
  );
}

/**
 * B1, on approval: the approved version becomes the project's only current one, the purchases booked on
 * the old version's lines move to the same category and item in the new one, and the project's budget
 * amount follows. A revision may not drop a line purchases use.
 */
async function makeCurrent(tx: Db, budget: Row) {
  const budgetId = Number(budget.id);
  const project = await lockProject(tx, budget.projectId);
  const current = await one<{ id: number; code: string }>(
    tx,
    sql`select id, code from project_budget where project_id = ${project.id} and is_current and deleted_at is null
          and id <> ${budgetId}`,
  );
  if (current) {
    if (budget.revisionOfId && Number(budget.revisionOfId) !== current.id)
      throw abort(
        `This revision is based on an older version; ${current.code} is now current: revise that one instead`,
      );
    const twin = sql`n.budget_id = ${budgetId} and n.category = o.category and coalesce(n.item_name, '') = coalesce(o.item_name, '')`;
    const [dropped] = await queryRows<{ category: string; itemName: string | null }>(
      tx,
      sql`select o.category, o.item_name as "itemName" from project_budget_line o
          where o.budget_id = ${current.id}
            and (exists (select 1 from purchase_request_line r where r.budget_line_id = o.id)
              or exists (select 1 from purchase_contract_line c where c.budget_line_id = o.id))
            and not exists (select 1 from project_budget_line n where ${twin})
          order by o.id limit 1`,
    );
    if (dropped)
      throw abort(
        `This version drops budget line ${budgetLineName(dropped.category, dropped.itemName)}, which purchases use: keep the line (its amount may change)`,
      );
    for (const table of ['purchase_request_line', 'purchase_contract_line']) {
      await tx.execute(
        sql`update ${sql.identifier(table)} t set budget_line_id = n.id
            from project_budget_line o join project_budget_line n on ${twin}
            where t.budget_line_id = o.id and o.budget_id = ${current.id}`,
      );
    }
    await tx.execute(sql`update project_budget set status = 'SUPERSEDED', is_current = false where id = ${current.id}`);
  }
  await tx.execute(sql`update project_budget set status = 'APPROVED', is_current = true where id = ${budgetId}`);
  await tx.execute(
    sql`update projects set budget_amount = (select total_amount from project_budget where id = ${budgetId})
        where id = ${project.id}`,
  );
  await refreshBudget(tx, project.id);
}

async function checkNewVersion(tx: Db, row: Row) {
  const project = await lockProject(tx, row.projectId);
  const latest = await one<{ n: number; current: number | null }>(
    tx,
    sql`select coalesce(max(version_no), 0)::int as n,
          (select id from project_budget where project_id = ${project.id} and is_current and deleted_at is null) as current
        from project_budget where project_id = ${project.id} and deleted_at is null`,
  );
  const versions = latest?.n ?? 0;
  row.budgetType ??= versions === 0 ? 'INITIAL' : 'REVISED';
  oneOf(row.budgetType, BUDGET_TYPES, 'The budget type');
  if (row.budgetType === 'INITIAL') {
    if (versions > 0) throw abort(`Project ${project.code} already has a budget: add a REVISED or SUPPLEMENT version`);
    if (row.revisionOfId) throw abort('An initial budget revises nothing: leave "Revision of" empty');
  } else {
    if (!latest?.current)
      throw abort(`Project ${project.code} has no approved budget yet: its first budget is the INITIAL one`);
    row.revisionOfId ??= latest.current;
    const base = await one(
      tx,
      sql`select 1 as ok from project_budget where id = ${Number(row.revisionOfId)} and project_id = ${project.id}
            and status in ('APPROVED', 'SUPERSEDED') and deleted_at is null`,
    );
    if (!base) throw abort("A revision revises an approved version of the same project's budget");
  }
  row.versionNo = versions + 1;
  row.code = `${project.code}-V${versions + 1}`;
}

export const projectBudgetEntity: EntityDefinition = {
  meta: projectBudgetMeta,
  editableWhenApproved: ['remark'],
  hooks: {
    beforeAdd: (ctx, row) => checkNewVersion(ctx.tx, row),
    afterAdd: async ({ tx }, row) => {
      if (row.revisionOfId) await copyLinesOfRevised(tx, Number(row.id), Number(row.revisionOfId));
      await refreshBudgetDocument(tx, Number(row.id));
    },
    beforeUpdate: (_ctx, next, before) => {
      refuseChange(next, before, 'projectId', 'project');
      keepStored(next, 'code', 'versionNo');
      refuseChange(next, before, 'budgetType', 'budget type');
      refuseChange(next, before, 'revisionOfId', 'revised version');
    },
    afterUpdate: ({ tx }, _next, before) => refreshBudgetDocument(tx, Number(before.id)),
    beforeSubmit: async ({ tx }, row) => {
      const [line] = await queryRows(tx, sql`select 1 from project_budget_line where budget_id = ${row.id} limit 1`);
      if (!line) throw abort('A budget needs at least one line before it is submitted');
      await tx.execute(sql`update project_budget set status = 'IN_APPROVAL' where id = ${row.id}`);
    },
    afterAudit: async ({ tx }, row, status) => {
      if (status === 1) await makeCurrent(tx, row);
      else await tx.execute(sql`update project_budget set status = 'REJECTED' where id = ${row.id}`);
    },
  },
};

/** One line per category and cost item in a budget (the unique index is the last guard). */
async function checkLineUnique(tx: Db, row: Row, ownId?: number) {
  const clash = await one(
    tx,
    sql`select 1 as ok from project_budget_line where budget_id = ${Number(row.budgetId)}
          and category = ${String(row.category)} and coalesce(item_name, '') = ${String(row.itemName ?? '')}
          ${ownId === undefined ? sql`` : sql`and id <> ${ownId}`}`,
  );
  if (clash)
    throw abort(
      `The budget has two lines for ${budgetLineName(String(row.category), (row.itemName as string) ?? null)}: merge them or name the cost items`,
    );
}

export const projectBudgetLineEntity: EntityDefinition = {
  meta: projectBudgetLineMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      oneOf(row.category, CATEGORIES, 'The budget category');
      oneOf(row.controlAction, CONTROL_ACTIONS, 'The control action');
      const budget = await one<{ projectId: number }>(
        tx,
        sql`select project_id as "projectId" from project_budget where id = ${Number(row.budgetId)}`,
      );
      if (!budget) throw abort('The budget does not exist');
      row.projectId = budget.projectId;
      await checkLineUnique(tx, row);
    },
    beforeUpdate: async ({ tx }, next, before) => {
      keepStored(next, 'projectId');
      oneOf(next.category, CATEGORIES, 'The budget category');
      oneOf(next.controlAction, CONTROL_ACTIONS, 'The control action');
      const merged = {
        budgetId: before.budgetId,
        category: next.category ?? before.category,
        itemName: next.itemName === undefined ? before.itemName : next.itemName,
      };
      await checkLineUnique(tx, merged, Number(before.id));
    },
  },
};

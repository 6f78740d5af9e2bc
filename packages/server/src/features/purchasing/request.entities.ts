import { purchaseRequestLineMeta, purchaseRequestMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { checkBudget } from './budget.service.ts';
import { budgetedLineEntity } from './budgeted-line.ts';
import { checkActiveEmployee, checkDateOrder, checkProjectOpen, finalValue, refuseChange } from './common.ts';
import { refreshProject } from './orders.service.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const REQUEST_LIFECYCLE = lifecycleOf(purchaseRequestMeta);

/** Line amounts, the total and the line labels a picker shows, once the lines are saved. */
export async function refreshRequestDocument(tx: Db, requestId: number) {
  await tx.execute(
    sql`update purchase_request_line l set est_amount = round(l.qty * l.est_unit_price, 2),
          label = left(r.code || ' · ' || l.item_name || coalesce(' ' || l.spec_model, ''), 300)
        from purchase_request r where r.id = l.request_id and r.id = ${requestId}`,
  );
  await tx.execute(
    sql`update purchase_request r set total_est_amount = coalesce((select sum(l.est_amount)
          from purchase_request_line l where l.request_id = r.id), 0)
        where r.id = ${requestId}`,
  );
}

/** R1 / B2: the request's estimate per budget line against what the line has available. */
async function checkRequestBudget(tx: Db, row: Row) {
  const project = await checkProjectOpen(tx, row.projectId, true);
  const [line] = await queryRows(tx, sql`select 1 from purchase_request_line where request_id = ${row.id} limit 1`);
  if (!line) throw abort('A purchase request needs at least one line');
  return checkBudget(
    tx,
    project.id,
    sql`select budget_line_id, sum(est_amount) as amount from purchase_request_line
        where request_id = ${Number(row.id)} group by budget_line_id`,
    'request',
  );
}

export const purchaseRequestEntity: EntityDefinition = {
  meta: purchaseRequestMeta,
  editableWhenApproved: ['status', 'reason'],
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      if (row.status !== undefined && row.status !== 'DRAFT')
        throw abort('A new purchase request starts as a draft; approval moves it on');
      row.status = 'DRAFT';
      await checkProjectOpen(tx, row.projectId, true);
      await checkActiveEmployee(tx, row.requesterId, 'requester');
      checkDateOrder(row.requestDate, row.requiredDate, 'The date needed on site cannot be before the request date');
    },
    afterAdd: ({ tx }, row) => refreshRequestDocument(tx, Number(row.id)),
    beforeUpdate: async ({ tx }, next, before) => {
      refuseChange(next, before, 'projectId', 'project');
      refuseChange(next, before, 'code', 'number');
      checkTransition(REQUEST_LIFECYCLE, before.status, next.status);
      checkDateOrder(
        finalValue(next, before, 'requestDate'),
        finalValue(next, before, 'requiredDate'),
        'The date needed on site cannot be before the request date',
      );
      if (next.requesterId !== undefined && next.requesterId !== before.requesterId)
        await checkActiveEmployee(tx, next.requesterId, 'requester');
    },
    afterUpdate: async ({ tx }, next, before) => {
      await refreshRequestDocument(tx, Number(before.id));
      // Closing or cancelling releases what the request still committed.
      if (next.status !== undefined && next.status !== before.status)
        await refreshProject(tx, Number(before.projectId));
    },
    beforeSubmit: async ({ tx }, row) => {
      const warning = await checkRequestBudget(tx, row);
      await tx.execute(
        sql`update purchase_request set status = 'IN_APPROVAL', budget_warning = ${warning} where id = ${row.id}`,
      );
    },
    // Checked again on approval: budget taken by what was approved since the submission counts now.
    beforeAudit: async ({ tx }, row, status) => {
      if (status !== 1) return;
      const warning = await checkRequestBudget(tx, row);
      if (warning) await tx.execute(sql`update purchase_request set budget_warning = ${warning} where id = ${row.id}`);
    },
    afterAudit: async ({ tx }, row, status) => {
      await tx.execute(
        sql`update purchase_request set status = ${status === 1 ? 'APPROVED' : 'REJECTED'} where id = ${row.id}`,
      );
      if (status === 1) await refreshProject(tx, Number(row.projectId));
    },
  },
};

export const purchaseRequestLineEntity = budgetedLineEntity(purchaseRequestLineMeta, {
  table: 'purchase_request',
  foreignKey: 'requestId',
  what: 'purchase request',
});

import { purchaseContractLineMeta, purchaseContractMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { checkBudget, inList, REQUEST_COMMITTED } from './budget.service.ts';
import { budgetedLineEntity } from './budgeted-line.ts';
import { checkActiveEmployee, checkDateOrder, checkProjectOpen, finalValue, one, refuseChange } from './common.ts';
import { checkOrderedQty, lockRequestsOf, refreshContract, refreshProject } from './orders.service.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const CONTRACT_LIFECYCLE = lifecycleOf(purchaseContractMeta);

/** What a contract may still change once approved: its lifecycle and paperwork, never its lines or money. */
const EDITABLE_WHEN_APPROVED = ['status', 'supplierContractNo', 'closeReason', 'deliveryAddress', 'remark'];

/** The supplier must be on the qualified list (enabled) to take a contract. */
async function checkSupplier(tx: Db, supplierId: unknown) {
  const supplier = await one<{ name: string; enabled: boolean }>(
    tx,
    sql`select name, enabled from suppliers where id = ${Number(supplierId)} and deleted_at is null`,
  );
  if (!supplier) throw abort('The supplier does not exist');
  if (!supplier.enabled) throw abort(`Supplier ${supplier.name} is not qualified (disabled): it takes no contracts`);
}

/**
 * Line labels and the contract's progress. The amounts of the lines and the contract are computed fields
 * (metadata), stored by the engine with the save.
 */
export async function refreshContractDocument(tx: Db, contractId: number) {
  await tx.execute(
    sql`update purchase_contract_line l set label = left(c.code || ' · ' || l.item_name || coalesce(' ' || l.spec_model, ''), 300)
        from purchase_contract c where c.id = l.contract_id and c.id = ${contractId}`,
  );
  await refreshContract(tx, contractId);
}

/** A line ordering from a request must take it from the same project and budget line, and from an approved request. */
async function checkLines(tx: Db, contractId: number) {
  const [wrong] = await queryRows<{ itemName: string; problem: string }>(
    tx,
    sql`select cl.item_name as "itemName", case
          when r.id is null or r.project_id <> cl.project_id then 'is not a line of a request of this project'
          when r.status not in (${inList(REQUEST_COMMITTED)}) then 'belongs to a request that is ' || r.status
          when rl.budget_line_id <> cl.budget_line_id then 'is booked on another budget line'
        end as problem
        from purchase_contract_line cl
        left join purchase_request_line rl on rl.id = cl.request_line_id
        left join purchase_request r on r.id = rl.request_id and r.deleted_at is null
        where cl.contract_id = ${contractId} and cl.request_line_id is not null
          and (r.id is null or r.project_id <> cl.project_id or r.status not in (${inList(REQUEST_COMMITTED)})
            or rl.budget_line_id <> cl.budget_line_id)
        order by cl.id limit 1`,
  );
  if (wrong) throw abort(`The request line of ${wrong.itemName} ${wrong.problem}`);
}

/**
 * PC1 / B2: per budget line, the contract's amount excl. tax less the part of the request commitment
 * it takes over (the ordered quantity at the request's estimated price).
 */
async function checkContractBudget(tx: Db, row: Row) {
  const contractId = Number(row.id);
  await checkSupplier(tx, row.supplierId);
  const [line] = await queryRows(
    tx,
    sql`select 1 from purchase_contract_line where contract_id = ${contractId} limit 1`,
  );
  if (!line) throw abort('A purchase contract needs at least one line');
  await checkLines(tx, contractId);
  // Requests first, then the project: the order every purchasing write takes its locks in.
  await lockRequestsOf(tx, contractId);
  await checkOrderedQty(tx, contractId);
  const project = await checkProjectOpen(tx, row.projectId, true);
  return checkBudget(
    tx,
    project.id,
    sql`select cl.budget_line_id, sum(cl.amount_excl_tax - coalesce(
          case when r.status in (${inList(REQUEST_COMMITTED)})
            then least(cl.qty, greatest(rl.qty - rl.ordered_qty, 0)) * rl.est_unit_price end, 0)) as amount
        from purchase_contract_line cl
        left join purchase_request_line rl on rl.id = cl.request_line_id
        left join purchase_request r on r.id = rl.request_id
        where cl.contract_id = ${contractId} group by cl.budget_line_id`,
    'contract',
  );
}

async function beforeStatusChange(tx: Db, next: Row, before: Row) {
  checkTransition(CONTRACT_LIFECYCLE, before.status, next.status);
  if (next.status === undefined || next.status === before.status) return;
  const reason = finalValue<string | null>(next, before, 'closeReason');
  if ((next.status === 'CLOSED' || next.status === 'TERMINATED') && !reason?.trim())
    throw abort(`Give a reason to ${next.status === 'CLOSED' ? 'close' : 'terminate'} the contract`);
  if (next.status === 'COMPLETED') {
    const done = await one<{ ok: boolean }>(
      tx,
      sql`select receipt_status = 'FULL' and invoiced_amount >= amount_incl_tax and paid_amount >= amount_incl_tax as ok
          from purchase_contract where id = ${Number(before.id)}`,
    );
    if (!done?.ok)
      throw abort(
        'A contract is completed when everything is received, invoiced and paid; close it with a reason instead',
      );
  }
}

export const purchaseContractEntity: EntityDefinition = {
  meta: purchaseContractMeta,
  editableWhenApproved: EDITABLE_WHEN_APPROVED,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      if (row.status !== undefined && row.status !== 'DRAFT')
        throw abort('A new purchase contract starts as a draft; approval moves it on');
      row.status = 'DRAFT';
      await checkProjectOpen(tx, row.projectId, true);
      await checkSupplier(tx, row.supplierId);
      await checkActiveEmployee(tx, row.buyerId, 'buyer');
      checkDateOrder(row.signDate, row.promisedDate, 'The promised arrival cannot be before the signing date');
    },
    afterAdd: async ({ tx }, row) => {
      await refreshContractDocument(tx, Number(row.id));
      await checkLines(tx, Number(row.id));
      await checkOrderedQty(tx, Number(row.id));
    },
    beforeUpdate: async ({ tx }, next, before) => {
      refuseChange(next, before, 'projectId', 'project');
      refuseChange(next, before, 'code', 'number');
      await beforeStatusChange(tx, next, before);
      checkDateOrder(
        finalValue(next, before, 'signDate'),
        finalValue(next, before, 'promisedDate'),
        'The promised arrival cannot be before the signing date',
      );
      if (next.supplierId !== undefined && next.supplierId !== before.supplierId)
        await checkSupplier(tx, next.supplierId);
      if (next.buyerId !== undefined && next.buyerId !== before.buyerId)
        await checkActiveEmployee(tx, next.buyerId, 'buyer');
    },
    afterUpdate: async ({ tx }, next, before) => {
      const id = Number(before.id);
      await refreshContractDocument(tx, id);
      if (Number(before.auditStatus) !== 1) {
        await checkLines(tx, id);
        await checkOrderedQty(tx, id);
      }
      // Cancelling, closing or terminating releases request quantity and budget commitment.
      if (next.status !== undefined && next.status !== before.status)
        await refreshProject(tx, Number(before.projectId));
    },
    beforeSubmit: async ({ tx }, row) => {
      const warning = await checkContractBudget(tx, row);
      await tx.execute(
        sql`update purchase_contract set status = 'IN_APPROVAL', budget_warning = ${warning} where id = ${row.id}`,
      );
    },
    // PC1 again on approval: what else was approved since the submission now counts.
    beforeAudit: async ({ tx }, row, status) => {
      if (status !== 1) return;
      const warning = await checkContractBudget(tx, row);
      if (warning) await tx.execute(sql`update purchase_contract set budget_warning = ${warning} where id = ${row.id}`);
    },
    afterAudit: async ({ tx }, row, status) => {
      await tx.execute(
        sql`update purchase_contract set status = ${status === 1 ? 'APPROVED' : 'REJECTED'} where id = ${row.id}`,
      );
      await refreshProject(tx, Number(row.projectId));
    },
  },
};

export const purchaseContractLineEntity = budgetedLineEntity(purchaseContractLineMeta, {
  table: 'purchase_contract',
  foreignKey: 'contractId',
  what: 'purchase contract',
});

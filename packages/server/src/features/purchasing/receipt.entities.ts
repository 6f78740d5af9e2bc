import { goodsReceiptLineMeta, goodsReceiptMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import {
  checkActiveEmployee,
  checkNotFuture,
  finalValue,
  formatQty,
  keepStored,
  one,
  oneOf,
  refuseChange,
} from './common.ts';
import { checkContractStatus, contractOfNew, lockContract, refreshContract, refreshProject } from './orders.service.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const RECEIPT_LIFECYCLE = lifecycleOf(goodsReceiptMeta);

/** §2.16: a receipt is confirmed (final: it moves the contract) or cancelled while a draft. */
const RECEIVING = ['SIGNED', 'IN_EXECUTION'];
const INSPECTION = ['PENDING', 'PASSED', 'PARTIAL', 'REJECTED'];

/**
 * GR2: per contract line, accepted over confirmed receipts (this one included) may not pass the ordered
 * quantity. Called with the contract locked, so two confirmations cannot both take the last units.
 */
async function checkAcceptedQty(tx: Db, receiptId: number) {
  const [over] = await queryRows<{ itemName: string; remaining: string; wanted: string }>(
    tx,
    sql`select cl.item_name as "itemName", greatest(cl.qty - coalesce(o.q, 0), 0)::text as remaining,
          mine.q::text as wanted
        from (select contract_line_id, sum(accepted_qty) as q from goods_receipt_line
              where receipt_id = ${receiptId} group by contract_line_id) mine
        join purchase_contract_line cl on cl.id = mine.contract_line_id
        left join lateral (
          select sum(gl.accepted_qty) as q from goods_receipt_line gl join goods_receipt g on g.id = gl.receipt_id
          where gl.contract_line_id = cl.id and g.id <> ${receiptId} and g.status = 'CONFIRMED' and g.deleted_at is null
        ) o on true
        where mine.q > cl.qty - coalesce(o.q, 0)
        order by cl.id limit 1`,
  );
  if (over)
    throw abort(
      `Accepted would exceed the ordered quantity of ${over.itemName}: ${formatQty(over.remaining)} remain, this receipt accepts ${formatQty(over.wanted)}`,
    );
}

/** Every line must be a line of the receipt's contract. */
async function checkLinesOfContract(tx: Db, receipt: Row) {
  const [stray] = await queryRows(
    tx,
    sql`select 1 from goods_receipt_line gl join purchase_contract_line cl on cl.id = gl.contract_line_id
        where gl.receipt_id = ${Number(receipt.id)} and cl.contract_id <> ${Number(receipt.purchaseContractId)} limit 1`,
  );
  if (stray) throw abort("A receipt's lines must be lines of its purchase contract");
}

/** GR5: days past the promised date (the line's, else the contract's); the supplier's on-time KPI reads it. */
export async function storeLateness(tx: Db, receiptId: number) {
  await tx.execute(
    sql`update goods_receipt g set late_days = coalesce((
          select greatest(max(g.arrival_date - coalesce(cl.line_promised_date, c.promised_date)), 0)
          from goods_receipt_line gl join purchase_contract_line cl on cl.id = gl.contract_line_id
          join purchase_contract c on c.id = cl.contract_id where gl.receipt_id = g.id), 0)
        where g.id = ${receiptId}`,
  );
}

/** Confirming: the contract locked and still receiving, GR2, then the contract, its requests and the budget follow. */
async function confirm(tx: Db, receipt: Row) {
  const receiptId = Number(receipt.id);
  const contract = await lockContract(tx, receipt.purchaseContractId);
  checkContractStatus(contract, RECEIVING, 'a receipt');
  const [line] = await queryRows(tx, sql`select 1 from goods_receipt_line where receipt_id = ${receiptId} limit 1`);
  if (!line) throw abort('A receipt needs at least one line before it is confirmed');
  await checkAcceptedQty(tx, receiptId);
  await storeLateness(tx, receiptId);
  await refreshContract(tx, contract.id);
  await refreshProject(tx, contract.projectId);
}

async function afterSave(tx: Db, receipt: Row, wasConfirmed: boolean) {
  await checkLinesOfContract(tx, receipt);
  await storeLateness(tx, Number(receipt.id));
  if (receipt.status === 'CONFIRMED' && !wasConfirmed) await confirm(tx, receipt);
}

export const goodsReceiptEntity: EntityDefinition = {
  meta: goodsReceiptMeta,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      row.status ??= 'DRAFT';
      if (row.status !== 'DRAFT' && row.status !== 'CONFIRMED')
        throw abort('A new receipt is a draft, or confirmed at once');
      oneOf(row.inspectionStatus, INSPECTION, 'The inspection status');
      await contractOfNew(tx, row, RECEIVING, 'a receipt');
      await checkNotFuture(tx, row.arrivalDate, 'arrival date');
      await checkActiveEmployee(tx, row.receiverId, 'receiver');
    },
    afterAdd: ({ tx }, row) => afterSave(tx, row, false),
    beforeUpdate: async ({ tx }, next, before) => {
      if (before.status !== 'DRAFT')
        throw abort(`This receipt is ${before.status}: it cannot change; record a new receipt instead`);
      refuseChange(next, before, 'purchaseContractId', 'purchase contract');
      refuseChange(next, before, 'code', 'number');
      keepStored(next, 'projectId', 'supplierId');
      checkTransition(RECEIPT_LIFECYCLE, before.status, next.status);
      oneOf(next.inspectionStatus, INSPECTION, 'The inspection status');
      await checkNotFuture(tx, next.arrivalDate, 'arrival date');
      if (next.receiverId !== undefined && next.receiverId !== before.receiverId)
        await checkActiveEmployee(tx, next.receiverId, 'receiver');
    },
    afterUpdate: ({ tx }, next, before) =>
      afterSave(tx, { ...before, status: finalValue(next, before, 'status') }, before.status === 'CONFIRMED'),
    beforeDel: (_ctx, row) => {
      if (row.status === 'CONFIRMED') throw abort('A confirmed receipt cannot be deleted');
    },
  },
};

/** A quantity (at most four decimals, as the schema lets through) in ten-thousandths, exactly. */
function tenThousandths(value: unknown): bigint {
  const text = String(value ?? '0');
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const n = BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
  return negative ? -n : n;
}

/** GR1: what was delivered is accepted or rejected, nothing else. */
function checkQuantities(row: Row) {
  const rejected = row.rejectedQty ?? '0';
  if (tenThousandths(row.deliveredQty) !== tenThousandths(row.acceptedQty) + tenThousandths(rejected))
    throw abort(
      `Delivered (${formatQty(row.deliveredQty)}) must equal accepted (${formatQty(row.acceptedQty)}) plus rejected (${formatQty(rejected)})`,
    );
}

export const goodsReceiptLineEntity: EntityDefinition = {
  meta: goodsReceiptLineMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      checkQuantities(row);
      const receipt = await one<{ projectId: number }>(
        tx,
        sql`select project_id as "projectId" from goods_receipt where id = ${Number(row.receiptId)}`,
      );
      if (!receipt) throw abort('The receipt does not exist');
      row.projectId = receipt.projectId;
    },
    beforeUpdate: (_ctx, next, before) => {
      keepStored(next, 'projectId');
      checkQuantities({
        deliveredQty: finalValue(next, before, 'deliveredQty'),
        acceptedQty: finalValue(next, before, 'acceptedQty'),
        rejectedQty: finalValue(next, before, 'rejectedQty'),
      });
    },
  },
};

import { contractPaymentTermMeta, salesContractMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { formatMoney, formatPercent, toCents } from './money.ts';
import {
  committedInvoices,
  confirmedReceipts,
  contractById,
  contractCeiling,
  merged,
  oneOf,
  requireContract,
} from './sales.rules.ts';
import { refreshContract, refreshProject } from './sales.totals.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const LIFECYCLE = lifecycleOf(salesContractMeta);

const TYPES = ['SALES', 'SERVICE', 'FRAMEWORK', 'SUPPLEMENT'];
const TERM_TYPES = ['ADVANCE', 'ARRIVAL', 'PRELIM_ACCEPTANCE', 'FINAL_ACCEPTANCE', 'WARRANTY', 'PERIODIC'];

/** C3: what an approved contract may still change; its amount, parties and terms may not. */
const EDITABLE_WHEN_APPROVED = [
  'status',
  'customerContractNo',
  'effectiveDate',
  'expiryDate',
  'salesOwnerId',
  'remark',
];

type Project = { id: number; code: string; type: string; customerId: number; status: string };

async function projectById(tx: Db, id: unknown): Promise<Project> {
  const [project] = await queryRows<Project>(
    tx,
    sql`select id, code, type, customer_id as "customerId", status from projects
        where id = ${Number(id)} and deleted_at is null`,
  );
  if (!project) throw abort(`There is no project with id ${String(id)}`);
  return project;
}

/** The parties and the kind of contract: the project's customer, O3, and what a supplement may amend. */
async function checkParties(tx: Db, c: Row, project: Project): Promise<void> {
  if (project.status === 'CANCELLED' || project.status === 'CLOSED')
    throw abort(`Project ${project.code} is ${project.status}: it takes no new contracts`);
  if (c.customerId !== project.customerId)
    throw abort(`The contract's customer must be the customer of project ${project.code}`);
  oneOf(c.contractType, TYPES, 'The contract type');
  if (c.contractType !== 'SUPPLEMENT') {
    if (c.parentContractId) throw abort('Only a SUPPLEMENT contract names a parent contract');
    if (project.type === 'OM' && c.contractType !== 'SERVICE')
      throw abort(`Project ${project.code} is an O&M project: its contract must be a SERVICE contract`);
    return;
  }
  if (!c.parentContractId) throw abort('A SUPPLEMENT contract names the contract it amends');
  const parent = await contractById(tx, c.parentContractId);
  if (!parent || parent.projectId !== project.id)
    throw abort(`The amended contract must be a contract of project ${project.code}`);
  if (parent.contractType === 'SUPPLEMENT') throw abort('A supplement amends a main contract, not another supplement');
  if (!['APPROVED', 'SIGNED', 'IN_EXECUTION'].includes(parent.status))
    throw abort(
      `Contract ${parent.code} is ${parent.status}: only an approved, signed or executing contract takes a supplement`,
    );
}

/** Amounts and dates; the split into excl. and tax is computed from incl. and the rate (metadata). */
function checkAmounts(c: Row) {
  const incl = toCents(c.amountInclTax);
  if (c.contractType === 'SUPPLEMENT') {
    if (incl === 0n) throw abort('A supplement changes the amount: give the difference, positive or negative');
  } else if (incl <= 0n) throw abort('The contract amount must be greater than zero');
  const signDate = String(c.signDate ?? '');
  const from = String(c.effectiveDate ?? '') || signDate;
  if (c.expiryDate && from && String(c.expiryDate) < from)
    throw abort('The contract cannot expire before it is signed or takes effect');
}

/** Every check a draft passes on add, update and submit; returns the fields the server fills in. */
async function checkDraft(tx: Db, c: Row): Promise<Row> {
  const project = await projectById(tx, c.projectId);
  const customerId = c.customerId ?? project.customerId;
  await checkParties(tx, { ...c, customerId }, project);
  checkAmounts(c);
  return { customerId };
}

/** C1: the terms add up to 100% and to the contract amount (a supplement may leave its terms out). */
async function checkTerms(tx: Db, c: Row) {
  const [sums] = await queryRows<{ n: number; percent: string; amount: string }>(
    tx,
    sql`select count(*)::int as n, coalesce(sum(percent), 0)::text as percent, coalesce(sum(amount), 0)::text as amount
        from contract_payment_terms where contract_id = ${Number(c.id)}`,
  );
  if (!sums || (sums.n === 0 && c.contractType === 'SUPPLEMENT')) return;
  if (sums.n === 0) throw abort('Add the payment terms before submitting: they must add up to 100%');
  const percent = toCents(sums.percent);
  if (percent !== 10_000n) throw abort(`The payment terms add up to ${formatPercent(percent)}%, not 100%`);
  const amount = toCents(sums.amount);
  const incl = toCents(c.amountInclTax);
  if (amount !== incl)
    throw abort(`The payment terms add up to ${formatMoney(amount)}, not the contract amount ${formatMoney(incl)}`);
}

/** Term numbers are unique within a contract (checked once the whole write has landed). */
async function checkTermNumbers(tx: Db, contractId: number) {
  const [twice] = await queryRows<{ seq: number }>(
    tx,
    sql`select seq from contract_payment_terms where contract_id = ${contractId} group by seq having count(*) > 1 limit 1`,
  );
  if (twice) throw abort(`Two payment terms have the number ${twice.seq}`);
}

/**
 * A supplement may lower the amount, but not below what is already invoiced or received on the main
 * contract. Checked at submit and again at approval under the main contract's lock (I1's lock too).
 */
async function checkSupplementFloor(tx: Db, supplement: Row) {
  if (supplement.contractType !== 'SUPPLEMENT') return;
  const parent = await requireContract(tx, supplement.parentContractId, true);
  const next = (await contractCeiling(tx, parent)) + toCents(supplement.amountInclTax);
  const invoiced = await committedInvoices(tx, parent.id);
  const received = await confirmedReceipts(tx, parent.id);
  const floor = invoiced > received ? invoiced : received;
  if (next <= 0n || next < floor)
    throw abort(
      `The supplement would bring contract ${parent.code} to ${formatMoney(next)}, below the ${formatMoney(floor)} already invoiced or received`,
    );
}

/** C4: money has moved on the contract (issued or approved invoices, confirmed receipts). */
async function checkNoMoneyMoved(tx: Db, contractId: number, action: string) {
  const [moved] = await queryRows<{ invoices: number; receipts: number }>(
    tx,
    sql`select (select count(*) from sales_invoices i where i.contract_id = ${contractId} and i.deleted_at is null
              and (i.status in ('APPROVED', 'ISSUED', 'REVERSED') or i.audit_status = 3))::int as invoices,
            (select count(*) from customer_receipts r where r.contract_id = ${contractId} and r.deleted_at is null
              and r.status = 'CONFIRMED')::int as receipts`,
  );
  if (moved && (moved.invoices > 0 || moved.receipts > 0))
    throw abort(
      `The contract has ${moved.invoices} issued or approved invoice(s) and ${moved.receipts} confirmed receipt(s): it cannot be ${action}`,
    );
}

/** After any change: the contract's own totals, its main contract's (for a supplement), and the project's. */
async function refreshAround(tx: Db, c: Row, projectBefore?: unknown) {
  await refreshContract(tx, Number(c.id));
  if (c.parentContractId) await refreshContract(tx, Number(c.parentContractId));
  await refreshProject(tx, Number(c.projectId));
  if (projectBefore !== undefined && projectBefore !== c.projectId) await refreshProject(tx, Number(projectBefore));
}

/**
 * ProjectContract (docs/domain.md §2.4). A draft is approved, then signed and executed; after approval
 * its money changes only through a SUPPLEMENT contract (C3), whose amount is the difference.
 */
export const salesContractEntity: EntityDefinition = {
  meta: salesContractMeta,
  editableWhenApproved: EDITABLE_WHEN_APPROVED,
  hooks: {
    beforeAdd: async ({ tx }, row) => {
      if (row.status !== undefined && row.status !== null && row.status !== 'DRAFT')
        throw abort('A new contract starts as a draft; it moves on when it is approved');
      row.status = 'DRAFT';
      Object.assign(row, await checkDraft(tx, row));
    },
    afterAdd: async ({ tx }, row) => {
      await checkTermNumbers(tx, Number(row.id));
      await refreshAround(tx, row);
    },
    beforeUpdate: async ({ tx }, next, before) => {
      checkTransition(LIFECYCLE, before.status, next.status);
      if (next.status === 'CANCELLED' && before.status !== 'CANCELLED')
        await checkNoMoneyMoved(tx, Number(before.id), 'cancelled');
      if (Number(before.auditStatus) === 1) return;
      Object.assign(next, await checkDraft(tx, merged(next, before)));
    },
    afterUpdate: async ({ tx }, next, before) => {
      await checkTermNumbers(tx, Number(before.id));
      await refreshAround(tx, merged(next, before), before.projectId);
    },
    beforeDel: (ctx, row) => checkNoMoneyMoved(ctx.tx, Number(row.id), 'deleted'),
    afterDel: ({ tx }, row) => refreshAround(tx, row),
    beforeSubmit: async ({ tx }, row) => {
      if (row.status !== 'DRAFT')
        throw abort(`Only a draft contract can be submitted; this one is ${String(row.status)}`);
      await checkDraft(tx, row);
      await checkTerms(tx, row);
      await checkSupplementFloor(tx, row);
    },
    beforeAudit: async ({ tx }, row, status) => {
      if (status === 1) await checkSupplementFloor(tx, row);
    },
    afterAudit: async ({ tx }, row, status) => {
      if (status !== 1 || row.status !== 'DRAFT') return;
      await tx.execute(sql`update sales_contracts set status = 'APPROVED' where id = ${Number(row.id)}`);
      await refreshAround(tx, row);
    },
  },
};

const TERM_FIELDS = contractPaymentTermMeta.fields.filter((f) => !f.readOnly && f.name !== 'id');

/** Does the write change the term? Decimals compare by value ("30" is "30.00"). */
const termChanges = (next: Row, before: Row) =>
  TERM_FIELDS.some(({ name, type }) => {
    if (next[name] === undefined) return false;
    if (type === 'decimal') return toCents(next[name]) !== toCents(before[name]);
    return String(next[name] ?? '') !== String(before[name] ?? '');
  });

/** C5: a term an invoice or a receipt names keeps its amount, percent and dates. */
async function checkTermUnused(tx: Db, term: Row) {
  const [used] = await queryRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from sales_invoices where payment_term_id = ${Number(term.id)} and deleted_at is null and status <> 'VOID')
          or exists (select 1 from customer_receipts where payment_term_id = ${Number(term.id)} and deleted_at is null and status <> 'CANCELLED') as used`,
  );
  if (used?.used)
    throw abort(
      `Payment term ${String(term.seq)} (${String(term.name)}) has invoices or receipts linked to it: it cannot change`,
    );
}

export const contractPaymentTermEntity: EntityDefinition = {
  meta: contractPaymentTermMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: (_ctx, row) => oneOf(row.termType, TERM_TYPES, 'The term type'),
    beforeUpdate: async ({ tx }, next, before) => {
      oneOf(next.termType, TERM_TYPES, 'The term type');
      if (termChanges(next, before)) await checkTermUnused(tx, before);
    },
    beforeDel: ({ tx }, row) => checkTermUnused(tx, row),
  },
};

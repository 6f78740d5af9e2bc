import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { abort } from '../../engine/errors.ts';
import { formatMoney, toCents } from './money.ts';

/**
 * What the three sales documents share: reading (and locking) the contract they hang off, its
 * ceiling, and C2. Lock order, kept by every sales hook so two writes cannot deadlock: the document
 * row (the engine's), then invoice rows, then the contract row, then its terms and totals. Locks are
 * FOR NO KEY UPDATE, which the foreign-key checks of rows being inserted (FOR KEY SHARE) do not block.
 */

export const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Contract statuses whose amount counts: towards the project's contract amount and a main contract's ceiling. */
export const EFFECTIVE_CONTRACT = ['APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED'] as const;

/** Invoices that use up the contract (I1): approved or issued (red ones negative), and those in approval. */
export const committedInvoice = (alias: string): SQL => {
  const t = sql.identifier(alias);
  return sql`${t}.deleted_at is null and (${t}.status in ('APPROVED', 'ISSUED', 'REVERSED') or ${t}.audit_status = 3)`;
};

export type Contract = {
  id: number;
  code: string;
  projectId: number;
  customerId: number;
  contractType: string;
  parentContractId: number | null;
  status: string;
  amountInclTax: string;
};

/** A contract by id (not deleted); `lock` takes its row lock for the rest of the transaction. */
export async function contractById(tx: Db, id: unknown, lock = false): Promise<Contract | undefined> {
  if (typeof id !== 'number') return undefined;
  const [row] = await queryRows<Contract>(
    tx,
    sql`select id, code, project_id as "projectId", customer_id as "customerId", contract_type as "contractType",
          parent_contract_id as "parentContractId", status, amount_incl_tax::text as "amountInclTax"
        from sales_contracts where id = ${id} and deleted_at is null${lock ? sql` for no key update` : sql``}`,
  );
  return row;
}

export async function requireContract(tx: Db, id: unknown, lock = false): Promise<Contract> {
  const contract = await contractById(tx, id, lock);
  if (!contract) throw abort(`There is no contract with id ${String(id)}`);
  return contract;
}

/** C2, and money goes through the main contract: a supplement only changes its amount. */
export function checkOpenForMoney(contract: Contract) {
  if (contract.contractType === 'SUPPLEMENT')
    throw abort(
      `Contract ${contract.code} is a supplement: invoice and receive against its main contract, whose amount it changes`,
    );
  if (contract.status !== 'SIGNED' && contract.status !== 'IN_EXECUTION')
    throw abort(
      `Contract ${contract.code} is ${contract.status}: invoices and receipts are allowed only while it is SIGNED or IN_EXECUTION`,
    );
}

/** Σ of a query's single `s` column, in cents. */
export async function sumOf(tx: Db, query: SQL): Promise<bigint> {
  const [row] = await queryRows<{ s: string | null }>(tx, query);
  return toCents(row?.s ?? null);
}

/** The main contract's ceiling: its own amount plus its approved supplements (negative ones lower it). */
export async function contractCeiling(tx: Db, contract: Contract): Promise<bigint> {
  const supplements = await sumOf(
    tx,
    sql`select sum(amount_incl_tax)::text as s from sales_contracts
        where parent_contract_id = ${contract.id} and deleted_at is null and status in (${list(EFFECTIVE_CONTRACT)})`,
  );
  return toCents(contract.amountInclTax) + supplements;
}

/** Σ of the contract's committed invoices, leaving one out (the one being checked). */
export const committedInvoices = (tx: Db, contractId: number, except = 0) =>
  sumOf(
    tx,
    sql`select sum(amount_incl_tax)::text as s from sales_invoices i
        where i.contract_id = ${contractId} and i.id <> ${except} and ${committedInvoice('i')}`,
  );

/** Σ of the contract's confirmed receipts, leaving one out. */
export const confirmedReceipts = (tx: Db, contractId: number, except = 0) =>
  sumOf(
    tx,
    sql`select sum(amount)::text as s from customer_receipts
        where contract_id = ${contractId} and id <> ${except} and deleted_at is null and status = 'CONFIRMED'`,
  );

/** A payment term named on an invoice or a receipt must be one of its contract's. */
export async function checkTermOf(tx: Db, termId: unknown, contract: Contract) {
  if (termId === null || termId === undefined) return;
  const [term] = await queryRows<{ contractId: number }>(
    tx,
    sql`select contract_id as "contractId" from contract_payment_terms where id = ${Number(termId)}`,
  );
  if (term?.contractId !== contract.id) throw abort(`The payment term is not one of contract ${contract.code}'s terms`);
}

export function oneOf(value: unknown, allowed: readonly string[], what: string) {
  if (value !== null && value !== undefined && !allowed.includes(String(value)))
    throw abort(`${what} must be one of ${allowed.join(', ')}, not ${String(value)}`);
}

/**
 * Today's date where it is latest on Earth (UTC+14): a date the user's own calendar shows as today is
 * never refused as "in the future", whatever the server's time zone.
 */
export const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** The value a write will leave: the new one when the write sets it, else the stored one. */
export const merged = (next: Record<string, unknown>, before: Record<string, unknown>) => {
  const out = { ...before };
  for (const [k, v] of Object.entries(next)) if (v !== undefined) out[k] = v;
  return out;
};

export const remains = (cents: bigint) => `${formatMoney(cents < 0n ? 0n : cents)} remains`;

import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { exclForInvoice, splitInclusive, taxOf, toCents, toDecimal } from '../features/sales/money.ts';
import {
  refreshContract,
  refreshInvoicesReceived,
  refreshProject,
  refreshReceiptAllocated,
} from '../features/sales/sales.totals.ts';
import { dictionariesFrom } from './seed-dictionaries.ts';
import type { AreaSeed, DemoContext } from './seed-project.ts';
import dictionaryFile from './seed-sales.dictionaries.json' with { type: 'json' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The 30 / 30 / 30 / 10 schedule (domain.md §2.4) and when each term falls, in days from the project start. */
const TERMS: [type: string, name: string, percent: number, offset: number][] = [
  ['ADVANCE', 'Advance payment', 30, 0],
  ['ARRIVAL', 'On arrival of the goods', 30, 60],
  ['FINAL_ACCEPTANCE', 'On final acceptance', 30, 200],
  ['WARRANTY', 'Warranty retention', 10, 565],
];
const OM_OFFSETS = [0, 90, 180, 330];

type Project = DemoContext['projects'][number];
type ProjectRow = { id: number; customerId: number; start: string; end: string; annualFee: string | null };
type Customer = { id: number; name: string; taxNo: string };

/**
 * How far the money has gone on a project: terms invoiced and terms received. Some invoices stay
 * unpaid past their due date, and some due terms uninvoiced, so the warnings have something to show.
 */
function progressOf(p: Project, omIndex: number): [invoiced: number, received: number] {
  if (p.type === 'OM') return p.status === 'EXPIRED' ? [4, 4] : omIndex === 0 ? [2, 1] : [3, 2];
  if (p.status === 'CLOSED') return [4, 4];
  if (p.status === 'WARRANTY') return [3, 3];
  if (p.status === 'ACCEPTED') return [3, 2];
  if (p.status === 'ON_HOLD') return [2, 1];
  const byStage: Record<string, [number, number]> = { PROCUREMENT: [0, 0], DELIVERY: [2, 1] };
  return byStage[p.stage] ?? [2, 2];
}

const contractStatusOf = (p: Project) =>
  p.status === 'CLOSED' || p.status === 'EXPIRED' ? 'COMPLETED' : p.stage === 'PROCUREMENT' ? 'SIGNED' : 'IN_EXECUTION';

async function one<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(tx, query);
  if (!row) throw new Error('seed-sales: insert returned nothing');
  return row;
}

/** A contract per live project with its terms, invoices and receipts along the terms; approved rows as approved. */
async function demo(tx: Db, ctx: DemoContext) {
  const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from sales_contracts`);
  if ((existing?.n ?? 0) > 0) return;
  const live = ctx.projects.filter((p) => p.status !== 'DRAFT' && p.status !== 'CANCELLED');
  if (live.length === 0) return;
  const t = ctx.tenantId;
  const today = isoDay(ctx.today);
  const projects = new Map(
    (
      await queryRows<ProjectRow>(
        tx,
        sql`select id, customer_id as "customerId", planned_start::text as start, planned_end::text as "end",
              annual_fee::text as "annualFee" from projects`,
      )
    ).map((p) => [p.id, p]),
  );
  const customers = new Map(
    (await queryRows<Customer>(tx, sql`select id, name, coalesce(tax_no, '') as "taxNo" from customers`)).map((c) => [
      c.id,
      c,
    ]),
  );
  const approved = sql`1, ${ctx.adminUserId}, ${ctx.today}`;
  let omIndex = 0;
  let serial = 0;

  for (const [n, p] of live.entries()) {
    const project = projects.get(p.id);
    const customer = project && customers.get(project.customerId);
    if (!project || !customer) continue;
    const by = p.pmOwned ? ctx.pmUserId : ctx.adminUserId;
    const om = p.type === 'OM';
    const rate = om ? 600n : 1300n;
    // Delivery amounts are a round sum plus 13%, so every term invoices to the cent (tax = round(excl × rate)).
    const amount = om
      ? toCents(project.annualFee ?? '120000')
      : BigInt(530_000 + ((n * 121_000) % 1_700_000)) * (10_000n + rate);
    const split = splitInclusive(amount, rate);
    const signed = addDays(project.start, -10);
    const contract = await one<{ id: number }>(
      tx,
      sql`insert into sales_contracts (tenant_id, code, customer_contract_no, name, project_id, customer_id, contract_type,
            sign_date, effective_date, expiry_date, amount_incl_tax, tax_rate, amount_excl_tax, tax_amount, warranty_months,
            status, audit_status, audited_by, audited_at, created_by)
          values (${t}, ${`HT-${p.code}`}, ${`C-${String(customer.id).padStart(3, '0')}-${n + 1}`},
            ${om ? `O&M service agreement ${p.code}` : `Supply and implementation ${p.code}`}, ${p.id}, ${customer.id},
            ${om ? 'SERVICE' : 'SALES'}, ${signed}, ${signed}, ${addDays(project.end, om ? 0 : 365)},
            ${toDecimal(amount)}, ${toDecimal(rate)}, ${toDecimal(split.excl)}, ${toDecimal(split.tax)}, ${om ? null : 12},
            ${contractStatusOf(p)}, ${approved}, ${by})
          returning id`,
    );
    const [invoiced, received] = progressOf(p, om ? omIndex++ : 0);
    let left = amount;
    let pending: { id: number; seq: number; amount: bigint } | undefined;
    for (const [i, [type, name, percent, offset]] of TERMS.entries()) {
      const termAmount = i === TERMS.length - 1 ? left : (amount * BigInt(percent)) / 100n;
      left -= termAmount;
      const planned = addDays(project.start, om ? (OM_OFFSETS[i] ?? 0) : offset);
      const term = await one<{ id: number }>(
        tx,
        sql`insert into contract_payment_terms (tenant_id, contract_id, seq, name, term_type, percent, amount, due_days,
              planned_date, created_by)
            values (${t}, ${contract.id}, ${i + 1}, ${name}, ${type}, ${percent}, ${toDecimal(termAmount)}, 30,
              ${planned}, ${by})
            returning id`,
      );
      if (i === invoiced) pending = { id: term.id, seq: i + 1, amount: termAmount };
      if (i >= invoiced) continue;
      serial += 1;
      const invoiceDate = earlier(planned, today);
      const excl = exclForInvoice(termAmount, rate);
      const tax = taxOf(excl, rate);
      const invoice = await one<{ id: number }>(
        tx,
        sql`insert into sales_invoices (tenant_id, code, contract_id, project_id, payment_term_id, invoice_type, invoice_no,
              invoice_date, buyer_name, buyer_tax_no, amount_excl_tax, tax_rate, tax_amount, amount_incl_tax, credit_days,
              status, audit_status, audited_by, audited_at, created_by)
            values (${t}, ${`KP-${p.code}-${i + 1}`}, ${contract.id}, ${p.id}, ${term.id}, 'VAT_SPECIAL',
              ${String(26_000_000 + serial)}, ${invoiceDate}, ${customer.name}, ${customer.taxNo || 'N/A'},
              ${toDecimal(excl)}, ${toDecimal(rate)}, ${toDecimal(tax)}, ${toDecimal(excl + tax)}, 30,
              'ISSUED', ${approved}, ${by})
            returning id`,
      );
      if (i >= received) continue;
      const receipt = await one<{ id: number }>(
        tx,
        sql`insert into customer_receipts (tenant_id, code, contract_id, project_id, customer_id, payment_term_id,
              receipt_date, amount, method, bank_serial_no, payer_name, status, created_by)
            values (${t}, ${`HK-${p.code}-${i + 1}`}, ${contract.id}, ${p.id}, ${customer.id}, ${term.id},
              ${earlier(addDays(invoiceDate, 20), today)}, ${toDecimal(excl + tax)}, 'BANK_TRANSFER',
              ${`BS${invoiceDate.replaceAll('-', '')}${String(serial).padStart(4, '0')}`}, ${customer.name}, 'CONFIRMED', ${by})
            returning id`,
      );
      await tx.execute(
        sql`insert into receipt_allocations (tenant_id, receipt_id, invoice_id, amount, created_by)
            values (${t}, ${receipt.id}, ${invoice.id}, ${toDecimal(excl + tax)}, ${by})`,
      );
      await refreshReceiptAllocated(tx, receipt.id);
    }
    // One project shows a supplement (an extra scope, +5%) and one an invoice waiting for approval.
    if (p.stage === 'FINAL_ACCEPTANCE' && p.status === 'IN_PROGRESS') await supplement(tx, ctx, p, contract.id, amount);
    if (p.stage === 'TRIAL_RUN' && pending) await inApproval(tx, ctx, p, contract.id, customer, pending, rate);
    await refreshInvoicesReceived(tx, contract.id);
    await refreshContract(tx, contract.id);
    await refreshProject(tx, p.id);
  }
}

async function inApproval(
  tx: Db,
  ctx: DemoContext,
  p: Project,
  contractId: number,
  customer: Customer,
  term: { id: number; seq: number; amount: bigint },
  rate: bigint,
) {
  const excl = exclForInvoice(term.amount, rate);
  const tax = taxOf(excl, rate);
  await tx.execute(
    sql`insert into sales_invoices (tenant_id, code, contract_id, project_id, payment_term_id, invoice_type, buyer_name,
          buyer_tax_no, amount_excl_tax, tax_rate, tax_amount, amount_incl_tax, credit_days, status, audit_status, created_by)
        values (${ctx.tenantId}, ${`KP-${p.code}-${term.seq}`}, ${contractId}, ${p.id}, ${term.id}, 'VAT_SPECIAL',
          ${customer.name}, ${customer.taxNo || 'N/A'}, ${toDecimal(excl)}, ${toDecimal(rate)}, ${toDecimal(tax)},
          ${toDecimal(excl + tax)}, 30, 'DRAFT', 3, ${p.pmOwned ? ctx.pmUserId : ctx.adminUserId})`,
  );
}

async function supplement(tx: Db, ctx: DemoContext, p: Project, parentId: number, amount: bigint) {
  const extra = (amount / 2000n) * 100n;
  const split = splitInclusive(extra, 1300n);
  const [parent] = await queryRows<{ customerId: number; signDate: string }>(
    tx,
    sql`select customer_id as "customerId", sign_date::text as "signDate" from sales_contracts where id = ${parentId}`,
  );
  if (!parent) return;
  await tx.execute(
    sql`insert into sales_contracts (tenant_id, code, name, project_id, customer_id, contract_type, parent_contract_id,
          sign_date, amount_incl_tax, tax_rate, amount_excl_tax, tax_amount, total_amount, status, audit_status,
          audited_by, audited_at, created_by)
        values (${ctx.tenantId}, ${`HT-${p.code}-S1`}, ${`Supplement 1: extra access points ${p.code}`}, ${p.id},
          ${parent.customerId}, 'SUPPLEMENT', ${parentId}, ${addDays(parent.signDate, 120)}, ${toDecimal(extra)}, '13.00',
          ${toDecimal(split.excl)}, ${toDecimal(split.tax)}, ${toDecimal(extra)}, 'SIGNED', 1, ${ctx.adminUserId},
          ${ctx.today}, ${p.pmOwned ? ctx.pmUserId : ctx.adminUserId})`,
  );
}

const APPROVAL_BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Audit', 'Export'];
const PM_GRANTS = ['Search', 'Add', 'Update', 'Export'];

export const salesArea: AreaSeed = {
  menus: [
    {
      code: 'ProjectContract',
      name: 'Project contracts',
      nameZh: '项目合同',
      url: '/ProjectContract',
      icon: 'FileProtectOutlined',
      parent: 'Project',
      buttons: APPROVAL_BUTTONS,
    },
    {
      code: 'ContractInvoicing',
      name: 'Contract invoicing',
      nameZh: '合同开票',
      url: '/ContractInvoicing',
      icon: 'AccountBookOutlined',
      parent: 'Project',
      buttons: APPROVAL_BUTTONS,
    },
    {
      code: 'ProjectPayment',
      name: 'Project receipts',
      nameZh: '项目回款',
      url: '/ProjectPayment',
      icon: 'MoneyCollectOutlined',
      parent: 'Project',
      // No Import: an imported row would skip the checks of the hooks above.
      buttons: ['Search', 'Add', 'Update', 'Delete', 'Export'],
    },
  ],
  dictionaries: dictionariesFrom(dictionaryFile),
  pmGrants: { ProjectContract: PM_GRANTS, ContractInvoicing: PM_GRANTS, ProjectPayment: PM_GRANTS },
  demo,
};

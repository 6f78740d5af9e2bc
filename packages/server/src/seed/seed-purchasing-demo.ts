import {
  BUDGET_CATEGORIES,
  computeDocument,
  type EntityMeta,
  goodsReceiptMeta,
  purchaseContractLineMeta,
  purchaseContractMeta,
  purchaseRequestMeta,
  supplierPaymentMeta,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { assignNumbers } from '../engine/numbering.ts';
import { refreshBudgetDocument } from '../features/purchasing/budget.entities.ts';
import { refreshContractDocument } from '../features/purchasing/contract.entities.ts';
import { refreshContract, refreshProject } from '../features/purchasing/orders.service.ts';
import { storeLateness } from '../features/purchasing/receipt.entities.ts';
import { refreshRequestDocument } from '../features/purchasing/request.entities.ts';
import type { DemoContext } from './seed-project.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
/** Money is handled in whole cents here and written as decimal text. */
const dec = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;

const STAGES = ['INITIATION', 'PROCUREMENT', 'DELIVERY', 'IMPLEMENTATION', 'PRELIM_ACCEPTANCE', 'TRIAL_RUN'];
/** Budget share per category (in BUDGET_CATEGORIES order) and how a line reacts when exceeded. */
const SHARES = [0.5, 0.15, 0.12, 0.1, 0.03, 0.02, 0.03, 0.05];
const CONTROL = ['WARN', 'STOP', 'WARN', 'WARN', 'WARN', 'WARN', 'WARN', 'IGNORE'];
/** The equipment a delivery project buys: [item, model, unit, qty, share of the equipment request]. */
const EQUIPMENT: [string, string, string, number, number][] = [
  ['Core switch', 'S5735-S48T4X', 'set', 2, 0.4],
  ['Access switch', 'S5720-28X', 'set', 12, 0.35],
  ['Rack server', '2U dual-socket', 'set', 4, 0.25],
];

type Project = DemoContext['projects'][number] & { amount: number; managerId: number; start: Date; rank: number };

/** The next document number of the entity, as the engine issues it on add. */
async function nextCode(tx: Db, ctx: DemoContext, meta: EntityMeta): Promise<string> {
  const row: Record<string, unknown> = {};
  const pattern = meta.fields.find((f) => f.autoNumber)?.autoNumber?.pattern ?? '';
  await assignNumbers(tx, { tenantId: ctx.tenantId, date: ctx.today, patternOf: () => pattern }, meta, [row]);
  return String(row.code);
}

async function ids(tx: Db, query: ReturnType<typeof sql>) {
  return (await queryRows<{ id: number }>(tx, query)).map((r) => r.id);
}

/** An approved current budget; one project is budgeted above its contract (negative planned margin). */
async function budget(tx: Db, ctx: DemoContext, p: Project, j: number, approved: ReturnType<typeof sql>) {
  const revenue = Math.round(p.amount / 1.13);
  const total = Math.round(revenue * (j === 1 ? 1.05 : 0.78));
  const versions = j === 2 ? 2 : 1;
  let budgetId = 0;
  let lines: number[] = [];
  for (let v = 1; v <= versions; v++) {
    const current = v === versions;
    const scaled = Math.round(total * (current ? 1 : 0.92));
    [budgetId] = (await ids(
      tx,
      sql`insert into project_budget (tenant_id, code, project_id, version_no, budget_type, revision_of_id,
            target_margin_pct, status, is_current, audit_status, audited_by, audited_at, created_by)
          values (${ctx.tenantId}, ${`${p.code}-V${v}`}, ${p.id}, ${v}, ${v === 1 ? 'INITIAL' : 'REVISED'},
            ${v === 1 ? null : budgetId}, ${j === 1 ? -5 : 15}, ${current ? 'APPROVED' : 'SUPERSEDED'}, ${current},
            ${approved}) returning id`,
    )) as [number];
    let left = scaled;
    const planned = SHARES.map((share, i) => {
      const amount = i === SHARES.length - 1 ? left : Math.round(scaled * share);
      left -= amount;
      return amount;
    });
    lines = await ids(
      tx,
      sql`insert into project_budget_line (tenant_id, budget_id, project_id, category, planned_amount, control_action, created_by)
          values ${sql.join(
            BUDGET_CATEGORIES.map(
              ([category], i) =>
                sql`(${ctx.tenantId}, ${budgetId}, ${p.id}, ${category}, ${dec(planned[i] ?? 0)}, ${CONTROL[i] ?? 'WARN'}, ${ctx.adminUserId})`,
            ),
            sql`, `,
          )} returning id`,
    );
    await refreshBudgetDocument(tx, budgetId);
  }
  await tx.execute(
    sql`update projects set budget_amount = (select total_amount from project_budget where id = ${budgetId}) where id = ${p.id}`,
  );
  const planned = await queryRows<{ id: number; planned: string }>(
    tx,
    sql`select id, planned_amount::text as planned from project_budget_line where budget_id = ${budgetId} order by id`,
  );
  return { lines, planned: planned.map((r) => Math.round(Number(r.planned) * 100)) };
}

type Line = { id: number; qty: number; price: number };

async function request(tx: Db, ctx: DemoContext, p: Project, j: number, b: { lines: number[]; planned: number[] }) {
  const by = p.pmOwned ? ctx.pmUserId : ctx.adminUserId;
  const code = await nextCode(tx, ctx, purchaseRequestMeta);
  const day = isoDay(addDays(p.start, 5));
  const [requestId] = (await ids(
    tx,
    sql`insert into purchase_request (tenant_id, code, project_id, requester_id, request_date, required_date, reason,
          status, audit_status, audited_by, audited_at, created_by)
        values (${ctx.tenantId}, ${code}, ${p.id}, ${p.managerId}, ${day}, ${isoDay(addDays(p.start, 50))},
          ${'Network equipment and management software for the site'}, 'APPROVED', 1, ${ctx.adminUserId}, ${ctx.today}, ${by})
        returning id`,
  )) as [number];
  const equipment = Math.round((b.planned[0] ?? 0) * (j % 4 === 1 ? 0.95 : 0.8));
  const items = [
    ...EQUIPMENT.map(([item, model, unit, qty, share]) => ({
      item,
      model,
      unit,
      qty,
      price: Math.floor((equipment * share) / qty),
      budgetLine: b.lines[0],
    })),
    {
      item: 'Network management licence',
      model: 'NMS 5.0',
      unit: 'lot',
      qty: 1,
      price: Math.round((b.planned[1] ?? 0) * 0.7),
      budgetLine: b.lines[1],
    },
  ];
  const lineIds = await ids(
    tx,
    sql`insert into purchase_request_line (tenant_id, request_id, project_id, budget_line_id, item_name, spec_model, unit,
          qty, est_unit_price, created_by)
        values ${sql.join(
          items.map(
            (i) =>
              sql`(${ctx.tenantId}, ${requestId}, ${p.id}, ${i.budgetLine}, ${i.item}, ${i.model}, ${i.unit}, ${i.qty}, ${dec(i.price)}, ${by})`,
          ),
          sql`, `,
        )} returning id`,
  );
  await refreshRequestDocument(tx, requestId);
  return items.map((i, k) => ({ ...i, requestLine: lineIds[k] }));
}

type Item = Awaited<ReturnType<typeof request>>[number];

/** A request still in approval, so the approval screens have something waiting. */
async function travelRequest(tx: Db, ctx: DemoContext, p: Project, b: { lines: number[]; planned: number[] }) {
  const [requestId] = (await ids(
    tx,
    sql`insert into purchase_request (tenant_id, code, project_id, requester_id, request_date, required_date, reason,
          status, audit_status, created_by)
        values (${ctx.tenantId}, ${await nextCode(tx, ctx, purchaseRequestMeta)}, ${p.id}, ${p.managerId}, ${isoDay(ctx.today)},
          ${isoDay(addDays(ctx.today, 14))}, ${'Site survey trips for the installation team'}, 'IN_APPROVAL', 3,
          ${p.pmOwned ? ctx.pmUserId : ctx.adminUserId})
        returning id`,
  )) as [number];
  await tx.execute(
    sql`insert into purchase_request_line (tenant_id, request_id, project_id, budget_line_id, item_name, unit, qty,
          est_unit_price, created_by)
        values (${ctx.tenantId}, ${requestId}, ${p.id}, ${b.lines[4]}, ${'Return flights to site'}, ${'trip'}, 4,
          ${dec(Math.round((b.planned[4] ?? 0) * 0.15))}, ${ctx.adminUserId})`,
  );
  await refreshRequestDocument(tx, requestId);
}

async function contract(tx: Db, ctx: DemoContext, p: Project, supplierId: number, items: Item[], signOffset: number) {
  const by = p.pmOwned ? ctx.pmUserId : ctx.adminUserId;
  const sign = addDays(p.start, signOffset);
  const promised = addDays(sign, 30);
  // Bought at the estimate: the unit price incl. 13% VAT; amounts and totals computed as the engine does.
  const { row: totals, lines: computedLines } = computeDocument(
    purchaseContractMeta,
    {},
    {
      PurchaseContractLine: items.map((i) => ({
        qty: String(i.qty),
        unitPrice: dec(Math.round(i.price * 1.13)),
        taxRate: '13',
      })),
    },
    [purchaseContractLineMeta],
  );
  const computed = computedLines.PurchaseContractLine ?? [];
  const [contractId] = (await ids(
    tx,
    sql`insert into purchase_contract (tenant_id, code, project_id, supplier_id, buyer_id, sign_date, promised_date,
          delivery_address, warranty_months, status, audit_status, audited_by, audited_at, created_by,
          amount_incl_tax, amount_excl_tax, tax_amount)
        values (${ctx.tenantId}, ${await nextCode(tx, ctx, purchaseContractMeta)}, ${p.id}, ${supplierId}, ${ctx.employeeIds[2] ?? p.managerId},
          ${isoDay(sign)}, ${isoDay(promised)}, ${'Project site'}, 12, 'SIGNED', 1, ${ctx.adminUserId}, ${ctx.today}, ${by},
          ${totals.amountInclTax}, ${totals.amountExclTax}, ${totals.taxAmount})
        returning id`,
  )) as [number];
  const lineIds = await ids(
    tx,
    sql`insert into purchase_contract_line (tenant_id, contract_id, project_id, request_line_id, budget_line_id,
          item_name, spec_model, unit, qty, unit_price, tax_rate, amount, amount_excl_tax, created_by)
        values ${sql.join(
          items.map(
            (i, k) =>
              sql`(${ctx.tenantId}, ${contractId}, ${p.id}, ${i.requestLine}, ${i.budgetLine}, ${i.item}, ${i.model},
                ${i.unit}, ${i.qty}, ${dec(Math.round(i.price * 1.13))}, 13, ${computed[k]?.amount}, ${computed[k]?.amountExclTax}, ${by})`,
          ),
          sql`, `,
        )} returning id`,
  );
  await refreshContractDocument(tx, contractId);
  const lines: Line[] = items.map((i, k) => ({ id: lineIds[k] ?? 0, qty: i.qty, price: Math.round(i.price * 1.13) }));
  return { id: contractId, promised, lines, total: lines.reduce((s, l) => s + l.qty * l.price, 0) };
}

type Contract = Awaited<ReturnType<typeof contract>>;

/** A confirmed receipt of `share` of each line (the rest when `share` is 1 after an earlier half). */
async function receipt(tx: Db, ctx: DemoContext, p: Project, c: Contract, qty: (l: Line) => number, day: Date) {
  const arrived = day > ctx.today ? ctx.today : day;
  const [receiptId] = (await ids(
    tx,
    sql`insert into goods_receipt (tenant_id, code, purchase_contract_id, project_id, supplier_id, arrival_date,
          delivery_note_no, receiver_id, location, inspection_status, status, created_by)
        select ${ctx.tenantId}, ${await nextCode(tx, ctx, goodsReceiptMeta)}, c.id, c.project_id, c.supplier_id, ${isoDay(arrived)},
          ${`SO-${c.id}-${isoDay(arrived).replaceAll('-', '')}`}, ${p.managerId}, ${'Site store room'}, 'PASSED', 'CONFIRMED',
          ${p.pmOwned ? ctx.pmUserId : ctx.adminUserId}
        from purchase_contract c where c.id = ${c.id} returning id`,
  )) as [number];
  const rows = c.lines.map((l) => ({ l, q: qty(l) })).filter((r) => r.q > 0);
  await tx.execute(
    sql`insert into goods_receipt_line (tenant_id, receipt_id, project_id, contract_line_id, delivered_qty, accepted_qty, created_by)
        values ${sql.join(
          rows.map((r) => sql`(${ctx.tenantId}, ${receiptId}, ${p.id}, ${r.l.id}, ${r.q}, ${r.q}, ${ctx.adminUserId})`),
          sql`, `,
        )}`,
  );
  await storeLateness(tx, receiptId);
}

let invoiceNo = 31_000_000;
async function invoice(tx: Db, ctx: DemoContext, c: Contract, incl: number, day: Date, status = 'VERIFIED') {
  // The printed tax absorbs the rounding, so the invoice totals exactly what was accepted.
  const excl = Math.round(incl / 1.13);
  const tax = incl - excl;
  await tx.execute(
    sql`insert into purchase_invoice (tenant_id, purchase_contract_id, supplier_id, project_id, invoice_type, invoice_no,
          invoice_date, received_date, amount_excl_tax, tax_rate, tax_amount, amount_incl_tax, deduction_status, status, created_by)
        select ${ctx.tenantId}, c.id, c.supplier_id, c.project_id, 'VAT_SPECIAL', ${String(++invoiceNo)}, ${isoDay(day)},
          ${isoDay(addDays(day, 2))}, ${dec(excl)}, 13, ${dec(tax)}, ${dec(excl + tax)},
          ${status === 'VERIFIED' ? 'CERTIFIED' : 'PENDING'}, ${status}, ${ctx.adminUserId}
        from purchase_contract c where c.id = ${c.id}`,
  );
  return excl + tax;
}

async function payment(
  tx: Db,
  ctx: DemoContext,
  p: Project,
  c: Contract,
  amount: number,
  advance: boolean,
  status: string,
  day: Date,
) {
  const paid = status === 'PAID';
  const audited = status === 'DRAFT' ? sql`0, null, null` : sql`1, ${ctx.adminUserId}, ${ctx.today}`;
  await tx.execute(
    sql`insert into supplier_payment (tenant_id, code, purchase_contract_id, supplier_id, project_id, is_advance,
          requested_amount, requested_by, request_date, paid_amount, paid_date, method, status, audit_status, audited_by,
          audited_at, created_by)
        select ${ctx.tenantId}, ${await nextCode(tx, ctx, supplierPaymentMeta)}, c.id, c.supplier_id, c.project_id, ${advance}, ${dec(amount)},
          ${p.managerId}, ${isoDay(day)}, ${paid ? dec(amount) : null}, ${paid ? isoDay(addDays(day, 3)) : null},
          'BANK_TRANSFER', ${status}, ${audited}, ${p.pmOwned ? ctx.pmUserId : ctx.adminUserId}
        from purchase_contract c where c.id = ${c.id}`,
  );
}

const before = (d: Date, today: Date) => (d > today ? today : d);

/** One project's chain, as far as its stage has come. */
async function chain(tx: Db, ctx: DemoContext, p: Project, j: number) {
  const approved = sql`1, ${ctx.adminUserId}, ${ctx.today}, ${p.pmOwned ? ctx.pmUserId : ctx.adminUserId}`;
  const b = await budget(tx, ctx, p, j, approved);
  const items = await request(tx, ctx, p, j, b);
  const suppliers = ctx.supplierIds;
  const equipmentSupplier = suppliers[j % 2] ?? suppliers[0] ?? 0;
  const equipment = await contract(tx, ctx, p, equipmentSupplier, items.slice(0, 3), 10);
  if (p.rank <= 2) await travelRequest(tx, ctx, p, b);
  const contracts = [equipment];
  if (p.rank >= 2) {
    // Half arrives first, a few days after the promised date (GR5 lateness, W12 history).
    await receipt(
      tx,
      ctx,
      p,
      equipment,
      (l) => Math.ceil(l.qty / 2),
      addDays(equipment.promised, j % 3 === 0 ? 4 : -2),
    );
    await payment(tx, ctx, p, equipment, Math.round(equipment.total * 0.3), true, 'PAID', addDays(p.start, 12));
  }
  if (p.rank >= 3) {
    await receipt(tx, ctx, p, equipment, (l) => l.qty - Math.ceil(l.qty / 2), addDays(equipment.promised, 12));
    const software = await contract(tx, ctx, p, suppliers[2] ?? equipmentSupplier, items.slice(3), 20);
    contracts.push(software);
    await receipt(tx, ctx, p, software, (l) => l.qty, addDays(software.promised, -5));
    const full = p.rank >= 6;
    for (const c of contracts) {
      const day = before(addDays(c.promised, 20), ctx.today);
      const invoiced = await invoice(
        tx,
        ctx,
        c,
        full ? c.total : Math.round(c.total * 0.6),
        day,
        full ? 'VERIFIED' : 'REGISTERED',
      );
      if (c === software)
        await payment(tx, ctx, p, c, Math.min(invoiced, c.total), false, full ? 'PAID' : 'APPROVED', day);
      else if (full) {
        const closed = p.status === 'CLOSED';
        const rest = invoiced - Math.round(equipment.total * 0.3);
        const progress = closed ? rest : rest - Math.round(c.total * 0.1);
        await payment(tx, ctx, p, c, progress, false, 'PAID', day);
        if (!closed) await payment(tx, ctx, p, c, Math.round(c.total * 0.1), false, 'DRAFT', ctx.today);
      } else await payment(tx, ctx, p, c, Math.round(c.total * 0.2), false, 'APPROVED', day);
    }
  }
  for (const c of contracts) await refreshContract(tx, c.id);
  await refreshProject(tx, p.id);
}

/** Budgets, requests, contracts, arrivals, supplier invoices and payments for every live demo project. */
export async function purchasingDemo(tx: Db, ctx: DemoContext) {
  const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from project_budget`);
  if ((existing?.n ?? 0) > 0 || ctx.supplierIds.length === 0) return;
  const live = ctx.projects.filter((p) => p.status !== 'DRAFT' && p.status !== 'CANCELLED');
  for (const [j, p] of live.entries()) {
    const [row] = await queryRows<{ amount: string; managerId: number; start: string }>(
      tx,
      sql`select contract_amount::text as amount, manager_id as "managerId", planned_start::text as start
          from projects where id = ${p.id}`,
    );
    if (!row) continue;
    const amount = Math.round(Number(row.amount) * 100) || (900_000 + 70_000 * j) * 100;
    const stageRank = STAGES.indexOf(p.stage);
    const rank = p.type === 'OM' ? 3 : stageRank < 0 ? 6 : stageRank;
    await chain(
      tx,
      ctx,
      { ...p, amount, managerId: row.managerId, start: new Date(`${row.start}T00:00:00Z`), rank },
      j,
    );
  }
}

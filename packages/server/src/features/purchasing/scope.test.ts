import type { PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../test/helper.ts';
import { type PurchasingKit, purchasingKit } from './purchasing.test-kit.ts';

let k: PurchasingKit;
let pmProjects: number[];
beforeAll(async () => {
  k = await purchasingKit();
  pmProjects = (
    await k.rows(
      sql`select pm.project_id as id from project_members pm join users u on u.id = pm.user_id where u.user_key = 'pm'`,
    )
  ).map((r) => Number(r.id));
});
afterAll(() => k.t.close());

const SCREENS = [
  'ProjectBuget',
  'ProjectPurchase',
  'PurchaseContract',
  'PurchaseArrival',
  'PurchaseInvoice',
  'PurchasePayment',
];

const page = async (entity: string, token: string) => {
  const res = await k.post(`/api/${entity}/getPageData`, { page: 1, rows: 500 }, token);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PageResult;
};

describe('the demo purchasing data', () => {
  it('gives every live project a current approved budget, and every screen rows', async () => {
    for (const entity of SCREENS) expect((await page(entity, k.admin)).total, entity).toBeGreaterThan(0);
    const [missing] = await k.rows(
      sql`select p.code from projects p where p.status not in ('DRAFT', 'CANCELLED')
            and not exists (select 1 from project_budget b where b.project_id = p.id and b.is_current and b.status = 'APPROVED')`,
    );
    expect(missing).toBeUndefined();
    const [wrongTotal] = await k.rows(
      sql`select p.code from projects p join project_budget b on b.project_id = p.id and b.is_current
          where p.budget_amount <> b.total_amount`,
    );
    expect(wrongTotal).toBeUndefined();
  });

  it('has something for the warnings: a line above 90%, a late arrival, a budget above its contract', async () => {
    const [hot] = await k.rows(
      sql`select l.id from project_budget_line l join project_budget b on b.id = l.budget_id
          where b.is_current and l.planned_amount > 0 and (l.committed_amount + l.actual_amount) >= 0.9 * l.planned_amount`,
    );
    expect(hot).toBeDefined();
    const [late] = await k.rows(sql`select id from goods_receipt where late_days > 0`);
    expect(late).toBeDefined();
    const [above] = await k.rows(
      sql`select p.id from projects p where p.contract_amount > 0 and p.budget_amount > p.contract_amount / 1.13`,
    );
    const [anyContractAmount] = await k.rows(sql`select 1 from projects where contract_amount > 0`);
    if (anyContractAmount) expect(above).toBeDefined();
  });

  it('keeps the chain consistent: accepted ≤ ordered, invoiced ≤ accepted, paid ≤ invoiced unless advanced', async () => {
    const broken = await k.rows(
      sql`select c.code from purchase_contract c
          where c.accepted_amount > c.amount_incl_tax or c.invoiced_amount > c.accepted_amount
             or (select coalesce(sum(paid_amount), 0) from supplier_payment p
                 where p.purchase_contract_id = c.id and p.status = 'PAID' and not p.is_advance)
                > c.invoiced_amount`,
    );
    expect(broken).toEqual([]);
  });
});

describe('data scope and grants', () => {
  it('shows pm only the rows of its own projects, on every purchasing screen', async () => {
    for (const entity of SCREENS) {
      const mine = await page(entity, k.pm);
      const all = await page(entity, k.admin);
      expect(mine.total, entity).toBeGreaterThan(0);
      expect(mine.total, entity).toBeLessThan(all.total);
      expect(
        mine.rows.filter((r) => !pmProjects.includes(Number(r.projectId))),
        entity,
      ).toEqual([]);
    }
  });

  it("refuses pm a budget on another manager's project, and approving", async () => {
    const other = await k.project(k.ids.employee);
    const res = await k.add(
      'ProjectBuget',
      { projectId: other },
      ['ProjectBudgetLine', [{ category: 'TRAVEL', plannedAmount: '10' }]],
      k.pm,
    );
    // Refused on the field, as a project that does not exist would be.
    expect(await k.refused(res, 400)).toBe('mainData.projectId: not found');
    const mine = await k.project();
    const { key } = await k.ok(
      k.add(
        'ProjectBuget',
        { projectId: mine },
        ['ProjectBudgetLine', [{ category: 'TRAVEL', plannedAmount: '10' }]],
        k.pm,
      ),
    );
    await k.ok(k.submit('ProjectBuget', key, k.pm));
    const audit = await k.post('/api/ProjectBuget/audit', { keys: [key], status: 1, reason: '' }, k.pm);
    expect(audit.statusCode).toBe(403);
  });

  it('hides the detail rows of documents outside the scope', async () => {
    const [foreign] = await k.rows(
      sql`select c.id from purchase_contract c where c.project_id not in (
            select pm.project_id from project_members pm join users u on u.id = pm.user_id where u.user_key = 'pm')
          limit 1`,
    );
    const res = await k.post('/api/PurchaseContract/getDetailPage', { page: 1, rows: 30, value: foreign?.id }, k.pm);
    expect(res.statusCode).toBe(404);
  });
});

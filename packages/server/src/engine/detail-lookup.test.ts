import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ pm: true });

type Choice = { value: number; label: string };
const lookup = async (url: string, token: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as Choice[];
};

/** Payment terms by whether pm is a member of their contract's project (the demo has both kinds). */
const termsOf = (pmMember: boolean) =>
  queryRows<{ id: number }>(
    t.database.db,
    sql`select pt.id from contract_payment_terms pt join sales_contracts c on c.id = pt.contract_id
        where c.deleted_at is null and ${pmMember ? sql`` : sql`not`} exists (
          select 1 from project_members m join users u on u.id = m.user_id
          where m.project_id = c.project_id and u.user_key = 'pm')
        order by pt.id`,
  );

describe('a lookup into a detail table (payment terms carry no project; their contract does)', () => {
  it("offers pm on invoices and receipts the payment terms of its own projects' contracts only", async () => {
    const mine = (await termsOf(true)).map((r) => r.id);
    const foreign = (await termsOf(false)).map((r) => r.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(50);
    expect(foreign.length).toBeGreaterThan(0);
    for (const entity of ['ContractInvoicing', 'ProjectPayment']) {
      const offered = await lookup(`/api/${entity}/lookup?field=paymentTermId`, t.pm);
      expect(offered.map((c) => c.value).sort((a, b) => a - b)).toEqual(mine);
      // Asked by id, a foreign term has no label for pm; admin, seeing every contract, gets it.
      expect(await lookup(`/api/${entity}/lookup?field=paymentTermId&ids=${foreign[0]}`, t.pm)).toEqual([]);
      expect(await lookup(`/api/${entity}/lookup?field=paymentTermId&ids=${foreign[0]}`, t.admin)).toHaveLength(1);
    }
  });
});

describe('a lookup narrowed by the parent chosen in the form (reference.parent)', () => {
  const pairs = (query: ReturnType<typeof sql>) => queryRows<{ id: number; parent: number }>(t.database.db, query);

  it("offers a contract's own payment terms and invoices, a project's own budget lines, a purchase contract's own lines", async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      [
        '/api/ContractInvoicing/lookup?field=paymentTermId',
        sql`select id, contract_id as parent from contract_payment_terms`,
      ],
      [
        '/api/ProjectPayment/lookup?field=paymentTermId',
        sql`select id, contract_id as parent from contract_payment_terms`,
      ],
      [
        '/api/ProjectPayment/lookup?field=invoiceId&detail=ReceiptAllocation',
        sql`select id, contract_id as parent from sales_invoices where deleted_at is null`,
      ],
      [
        '/api/ProjectPurchase/lookup?field=budgetLineId&detail=PurchaseRequestLine',
        sql`select id, project_id as parent from project_budget_line`,
      ],
      [
        '/api/PurchaseArrival/lookup?field=contractLineId&detail=PurchaseArrivalLine',
        sql`select id, contract_id as parent from purchase_contract_line`,
      ],
      [
        '/api/ProjectTest/lookup?field=milestoneId',
        sql`select id, project_id as parent from project_milestone where deleted_at is null`,
      ],
    ];
    for (const [url, query] of cases) {
      const rows = await pairs(query);
      const parents = [...new Set(rows.map((r) => r.parent))];
      expect(parents.length, url).toBeGreaterThan(1);
      const parent = parents[0] ?? 0;
      const own = rows.filter((r) => r.parent === parent).map((r) => r.id);
      const offered = (await lookup(`${url}&parent=${parent}`, t.admin)).map((c) => c.value);
      expect(
        offered.sort((a, b) => a - b),
        url,
      ).toEqual(own.sort((a, b) => a - b).slice(0, 50));
      // Without a parent (the search panel), every row the caller may see is a choice.
      expect((await lookup(url, t.admin)).length, url).toBeGreaterThan(offered.length);
    }
  });

  it('refuses a parent that is not an id with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ContractInvoicing/lookup?field=paymentTermId&parent=abc',
      headers: bearer(t.admin),
    });
    expect(res.statusCode).toBe(400);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let admin: string;
let pm: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
});
afterAll(() => t.close());

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
      const offered = await lookup(`/api/${entity}/lookup?field=paymentTermId`, pm);
      expect(offered.map((c) => c.value).sort((a, b) => a - b)).toEqual(mine);
      // Asked by id, a foreign term has no label for pm; admin, seeing every contract, gets it.
      expect(await lookup(`/api/${entity}/lookup?field=paymentTermId&ids=${foreign[0]}`, pm)).toEqual([]);
      expect(await lookup(`/api/${entity}/lookup?field=paymentTermId&ids=${foreign[0]}`, admin)).toHaveLength(1);
    }
  });
});

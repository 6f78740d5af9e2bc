import type { PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { newProjectBody } from '../test/demo.ts';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';

// The picker's side of a reference (lookup): searched by code and by name, labelled "code — name", a page at
// a time, each choice carrying what choosing it fills; and the state fields' lifecycle, refused on the field.

type Choice = {
  value: number;
  label: string;
  fill?: Record<string, unknown> | null;
  fillLabels?: Record<string, string | null> | null;
};

let t: TestApp;
let admin: string;
let pm: string;
let project: { id: number; code: string; name: string; customerId: number; customerLabel: string };

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0] as T;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  project = await one(
    sql`select p.id, p.code, p.name, p.customer_id as "customerId", c.code || ' — ' || c.name as "customerLabel"
        from projects p join customers c on c.id = p.customer_id
        where p.type = 'DELIVERY' and p.deleted_at is null order by p.code limit 1`,
  );
});
afterAll(() => t.close());

async function lookup(entity: string, params: Record<string, string>, token = admin): Promise<Choice[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${entity}/lookup?${new URLSearchParams(params)}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as Choice[];
}

const post = (url: string, payload: unknown, token = admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

describe('reference lookup: code and name', () => {
  it('finds a project by its number and by its name, labelled "code — name"', async () => {
    const label = `${project.code} — ${project.name}`;
    const byCode = await lookup('ProjectContract', { field: 'projectId', q: project.code });
    expect(byCode.map((c) => c.label)).toContain(label);
    const byName = await lookup('ProjectContract', { field: 'projectId', q: project.name });
    expect(byName.find((c) => c.value === project.id)?.label).toBe(label);
    // The lists show the same label as the picker.
    const listed = (
      body(
        await post('/api/ProjectContract/getPageData', {
          page: 1,
          rows: 1,
          wheres: [{ name: 'projectId', value: project.id, displayType: 'eq' }],
        }),
      ).data as PageResult
    ).rows[0];
    if (listed) expect(listed.projectIdLabel).toBe(label);
  });

  it('finds employees, customers and contracts by code or name alike', async () => {
    const employee = await one<{ code: string; name: string }>(
      sql`select code, name from employees where status = 'active' and deleted_at is null order by code limit 1`,
    );
    for (const q of [employee.code, employee.name]) {
      const found = await lookup('ProjectInformation', { field: 'managerId', q });
      expect(found.map((c) => c.label)).toContain(`${employee.code} — ${employee.name}`);
    }
    const contract = await one<{ code: string; name: string }>(
      sql`select code, name from sales_contracts where deleted_at is null order by code limit 1`,
    );
    const byName = await lookup('ContractInvoicing', { field: 'contractId', q: contract.name });
    expect(byName.map((c) => c.label)).toContain(`${contract.code} — ${contract.name}`);
  });

  it('takes the search text as a value, never as SQL or a pattern', async () => {
    expect(await lookup('ProjectContract', { field: 'projectId', q: "%' or 1=1 --" })).toEqual([]);
    expect(await lookup('ProjectContract', { field: 'projectId', q: '%' })).toEqual([]);
  });

  it('lists the first page with no text, and the next pages after it', async () => {
    const first = await lookup('ProjectContract', { field: 'projectId' });
    const total = await one<{ n: number }>(
      sql`select count(*)::int as n from projects where deleted_at is null and tenant_id = 1`,
    );
    expect(first.length).toBe(Math.min(50, total.n));
    const second = await lookup('ProjectContract', { field: 'projectId', page: '2' });
    expect(second.length).toBe(Math.max(0, Math.min(50, total.n - 50)));
    expect(second.filter((c) => first.some((f) => f.value === c.value))).toEqual([]);
  });

  it('answers a page out of range with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ProjectContract/lookup?field=projectId&page=0',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('reference lookup: what a choice fills', () => {
  it("a project fills the contract's customer, with its label", async () => {
    const [choice] = await lookup('ProjectContract', { field: 'projectId', q: project.code });
    expect(choice?.fill).toEqual({ customerId: project.customerId });
    expect(choice?.fillLabels).toEqual({ customerId: project.customerLabel });
  });

  it("a contract fills an invoice's project and the customer's billing name and tax number", async () => {
    const contract = await one<{ code: string; projectId: number; projectLabel: string; name: string; taxNo: string }>(
      sql`select k.code, k.project_id as "projectId", p.code || ' — ' || p.name as "projectLabel", c.name, c.tax_no as "taxNo"
          from sales_contracts k join projects p on p.id = k.project_id join customers c on c.id = k.customer_id
          where k.deleted_at is null order by k.code limit 1`,
    );
    const [choice] = await lookup('ContractInvoicing', { field: 'contractId', q: contract.code });
    expect(choice?.fill).toEqual({
      projectId: contract.projectId,
      buyerName: contract.name,
      buyerTaxNo: contract.taxNo,
    });
    expect(choice?.fillLabels).toEqual({ projectId: contract.projectLabel });
  });

  it('a purchase contract fills its supplier and project', async () => {
    const contract = await one<{ code: string; supplierId: number; projectId: number }>(
      sql`select code, supplier_id as "supplierId", project_id as "projectId" from purchase_contract
          where deleted_at is null order by code limit 1`,
    );
    const [choice] = await lookup('PurchaseInvoice', { field: 'purchaseContractId', q: contract.code });
    expect(choice?.fill).toEqual({ supplierId: contract.supplierId, projectId: contract.projectId });
  });

  it('offers pm its own projects alone, each with what it fills', async () => {
    const offered = await lookup('ProjectContract', { field: 'projectId' }, pm);
    const all = await lookup('ProjectContract', { field: 'projectId' });
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThan(all.length);
    for (const c of offered) expect(typeof c.fill?.customerId).toBe('number');
  });
});

describe('lifecycle: the states a form offers are the moves the server takes', () => {
  const newProject = async (code: string, extra: Record<string, unknown> = {}) => {
    const ids = await one<{ customer: number; org: number; manager: number }>(
      sql`select (select id from customers order by code limit 1) as customer,
                 (select id from organizations where code = 'PMO') as org,
                 (select e.id from employees e join users u on u.id = e.user_id where u.user_key = 'pm') as manager`,
    );
    return post('/api/ProjectInformation/add', newProjectBody(ids, { code, name: `Lifecycle ${code}`, ...extra }));
  };
  const fieldErrors = (res: { body: string }) =>
    (body(res as never).data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};

  it('refuses a new project that starts Closed, on the status field', async () => {
    const res = await newProject('LC-CLOSED', { status: 'CLOSED' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(res))).toEqual(['mainData.status']);
  });

  it('refuses a move the lifecycle does not list, on the status field, and takes one it lists', async () => {
    const added = await newProject('LC-MOVE');
    expect(added.statusCode, added.body).toBe(200);
    const id = (body(added).data as { key: number }).key;
    const jump = await post('/api/ProjectInformation/update', { mainData: { id, version: 1, status: 'CLOSED' } });
    expect([jump.statusCode, body(jump).message]).toEqual([422, 'The status cannot go from DRAFT to CLOSED']);
    expect(fieldErrors(jump)).toEqual({ 'mainData.status': 'The status cannot go from DRAFT to CLOSED' });
    const cancel = await post('/api/ProjectInformation/update', { mainData: { id, version: 1, status: 'CANCELLED' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it("names the field a rule is about: a planned end before the start is the end's error", async () => {
    const res = await newProject('LC-DATES', { plannedStart: '2027-01-10', plannedEnd: '2027-01-01' });
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ 'mainData.plannedEnd': 'The planned end cannot be before the planned start' });
  });
});

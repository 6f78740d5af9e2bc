import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { actAsTenant, type Db, queryRows } from '../db/client.ts';
import { body } from './helper.ts';
import type { SignedInApp } from './use-test-app.ts';

/** The BI designer's fixtures: definitions over the project contracts, saved through the API. */

const label = (en: string, zh = en) => ({ en, zh });

/** A dataset over the project contracts, joined to their customers, with a calculated net amount. */
export const contractsDataset = (over: Record<string, unknown> = {}) => ({
  kind: 'entity',
  entity: 'ProjectContract',
  joins: ['customerId'],
  calculated: [{ name: 'net', label: label('Net', '净额'), expression: 'amountInclTax - taxAmount' }],
  filters: [],
  ...over,
});

/** A SQL dataset on the main database, with one parameter. */
export const sqlDataset = (over: Record<string, unknown> = {}) => ({
  kind: 'sql',
  dataSourceId: null,
  sql: "select sign_date as month, amount_incl_tax as amount from sales_contracts where name like :name || '%'",
  parameters: [{ name: 'name', type: 'string', label: label('Name', '名称'), default: '' }],
  columns: [
    { name: 'month', type: 'date', label: label('Month', '月份') },
    { name: 'amount', type: 'number', label: label('Amount', '金额') },
  ],
  ...over,
});

/** A monthly line of the signed amounts of a dataset. */
export const monthlyChart = (datasetId: number, over: Record<string, unknown> = {}) => ({
  datasetId,
  type: 'line',
  dimensions: [{ field: 'signDate', bucket: 'month' }],
  measures: [{ field: 'amountInclTax', agg: 'sum' }],
  ...over,
});

/** A dashboard of the given charts side by side, with a date-range filter on each chart's `dateField`. */
export const dashboardOf = (charts: { id: number; dateField: string }[]) => ({
  items: charts.map((c, i) => ({ id: `t${i}`, kind: 'chart', chartId: c.id, x: (i % 2) * 12, y: i * 6, w: 12, h: 6 })),
  filters: [
    {
      id: 'when',
      kind: 'dateRange',
      label: label('When', '日期'),
      targets: charts.map((c) => ({ chartId: c.id, field: c.dateField })),
    },
  ],
});

type Saved = { id: number; version: number };

/** Saves a BI design (`dataset`, `chart` or `dashboard`) as `token`'s user; anything but 200 fails the test. */
export async function saveBi(
  t: SignedInApp,
  kind: 'dataset' | 'chart' | 'dashboard',
  payload: Record<string, unknown>,
  token = t.admin,
): Promise<Saved> {
  const res = await t.post(`/api/bi/${kind}/save`, { description: '', ...payload }, token);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as Saved;
}

/**
 * A user of the default tenant holding one new role granted `grants` (menu code → button codes); signs in with
 * pm's password. Written by the owner, bound to the tenant (row-level security is forced on it too).
 */
export async function addUserWithGrants(db: Db, userName: string, grants: Record<string, string[]>) {
  return db.transaction(async (tx) => {
    const [tenant] = await queryRows<{ id: number }>(tx, sql`select id from tenants where code = 'default'`);
    const tenantId = tenant?.id ?? 0;
    await actAsTenant(tx, tenantId);
    const [role] = await queryRows<{ id: number }>(
      tx,
      sql`insert into roles (tenant_id, code, name) values (${tenantId}, ${userName}, ${userName}) returning id`,
    );
    const roleId = role?.id ?? 0;
    for (const [menu, buttons] of Object.entries(grants)) {
      await tx.execute(
        sql`insert into role_menus (role_id, menu_id) select ${roleId}, id from menus where code = ${menu}`,
      );
      for (const button of buttons)
        await tx.execute(sql`insert into role_grants (role_id, menu_id, button_id)
          select ${roleId}, m.id, b.id from menus m, buttons b where m.code = ${menu} and b.code = ${button}`);
    }
    await tx.execute(sql`insert into users (tenant_id, user_name, user_key, user_true_name, password_hash)
      select ${tenantId}, ${userName}, ${userName}, ${userName}, password_hash from users where user_key = 'pm'`);
    await tx.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
      select ${tenantId}, id, ${roleId} from users where user_key = ${userName}`);
    return { roleId };
  });
}

/** The id of a role of the default tenant, by code. */
export async function roleId(db: Db, code: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [tenant] = await queryRows<{ id: number }>(tx, sql`select id from tenants where code = 'default'`);
    await actAsTenant(tx, tenant?.id ?? 0);
    const [row] = await queryRows<{ id: number }>(tx, sql`select id from roles where code = ${code}`);
    return Number(row?.id ?? 0);
  });
}

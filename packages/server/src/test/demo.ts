import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/** The id in the query's first row; 0 when there is none, so a test fails on the id, not here. */
export const firstId = async (db: Db, query: SQL) => (await queryRows<{ id: number }>(db, query))[0]?.id ?? 0;

/** What a new project of the demo refers to: its first customer, the PMO and pm's employee record. */
export async function projectRefs(db: Db) {
  return {
    customer: await firstId(db, sql`select id from customers order by code limit 1`),
    org: await firstId(db, sql`select id from organizations where code = 'PMO'`),
    manager: await firstId(
      db,
      sql`select e.id from employees e join users u on u.id = e.user_id where u.user_key = 'pm'`,
    ),
  };
}

export type ProjectRefs = { customer: number; org: number; manager: number };

/** The add body of a new project on the seed's customer, PMO and pm: a test names only what differs. */
export const newProjectBody = (ref: ProjectRefs, mainData: Record<string, unknown>) => ({
  mainData: {
    customerId: ref.customer,
    organizationId: ref.org,
    managerId: ref.manager,
    plannedStart: '2026-12-01',
    plannedEnd: '2027-06-30',
    ...mainData,
  },
});

/** The headers of the Employee import template in English: its writable fields, in the form's order. */
export const EMPLOYEE_TEMPLATE_HEADERS = [
  'Code',
  'Name',
  'Gender',
  'Organisation',
  'Title',
  'Phone',
  'Mail',
  'Hire date',
  'Leave date',
  'Status',
  'User account',
  'Skills',
  'Hourly cost rate',
  'Remark',
];

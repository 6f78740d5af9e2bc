import type { PageResult } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { allowSelfApproval, bearer, body, type TestApp } from '../../test/helper.ts';

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysFromToday = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
/** The Monday of the week `weeks` from this one (negative: past weeks). */
export const mondayOf = (weeks: number) => {
  const now = new Date();
  return daysFromToday(-((now.getUTCDay() + 6) % 7) + 7 * weeks);
};

/** What the schedule tests share: calls as a user, lookups, and projects to start from. */
export function scheduleClient(t: TestApp, admin: string) {
  let serial = 0;
  const next = (prefix: string) => `${prefix}-T${Date.now() % 100_000}-${++serial}`;

  const post = (url: string, payload: unknown, as = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(as) });

  const ok = (res: LightMyRequestResponse) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
    return body(res).data as { key: number };
  };

  const refused = (res: LightMyRequestResponse) => ({ status: res.statusCode, message: body(res).message });

  const one = async <T>(query: SQL) => {
    const [row] = await queryRows<T>(t.database.db, query);
    if (!row) throw new Error('no row');
    return row;
  };

  const version = async (table: string, id: number) =>
    (await one<{ version: number }>(sql`select version from ${sql.identifier(table)} where id = ${id}`)).version;

  const employeeOf = async (userKey: string) =>
    (
      await one<{ id: number }>(
        sql`select e.id from employees e join users u on u.id = e.user_id where u.user_key = ${userKey}`,
      )
    ).id;

  /** An active employee with no account: a milestone owner or report author who is neither demo user. */
  const staff = async () =>
    (
      await one<{ id: number }>(
        sql`select id from employees where status = 'active' and user_id is null and deleted_at is null order by id limit 1`,
      )
    ).id;

  /** A new delivery project managed by pm, approved (in progress) unless asked for a draft. */
  const project = async (opts: { approved?: boolean; progressMethod?: string; warrantyMonths?: number } = {}) => {
    const refs = await one<{ customerId: number; organizationId: number }>(
      sql`select (select id from customers order by id limit 1) as "customerId",
            (select id from organizations where code = 'PMO') as "organizationId"`,
    );
    const { key } = ok(
      await post('/api/ProjectInformation/add', {
        mainData: {
          code: next('XM'),
          name: 'Schedule test project',
          ...refs,
          managerId: await employeeOf('pm'),
          plannedStart: daysFromToday(-200),
          plannedEnd: daysFromToday(200),
          progressMethod: opts.progressMethod ?? 'MANUAL',
          warrantyMonths: opts.warrantyMonths ?? 12,
        },
      }),
    );
    if (opts.approved ?? true) {
      await allowSelfApproval(t.app, admin);
      ok(await post('/api/ProjectInformation/submit', { keys: [key] }));
      ok(await post('/api/ProjectInformation/audit', { keys: [key], status: 1, reason: '' }));
    }
    return key;
  };

  const milestone = async (projectId: number, extra: Record<string, unknown> = {}) =>
    post('/api/ProjectMilestone/add', {
      mainData: {
        projectId,
        seq: 1,
        name: 'Test milestone',
        type: 'DELIVERY',
        plannedDate: daysFromToday(30),
        ownerId: await staff(),
        ...extra,
      },
    });

  const update = async (entity: string, table: string, id: number, fields: Record<string, unknown>, as = admin) =>
    post(`/api/${entity}/update`, { mainData: { id, version: await version(table, id), ...fields } }, as);

  const page = async (entity: string, as: string, wheres: unknown[] = []) => {
    const res = await post(`/api/${entity}/getPageData`, { rows: 500, wheres }, as);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
    return body(res).data as PageResult;
  };

  /** The projects pm is a member of (its data scope). */
  const pmProjects = async () =>
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select m.project_id as id from project_members m join users u on u.id = m.user_id where u.user_key = 'pm'`,
      )
    ).map((r) => r.id);

  return { post, ok, refused, one, next, version, employeeOf, staff, project, milestone, update, page, pmProjects };
}

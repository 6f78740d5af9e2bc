import type { PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentClient } from '../../test/documents.ts';
import { body, type TestApp } from '../../test/helper.ts';

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysFromToday = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
/** The Monday of the week `weeks` from this one (negative: past weeks). */
export const mondayOf = (weeks: number) => {
  const now = new Date();
  return daysFromToday(-((now.getUTCDay() + 6) % 7) + 7 * weeks);
};

/** What the schedule tests share: calls as a user, lookups, and projects to start from. */
export function scheduleClient(t: TestApp, admin: string) {
  const documents = documentClient(t, admin);
  const { next, post, ok, one, version, approve } = documents;

  const refused = (res: LightMyRequestResponse) => ({ status: res.statusCode, message: body(res).message });

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
    if (opts.approved ?? true) await approve('ProjectInformation', key);
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

  /** Expects pm's page of `entity` to hold rows, only of pm's projects, and fewer than admin's; answers pm's projects and page. */
  const expectPmSeesOwnOnly = async (entity: string, pm: string) => {
    const mine = await pmProjects();
    const seen = await page(entity, pm);
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(seen.rows.every((r) => mine.includes(Number(r.projectId)))).toBe(true);
    expect((await page(entity, admin)).rows.length).toBeGreaterThan(seen.rows.length);
    return { mine, seen };
  };

  return {
    ...documents,
    expectPmSeesOwnOnly,
    refused,
    employeeOf,
    staff,
    project,
    milestone,
    update,
    page,
    pmProjects,
  };
}

import type { PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { firstId, newProjectBody, type ProjectRefs, projectRefs } from '../test/demo.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

/** Segregation of duties: whoever submitted a document may not approve it, where the tenant wants that. */

const t = useTestApp();
let adminId: number;
let ref: ProjectRefs;

beforeAll(async () => {
  adminId = await firstId(t.database.db, sql`select id from users where user_key = 'admin'`);
  ref = await projectRefs(t.database.db);
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(t.admin), ...headers } });

/** A new project, submitted for approval by admin. */
async function submitted(name: string) {
  const added = await post('/api/ProjectInformation/add', newProjectBody(ref, { name }));
  const key = (body(added).data as { key: number }).key;
  expect((await post('/api/ProjectInformation/submit', { keys: [key] })).statusCode).toBe(200);
  return key;
}

const approve = (key: number, lang = 'en-US') =>
  post('/api/ProjectInformation/audit', { keys: [key], status: 1, reason: '' }, { 'accept-language': lang });

describe('segregation of duties', () => {
  it('refuses the submitter approving a project (on by default), with a 422 in the caller language', async () => {
    const key = await submitted('Self-approval refused');
    const en = await approve(key);
    expect(en.statusCode).toBe(422);
    expect(body(en).message).toBe('You submitted this document: someone else must approve it');
    const zh = await approve(key, 'zh-CN');
    expect(zh.statusCode).toBe(422);
    expect(body(zh).message).toBe('您提交了该单据，须由其他人审批');
    const [row] = await queryRows<{ s: number }>(
      t.database.db,
      sql`select audit_status as s from projects where id = ${key}`,
    );
    expect(row?.s).toBe(3);
  });

  it('tells the screens who submitted, so they can hide Approve from them', async () => {
    const key = await submitted('Submitter shown');
    const res = await post('/api/ProjectInformation/getPageData', {
      page: 1,
      rows: 5,
      wheres: [{ name: 'id', value: key, displayType: 'eq' }],
    });
    expect((body(res).data as PageResult).rows[0]).toMatchObject({ auditStatus: 3, submittedBy: adminId });
    const shell = await t.app.inject({ method: 'GET', url: '/api/siteConfig/shell', headers: bearer(t.admin) });
    expect(body(shell).data).toMatchObject({ separateApprover: {} });
  });

  it('lets the submitter reject, and approve once the tenant turns the rule off', async () => {
    const key = await submitted('Self-approval allowed');
    const off = await post('/api/siteConfig/save', { separateApprover: { ProjectInformation: false } });
    expect(off.statusCode).toBe(200);
    const shell = await t.app.inject({ method: 'GET', url: '/api/siteConfig/shell', headers: bearer(t.admin) });
    expect(body(shell).data).toMatchObject({ separateApprover: { ProjectInformation: false } });
    expect((await approve(key)).statusCode).toBe(200);
    const [row] = await queryRows<{ s: number }>(
      t.database.db,
      sql`select audit_status as s from projects where id = ${key}`,
    );
    expect(row?.s).toBe(1);

    const on = await post('/api/siteConfig/save', { separateApprover: { ProjectInformation: true } });
    expect(on.statusCode).toBe(200);
    const again = await submitted('Rejected by its submitter');
    const reject = await post('/api/ProjectInformation/audit', { keys: [again], status: 2, reason: 'Not yet' });
    expect(reject.statusCode).toBe(200);
  });
});

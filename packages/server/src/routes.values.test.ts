import { describe, expect, it } from 'vitest';
import { bearer, body } from './test/helper.ts';
import { useTestApp } from './test/use-test-app.ts';

/**
 * The hand-written routes check ids and dates with the same shared schemas as the grid engine: a key
 * past int4, an impossible date or a loose date-time is a 400 with the envelope, never a 500.
 */
const t = useTestApp();

const HUGE = 2_147_483_648;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(t.admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('ids past int4 and impossible dates on the hand-written routes', () => {
  it.each([
    ['GET', `/api/ProjectSummary/project?id=${HUGE}`],
    ['GET', `/api/TenantMan/get?id=${HUGE}`],
    ['GET', `/api/DataSourceMan/get?id=${HUGE}`],
    ['GET', `/api/permission/getMatrix?roleId=${HUGE}`],
    ['GET', `/api/dataPermission/entities?roleId=${HUGE}`],
    ['GET', `/api/Organization/getUsers?id=${HUGE}`],
    ['POST', '/api/User/setEnabled', { id: HUGE, enabled: false }],
    ['POST', '/api/User/getSessions', { id: HUGE }],
    ['POST', '/api/Role/delRole', { id: HUGE }],
    ['POST', '/api/menu/del', { id: HUGE }],
    ['POST', '/api/Organization/del', { id: HUGE }],
    ['POST', '/api/DataSourceMan/del', [HUGE]],
    ['POST', '/api/TenantMan/switch', { tenantId: HUGE }],
    ['POST', '/api/ProjectWarning/acknowledge', { keys: [HUGE] }],
    ['POST', '/api/ProjectWarning/evaluate', { projectId: HUGE }],
    ['POST', '/api/ProjectWarning/snooze', { keys: [1], until: '2024-02-30' }],
    ['POST', '/api/ProjectWarning/snooze', { keys: [1], until: '0000-01-01' }],
    ['POST', '/api/File/getPageData', { from: '0000-01-01T00:00:00Z' }],
    ['POST', '/api/File/getPageData', { to: '9999-12-31T23:59:59-05:00' }],
    ['POST', '/api/dataPermission/explain', { userId: 1, entity: 'Employee', key: HUGE }],
  ])('%s %s is a 400 with the envelope', async (method, url, payload?: unknown) => {
    const res = await call(method as 'GET' | 'POST', url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).status).toBe(false);
  });

  it('a custom data-permission filter compares only with values its field can hold', async () => {
    const roles = body(await call('GET', '/api/dataPermission/roles')).data as { id: number; code: string }[];
    const pm = roles.find((r) => r.code === 'pm');
    const rule = (field: string, value: unknown) => ({
      roleId: pm?.id,
      entity: 'Employee',
      rule: { scope: 'custom', filter: { match: 'all', conditions: [{ field, op: 'ge', value }] } },
    });
    for (const [field, value] of [
      ['organizationId', HUGE],
      ['hireDate', '2024-02-30'],
      ['hireDate', '0001-01-01'],
    ] as const) {
      const res = await call('POST', '/api/dataPermission/save', rule(field, value));
      expect(res.statusCode, `${field} ${value}: ${res.body}`).toBe(400);
    }
    const ok = await call('POST', '/api/dataPermission/save', rule('hireDate', '2020-02-29'));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an address the router refuses (a path part too long, a broken escape) is answered with the envelope', async () => {
    for (const [url, status] of [
      [`/api/user/avatar/${'x'.repeat(300)}`, 414],
      [`/api/file/${'x'.repeat(300)}`, 414],
      ['/api/file/%E0%A4%A', 400],
    ] as const) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(status);
      expect(body(res)).toMatchObject({ status: false, code: 'bad_request' });
    }
  });

  it('a tenant expiring on a day that does not exist is refused', async () => {
    const res = await call('POST', '/api/TenantMan/add', {
      code: 'nodate',
      name: 'No date',
      expiresOn: '2025-02-29',
      menuIds: [],
      admin: { userName: 'nodate-admin', userTrueName: 'Admin', password: 'Nodate@2026' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((body(res).data as { fieldErrors: object }).fieldErrors).toHaveProperty('expiresOn');
  });
});

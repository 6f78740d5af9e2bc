import { describe, expect, it } from 'vitest';
import { body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Values PostgreSQL would refuse never reach it through the grid engine: an out-of-range number, an
 * impossible date or a loose date-time is a 400 naming the field (each of these was a 500).
 */
const t = useTestApp();

const { get, post } = t;
const where = (name: string, value: unknown, displayType = 'eq') => ({ wheres: [{ name, value, displayType }] });
const fieldErrors = (res: Awaited<ReturnType<typeof post>>) =>
  (body(res).data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};

describe('filters', () => {
  it.each([
    ['an id past int4', 'Employee', where('id', '9999999999')],
    ['a reference past int4', 'Employee', where('organizationId', 2_147_483_648, 'ge')],
    ['an impossible date', 'Employee', where('hireDate', '2024-02-30', 'ge')],
    ['year 0', 'Employee', where('hireDate', '0000-01-01', 'le')],
    ['a loose date-time', 'RequestLog', where('at', '2024-01-01 10:00', 'ge')],
    ['a smallint past its range', 'RequestLog', where('status', 40_000)],
    ['an impossible date in a list', 'ProjectInformation', where('plannedStart', ['2024-01-01', '2024-02-30'], 'in')],
  ])('refuse %s with a 400 naming the field', async (_, entity, payload) => {
    const res = await post(`/api/${entity}/getPageData`, payload);
    expect(res.statusCode, res.body).toBe(400);
    const name = payload.wheres[0]?.name;
    expect(Object.keys(fieldErrors(res))).toEqual([`wheres.${name}`]);
  });

  it('take what the column holds: a bigint log key, a real date, an ISO date-time', async () => {
    for (const [entity, payload] of [
      ['RequestLog', where('id', 2 ** 40, 'lt')],
      ['Employee', where('hireDate', '2024-02-29', 'le')],
      ['RequestLog', where('at', '2024-01-01T10:00:00.000+08:00', 'ge')],
    ] as const) {
      const res = await post(`/api/${entity}/getPageData`, payload);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('are checked before an export sends anything: a 400 with the envelope, not a download that breaks', async () => {
    const res = await post('/api/Employee/export', where('id', '9999999999'));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(fieldErrors(res)).toEqual({ 'wheres.id': expect.any(String) });
  });
});

describe('keys', () => {
  it.each([
    ['getDetailPage', { value: 99_999_999_999 }, 'value'],
    ['del', [2_147_483_648], '0'],
    ['update', { mainData: { id: 2_147_483_648, version: 1 } }, 'mainData.id'],
    ['update', { mainData: { id: 1, version: 2 ** 31 } }, 'mainData.version'],
    ['update', { mainData: { id: 1, version: 1 }, delKeys: { Nope: [2 ** 33] } }, 'delKeys.Nope.0'],
  ])('past int4 in %s are a 400 naming the key', async (action, payload, field) => {
    const res = await post(`/api/Employee/${action}`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(fieldErrors(res))).toContain(field);
  });

  it('past int4 in a lookup (ids, parent) or an approval history are a 400', async () => {
    for (const url of [
      '/api/Employee/lookup?field=organizationId&ids=3,99999999999',
      '/api/Employee/lookup?field=organizationId&ids=1e%2B308',
      '/api/ProjectContract/lookup?field=contractId&detail=ContractPaymentTerm&parent=2147483648',
      '/api/ProjectContract/approvalHistory?key=9999999999',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(body(res).status).toBe(false);
    }
    const ok = await get('/api/Employee/lookup?field=organizationId&ids=1,,2');
    expect(ok.statusCode).toBe(200);
  });
});

describe('written values', () => {
  it('an impossible or out-of-range date, a number past the column, a code longer than its column: 400 on the field', async () => {
    const page = await post('/api/Employee/getPageData', { rows: 1 });
    const [row] = (body(page).data as { rows: Record<string, unknown>[] }).rows;
    for (const [name, value] of [
      ['hireDate', '0000-01-01'],
      ['hireDate', '1899-12-31'],
      ['organizationId', 2 ** 31],
      ['gender', 'x'.repeat(21)],
    ] as const) {
      const res = await post('/api/Employee/update', {
        mainData: { id: row?.id, version: row?.version, [name]: value },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(Object.keys(fieldErrors(res))).toEqual([`mainData.${name}`]);
    }
  });
});

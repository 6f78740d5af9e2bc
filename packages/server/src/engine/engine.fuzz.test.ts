import { employeeMeta } from '@trestle/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@2026');
});
afterAll(() => t.close());

const names = [
  ...employeeMeta.fields.map((f) => f.name),
  'password_hash',
  'tenant_id',
  '"; drop table employees; --',
  '',
];
const displayTypes = [
  'like',
  'eq',
  'in',
  'gt',
  'ge',
  'lt',
  'le',
  'thanorequal',
  'lessorequal',
  'selectList',
  'between',
  "'",
  '',
];
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom('2024-01-01', '2024-13-45', '12:30:00', '99.99', '-1', "' or 1=1 --", '%', '_', '\\', 'null'),
);
const where = fc.record(
  {
    name: fc.constantFrom(...names),
    value: fc.oneof(scalar, fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 5 })),
    displayType: fc.constantFrom(...displayTypes),
  },
  { requiredKeys: [] },
);
const pageBody = fc.record(
  {
    page: fc.oneof(fc.integer({ min: -5, max: 3_000_000 }), fc.string({ maxLength: 5 })),
    rows: fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constant('20')),
    sort: fc.constantFrom(...names, 'code desc', undefined),
    order: fc.constantFrom('asc', 'desc', 'ASC', 'sideways'),
    wheres: fc.oneof(fc.array(where, { maxLength: 6 }), fc.string({ maxLength: 20 })),
    exactTotal: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('getPageData under random input', () => {
  it('1,000 random wheres, sort and paging bodies answer 200 or 400: never a 500, never a database error', async () => {
    await fc.assert(
      fc.asyncProperty(pageBody, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/Employee/getPageData',
          payload,
          headers: bearer(admin),
        });
        expect([200, 400], res.body).toContain(res.statusCode);
      }),
      { numRuns: 1000 },
    );
  });
});

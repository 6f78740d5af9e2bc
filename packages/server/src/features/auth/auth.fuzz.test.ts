import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue(),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
const loginBody = fc.oneof(
  fc.record({ userName: anyValue, password: anyValue }, { requiredKeys: [] }),
  fc.record({ userName: fc.string({ maxLength: 120 }), password: fc.string({ maxLength: 200 }) }),
  fc.jsonValue(),
);
const registerBody = fc.oneof(
  fc.record(
    {
      userName: anyValue,
      password: anyValue,
      userTrueName: anyValue,
      phone: anyValue,
      email: anyValue,
      extra: anyValue,
    },
    { requiredKeys: [] },
  ),
  fc.record({
    userName: fc.stringMatching(/^[A-Za-z][A-Za-z0-9._-]{2,20}$/),
    password: fc.string({ minLength: 8, maxLength: 40 }),
    userTrueName: fc.string({ minLength: 1, maxLength: 60 }),
    phone: fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.string()),
    email: fc.oneof(fc.emailAddress(), fc.string()),
  }),
  fc.jsonValue(),
);
// Raw bodies too: broken JSON, wrong content types.
const rawBody = fc.tuple(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
);

describe('sign-in and registration under random input', () => {
  it.each([
    ['login', loginBody],
    ['register', registerBody],
  ] as [string, fc.Arbitrary<unknown>][])('1,000 random %s bodies never produce a 500', async (route, bodies) => {
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/user/${route}`,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toHaveProperty('status');
      }),
      { numRuns: 1000 },
    );
  });

  it('raw and malformed bodies never produce a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        rawBody,
        fc.constantFrom('/api/user/login', '/api/user/register'),
        async ([payload, type], url) => {
          const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, postLogin, type TestApp } from '../test/helper.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body.ts';
import { hasNul } from './nul-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: string) => postLogin(t.app, payload, { headers: { 'content-type': 'application/json' } });
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('JSON nested too deep', () => {
  it('is a 400 with the envelope, anonymously, before anything walks the body (100,000 levels)', async () => {
    for (const inner of [arrays(100_000), objects(100_000)]) {
      const res = await login(`{"userName":${inner},"password":"x"}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject({ status: false, code: 'bad_request' });
      expect(body(res).message).toBe(`The body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
  });

  it(`is refused from ${MAX_JSON_DEPTH + 1} levels; ${MAX_JSON_DEPTH} levels reach the route's own validation`, async () => {
    const over = await login(`{"userName":${arrays(MAX_JSON_DEPTH)},"password":"x"}`);
    expect(body(over).message).toContain('nested deeper');
    const atLimit = await login(`{"userName":${arrays(MAX_JSON_DEPTH - 1)},"password":"x"}`);
    expect(atLimit.statusCode).toBe(400);
    expect(body(atLimit).message).toMatch(/^Invalid body: userName/);
  });

  it('counts brackets outside strings only, escaped quotes included', async () => {
    const name = `${'['.repeat(200)}\\"${'{'.repeat(200)}`;
    const res = await login(`{"userName":"${name}","password":"x"}`);
    // Not a depth refusal: the name is text, so the sign-in simply fails.
    expect(body(res).message).not.toContain('nested deeper');
    expect(jsonDepthExceeds(`["\\\\", [[1]]]`, 2)).toBe(true);
    expect(jsonDepthExceeds(`["\\\\[[[", [1]]`, 2)).toBe(false);
  });

  it('keeps Fastify prototype-poisoning refusal and the empty-body answer', async () => {
    const poisoned = await login('{"userName":"a","password":"x","__proto__":{"isAdmin":true}}');
    expect(poisoned.statusCode).toBe(400);
    const empty = await login('');
    expect(empty.statusCode).toBe(400);
    expect(body(empty).status).toBe(false);
  });
});

describe('the NUL guard', () => {
  it('walks wide and deep values without recursion', () => {
    const wide = Array.from({ length: 500_000 }, () => 1);
    expect(hasNul(wide)).toBe(false);
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = { k: [deep] };
    expect(hasNul(deep)).toBe(true);
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAsTenant } from './db/client.ts';
import { roles, userRoles, users } from './db/schema.ts';
import { hashPassword, userKeyOf } from './platform/passwords.ts';
import { anyValue, mostly, oddStrings } from './test/adversarial.ts';
import { asQueryText, fromSchema, type JsonSchema } from './test/from-schema.ts';
import { bearer, createTestApp, type TestApp } from './test/helper.ts';

/**
 * Every route the app registers, as a platform administrator, under bodies, query strings and path
 * parameters built from the route's own schema with adversarial values mixed in (numbers past int4,
 * impossible dates, loose date-times, wrong types, unknown fields, deep JSON), and multipart bodies
 * cut short on the upload routes. Every answer must be deliberate: a 500, an error without the
 * envelope, or an answer that starts and then breaks is a failure. The runs are bounded (RUNS per
 * route) so the file stays within a minute or so on PGlite.
 */
const RUNS = Math.ceil(12 * Number(process.env.FUZZ_SCALE ?? 1));

// The fuzzer signs in as its own platform administrator with keys no generated id reaches, so a body
// that disables, resets or demotes "user 3" or "role 1" never takes the fuzzer's own access away.
const FUZZER = { userId: 900_001, roleId: 900_001, userName: 'fuzzer', password: 'Fuzzer@2026' };

/** Routes that end the caller's session or change how anyone signs in: run last, after the rest, in this order. */
const LAST = [
  '/api/user/logout',
  '/api/User/replaceToken',
  '/api/TenantMan/switch',
  '/api/user/modifyPwd',
  '/api/setup/loginSet',
  '/api/loginSet/save',
];

let t: TestApp;
let token = '';
let run = 0;
let relogins = 0;
const statuses = new Map<number, number>();
const failures: string[] = [];
let lastError = '';

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) =>
        app.addHook('onError', async (_req, _reply, err) => {
          lastError = (err as { cause?: { message?: string } }).cause?.message ?? err.message.slice(0, 200);
        }),
    },
  );
  await t.database.db.transaction(async (tx) => {
    await actAsTenant(tx, 1);
    await tx.insert(roles).values({ id: FUZZER.roleId, tenantId: 1, code: 'fuzzer', name: 'Fuzzer', isSuper: true });
    await tx.insert(users).values({
      id: FUZZER.userId,
      tenantId: 1,
      userName: FUZZER.userName,
      userKey: userKeyOf(FUZZER.userName),
      userTrueName: 'Fuzzer',
      passwordHash: await hashPassword(FUZZER.password),
    });
    await tx.insert(userRoles).values({ tenantId: 1, userId: FUZZER.userId, roleId: FUZZER.roleId });
  });
  token = await t.login(FUZZER.userName, FUZZER.password);
});
afterAll(() => t.close());

type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
};

type Request = { url: string; query?: Record<string, string | string[]>; payload?: string | Buffer; type?: string };

const multipartRoutes = /\/(import|upload|uploadAvatar)$/;

/** A multipart body with one small file, or one cut short, with too many files, or under the wrong name. */
const multipartBody = fc
  .tuple(fc.constantFrom('whole', 'cut', 'many', 'wrongName', 'noEnd', 'emptyFile'), fc.integer({ min: 10, max: 400 }))
  .map(([kind, cut]) => {
    const b = 'fuzzboundary';
    const part = (name: string, file: string, bytes: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n${bytes}\r\n`;
    const png = `\x89PNG\r\n\x1a\n${'x'.repeat(200)}`;
    let text =
      kind === 'many'
        ? Array.from({ length: 8 }, (_, i) => part('file', `f${i}.png`, png)).join('')
        : part(kind === 'wrongName' ? 'other' : 'file', 'a.png', kind === 'emptyFile' ? '' : png);
    text += kind === 'noEnd' ? '' : `--${b}--\r\n`;
    if (kind === 'cut') text = text.slice(0, cut);
    return { payload: Buffer.from(text, 'binary'), type: `multipart/form-data; boundary=${b}` };
  });

/** JSON nested far past any sane depth, written as text (building it as an object would overflow here first). */
const deepJsonText = fc
  .tuple(fc.integer({ min: 33, max: 200_000 }), fc.boolean())
  .map(([d, arrays]) => (arrays ? `${'['.repeat(d)}${']'.repeat(d)}` : `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`));

function requestsFor(method: string, url: string, op: Operation | undefined): fc.Arbitrary<Request> {
  const pathParams = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const pathValue = mostly(
    fc.constantFrom('a1b2c3.png', 'missing', '1'),
    fc.constantFrom(
      '..%2F..%2Fetc%2Fpasswd',
      'x'.repeat(300),
      '%00',
      '9999999999',
      '-1',
      ...oddStrings.slice(2, 6).map(encodeURIComponent),
    ),
    2,
  );
  const path = fc
    .tuple(...pathParams.map(() => pathValue))
    .map((values) => pathParams.reduce((u, p, i) => u.replace(`:${p}`, String(values[i])), url));
  const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const query = fc
    .record(Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema, 1)])), {
      requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    })
    .map((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, asQueryText(v)])));
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const json = fc
    .oneof(
      { weight: 13, arbitrary: fromSchema(bodySchema).map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: deepJsonText },
    )
    .map((payload) => ({ payload, type: 'application/json' }));
  const body = method === 'GET' ? fc.constant({}) : multipartRoutes.test(url) ? fc.oneof(multipartBody, json) : json;
  return fc.tuple(path, query, body).map(([u, q, b]) => ({ url: u, query: q, ...b }));
}

async function send(method: string, req: Request) {
  run++;
  const shown = () =>
    `${method} ${req.url}?${new URLSearchParams(req.query as Record<string, string>)} ${typeof req.payload === 'string' ? req.payload.slice(0, 400) : `[${req.type}]`}`;
  lastError = '';
  try {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url: req.url,
      query: req.query,
      headers: { ...bearer(token), ...(req.type ? { 'content-type': req.type } : {}) },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) failures.push(`${shown()} → ${res.statusCode}: ${lastError}`);
    else if (
      res.statusCode >= 400 &&
      String(res.headers['content-type']).includes('json') &&
      res.json().status !== false
    )
      failures.push(`${shown()} → ${res.statusCode} without the envelope`);
    // A route that ends the session (logout, switch, rotation) leaves the fuzzer signed out: sign in again.
    if (res.statusCode === 401) {
      relogins++;
      token = await t.login(FUZZER.userName, FUZZER.password);
    }
  } catch (err) {
    failures.push(`${shown()} → broke: ${String(err)}`);
  }
  return true;
}

describe('every route under adversarial input', () => {
  it(`${RUNS} requests per route, as a platform administrator: none answers 500`, async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes = t.app
      .routeTable()
      // HEAD shares its GET's handler; the API reference's own static files take no input.
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs/static'))
      .sort((a, b) => LAST.indexOf(a.url) - LAST.indexOf(b.url));
    expect(routes.length).toBeGreaterThan(300);
    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      await fc.assert(
        fc.asyncProperty(requestsFor(route.method, route.url, op), (req) => send(route.method, req)),
        { numRuns: RUNS },
      );
    }
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `route fuzz: ${routes.length} routes, ${run} requests (${counts.join(', ')}), ${relogins} sign-ins again, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    // The fuzzer kept its access to the end: the runs were not spent on 401s and 403s.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  }, 900_000);
});

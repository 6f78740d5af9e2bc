import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from './helper.ts';
import { createOtherTenant } from './tenants.ts';

/** The seed's users the tests sign in as, with their passwords. */
const PASSWORDS = { admin: 'Admin@2026', pm: 'Pm@2026', 'acme-admin': 'Other@2026' } as const;
type SeedUser = keyof typeof PASSWORDS;

export type SignedInApp = TestApp & {
  /** The token of the seed's admin, signed in for the whole file. */
  readonly admin: string;
  /** The token of the seed's project manager: only with `useTestApp({ pm: true })`. */
  readonly pm: string;
  /** The token of the second tenant's admin: only with `useTestApp({ otherTenant: true })`. */
  readonly acmeAdmin: string;
  /** A POST with a token (admin's unless given), answered as it came. */
  post(url: string, payload?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** A GET with a token (admin's unless given), answered as it came. */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  /** The `data` of a 200 answer to a POST; anything else fails the test with the answer's body. */
  data<T = unknown>(url: string, payload?: unknown, token?: string): Promise<T>;
};

type Options = Parameters<typeof createTestApp>[1] & {
  env?: Record<string, string>;
  /** Signs the project manager in as well (`t.pm`). */
  pm?: boolean;
  /** Makes a second tenant (test/tenants.ts) and signs its admin in (`t.acmeAdmin`). */
  otherTenant?: boolean;
};

/**
 * A test file's app, made before its tests and closed after them, with admin signed in. The object is
 * returned at once and filled in `beforeAll`, so the file can hold it in a `const` and use it in its tests.
 */
export function useTestApp(options: Options = {}): SignedInApp {
  const { env, pm, otherTenant, ...appOptions } = options;
  const tokens: Partial<Record<SeedUser, string>> = {};
  const tokenOf = (user: SeedUser) => {
    const token = tokens[user];
    if (token === undefined) throw new Error(`${user} is not signed in: useTestApp({ ${user}: true })`);
    return token;
  };
  let made: TestApp | undefined;
  const app = () => {
    if (!made) throw new Error('useTestApp: the app is made in beforeAll, use it inside a test or a hook');
    return made;
  };
  const live: SignedInApp = {
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
    get config() {
      return app().config;
    },
    get clock() {
      return app().clock;
    },
    get server() {
      return app().server;
    },
    get admin() {
      return tokenOf('admin');
    },
    get pm() {
      return tokenOf('pm');
    },
    get acmeAdmin() {
      return tokenOf('acme-admin');
    },
    login: (userName, password) => app().login(userName, password),
    close: () => app().close(),
    post: (url, payload, token = live.admin) =>
      live.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url, token = live.admin) => live.app.inject({ method: 'GET', url, headers: bearer(token) }),
    async data<T>(url: string, payload?: unknown, token?: string) {
      const res = await live.post(url, payload, token);
      if (res.statusCode !== 200) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
      return body(res).data as T;
    },
  };
  beforeAll(async () => {
    made = await createTestApp(env, appOptions);
    if (otherTenant) await createOtherTenant(made.database.db);
    const users: SeedUser[] = [
      'admin',
      ...(pm ? (['pm'] as const) : []),
      ...(otherTenant ? (['acme-admin'] as const) : []),
    ];
    for (const user of users) tokens[user] = await made.login(user, PASSWORDS[user]);
  });
  afterAll(() => made?.close());
  return live;
}

/**
 * An object made from the file's app once it is up (a client holding a token, fixtures): returned at once,
 * filled in by a `beforeAll`, for use inside tests and hooks. Its members must be plain values or functions.
 */
export function madeInBeforeAll<T extends object>(make: () => T | Promise<T>): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await make());
  });
  return made;
}

/**
 * Declares, for each route (a POST with an empty body), the test that it answers 401 with no token and
 * 403 `forbidden` to the project manager: the file's app needs `useTestApp({ pm: true })`.
 */
export function itRefusesAnonymousAndPm(t: SignedInApp, routes: ['GET' | 'POST', string][]) {
  it.each(routes)('%s %s: 401 anonymous, 403 for the project manager', async (method, url) => {
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    expect((await call({})).statusCode).toBe(401);
    const denied = await call(bearer(t.pm));
    expect(denied.statusCode).toBe(403);
    expect(body(denied).code).toBe('forbidden');
  });
}

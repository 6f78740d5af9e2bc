import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users } from '../../db/schema.ts';
import { bearer, body, createTestApp, postLogin, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (userName: string, password: string, headers: Record<string, string> = {}) =>
  postLogin(t.app, { userName, password }, { headers });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: bearer(token) });
const MINUTE = 60_000;

describe('POST /api/user/login', () => {
  it('answers the token, account name, display name and avatar', async () => {
    const res = await login('admin', 'Admin@2026');
    expect(res.statusCode).toBe(200);
    const b = body(res);
    expect(b).toMatchObject({
      status: true,
      code: 'ok',
      data: { userName: 'admin', userTrueName: 'Administrator', img: '' },
    });
    expect((b.data as { token: string }).token.split('.')).toHaveLength(3);
  });

  it('is exempt from the Authorization header and matches the path case-insensitively', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/User/Login',
      payload: { userName: 'pm', password: 'Pm@2026' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown user the same 400 answer', async () => {
    const wrong = await login('pm', 'not-the-password');
    const unknown = await login('nobody-like-this', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.body).toBe(unknown.body);
    expect(body(wrong).message).toBe('Incorrect user name or password');
  });

  it('rejects bodies of the wrong shape with field errors', async () => {
    const res = await postLogin(t.app, { userName: 1, extra: true });
    expect(res.statusCode).toBe(400);
    const b = body(res);
    expect(b.code).toBe('bad_request');
    expect(Object.keys((b.data as { fieldErrors: object }).fieldErrors)).toEqual(
      expect.arrayContaining(['userName', 'password']),
    );
  });

  it('locks a name for 15 minutes after 5 failures, refuses even the right password meanwhile, and frees it after', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        userName: 'locky',
        password: 'Sunrise@2026x',
        userTrueName: 'Locky',
        phone: '13800138000',
        email: 'l@example.com',
      },
    });
    expect(register.statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) expect((await login('locky', `bad-${i}`)).statusCode).toBe(400);
    const locked = await login('locky', 'Sunrise@2026x');
    expect(locked.statusCode).toBe(423);
    expect(body(locked).code).toBe('locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Case, spaces, full-width letters and a forged client address all land in the same bucket.
    for (const name of ['LOCKY', ' locky ', 'ｌｏｃｋｙ'])
      expect((await login(name, 'Sunrise@2026x')).statusCode).toBe(423);
    expect((await login('locky', 'Sunrise@2026x', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(423);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login('locky', 'Sunrise@2026x')).statusCode).toBe(200);
  });

  it('locks unknown names exactly like real ones, so a lock reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await login('ghost-user', 'whatever-1');
    expect((await login('ghost-user', 'whatever-1')).statusCode).toBe(423);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < 4; i++) await login('pm', 'wrong-pass');
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 4; i++) await login('pm', 'wrong-pass');
    expect((await login('pm', 'Pm@2026')).statusCode).toBe(200);
  });

  it('refuses a disabled account with the right password', async () => {
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.userKey, 'locky'));
    const res = await login('locky', 'Sunrise@2026x');
    expect(res.statusCode).toBe(403);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.userKey, 'locky'));
  });
});

describe('rate limit per client address', () => {
  it('answers 429 past the limit whatever user name is tried', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await postLogin(
          limited.app,
          { userName: `user${i}`, password: 'x' },
          { headers: { 'x-forwarded-for': `198.51.100.${i}` } },
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/user/register', () => {
  const good = {
    userName: 'newbie',
    password: 'Harbour@2026',
    userTrueName: 'New Bie',
    phone: '13912345678',
    email: 'n@example.com',
  };
  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/user/register', payload });

  it('creates a user with the default role who can sign in', async () => {
    expect((await register(good)).statusCode).toBe(200);
    const token = await t.login('newbie', 'Harbour@2026');
    const info = body(await me(token)).data as { roles: { name: string }[] };
    expect(info.roles.map((r) => r.name)).toEqual(['Staff']);
  });

  it('refuses a taken name, a bad phone and mail, and a weak password, naming each field', async () => {
    expect(body(await register({ ...good, userName: 'NEWBIE' })).data).toEqual({
      fieldErrors: { userName: 'this user name is taken' },
    });
    const bad = await register({ ...good, userName: 'other', phone: '12345', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((body(bad).data as { fieldErrors: object }).fieldErrors).sort()).toEqual(['email', 'phone']);
    for (const password of ['short1', 'password', 'xxotherxx']) {
      const res = await register({ ...good, userName: 'other', password });
      expect(res.statusCode).toBe(400);
      expect(body(res).data).toHaveProperty('fieldErrors.password');
    }
  });

  it('is refused when LoginSet turns self-registration off', async () => {
    const [before] = await t.database.db.select().from(settings).where(eq(settings.key, 'login'));
    await t.database.db
      .update(settings)
      .set({ value: { ...(before?.value as object), registerEnabled: false } })
      .where(eq(settings.key, 'login'));
    const res = await register({ ...good, userName: 'toolate' });
    expect(res.statusCode).toBe(403);
    const cfg = body(await t.app.inject({ method: 'GET', url: '/api/user/loginConfig' }));
    expect(cfg.data).toEqual({ registerEnabled: false, title: 'Trestle' });
    await t.database.db.update(settings).set({ value: before?.value }).where(eq(settings.key, 'login'));
  });
});

describe('tokens and sessions', () => {
  it('answers 401 "missing" with no token and 401 "invalid" for a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo' });
    expect([none.statusCode, body(none).code]).toEqual([401, 'missing']);
    const token = await t.login('pm', 'Pm@2026');
    const [h, p] = token.split('.');
    const forgedNone = `${h}.${p}.`;
    const otherKey = await new SignJWT(JSON.parse(Buffer.from(p ?? '', 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('another-environment-secret-0123456789'));
    for (const bad of [forgedNone, otherKey, `${token}x`, 'garbage']) {
      const res = await me(bad);
      expect([res.statusCode, body(res).code]).toEqual([401, 'invalid']);
    }
  });

  it('answers 401 "expired" once the token runs out, and replaceToken still renews it for a while', async () => {
    const token = await t.login('pm', 'Pm@2026');
    // Used while good: the node remembers it as verified, and must still see it run out.
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE);
    const res = await me(token);
    expect([res.statusCode, body(res).code]).toEqual([401, 'expired']);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/User/replaceToken', headers: bearer(token) });
    expect(renewed.statusCode).toBe(200);
    expect((await me(body(renewed).data as string)).statusCode).toBe(200);
  });

  it('tells the client to refresh when less than a third of the lifetime is left', async () => {
    const token = await t.login('pm', 'Pm@2026');
    expect((await me(token)).headers['x-token-refresh']).toBeUndefined();
    t.clock.advance(21 * MINUTE);
    expect((await me(token)).headers['x-token-refresh']).toBe('1');
  });

  it('rotates on replaceToken: the old token works for 30 s, then gets 401', async () => {
    const old = await t.login('pm', 'Pm@2026');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/replacetoken', headers: bearer(old) });
    const fresh = body(res).data as string;
    expect(fresh).not.toBe(old);
    expect((await me(old)).statusCode).toBe(200);
    t.clock.advance(31_000);
    const late = await me(old);
    expect([late.statusCode, body(late).code]).toEqual([401, 'invalid']);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('never renews past the absolute session lifetime', async () => {
    let token = await t.login('pm', 'Pm@2026');
    for (let i = 0; i < 40; i++) {
      t.clock.advance(25 * MINUTE);
      const res = await t.app.inject({ method: 'POST', url: '/api/User/replaceToken', headers: bearer(token) });
      if (res.statusCode !== 200) {
        expect(i * 25).toBeGreaterThanOrEqual(11 * 60);
        expect(res.statusCode).toBe(401);
        return;
      }
      token = body(res).data as string;
    }
    throw new Error('the session outlived its 12-hour limit');
  });

  it('ends the session at once on logout', async () => {
    const token = await t.login('pm', 'Pm@2026');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const res = await me(token);
    expect([res.statusCode, body(res).code]).toEqual([401, 'invalid']);
  });

  it('refuses every token of a user the moment the user is disabled', async () => {
    const token = await t.login('newbie', 'Harbour@2026');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.userKey, 'newbie'));
    expect((await me(token)).statusCode).toBe(401);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.userKey, 'newbie'));
  });
});

describe('POST /api/user/modifyPwd', () => {
  const modify = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/user/modifyPwd', headers: bearer(token), payload });

  it('needs the current password and a new one that meets the policy', async () => {
    const token = await t.login('newbie', 'Harbour@2026');
    expect(body(await modify(token, { oldPwd: 'wrong', newPwd: 'Another@2026' })).data).toEqual({
      fieldErrors: { oldPwd: 'the current password is incorrect' },
    });
    expect((await modify(token, { oldPwd: 'Harbour@2026', newPwd: 'short' })).statusCode).toBe(400);
    expect((await modify(token, { oldPwd: 'Harbour@2026', newPwd: 'Harbour@2026' })).statusCode).toBe(400);
  });

  it('takes the passwords in the body, never the URL', async () => {
    const token = await t.login('newbie', 'Harbour@2026');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/modifyPwd?oldPwd=Harbour@2026&newPwd=Another@2026',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it("ends the user's other sessions and keeps this one", async () => {
    const other = await t.login('newbie', 'Harbour@2026');
    const mine = await t.login('newbie', 'Harbour@2026');
    expect((await modify(mine, { oldPwd: 'Harbour@2026', newPwd: 'Changed@2026' })).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(200);
    expect((await login('newbie', 'Harbour@2026')).statusCode).toBe(400);
    expect((await login('newbie', 'Changed@2026')).statusCode).toBe(200);
  });
});

describe('stored secrets', () => {
  it('keeps passwords as argon2id hashes only', async () => {
    const rows = await t.database.db.execute(sql`select password_hash from users`);
    for (const row of (rows as unknown as { rows: { password_hash: string }[] }).rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    }
  });
});

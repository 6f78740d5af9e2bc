import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema.ts';
import { captchaAnswerHash, captchas } from '../../db/schema-settings.ts';
import { body, createTestApp, postLogin, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
});

const MINUTE = 60_000;
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.2';
const login = (payload: object, remoteAddress: string) => postLogin(t.app, payload, { remoteAddress });
const admin = { userName: 'admin', password: 'Admin@2026' };
const wrong = { userName: 'admin', password: 'not-the-password' };
const failFrom = async (address: string, times: number, who = wrong) => {
  for (let i = 0; i < times; i++) expect((await login(who, address)).statusCode).toBe(400);
};
/** A captcha minted through the API, then given a known answer (the test cannot read the picture). */
async function captcha(answer = 'K7MPX') {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: OWNER });
  const { captchaId } = body(res).data as { captchaId: string };
  await t.database.db
    .update(captchas)
    .set({ answerHash: captchaAnswerHash(answer) })
    .where(eq(captchas.id, captchaId));
  return { captchaId, captchaCode: answer };
}
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('failed sign-ins, per account and client address', () => {
  it("locks the guessing address out of admin, not admin's owner: elsewhere the right password and a captcha sign in", async () => {
    await failFrom(ATTACKER, 5);
    const locked = await login(admin, ATTACKER);
    expect([locked.statusCode, body(locked).code]).toEqual([423, 'locked']);

    // The owner, at another address, is not locked out; while admin is under attack it is asked for a captcha.
    const asked = await login(admin, OWNER);
    expect([asked.statusCode, body(asked).code]).toEqual([400, 'captcha_required']);
    expect(body(asked).data).toEqual({
      fieldErrors: { captchaCode: 'wrong or expired; enter the characters of the new picture' },
    });
    const signedIn = await login({ ...admin, ...(await captcha()) }, OWNER);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The guesser stays locked out.
    expect((await login({ ...admin, ...(await captcha()) }, ATTACKER)).statusCode).toBe(423);
  });

  it('asks the captcha before the password, so a guesser elsewhere learns nothing without one', async () => {
    await failFrom(ATTACKER, 5);
    const guess = await login(wrong, OWNER);
    expect(body(guess).code).toBe('captcha_required');
    const right = await login(admin, '192.0.2.44');
    expect(body(right).code).toBe('captcha_required');
  });

  it("asks nobody for a captcha below the threshold, and one address's sign-in forgets only its own failures", async () => {
    await failFrom(ATTACKER, 4);
    expect((await login(admin, OWNER)).statusCode).toBe(200);
    // The owner's sign-in elsewhere did not wipe the guesser's count: its fifth failure locks it.
    expect((await login(wrong, ATTACKER)).statusCode).toBe(400);
    expect((await login(admin, ATTACKER)).statusCode).toBe(423);
  });

  it('makes each new lock of the same address twice as long as the last', async () => {
    await failFrom(ATTACKER, 5);
    const first = retryAfter(await login(admin, ATTACKER));
    expect(first).toBe(15 * 60);
    // Once a lock has run out the count starts again, and the next lock is longer.
    t.clock.advance(15 * MINUTE + 1000);
    await failFrom(ATTACKER, 5);
    const second = await login(admin, ATTACKER);
    expect([second.statusCode, retryAfter(second)]).toEqual([423, 30 * 60]);
    t.clock.advance(30 * MINUTE + 1000);
    await failFrom(ATTACKER, 5);
    expect(retryAfter(await login(admin, ATTACKER))).toBe(60 * 60);
  });

  it('forgets the earlier locks of an address after a quiet day', async () => {
    await failFrom(ATTACKER, 5);
    t.clock.advance(15 * MINUTE + 1000);
    await failFrom(ATTACKER, 5);
    expect(retryAfter(await login(admin, ATTACKER))).toBe(30 * 60);
    t.clock.advance(25 * 60 * MINUTE);
    await failFrom(ATTACKER, 5);
    expect(retryAfter(await login(admin, ATTACKER))).toBe(15 * 60);
  });

  it('counts unknown names the same way, so neither a lock nor a captcha tells whether a name exists', async () => {
    const ghost = { userName: 'ghost-user', password: 'whatever-1' };
    await failFrom(ATTACKER, 5, ghost);
    expect((await login(ghost, ATTACKER)).statusCode).toBe(423);
    expect(body(await login(ghost, OWNER)).code).toBe('captcha_required');
  });
});

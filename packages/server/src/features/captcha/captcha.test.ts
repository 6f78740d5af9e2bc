import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginFailures, settings } from '../../db/schema.ts';
import { captchaAnswerHash, captchas } from '../../db/schema-settings.ts';
import { body, createTestApp, postLogin, type TestApp } from '../../test/helper.ts';
import { CAPTCHA_ALPHABET, captchaSvg } from './captcha-image.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Captcha on, the other sign-in settings at their defaults.
  await t.database.db
    .insert(settings)
    .values({ key: 'login', value: { captchaEnabled: true } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { captchaEnabled: true } } });
});
afterAll(() => t.close());
// Each test starts with no failed sign-ins counted.
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
});

const login = (payload: object) => postLogin(t.app, payload);
const admin = { userName: 'admin', password: 'Admin@2026' };

/** A captcha minted through the API, then given a known answer in the database (the test cannot read the picture). */
async function captchaWithAnswer(answer: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
  expect(res.statusCode).toBe(200);
  const { captchaId } = body(res).data as { captchaId: string };
  await t.database.db
    .update(captchas)
    .set({ answerHash: captchaAnswerHash(answer) })
    .where(eq(captchas.id, captchaId));
  return captchaId;
}

describe('image captcha', () => {
  it('draws an SVG of paths that never spells the answer, keeping only its hash with an expiry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    const data = body(res).data as { captchaId: string; svg: string; expiresInSeconds: number };
    expect(data.svg).toMatch(/^<svg [^>]*>.*<path d="M/);
    expect(data.svg).not.toMatch(/<text|<script|href/);
    expect(data.expiresInSeconds).toBe(120);
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, data.captchaId));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 120_000);
  });

  it('draws different pictures for different answers from one alphabet without look-alikes', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL2Z8B]/);
    expect(captchaSvg('ACDEF')).not.toBe(captchaSvg('ACDEF'));
  });

  it('refuses a sign-in without a captcha answer when LoginSet turns it on: 400 naming the field', async () => {
    const res = await login(admin);
    expect(res.statusCode).toBe(400);
    expect(body(res).data).toEqual({
      fieldErrors: { captchaCode: 'wrong or expired; enter the characters of the new picture' },
    });
  });

  it('signs in with the right answer, case and spaces ignored, and the captcha is then spent', async () => {
    const captchaId = await captchaWithAnswer('K7MPX');
    expect((await login({ ...admin, captchaId, captchaCode: ' k7mpx ' })).statusCode).toBe(200);
    expect((await login({ ...admin, captchaId, captchaCode: 'K7MPX' })).statusCode).toBe(400);
  });

  it('refuses a wrong answer and spends the captcha with it: one guess per picture', async () => {
    const captchaId = await captchaWithAnswer('HUNTS');
    expect((await login({ ...admin, captchaId, captchaCode: 'WRONG' })).statusCode).toBe(400);
    expect((await login({ ...admin, captchaId, captchaCode: 'HUNTS' })).statusCode).toBe(400);
  });

  it('refuses an answer after the two-minute expiry, and a made-up or malformed id', async () => {
    const captchaId = await captchaWithAnswer('TAXES');
    t.clock.advance(121_000);
    expect((await login({ ...admin, captchaId, captchaCode: 'TAXES' })).statusCode).toBe(400);
    expect((await login({ ...admin, captchaId: randomUUID(), captchaCode: 'TAXES' })).statusCode).toBe(400);
    expect((await login({ ...admin, captchaId: "x' or 1=1", captchaCode: 'TAXES' })).statusCode).toBe(400);
  });

  it('counts a wrong captcha like a failed sign-in: the fifth locks the name', async () => {
    for (let i = 0; i < 5; i++) await login({ userName: 'pm', password: 'Pm@2026', captchaCode: 'AAAAA' });
    const captchaId = await captchaWithAnswer('RIGHT');
    const locked = await login({ userName: 'pm', password: 'Pm@2026', captchaId, captchaCode: 'RIGHT' });
    expect(locked.statusCode).toBe(423);
  });

  it('is not asked for once LoginSet turns it off again', async () => {
    await t.database.db.delete(settings).where(eq(settings.key, 'login'));
    expect((await login(admin)).statusCode).toBe(200);
  });
});

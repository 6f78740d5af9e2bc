import { ui } from '@trestle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from './token.ts';

function lastCookieWrite(spy: { mock: { calls: unknown[][] } }): string {
  return String(spy.mock.calls.at(-1)?.[0]);
}

describe('token cookie', () => {
  afterEach(() => clearToken());

  it('reads back the token it stored and an empty string when there is none', () => {
    expect(getToken()).toBe('');
    setToken('a.b=c');
    expect(getToken()).toBe('a.b=c');
  });

  it('writes the cookie `token` for the whole site, SameSite=Strict, with the default lifetime in minutes', () => {
    const spy = vi.spyOn(document, 'cookie', 'set');
    setToken('abc');
    const cookie = lastCookieWrite(spy);
    expect(cookie).toMatch(/^token=abc;/);
    expect(cookie).toContain('; path=/');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toContain(`; max-age=${ui.tokenCookieMinutes * 60}`);
  });

  it('uses the minutes the caller passes', () => {
    const spy = vi.spyOn(document, 'cookie', 'set');
    setToken('abc', 5);
    expect(lastCookieWrite(spy)).toContain('; max-age=300');
  });

  it('does not mark the cookie Secure on a plain http page, where the browser would drop it', () => {
    expect(location.protocol).toBe('http:');
    const spy = vi.spyOn(document, 'cookie', 'set');
    setToken('abc');
    expect(lastCookieWrite(spy)).not.toContain('Secure');
  });

  it('removes the token on clearToken', () => {
    setToken('abc');
    clearToken();
    expect(getToken()).toBe('');
  });
});

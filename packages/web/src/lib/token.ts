import { ui } from '@trestle/shared';

/** Spec §3/§7: the token lives in the cookie `token`, not in storage a script of another tab could list. */
const COOKIE = 'token';

function writeCookie(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox/Safari and jsdom; this write must be synchronous.
  document.cookie = cookie;
}

export function getToken(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) {
      const raw = rest.join('=');
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return '';
}

export function setToken(token: string, minutes?: number): void {
  const maxAge = Math.round((minutes ?? ui.tokenCookieMinutes) * 60);
  // Secure only under https: a Secure cookie set over plain http (local dev, tests) is silently dropped.
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  writeCookie(`${COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${maxAge}; SameSite=Strict${secure}`);
}

export function clearToken(): void {
  writeCookie(`${COOKIE}=; path=/; max-age=0; SameSite=Strict`);
}

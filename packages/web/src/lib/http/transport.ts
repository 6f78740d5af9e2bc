import { localTimeZone, SETUP_CODE_HEADER, TIME_ZONE_HEADER, ui } from '@trestle/shared';
import i18next from 'i18next';
import { heldSetupCode } from '../setup-code.ts';
import { getToken } from '../token.ts';
import { type HttpMessageKey, httpMessages } from './messages.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;
  readonly data: unknown;

  constructor(message: string, status: number, code: string, data: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.data = data;
    this.fieldErrors = readFieldErrors(data);
  }
}

type Notify = { info(msg: string): void; error(msg: string): void };
type HttpDeps = { notify: Notify; toLogin(): void; language(): string };

/** What the calls need from the UI; replaced as a whole by configureHttp. */
export const deps: HttpDeps = {
  notify: { info: () => {}, error: () => {} },
  toLogin: () => {},
  language: () => 'en-US',
};

/** Wired once at start-up by the app shell: toasts, navigation and language belong to the UI. */
export function configureHttp(o: HttpDeps): void {
  Object.assign(deps, o);
}

let base = '';

/** Test seam only: Node's fetch cannot resolve '/api/...' against a page, so tests point it at their server. */
export function setHttpBase(url: string): void {
  base = url.replace(/\/$/, '');
}

/** The address a request goes to: the path itself in the browser, the test server's in tests. */
export const fullUrl = (url: string): string => base + url;

export const LOGIN_PATH = '/api/user/login';

export function translate(key: HttpMessageKey): string {
  if (i18next.isInitialized) {
    const text = i18next.t(key);
    if (text && text !== key) return text;
  }
  return httpMessages.en[key];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readFieldErrors(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(data) || !isRecord(data.fieldErrors)) return out;
  for (const [field, message] of Object.entries(data.fieldErrors)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

type Envelope = { status: boolean; code: string; message: string; data: unknown };

export function asEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body) || typeof body.code !== 'string' || !('data' in body)) return null;
  return {
    status: body.status === true,
    code: body.code,
    message: typeof body.message === 'string' ? body.message : '',
    data: body.data,
  };
}

export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const isOk = (status: number) => status >= 200 && status < 300;

/** One answer, whether it came from fetch or from XMLHttpRequest, so both share the same handling. */
export type Answer = { status: number; statusText: string; header(name: string): string | null; body: unknown };

export function authHeaders(url: string): Record<string, string> {
  // The reader's time zone: what the server writes instants in where it words them (an export's cells).
  const headers: Record<string, string> = { 'Accept-Language': deps.language(), [TIME_ZONE_HEADER]: localTimeZone() };
  // Spec §7: login is the one call without the header; every other call sends it, empty token included.
  if (url.toLowerCase() !== LOGIN_PATH) headers.Authorization = `Bearer ${getToken()}`;
  // First-run setup: the code stands in for the missing sign-in (only the setup screens' calls accept it).
  const setupCode = getToken() ? '' : heldSetupCode();
  if (setupCode) headers[SETUP_CODE_HEADER] = setupCode;
  return headers;
}

/** Raised by a sender when no answer came (network down, timeout); `key` names the toast. */
export class NoAnswer extends Error {
  constructor(readonly key: HttpMessageKey) {
    super(key);
  }
}

export async function fetchAnswer(url: string, init: RequestInit): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ui.requestTimeoutMs);
  try {
    const res = await fetch(fullUrl(url), { ...init, signal: controller.signal });
    const text = await res.text();
    return { status: res.status, statusText: res.statusText, header: (n) => res.headers.get(n), body: parseJson(text) };
  } catch {
    throw new NoAnswer('http.network');
  } finally {
    clearTimeout(timer);
  }
}

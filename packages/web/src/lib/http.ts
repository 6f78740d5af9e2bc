import {
  ErrorCode,
  localTimeZone,
  SETUP_CODE_HEADER,
  TIME_ZONE_HEADER,
  TOKEN_REFRESH_HEADER,
  ui,
} from '@trestle/shared';
import i18next from 'i18next';
import { type HttpMessageKey, httpMessages } from './http-messages.ts';
import { dropSetupCode, heldSetupCode } from './setup-code.ts';
import { signOutLocal } from './store.ts';
import { getToken, setToken } from './token.ts';

export { httpMessages } from './http-messages.ts';

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
type Params = Record<string, string | number | boolean | undefined>;
type CallOptions = { quiet?: boolean };

let deps: HttpDeps = {
  notify: { info: () => {}, error: () => {} },
  toLogin: () => {},
  language: () => 'en-US',
};

/** Wired once at start-up by the app shell: toasts, navigation and language belong to the UI. */
export function configureHttp(o: HttpDeps): void {
  deps = o;
}

let base = '';

/** Test seam only: Node's fetch cannot resolve '/api/...' against a page, so tests point it at their server. */
export function setHttpBase(url: string): void {
  base = url.replace(/\/$/, '');
}

const LOGIN_PATH = '/api/user/login';
const REPLACE_TOKEN_PATH = '/api/User/replaceToken';

function translate(key: HttpMessageKey): string {
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

function asEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body) || typeof body.code !== 'string' || !('data' in body)) return null;
  return {
    status: body.status === true,
    code: body.code,
    message: typeof body.message === 'string' ? body.message : '',
    data: body.data,
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One answer, whether it came from fetch or from XMLHttpRequest, so both share the same handling. */
type Answer = { status: number; statusText: string; header(name: string): string | null; body: unknown };

function authHeaders(url: string): Record<string, string> {
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
class NoAnswer extends Error {
  constructor(readonly key: HttpMessageKey) {
    super(key);
  }
}

async function fetchAnswer(url: string, init: RequestInit): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ui.requestTimeoutMs);
  try {
    const res = await fetch(base + url, { ...init, signal: controller.signal });
    const text = await res.text();
    return { status: res.status, statusText: res.statusText, header: (n) => res.headers.get(n), body: parseJson(text) };
  } catch {
    throw new NoAnswer('http.network');
  } finally {
    clearTimeout(timer);
  }
}

// ---- token refresh: one replaceToken at a time, shared by every caller ----

let refreshing: Promise<boolean> | null = null;

async function replaceToken(): Promise<boolean> {
  try {
    const answer = await fetchAnswer(REPLACE_TOKEN_PATH, { method: 'POST', headers: authHeaders(REPLACE_TOKEN_PATH) });
    const envelope = asEnvelope(answer.body);
    if (answer.status >= 200 && answer.status < 300 && envelope && typeof envelope.data === 'string' && envelope.data) {
      setToken(envelope.data);
      return true;
    }
  } catch {
    // Falls through to the failure below: no answer is a failed refresh too.
  }
  deps.notify.error(translate('http.refreshFailed'));
  signOutLocal();
  deps.toLogin();
  return false;
}

/**
 * Refreshes the token unless it already changed since `sentWith` was read (another request got there
 * first). Resolves true when a usable new token is in the cookie. Never rejects; failure is reported here once.
 */
function refreshToken(sentWith: string): Promise<boolean> {
  if (refreshing) return refreshing;
  if (getToken() !== sentWith) return Promise.resolve(true);
  refreshing = replaceToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const refreshFailedError = () => new HttpError(translate('http.refreshFailed'), 401, ErrorCode.expiredToken);

// ---- answer handling, shared by fetch and XMLHttpRequest ----

const isOk = (status: number) => status >= 200 && status < 300;

function fail(answer: Answer, opts: CallOptions): never {
  const envelope = asEnvelope(answer.body);
  const code = envelope?.code ?? '';
  const data = envelope ? envelope.data : answer.body;
  let message: string;
  if (answer.status === 401) {
    message = translate('http.unauthorized');
    if (!opts.quiet) deps.notify.info(message);
    deps.toLogin();
  } else if (code === ErrorCode.setupClosed || code === ErrorCode.setupCodeWrong) {
    // Setup ended (an administrator exists) or the code is stale: from now on, sign in.
    message = envelope?.message ?? '';
    dropSetupCode();
    signOutLocal();
    if (!opts.quiet) deps.notify.info(message);
    deps.toLogin();
  } else if (answer.status === 404) {
    message = translate('http.notFound');
    if (!opts.quiet) deps.notify.error(message);
  } else {
    message = envelope?.message || answer.statusText || `HTTP ${answer.status}`;
    if (!opts.quiet) deps.notify.error(message);
  }
  throw new HttpError(message, answer.status, code, data);
}

/**
 * Sends (waiting for a refresh in flight first), refreshes and retries once on an expired token,
 * honours the refresh hint, then resolves the envelope's data or throws an HttpError after one toast.
 */
async function exchange<T>(url: string, send: () => Promise<Answer>, opts: CallOptions): Promise<T> {
  const authenticated = url.toLowerCase() !== LOGIN_PATH;
  try {
    // A failed refresh has already been reported and sent the user to login; waiting calls end quietly.
    if (authenticated && refreshing && !(await refreshing)) throw refreshFailedError();
    let sentWith = getToken();
    let answer = await send();
    if (authenticated && answer.status === 401 && asEnvelope(answer.body)?.code === ErrorCode.expiredToken) {
      if (!(await refreshToken(sentWith))) {
        throw refreshFailedError();
      }
      sentWith = getToken();
      answer = await send();
    }
    if (authenticated && isOk(answer.status) && answer.header(TOKEN_REFRESH_HEADER) === '1') {
      await refreshToken(sentWith);
    }
    if (!isOk(answer.status)) fail(answer, opts);
    const envelope = asEnvelope(answer.body);
    return (envelope ? envelope.data : answer.body) as T;
  } catch (e) {
    if (e instanceof NoAnswer) {
      const message = translate(e.key);
      if (!opts.quiet) deps.notify.error(message);
      throw new HttpError(message, 0, e.key === 'http.timeout' ? 'timeout' : 'network');
    }
    throw e;
  }
}

// ---- the public calls ----

function withParams(url: string, params?: Params): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function get<T>(url: string, params?: Params, opts: CallOptions = {}): Promise<T> {
  const full = withParams(url, params);
  return exchange<T>(full, () => fetchAnswer(full, { method: 'GET', headers: authHeaders(full) }), opts);
}

function post<T>(url: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return exchange<T>(
    url,
    () =>
      fetchAnswer(url, {
        method: 'POST',
        headers: { ...authHeaders(url), ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: payload,
      }),
    opts,
  );
}

function xhrAnswer(url: string, form: FormData, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', base + url);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(authHeaders(url))) xhr.setRequestHeader(name, value);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        header: (n) => xhr.getResponseHeader(n),
        body: parseJson(xhr.responseText),
      });
    xhr.ontimeout = () => reject(new NoAnswer('http.timeout'));
    xhr.onerror = () => reject(new NoAnswer('http.network'));
    xhr.send(form);
  });
}

/** Multipart upload by XMLHttpRequest (spec §7); `timeoutMs` exists for tests, callers keep the default. */
async function formPost<T>(url: string, form: FormData, timeoutMs: number = ui.formPostTimeoutMs): Promise<T> {
  return exchange<T>(
    url,
    async () => {
      const answer = await xhrAnswer(url, form, timeoutMs);
      // Spec §8: a 202 from the form post means the session is gone.
      if (answer.status === 202) {
        deps.toLogin();
        throw new HttpError(answer.statusText || 'Accepted', 202, asEnvelope(answer.body)?.code ?? '', answer.body);
      }
      return answer;
    },
    {},
  );
}

// ---- blob download by POST ----

function downloadError(key: HttpMessageKey, code: string): HttpError {
  const message = translate(key);
  deps.notify.error(message);
  return new HttpError(message, 0, code);
}

/** Same-origin '/api/...' paths only: the call carries the token, so it must never leave the app's origin. */
function isApiPath(url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  try {
    const parsed = new URL(url, location.origin);
    return parsed.origin === location.origin && parsed.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/** The file name of a Content-Disposition header (RFC 6266), `filename*` preferred over `filename`. */
function fileNameFrom(disposition: string | null): string {
  if (!disposition) return '';
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed extended value falls back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim() ?? '';
  return name;
}

async function downloadFile(url: string, body?: unknown, fileName?: string): Promise<void> {
  return saveDownload(url, 'POST', body, fileName);
}

/** The same download by GET (e.g. an import template), for endpoints that take no body. */
async function downloadGet(url: string, fileName?: string): Promise<void> {
  return saveDownload(url, 'GET', undefined, fileName);
}

async function saveDownload(url: string, method: 'GET' | 'POST', body: unknown, fileName?: string): Promise<void> {
  if (!url) throw downloadError('download.noUrl', 'no_url');
  if (!isApiPath(url)) throw downloadError('download.badUrl', 'bad_url');
  if (refreshing) await refreshing;
  let res: Response;
  try {
    res = await fetch(base + url, {
      method,
      headers: method === 'POST' ? { ...authHeaders(url), 'Content-Type': 'application/json' } : authHeaders(url),
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: AbortSignal.timeout(ui.requestTimeoutMs),
    });
  } catch {
    throw downloadError('http.network', 'network');
  }
  const type = res.headers.get('content-type') ?? '';
  const name = fileName || fileNameFrom(res.headers.get('content-disposition'));
  // An error envelope arrives as JSON; without a name there is nothing sensible to save it as.
  if (!isOk(res.status) || type.includes('application/json') || !name) {
    throw downloadError('download.noInfo', 'no_info');
  }
  saveBlob(await res.blob(), name);
}

/**
 * The bytes of a same-origin /api path (an image to show), with the token; anything else is refused
 * before a request is made. Quiet: a picture that can't be had shows its placeholder, not a toast.
 */
async function blob(url: string): Promise<Blob> {
  if (!isApiPath(url)) throw new HttpError('not an /api path of this app', 0, 'bad_url');
  if (refreshing) await refreshing;
  const res = await fetch(base + url, {
    headers: authHeaders(url),
    signal: AbortSignal.timeout(ui.requestTimeoutMs),
  });
  if (!isOk(res.status)) throw new HttpError(res.statusText || `HTTP ${res.status}`, res.status, '');
  return res.blob();
}

/** Hands a blob to the browser as a file download (also used for workbooks decoded in the page). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    URL.revokeObjectURL(href);
  }
}

export const http = { get, post, download: downloadFile, downloadGet, formPost, blob };

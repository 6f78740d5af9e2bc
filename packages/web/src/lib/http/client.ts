import { ErrorCode, TOKEN_REFRESH_HEADER, ui } from '@trestle/shared';
import { dropSetupCode } from '../setup-code.ts';
import { signOutLocal } from '../store.ts';
import { getToken } from '../token.ts';
import { blob, downloadFile, downloadGet } from './download.ts';
import { refreshFailedError, refreshInFlight, refreshToken } from './refresh.ts';
import {
  type Answer,
  asEnvelope,
  authHeaders,
  deps,
  fetchAnswer,
  fullUrl,
  HttpError,
  isOk,
  LOGIN_PATH,
  NoAnswer,
  parseJson,
  translate,
} from './transport.ts';

type Params = Record<string, string | number | boolean | undefined>;
type CallOptions = { quiet?: boolean };

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
    const refreshing = refreshInFlight();
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
    xhr.open('POST', fullUrl(url));
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

/** The calls the screens make: JSON in and out, uploads, downloads and images, all with the token. */
export const http = { get, post, download: downloadFile, downloadGet, formPost, blob };

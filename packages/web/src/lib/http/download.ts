import { ui } from '@trestle/shared';
import type { HttpMessageKey } from './messages.ts';
import { refreshInFlight } from './refresh.ts';
import { authHeaders, deps, fullUrl, HttpError, isOk, translate } from './transport.ts';

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

/** A file download by POST: the body says what to export. */
export async function downloadFile(url: string, body?: unknown, fileName?: string): Promise<void> {
  return saveDownload(url, 'POST', body, fileName);
}

/** The same download by GET (e.g. an import template), for endpoints that take no body. */
export async function downloadGet(url: string, fileName?: string): Promise<void> {
  return saveDownload(url, 'GET', undefined, fileName);
}

async function saveDownload(url: string, method: 'GET' | 'POST', body: unknown, fileName?: string): Promise<void> {
  if (!url) throw downloadError('download.noUrl', 'no_url');
  if (!isApiPath(url)) throw downloadError('download.badUrl', 'bad_url');
  const refreshing = refreshInFlight();
  if (refreshing) await refreshing;
  let res: Response;
  try {
    res = await fetch(fullUrl(url), {
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
export async function blob(url: string): Promise<Blob> {
  if (!isApiPath(url)) throw new HttpError('not an /api path of this app', 0, 'bad_url');
  const refreshing = refreshInFlight();
  if (refreshing) await refreshing;
  const res = await fetch(fullUrl(url), {
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

import { ErrorCode } from '@trestle/shared';
import { signOutLocal } from '../store.ts';
import { getToken, setToken } from '../token.ts';
import { asEnvelope, authHeaders, deps, fetchAnswer, HttpError, translate } from './transport.ts';

// One replaceToken at a time, shared by every caller.

const REPLACE_TOKEN_PATH = '/api/User/replaceToken';

let refreshing: Promise<boolean> | null = null;

/** The refresh in flight, if any: calls wait for it before sending so they carry the new token. */
export const refreshInFlight = (): Promise<boolean> | null => refreshing;

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
export function refreshToken(sentWith: string): Promise<boolean> {
  if (refreshing) return refreshing;
  if (getToken() !== sentWith) return Promise.resolve(true);
  refreshing = replaceToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export const refreshFailedError = () => new HttpError(translate('http.refreshFailed'), 401, ErrorCode.expiredToken);

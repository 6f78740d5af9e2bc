/**
 * The envelope's codes and the headers client and server agree on: plain constants, apart from the schemas
 * (envelope.ts re-exports them), so a browser that needs only these does not load zod with them.
 */

/**
 * Machine-readable `code` values. Clients branch on these, never on `message`.
 * `expired` and `invalid` are distinct so that a client refreshes only an expired token.
 */
export const ErrorCode = {
  ok: 'ok',
  badRequest: 'bad_request',
  missingToken: 'missing',
  invalidToken: 'invalid',
  expiredToken: 'expired',
  forbidden: 'forbidden',
  /** Signed in with a temporary password: only changing it (and signing out) is allowed until then. */
  passwordChangeRequired: 'password_change_required',
  /** A setup code on a setup screen's call after setup ended (an administrator exists) or a wrong one. */
  setupClosed: 'setup_closed',
  setupCodeWrong: 'setup_code_wrong',
  notFound: 'not_found',
  /** A thing that was there and is no more (410): a public form link past its end or its last answer. */
  gone: 'gone',
  conflict: 'conflict',
  unprocessable: 'unprocessable',
  locked: 'locked',
  /** Sign-in needs the image captcha answered (LoginSet turns it on, or the account is under attack). */
  captchaRequired: 'captcha_required',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMedia: 'unsupported_media_type',
  serverError: 'server_error',
  /** The database could not be reached just then (503 with Retry-After): the same call may succeed again. */
  unavailable: 'unavailable',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Header on an authenticated answer when the token is close to expiry: the client should call replaceToken. */
export const TOKEN_REFRESH_HEADER = 'x-token-refresh';

/**
 * During first-run setup (no administrator yet) the one-time setup code, sent in this header without a
 * token, opens the setup screens' calls (LoginSet, TenantMan, DataSourceMan) in the platform tenant.
 */
export const SETUP_CODE_HEADER = 'x-setup-code';

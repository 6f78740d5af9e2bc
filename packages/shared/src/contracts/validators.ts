/**
 * The helper validators of spec §5, one source for server and browser.
 * The patterns are anchored and free of nested quantifiers (no ReDoS).
 */
export const patterns = {
  /** 11 digits, starting with 1, second digit 3 to 9. */
  phone: /^1[3-9]\d{9}$/,
  /** Digits with an optional sign. */
  number: /^[+-]?\d+$/,
  /** Digits with an optional sign and an optional fraction. */
  decimal: /^[+-]?\d+(\.\d+)?$/,
  /** A basic mail pattern. */
  mail: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** Optional scheme http, https or ftp; host name, IPv4 address or localhost; optional port and path. */
  url: /^(?:(?:https?|ftp):\/\/)?(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63})(?::\d{1,5})?(?:[/?#][^\s]*)?$/,
} as const;

export type ValidatorName = keyof typeof patterns;

export const isValid = (name: ValidatorName, value: string): boolean => patterns[name].test(value);

/**
 * A checkbox's value must be its true value or its false value (spec §5);
 * anything else is a programming error, so it throws rather than returning false.
 */
export function checkToggleValue<T>(value: unknown, onValue: T, offValue: T, kind: 'checkbox' | 'switch'): T {
  if (value === onValue || value === offValue) return value as T;
  throw new Error(`${kind} value must be ${String(onValue)} or ${String(offValue)}, got ${String(value)}`);
}

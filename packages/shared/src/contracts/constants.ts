/** The business constants of spec §9, set once here and used by the theme and the HTTP client. */
export const ui = {
  requestTimeoutMs: 50_000,
  formPostTimeoutMs: 20_000,
  maxInlineButtons: 4,
  buttonSize: 'small',
  modal: { width: 520, zIndex: 1000, closeAnimationMs: 300 },
  noticeDurationSeconds: 1.5,
  dialog: { width: 650, height: 200 },
  editorHeight: 300,
  refreshDebounceMs: 250,
  versionReloadDelayMs: 1_000,
  dropdown: { openDelaySeconds: 0.25, closeDelaySeconds: 0.15 },
  selectHideDelayMs: 300,
  timeFormat: 'HH:mm:ss',
  textareaRows: 2,
  /** Cookie lifetime in minutes when the caller passes none (spec §9 "default from configuration"). */
  tokenCookieMinutes: 460,
} as const;

/** The 'Manager' marker that menu urls may carry; the route path is the url without it. */
export const MANAGER_MARKER = '/Manager';

/** The marker as a whole path segment, in any case (routes match case-insensitively). */
const managerSegment = /\/Manager(?=\/|$)/i;

/** Spec §3: the route path of a menu url (or of a typed or bookmarked one) is the url without '/Manager'. */
export const menuUrlToPath = (url: string): string => url.replace(managerSegment, '') || '/';

/** True when a path still carries the marker, i.e. it names a route by its menu url. */
export const hasManagerMarker = (path: string): boolean => managerSegment.test(path);

import { abort } from './errors.ts';

/** A status lifecycle: each status and the statuses it may move to. */
export type Lifecycle = Readonly<Record<string, readonly string[]>>;

/**
 * Refuses a status change its lifecycle does not list (staying put is always allowed). The message
 * names both statuses, so the user sees which move was refused.
 */
export function checkTransition(lifecycle: Lifecycle, from: unknown, to: unknown, what = 'The status') {
  if (to === undefined || to === from) return;
  const allowed = lifecycle[String(from)] ?? [];
  if (!allowed.includes(String(to))) throw abort(`${what} cannot go from ${String(from)} to ${String(to)}`);
}

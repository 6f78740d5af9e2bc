import { ui } from '@trestle/shared';

const KEY = 'version';

/**
 * Spec §4: a new build invalidates whatever an older build left in local storage, so the first
 * start of a new build clears it and reloads once. A browser that has no stored version has
 * nothing stale to clear: the build id is stored and the app starts at once (a reload there would
 * only double the first visit). Returns true when a reload is scheduled.
 */
export function checkVersion(buildId: string, reload: () => void = () => location.reload()): boolean {
  const stored = localStorage.getItem(KEY);
  if (stored === buildId) return false;
  if (stored === null) {
    localStorage.setItem(KEY, buildId);
    return false;
  }
  localStorage.clear();
  localStorage.setItem(KEY, buildId);
  setTimeout(reload, ui.versionReloadDelayMs);
  return true;
}

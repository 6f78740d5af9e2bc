import { ui } from '@trestle/shared';

const KEY = 'version';

/**
 * Spec §4: a new build invalidates whatever an older build left in local storage, so the first
 * start of a new build clears it and reloads once. Returns true when a reload is scheduled.
 */
export function checkVersion(buildId: string, reload: () => void = () => location.reload()): boolean {
  if (localStorage.getItem(KEY) === buildId) return false;
  localStorage.clear();
  localStorage.setItem(KEY, buildId);
  setTimeout(reload, ui.versionReloadDelayMs);
  return true;
}

import { type Button, ErrorCode, hasManagerMarker, menuUrlToPath } from '@trestle/shared';
import { type LoaderFunctionArgs, redirect, replace } from 'react-router-dom';
import { entityOfRoute, findMenuEntry } from '../components/menu-tree.ts';
import { reloadNavigation } from '../components/navigation.ts';
import { http } from '../lib/http/client.ts';
import { HttpError } from '../lib/http/transport.ts';
import { isAnonymousPath, rememberReturnTo } from '../lib/return-to.ts';
import { heldSetupCode, isSetupPath } from '../lib/setup-code.ts';
import { useAppStore } from '../lib/store.ts';
import { getToken } from '../lib/token.ts';

export const loginRedirect = () => redirect(`/login?redirect=${Math.random()}`);

/** The screen where a signed-in user lands on a route their menu does not grant (spec §2). */
export const UNAUTHORIZED_PATH = '/401';

/** Screens every signed-in user may open, granted or not: home is where /401 sends them back to. */
const openScreens = new Set(['/home', UNAUTHORIZED_PATH]);

/**
 * The navigation guard of spec §2, run as the root route's loader on every navigation:
 * a path written as a menu url (with '/Manager') goes to its route; login paths pass; with a token
 * the buttons, then the menu, are loaded once; without one the user goes to /login and the intended
 * path is remembered. During first-run setup the held setup code opens the setup screens, with the
 * menu the server gives the code. `screens` are the lower-case paths of the menu screens: one the
 * menu does not grant goes to /401; any other path (an unknown one included) is left to the router.
 */
export async function guardLoader(
  { request }: LoaderFunctionArgs,
  screens: ReadonlySet<string>,
): Promise<Response | null> {
  const url = new URL(request.url);
  // Replacing, not pushing: Back must not land on a path that sends the user forward again.
  if (hasManagerMarker(url.pathname)) return replace(menuUrlToPath(url.pathname) + url.search);
  const inSetup = !getToken() && heldSetupCode() !== '' && isSetupPath(url.pathname);
  if (inSetup) return afterShell(await loadShell(), url.pathname, screens);
  if (isAnonymousPath(url.pathname)) return null;
  if (!getToken()) {
    rememberReturnTo(url.pathname + url.search);
    return loginRedirect();
  }
  return afterShell(await loadShell(), url.pathname, screens);
}

const afterShell = (shell: Shell, pathname: string, screens: ReadonlySet<string>) =>
  shell.redirect ?? grantCheck(pathname, screens, shell.fresh);

/**
 * The same grants as the menu and the server: a screen without an entry in the caller's menu is refused.
 * An entity's screen (built-in or designed, drawn by the generic route) the menu doesn't name is refused when
 * the server says the entity exists (its metadata answers 403), and left to the not-found screen otherwise.
 */
async function grantCheck(pathname: string, screens: ReadonlySet<string>, fresh: boolean): Promise<Response | null> {
  const path = pathname.toLowerCase();
  if (openScreens.has(path)) return null;
  const granted = () => findMenuEntry(useAppStore.getState().permission, path) !== undefined;
  if (granted()) return null;
  const entity = entityOfRoute(pathname);
  // A screen, or an entity's, the menu this tab holds does not grant: that menu may be older than a grant (a
  // screen given since, a table just designed). Asked again once, it also brings the entry into the navigation.
  if ((screens.has(path) || entity) && !fresh && (await reloadMenu()) && granted()) return null;
  if (screens.has(path)) return replace(UNAUTHORIZED_PATH);
  return entity && (await entityRefused(entity)) ? replace(UNAUTHORIZED_PATH) : null;
}

/** Whether the server refuses the caller an entity (403), rather than knowing no such entity (404). */
async function entityRefused(entity: string): Promise<boolean> {
  try {
    await http.get(`/api/${entity}/getMeta`, undefined, { quiet: true });
    return false;
  } catch (error) {
    return error instanceof HttpError && error.status === 403;
  }
}

const setupRefusals = new Set<string>([ErrorCode.setupClosed, ErrorCode.setupCodeWrong]);

/** The caller's menu asked again, quietly; false when that failed (the menu held stays). */
async function reloadMenu(): Promise<boolean> {
  try {
    await reloadNavigation(true);
    return true;
  } catch {
    return false;
  }
}

/** Where the shell's loading left the navigation: a redirect, or on; `fresh` when the menu was loaded now. */
type Shell = { redirect: Response | null; fresh: boolean };

/** The button catalogue, then the caller's menu with its grants, each loaded once. */
async function loadShell(): Promise<Shell> {
  let fresh = false;
  try {
    const store = useAppStore.getState();
    if (store.buttons.length === 0) store.setButtons(await http.get<Button[]>('/api/Button/Get'));
    if (useAppStore.getState().permission.length === 0) {
      await reloadNavigation();
      fresh = true;
    }
  } catch (error) {
    // The HTTP client has already told the user; a dead session (or a spent setup code) goes to sign in
    // rather than an error screen.
    if (error instanceof HttpError && (error.status === 401 || setupRefusals.has(error.code)))
      return { redirect: loginRedirect(), fresh };
    throw error;
  }
  return { redirect: null, fresh };
}

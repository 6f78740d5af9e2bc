/** Where the user was going when they were sent to sign in; the login screen returns there. */
export const RETURN_TO_KEY = 'returnTo';

/** Anonymous screens besides the login paths (spec §6). */
const anonymousPaths = new Set(['/register']);

export const isAnonymousPath = (pathname: string): boolean =>
  pathname.toLowerCase().includes('login') || anonymousPaths.has(pathname.toLowerCase());

/** Remembers the screen to come back to after signing in (nothing for an anonymous screen). */
export function rememberReturnTo(pathAndSearch: string): void {
  sessionStorage.setItem(RETURN_TO_KEY, pathAndSearch);
}

/** Where to go after signing in: the remembered path, else /home. Reads it once. */
export function takeReturnTo(): string {
  const target = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return target && target !== '/' && !isAnonymousPath(target) ? target : '/home';
}

/**
 * Whether a link's address may be kept: http(s) and mailto (what the server's sanitizer keeps too), or a path
 * of this app. `//host` is another site without a scheme, and `/\host` is read by browsers as the same, so a
 * path must start with one slash followed by something else. Anything else (javascript:, data:, file:) is refused.
 */
export function isAllowedLink(url: string): boolean {
  const value = url.trim();
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  if (!/^(https?:|mailto:)/i.test(value)) return false;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'mailto:' ? parsed.pathname.length > 0 : parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

import { richTextAllowList } from '@trestle/shared';

/**
 * Whether a link's address may be kept: the server's own rule (`richTextAllowList.linkHref`: http(s), mailto,
 * or a path of this app, never `//host` or `/\host`), and for a scheme, an address that names a host or a
 * mailbox. Anything else (javascript:, data:, file:) is refused before it is set.
 */
export function isAllowedLink(url: string): boolean {
  const value = url.trim();
  if (!richTextAllowList.linkHref.test(value)) return false;
  if (value.startsWith('/')) return true;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'mailto:' ? parsed.pathname.length > 0 : parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

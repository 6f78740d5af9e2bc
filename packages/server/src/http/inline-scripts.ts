import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A classic `<script>` with its text in the page (no src attribute). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources (`'sha256-…'`) that allow exactly the inline scripts of a page: the browser hashes
 * the text between the tags, byte for byte, so any other inline script stays blocked.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((m) => m[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The hashes of the built app's index.html (its boot script picks the loading text's language); none without a build. */
export function webIndexScriptHashes(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}

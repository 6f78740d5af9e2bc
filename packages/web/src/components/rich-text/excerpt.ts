/** Elements that end a line of text: their words must not run into the next block's. */
const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|td|th|tr)>|<br\s*\/?>/gi;

/**
 * The plain text of stored rich text, for a grid cell or a tooltip: words only, blocks separated by a space,
 * at most `max` characters. It is parsed by DOMParser, whose document is inert (no script runs, no image
 * loads), and only its text is read, so no markup of the value ever reaches the page.
 */
export function richTextExcerpt(html: string, max = 200): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, '$& '), 'text/html');
  // Their text is code, not words (the server's sanitizer drops them; a value from elsewhere may not have).
  for (const element of doc.body.querySelectorAll('script, style, template')) element.remove();
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

import { richTextAllowList as allow, type EntityMeta, type FieldMeta, TEXT_MAX_LENGTH } from '@trestle/shared';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../http/errors.ts';
import type { Row } from './definition.ts';

/**
 * Rich text is stored only as the HTML the web's editor writes (the allow-list in @trestle/shared), checked
 * on every write by this one sanitiser (security.md §3.4). Whatever is not on the list goes: a disallowed tag
 * keeps its text (escaped), script-like ones lose it too, an attribute not listed is dropped, a URL that is
 * not ours or an ordinary link is dropped. The output is a fixed point: sanitising it again gives the same
 * HTML, so a stored value compares equal to the same value sent back.
 */

/**
 * A URL as a browser reads it: it trims control characters and spaces around it (so they are trimmed here
 * too) and drops tabs and newlines inside it, so "/\t/evil" is "//evil" to it: a URL still holding a control
 * character is refused rather than guessed at.
 */
const urlOf = (value: string | undefined, shape: RegExp): string | undefined => {
  const url = value?.replace(/^[\p{Cc}\s]+|[\p{Cc}\s]+$/gu, '');
  return url !== undefined && !/\p{Cc}/u.test(url) && shape.test(url) ? url : undefined;
};

/** A table cell keeps its spans (and Tiptap's column widths) only as the numbers they are. */
const cell = (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) =>
      name === 'colwidth'
        ? allow.cellColWidth.test(value)
        : (name === 'colspan' || name === 'rowspan') && allow.cellSpan.test(value),
    ),
  ),
});

const richTextPolicy: sanitizeHtml.IOptions = {
  allowedTags: [...allow.tags],
  allowedAttributes: Object.fromEntries(Object.entries(allow.attributes).map(([tag, names]) => [tag, [...names]])),
  allowedClasses: { code: [allow.codeClass] },
  allowedStyles: { col: Object.fromEntries(allow.colStyles.map((name) => [name, [allow.colStyleValue]])) },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  transformTags: {
    // Every link opens without handing this page to the other site and without passing on its rank.
    a: (tagName, attribs) => {
      const href = urlOf(attribs.href, allow.linkHref);
      const target = attribs.target === allow.linkTarget ? allow.linkTarget : undefined;
      return { tagName, attribs: { ...(href ? { href } : {}), ...(target ? { target } : {}), rel: allow.linkRel } };
    },
    img: (tagName, attribs) => {
      const src = urlOf(attribs.src, allow.imageSrc);
      const { alt } = attribs;
      return { tagName, attribs: { ...(src ? { src } : {}), ...(alt !== undefined ? { alt } : {}) } };
    },
    td: cell,
    th: cell,
  },
  // An image with no source of ours is nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  // Text inside these is code, markup or a fallback nobody typed into the editor: it goes with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'template',
    'title',
  ],
  // Void elements written as `<br />`: `<br></br>` would be read by a browser as two line breaks.
  selfClosing: ['br', 'hr', 'img', 'col'],
  // Deeper than any document typed by hand; a deeper one would only tire the browser and the editor.
  nestingLimit: 64,
};

/** The stored form of rich text: the allow-listed HTML, trimmed. Idempotent. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, richTextPolicy).trim();

/** The most characters a text field holds, the same limit the wire schema applies. */
const maxLength = (f: Pick<FieldMeta, 'length'>) => f.length ?? TEXT_MAX_LENGTH;

/**
 * A rich-text value as it will be stored, and what stops it being stored: longer than the field's limit
 * once sanitised (sanitising can lengthen a value: a link gains its `rel`, a bare `<` becomes `&lt;`), or a
 * required field left empty.
 */
export function cleanRichText(f: Pick<FieldMeta, 'length' | 'required'>, value: string) {
  const html = sanitizeRichText(value);
  const max = maxLength(f);
  const problem = html.length > max ? `at most ${max} characters` : f.required && html === '' ? 'required' : null;
  return { html, problem };
}

/** The stored form of a rich-text value, or a 400 on the field at `at` (as the body's own 400s are). */
export function storedRichText(f: Pick<FieldMeta, 'length' | 'required'>, value: string, at: string): string {
  const { html, problem } = cleanRichText(f, value);
  if (problem) throw badRequest(`${at}: ${problem}`, { [at]: problem });
  return html;
}

/**
 * The row with each rich-text value in its stored form, taken right after the body is parsed: every later
 * step (the change log, the unchanged-line check, a hook) sees what will be stored, not what was sent.
 * `prefix` is where the row sits in the body (`mainData.`, `detailData.Line.2.`).
 */
export function withStoredRichText<T extends Row>(meta: EntityMeta, row: T, prefix: string): T {
  const out: Row = { ...row };
  for (const f of meta.fields) {
    const value = row[f.name];
    if (f.type === 'richText' && typeof value === 'string') out[f.name] = storedRichText(f, value, prefix + f.name);
  }
  return out as T;
}

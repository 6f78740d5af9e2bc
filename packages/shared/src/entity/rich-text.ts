/**
 * What rich text may hold: exactly what the web's editor (Tiptap: StarterKit, Underline, Link, Image, Table)
 * writes. The server sanitises every stored value to this list (sanitize-html); a browser that renders stored
 * rich text can sanitise it again to the same list (security.md §3.4: one allow-list, both sides).
 */
export const richTextAllowList = {
  tags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  /** Attributes by tag; no other tag has any. */
  attributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['style'],
    code: ['class'],
  },
  /** A link's href: http(s), mail, or a path of this site ("/x", never "//host" or "/\host", which leave it). */
  linkHref: /^(?:https?:|mailto:|\/(?![/\\]))/i,
  /** A link's only target; every link gets this rel whatever it was sent with. */
  linkTarget: '_blank',
  linkRel: 'noopener noreferrer nofollow',
  /** An image is an upload of ours, shown through the file route: never an address elsewhere (a tracking pixel). */
  imageSrc: /^\/api\/file\/[A-Za-z0-9_-]{1,60}$/,
  /** The one class: a code block's language, for highlighting. */
  codeClass: /^language-[a-z0-9-]+$/,
  /** The one style: a table column's width in pixels, as Tiptap writes it on `<col>`. */
  colStyles: ['min-width', 'width'],
  colStyleValue: /^\d{1,4}px$/,
  /** Table cell spans and Tiptap's column widths, as the numbers they are. */
  cellSpan: /^[1-9]\d{0,2}$/,
  cellColWidth: /^\d{1,4}(?:,\d{1,4})*$/,
} as const;

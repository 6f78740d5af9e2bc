import { richTextAllowList } from '@trestle/shared';
import { xssCorpus } from '@trestle/shared/testing/xss-corpus';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

/**
 * The rich-text allow-list, on its own: every hostile payload comes out inert, the editor's own HTML comes
 * out as it went in, and sanitising is a fixed point. rich-text.routes.test.ts sends the same corpus through
 * every path that writes rich text.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', Tab: '\t' };
/** Character references decoded the way a browser reads an attribute (with or without the `;`). */
const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED[name] ?? whole);

type Tag = { name: string; attributes: [string, string][] };
const TAG = /<(\/?)([a-z0-9]+)((?:\s[a-z-]+="[^"<>]*")*)\s*\/?>/g;

/**
 * The tags of sanitised HTML. Its output is regular (lower-case names, double-quoted values with `<`, `>` and
 * `"` escaped, text with `<` escaped), so a pattern reads it exactly; a `<` left over is a failure.
 */
function tagsOf(html: string): Tag[] {
  expect(html.replace(TAG, ''), 'a "<" that starts no well-formed tag').not.toContain('<');
  return [...html.matchAll(TAG)]
    .filter((m) => m[1] === '')
    .map((m) => ({
      name: m[2] ?? '',
      attributes: [...(m[3] ?? '').matchAll(/\s([a-z-]+)="([^"]*)"/g)].map((a) => [a[1] ?? '', decode(a[2] ?? '')]),
    }));
}

const allowed = new Set<string>(richTextAllowList.tags);
const SCHEMES = /(?:java|vb)script:|data:/i;

function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(decode(decode(html)).replace(/\s/g, '')).not.toMatch(SCHEMES);
  for (const tag of tagsOf(html)) {
    expect(allowed.has(tag.name), `<${tag.name}>`).toBe(true);
    for (const [name, value] of tag.attributes) {
      expect(name, `<${tag.name} ${name}>`).not.toMatch(/^on/);
      expect(value.replace(/\s/g, '')).not.toMatch(SCHEMES);
      if (tag.name === 'img' && name === 'src') expect(value).toMatch(/^\/api\/file\/[A-Za-z0-9_-]+$/);
      if (name === 'href') expect(value).toMatch(/^(https?:|mailto:|\/(?![/\\]))/);
      if (name === 'style') expect(tag.name).toBe('col');
    }
  }
  expect(html).not.toMatch(/<(svg|math|style|iframe|object|embed|base|meta|form|template|noscript|input)\b/i);
}

/** What Tiptap's schema writes, in the form the sanitiser stores it. */
const EDITOR_HTML = [
  '<h1>Site report</h1><h2>Week 12</h2><h3>Concrete</h3>',
  '<p>Plain, <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s>, <code>inline()</code>',
  '<br />next line with a &lt; b &amp;&amp; c "quoted"</p>',
  '<ul><li><p>one</p></li><li><p>two</p><ol><li><p>nested</p></li></ol></li></ul>',
  '<blockquote><p>quoted words</p></blockquote>',
  '<pre><code class="language-typescript">const ok = a &lt; b;\n  return ok;</code></pre>',
  '<pre><code>no language</code></pre>',
  '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">a site</a>, ',
  '<a href="/projects/12" rel="noopener noreferrer nofollow">a page of ours</a>, ',
  '<a href="mailto:site@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>',
  '<p><img src="/api/file/abc" alt="the pour" /><img src="/api/file/0f8fad5b-d9cb-469f-a165-70867728950e" /></p>',
  '<table><colgroup><col style="min-width:25px" /><col style="width:120px" /></colgroup><tbody>',
  '<tr><th colspan="2" rowspan="1"><p>Head</p></th></tr>',
  '<tr><td colspan="1" rowspan="1" colwidth="120"><p>cell</p></td><td><p>x</p></td></tr>',
  '</tbody></table><hr /><p></p>',
].join('');

describe('the rich-text allow-list', () => {
  it('has at least 60 payloads, each with its own id, each calling __xss with it', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(xssCorpus.map((p) => p.id)).size).toBe(xssCorpus.length);
    for (const p of xssCorpus.filter((p) => !p.html.includes('base64,')))
      expect(decode(p.html)).toContain(`__xss('${p.id}')`);
  });

  it.each(xssCorpus)('leaves nothing that can run of $id, and a second pass changes nothing', ({ html }) => {
    const clean = sanitizeRichText(html);
    expectInert(clean);
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it("keeps the editor's HTML as it is: headings, marks, lists, a code block's language, links, images, a table", () => {
    expect(sanitizeRichText(EDITOR_HTML)).toBe(EDITOR_HTML);
    expectInert(EDITOR_HTML);
  });

  it("stores what Tiptap's getHTML() writes in its one form: void tags closed, only pixel widths on a col", () => {
    const tiptap =
      '<p>a<br>b</p><table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col style="width: 50px"></colgroup>' +
      '<tbody><tr><td colspan="1" rowspan="1" colwidth="50"><p>x</p></td></tr></tbody></table><hr>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">x</a></p>';
    const stored =
      '<p>a<br />b</p><table><colgroup><col style="min-width:25px" /><col style="width:50px" /></colgroup>' +
      '<tbody><tr><td colspan="1" rowspan="1" colwidth="50"><p>x</p></td></tr></tbody></table><hr />' +
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a></p>';
    expect(sanitizeRichText(tiptap)).toBe(stored);
    expect(sanitizeRichText(stored)).toBe(stored);
  });

  it.each([
    ['https://example.com/x', true],
    ['http://example.com', true],
    ['mailto:a@example.com', true],
    ['/projects/1?tab=2#top', true],
    ['//evil.example/x', false],
    ['/\\evil.example/x', false],
    ['/\t/evil.example', false],
    ['/a\nb', false],
    ['relative/path', false],
    ['#top', false],
    ['ftp://example.com', false],
    ['tel:123', false],
  ])('links to %s: %s', (href, kept) => {
    const clean = sanitizeRichText(`<a href="${href}">x</a>`);
    expect(clean).toBe(`<a ${kept ? `href="${href}" ` : ''}rel="noopener noreferrer nofollow">x</a>`);
  });

  it('trims what a browser trims around a link, and keeps what is left when it passes', () => {
    expect(sanitizeRichText('<a href=" \u0001https://example.com\n">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="\u0001//evil.example">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it.each([
    'https://tracker.example/p.gif',
    '//tracker.example/p.gif',
    '/api/file/../user/getCurrentUserInfo',
    '/api/file/abc?x=1',
    '/api/files/abc',
    '/api/file/',
    'data:image/png;base64,iVBORw0KGgo=',
  ])('shows no image from %s: the image goes', (src) => {
    expect(sanitizeRichText(`<p>a<img src="${src}" alt="x">b</p>`)).toBe('<p>ab</p>');
  });

  it('keeps only a language class on code, only _blank as a target, only numbers as spans, a rel of its own', () => {
    expect(sanitizeRichText('<pre><code class="language-js hljs Foo">x</code></pre>')).toBe(
      '<pre><code class="language-js">x</code></pre>',
    );
    expect(sanitizeRichText('<p class="x" style="color:red" id="y" title="t" dir="rtl">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<a href="/x" target="_top" rel="opener">x</a>')).toBe(
      '<a href="/x" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(
      sanitizeRichText('<table><tbody><tr><td colspan="0" rowspan="2x" colwidth="a">x</td></tr></tbody></table>'),
    ).toBe('<table><tbody><tr><td>x</td></tr></tbody></table>');
  });

  it('drops comments, the text of script-like tags, and keeps the text of other tags it drops', () => {
    expect(sanitizeRichText('<!-- note --><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<div><span>kept</span> <font>text</font></div>')).toBe('kept text');
    expect(sanitizeRichText('<style>p{}</style><script>x()</script><textarea>t</textarea>ok')).toBe('ok');
  });
});

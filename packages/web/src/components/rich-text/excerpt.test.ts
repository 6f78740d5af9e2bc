import { describe, expect, it } from 'vitest';
import { richTextExcerpt } from './excerpt.ts';

describe('richTextExcerpt', () => {
  it('keeps the words of every block, separated, without any markup', () => {
    const html =
      '<h2>Site survey</h2><p>Bring <strong>boots</strong></p><ul><li><p>one</p></li><li><p>two</p></li></ul>' +
      '<table><tbody><tr><th><p>A</p></th><td><p>B</p></td></tr></tbody></table><img src="/api/file/x" alt="map">';
    expect(richTextExcerpt(html)).toBe('Site survey Bring boots one two A B');
  });

  it('shows markup typed as text as text, and runs nothing', () => {
    expect(richTextExcerpt('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>window.ran = 1</script>')).toBe(
      '<script>alert(1)</script>',
    );
    expect((window as { ran?: number }).ran).toBeUndefined();
  });

  it('cuts a long text with an ellipsis', () => {
    expect(richTextExcerpt(`<p>${'a'.repeat(50)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
    expect(richTextExcerpt('')).toBe('');
  });
});

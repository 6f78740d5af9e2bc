import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script and skips scripts loaded by src', () => {
    const boot = "\n  document.title = '正在加载';\n";
    const html = `<html><head><script type="module" crossorigin src="/assets/index.js"></script></head>
      <body><div id="root"><script>${boot}</script></div><script>x()</script><script src="/a.js"> </script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(boot), sha('x()')]);
  });

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>hi</p>')).toEqual([]);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The relative targets of a markdown file's links, without anchors. */
function localLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] ?? '');
}

describe('the README and the architecture page a newcomer reads', () => {
  const readme = read('README.md');

  it('name no issue numbers and no path outside the repository', () => {
    for (const file of ['README.md', 'docs/architecture.md']) {
      const text = read(file);
      expect(text, file).not.toMatch(/\bissues?\s*#?\d+/i);
      expect(text, file).not.toMatch(/\.\.\/(shared|spec|design|reference)\b/);
      expect(text, file).not.toMatch(/\/work\//);
    }
  });

  it('point at an architecture page in docs/, and every local link resolves', () => {
    expect(localLinks(readme)).toContain('docs/architecture.md');
    for (const file of ['README.md', 'docs/architecture.md']) {
      const dir = path.dirname(path.join(root, file));
      for (const target of localLinks(read(file))) {
        expect(existsSync(path.join(dir, target)), `${file} → ${target}`).toBe(true);
      }
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.ts';

/** A built web app as Vite and its precompress step leave it: a hashed script with its .br and .gz copies. */
function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const script = `export const text = ${JSON.stringify('sign in '.repeat(400))};\n`;
  const file = path.join(dir, 'assets', 'index-Bx3kQ9aZ.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  return dir;
}

describe('the web app’s files', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('sends a hashed asset compressed as the browser accepts, cached for a year as immutable, varying by encoding', async () => {
    for (const [accepted, sent] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/index-Bx3kQ9aZ.js', accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(sent);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('sends the asset as it is to a client that accepts no compression', async () => {
    const res = await get('/assets/index-Bx3kQ9aZ.js', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser ask again for index.html, which names the current build’s files', async () => {
    const res = await get('/', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that gains from it
 * (the server sends them with `preCompressed`); returns the bytes before and after, for the log.
 */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller is left out; the server then sends the file itself.
    if (b.length < bytes.length) await writeFile(`${file}.br`, b);
    if (g.length < bytes.length) await writeFile(`${file}.gz`, g);
    totals.files++;
    totals.raw += bytes.length;
    totals.br += Math.min(b.length, bytes.length);
    totals.gz += Math.min(g.length, bytes.length);
  }
  return totals;
}

/** Build step: compress once at build time, so no request pays for it. */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'trestle-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      logger?.info(`precompressed ${t.files} files: ${kib(t.raw)} raw, ${kib(t.br)} brotli, ${kib(t.gz)} gzip`);
    },
  };
}

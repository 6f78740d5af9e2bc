// npm run build -w @trestle/server: the server bundled into dist/main.js, which `npm start` runs with plain
// `node` (no TypeScript compiler in the running process). Our own code and @trestle/shared are bundled;
// every other package stays in node_modules and is imported from there (native addons, PGlite's wasm).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const ownPackages = new Set(['@trestle/shared']);

const started = Date.now();
const result = await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // A package and its subpaths (drizzle-orm/pg-core) stay imports of node_modules.
  external: Object.keys(manifest.dependencies)
    .filter((name) => !ownPackages.has(name))
    .flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
console.log(`server built: dist/main.js, ${Math.round(bytes / 1024)} KiB, in ${Date.now() - started} ms`);

import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/** The build id the version check compares: git sha (when available) plus the build time. */
function buildId(): string {
  const time = new Date().toISOString();
  try {
    const sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return `${sha}-${time}`;
  } catch {
    return time;
  }
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist' },
});

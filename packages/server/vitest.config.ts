import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates and seeds once per run; each file's database is a copy (src/test/seeded.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite takes a few seconds to start (WebAssembly); the PostgreSQL pass creates a database per file.
    hookTimeout: 60_000,
    // Two files at a time even on a 2-core machine (vitest's default there is one): much of a file's time is
    // spent waiting on the database server or on timers, and every file has its own database.
    maxWorkers: 2,
    testTimeout: 60_000,
    ...ciReporters('server'),
  },
});

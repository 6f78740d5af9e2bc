import { defineConfig, mergeConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      // A screen's first render imports its whole chunk under jsdom: seconds on a busy two-core machine.
      testTimeout: 20_000,
      ...ciReporters('web'),
    },
  }),
);

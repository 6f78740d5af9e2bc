import { defineConfig } from '@playwright/test';

const results = process.env.RESULTS_DIR;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One server, one PGlite: tests run one at a time on this 2-core machine and never share a browser context.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  // In CI a failed test runs once more; the summary names every test that passed only so (FLAKY), to be fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  reporter: results ? [['list'], ['json', { outputFile: `${results}/e2e.json` }]] : [['list']],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    viewport: { width: 1366, height: 820 },
    // The app honours the reader's wish for less motion (antd's motion off): no test waits on an animation.
    reducedMotion: 'reduce',
    // A trace costs a quarter of the suite's time: recorded when a failed test runs again (CI), or on asking.
    trace: process.env.E2E_TRACE ? 'on' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
